import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { covenantResultsQuery } from '@/lib/validations/facilities';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pathFacility } from '@/services/facilities/routes';
import { facilityCovenants } from '@/services/facilities/screen';

export const dynamic = 'force-dynamic';

/** GET /api/facilities/{id}/covenants?asOf=&months= — each covenant with its result per month end (threshold, actual, headroom, status). */
export const GET = withAuth({ scope: 'read:funders' }, async (ctx) => {
  const f = await pathFacility(ctx);
  const screen = await facilityCovenants(getDb(), f, await parseQuery(ctx.req, covenantResultsQuery), requestClock());
  return Response.json({ asOf: screen.asOf, status: screen.status, covenants: screen.covenants });
});
