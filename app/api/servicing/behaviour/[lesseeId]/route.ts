import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pathId } from '@/services/servicing/route-helpers';
import { lesseeBehaviourScreen } from '@/services/servicing/behaviour-screen';
import { behaviourDetailQuery } from '@/lib/validations/servicing';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/behaviour/{lesseeId} — one lessee's behaviour (per currency), its leases' delinquency and its recent payments. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const lesseeId = pathId(params, 'lesseeId', 'lessee');
  const { funderId, asOf } = await parseQuery(req, behaviourDetailQuery);
  return Response.json(await lesseeBehaviourScreen(getDb(), funderId, lesseeId, { asOf }, requestClock()));
});
