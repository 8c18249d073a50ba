import { getDb } from '@/db';
import { covenantResultsQuery } from '@/lib/validations/facilities';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pathFacility, todayIso } from '@/services/facilities/routes';
import { covenantHistory, covenantStatusOf } from '@/services/facilities/service';

export const dynamic = 'force-dynamic';

/** GET /api/facilities/{id}/covenants?asOf=&months= — each covenant with its result per month end (threshold, actual, headroom, status). */
export const GET = withAuth({ scope: 'read:funders' }, (ctx) => {
  const f = pathFacility(ctx);
  const today = todayIso();
  const { asOf = today, months } = parseQuery(ctx.req, covenantResultsQuery);
  const covenants = covenantHistory(getDb(), f, asOf, today, months);
  return Response.json({
    asOf,
    status: covenantStatusOf(covenants),
    covenants: covenants.map((h) => ({ ...h, terms: f.covenants.find((c) => c.id === h.covenantId) })),
  });
});
