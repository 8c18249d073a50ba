import { getDb } from '@/db';
import { getImport } from '@/db/queries/payments';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pathId } from '@/services/servicing/route-helpers';
import { servicingFunderQuery } from '@/lib/validations/servicing';

export const dynamic = 'force-dynamic';

/** GET /api/payments/imports/{id} — an import with its per-line results. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const id = pathId(params, 'id', 'import');
  const { funderId } = await parseQuery(req, servicingFunderQuery);
  return Response.json({ import: await getImport(getDb(), funderId, id) });
});
