import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pathId } from '@/services/servicing/route-helpers';
import { lesseeServicing } from '@/services/servicing/views';
import { behaviourDetailQuery } from '@/lib/validations/servicing';
import { todayIso } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/behaviour/{lesseeId} — one lessee's behaviour (per currency), its leases' delinquency and its recent payments. */
export const GET = withAuth({ scope: 'read:funders' }, ({ req, params }) => {
  const lesseeId = pathId(params, 'lesseeId', 'lessee');
  const { funderId, asOf } = parseQuery(req, behaviourDetailQuery);
  return Response.json(lesseeServicing(getDb(), funderId, lesseeId, asOf ?? todayIso()));
});
