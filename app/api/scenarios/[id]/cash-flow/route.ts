import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { scenarioCashFlow } from '@/services/portfolio/screens';
import { requestClock } from '@/lib/clock';
import { scenarioCashFlowQuery } from '@/lib/validations/scenarios';
import { scenarioOfPath } from '../scenario-id';

export const dynamic = 'force-dynamic';

/**
 * GET /api/scenarios/{id}/cash-flow?cutOff=&gross= (read:funders) — the scenario's funder's portfolio cash
 * flow under the scenario beside the contractual case, per currency: 61 periods + beyond, the scenario's
 * components, totals, price, NPV, expected loss and its PV, and the differences. Integer minor units.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params, principal }) => {
  const db = getDb();
  const s = await scenarioOfPath(db, params, principal);
  const query = await parseQuery(req, scenarioCashFlowQuery);
  const { funder, ...comparison } = await scenarioCashFlow(db, s.funderId, s.id, query, requestClock());
  return Response.json({ funderId: funder.id, ...comparison }, { headers: { 'x-cut-off': comparison.cutOff } });
});
