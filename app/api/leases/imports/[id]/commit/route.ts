import { getDb } from '@/db';
import { importCommitBody, importFunderQuery } from '@/lib/validations/imports';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { commitImport } from '@/services/imports/service';
import { importDetail, importIdOf } from '@/services/imports/views';

export const dynamic = 'force-dynamic';

/**
 * POST /api/leases/imports/{id}/commit — `{ "skipRejected": false }`. 202 and the commit runs in one
 * transaction in the background; 409 when already committed, not validated, or rejected rows exist
 * and `skipRejected` is false.
 */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const { funderId } = await parseQuery(req, importFunderQuery);
  const { skipRejected } = await parseBody(req, importCommitBody);
  const db = getDb();
  const id = importIdOf(params);
  await commitImport(db, funderId, id, skipRejected, principal.user.id);
  return Response.json(await importDetail(db, funderId, id), { status: 202 });
});
