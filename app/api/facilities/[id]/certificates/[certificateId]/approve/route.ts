import { getDb } from '@/db';
import { toCertificateItem } from '@/db/queries/facilities';
import { withAuth } from '@/services/api/handler';
import { actorOf, pathFacility } from '@/services/facilities/routes';
import { approveFacilityCertificate } from '@/services/facilities/service';
import { pathId } from '@/services/servicing/route-helpers';

export const dynamic = 'force-dynamic';

/** POST /api/facilities/{id}/certificates/{certificateId}/approve — another user issues it (its PDF is made); then it is immutable. */
export const POST = withAuth({ scope: 'write:funders' }, async (ctx) => {
  const f = await pathFacility(ctx);
  return Response.json({
    certificate: toCertificateItem(
      await approveFacilityCertificate(getDb(), f, pathId(ctx.params, 'certificateId', 'certificate'), actorOf(ctx)),
    ),
  });
});
