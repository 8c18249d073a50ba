import { getDb } from '@/db';
import { createFacility } from '@/db/queries/facilities';
import { getFunder } from '@/db/queries/funders';
import { requestClock } from '@/lib/clock';
import { NotFound } from '@/lib/domain/errors';
import { createFacilityBody, facilitiesQuery } from '@/lib/validations/facilities';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { actorOf } from '@/services/facilities/routes';
import { facilitiesScreen } from '@/services/facilities/screen';

export const dynamic = 'force-dynamic';

/** GET /api/facilities?funderId=&asOf= — the facilities of the funders the user sees, with drawn, base, availability and covenant status. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, principal }) => {
  const screen = await facilitiesScreen(getDb(), principal, await parseQuery(req, facilitiesQuery), requestClock());
  return Response.json({ asOf: screen.asOf, facilities: screen.facilities });
});

/** POST /api/facilities — a new facility with its criteria, limits and covenants (201). */
export const POST = withAuth({ scope: 'write:funders' }, async (ctx) => {
  const body = await parseBody(ctx.req, createFacilityBody);
  if (!(await getFunder(getDb(), body.funderId)))
    throw new NotFound(`Funder ${body.funderId} does not exist.`, [{ field: 'funderId', message: 'No such funder.' }]);
  return Response.json({ facility: await createFacility(getDb(), body, actorOf(ctx)) }, { status: 201 });
});
