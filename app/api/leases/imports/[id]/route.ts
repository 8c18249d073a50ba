import { getDb } from '@/db';
import { importFunderQuery } from '@/lib/validations/imports';
import { parseQuery, withAuth } from '@/services/api/handler';
import { importDetail, importIdOf } from '@/services/imports/views';

export const dynamic = 'force-dynamic';

/** GET /api/leases/imports/{id} — status, progress 0–1, detected format, mapping, counts, preview, leases. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const { funderId } = await parseQuery(req, importFunderQuery);
  return Response.json(await importDetail(getDb(), funderId, importIdOf(params)));
});
