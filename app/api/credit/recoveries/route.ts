import { getDb } from '@/db';
import { listRecoveries } from '@/db/queries/credit';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { createRecovery } from '@/services/credit/actions';
import { actorOf } from '@/services/credit/route-helpers';
import { creditFunderQuery, recoveryCreateBody } from '@/lib/validations/credit';

export const dynamic = 'force-dynamic';

/** GET /api/credit/recoveries — recoveries on written-off leases, newest first. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId } = await parseQuery(req, creditFunderQuery);
  return Response.json({ recoveries: await listRecoveries(getDb(), funderId) });
});

/** POST /api/credit/recoveries — records a recovery (asset sale, late collection) on a written-off lease. 201. */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const { funderId } = await parseQuery(req, creditFunderQuery);
  const body = await parseBody(req, recoveryCreateBody);
  const recovery = await createRecovery(getDb(), { funderId, ...body }, actorOf(principal));
  return Response.json({ recovery }, { status: 201, headers: { location: `/api/credit/recoveries?funderId=${funderId}` } });
});
