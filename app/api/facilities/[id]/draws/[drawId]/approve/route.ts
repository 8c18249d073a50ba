import { getDb } from '@/db';
import { withAuth } from '@/services/api/handler';
import { actorOf, pathFacility } from '@/services/facilities/routes';
import { decideFacilityDraw } from '@/services/facilities/service';
import { pathId } from '@/services/servicing/route-helpers';

export const dynamic = 'force-dynamic';

/** POST /api/facilities/{id}/draws/{drawId}/approve — another user decides a pending draw or repayment (self 403, decided 409). */
export const POST = withAuth({ scope: 'write:funders' }, async (ctx) => {
  const f = await pathFacility(ctx);
  return Response.json({ draw: await decideFacilityDraw(getDb(), f, pathId(ctx.params, 'drawId', 'draw'), 'approved', actorOf(ctx)) });
});
