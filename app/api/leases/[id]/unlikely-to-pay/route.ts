import { getDb } from '@/db';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { flagLease, previewUtpContagion, unflagLease } from '@/services/credit/actions';
import { actorOf, pathId } from '@/services/credit/route-helpers';
import { creditFunderQuery, utpClearQuery, utpFlagBody, utpPreviewQuery } from '@/lib/validations/credit';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/leases/[id]/unlikely-to-pay — writes nothing: the leases of the same lessee a flag from flaggedOn (default today) would put in default by lessee contagion. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const { funderId, flaggedOn } = await parseQuery(req, utpPreviewQuery);
  const leaseId = pathId(params, 'lease');
  const on = flaggedOn ?? requestClock().today;
  return Response.json({ flaggedOn: on, contagion: await previewUtpContagion(getDb(), funderId, leaseId, on) });
});

/** POST /api/leases/[id]/unlikely-to-pay — flags the lease unlikely to pay from flaggedOn (default today) with a reason: it is in default from then (domain.md §8). 201; 409 when flagged already. */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const { funderId } = await parseQuery(req, creditFunderQuery);
  const leaseId = pathId(params, 'lease');
  const body = await parseBody(req, utpFlagBody);
  const { flag, contagion } = await flagLease(
    getDb(),
    { funderId, leaseId, kind: 'utp', flaggedOn: body.flaggedOn ?? requestClock().today, reason: body.reason },
    actorOf(principal),
  );
  return Response.json({ flag, contagion }, { status: 201 });
});

/** DELETE /api/leases/[id]/unlikely-to-pay — clears the flag from clearedOn (default today); the lease cures only after the probation. 404 when not flagged. */
export const DELETE = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const { funderId } = await parseQuery(req, creditFunderQuery);
  const { clearedOn, reason } = await parseQuery(req, utpClearQuery);
  const leaseId = pathId(params, 'lease');
  const flag = await unflagLease(
    getDb(),
    { funderId, leaseId, kind: 'utp', clearedOn: clearedOn ?? requestClock().today, reason },
    actorOf(principal),
  );
  return Response.json({ flag });
});
