import { getDb } from '@/db';
import { createFacility } from '@/db/queries/facilities';
import { getFunder } from '@/db/queries/funders';
import { NotFound } from '@/lib/domain/errors';
import { createFacilityBody, facilitiesQuery } from '@/lib/validations/facilities';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { actorOf, todayIso } from '@/services/facilities/routes';
import { facilitySummaries } from '@/services/facilities/service';

export const dynamic = 'force-dynamic';

/** GET /api/facilities?funderId=&asOf= — the facilities of the funders the user sees, with drawn, base, availability and covenant status. */
export const GET = withAuth({ scope: 'read:funders' }, ({ req, principal }) => {
  const q = parseQuery(req, facilitiesQuery);
  const today = todayIso();
  return Response.json({ asOf: q.asOf ?? today, facilities: facilitySummaries(getDb(), principal, q.asOf ?? today, today, q.funderId) });
});

/** POST /api/facilities — a new facility with its criteria, limits and covenants (201). */
export const POST = withAuth({ scope: 'write:funders' }, async (ctx) => {
  const body = await parseBody(ctx.req, createFacilityBody);
  if (!getFunder(getDb(), body.funderId))
    throw new NotFound(`Funder ${body.funderId} does not exist.`, [{ field: 'funderId', message: 'No such funder.' }]);
  return Response.json({ facility: createFacility(getDb(), body, actorOf(ctx)) }, { status: 201 });
});
