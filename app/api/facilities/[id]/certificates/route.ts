import { getDb } from '@/db';
import { listCertificates, toCertificateItem } from '@/db/queries/facilities';
import { certificateBody } from '@/lib/validations/facilities';
import { parseBody, withAuth } from '@/services/api/handler';
import { actorOf, pathFacility } from '@/services/facilities/routes';
import { prepareFacilityCertificate } from '@/services/facilities/service';

export const dynamic = 'force-dynamic';

/** GET /api/facilities/{id}/certificates — prepared, issued and rejected certificates with their SHA-256. */
export const GET = withAuth({ scope: 'read:funders' }, async (ctx) =>
  Response.json({ certificates: await listCertificates(getDb(), (await pathFacility(ctx)).id) }),
);

/** POST /api/facilities/{id}/certificates — prepares a certificate at `asOf` (frozen content and XLSX, in the body's `locale`), pending approval. */
export const POST = withAuth({ scope: 'write:funders' }, async (ctx) => {
  const f = await pathFacility(ctx);
  const { asOf, locale } = await parseBody(ctx.req, certificateBody);
  return Response.json(
    { certificate: toCertificateItem(await prepareFacilityCertificate(getDb(), f, asOf, actorOf(ctx), Date.now(), locale)) },
    { status: 201 },
  );
});
