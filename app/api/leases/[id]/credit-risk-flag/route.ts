import { getDb } from '@/db';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { flagLease, unflagLease } from '@/services/credit/actions';
import { actorOf, pathId } from '@/services/credit/route-helpers';
import { creditFunderQuery, utpClearQuery, utpFlagBody } from '@/lib/validations/credit';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** POST /api/leases/[id]/credit-risk-flag — flags a significant increase in credit risk (IFRS 9 stage 2) from flaggedOn (default today) with a reason. 201; 409 when flagged already. */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const { funderId } = await parseQuery(req, creditFunderQuery);
  const leaseId = pathId(params, 'lease');
  const body = await parseBody(req, utpFlagBody);
  const { flag } = await flagLease(
    getDb(),
    { funderId, leaseId, kind: 'sicr', flaggedOn: body.flaggedOn ?? requestClock().today, reason: body.reason },
    actorOf(principal),
  );
  return Response.json({ flag }, { status: 201 });
});

/** DELETE /api/leases/[id]/credit-risk-flag — clears the flag from clearedOn (default today). 404 when not flagged. */
export const DELETE = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const { funderId } = await parseQuery(req, creditFunderQuery);
  const { clearedOn, reason } = await parseQuery(req, utpClearQuery);
  const leaseId = pathId(params, 'lease');
  const flag = await unflagLease(
    getDb(),
    { funderId, leaseId, kind: 'sicr', clearedOn: clearedOn ?? requestClock().today, reason },
    actorOf(principal),
  );
  return Response.json({ flag });
});
