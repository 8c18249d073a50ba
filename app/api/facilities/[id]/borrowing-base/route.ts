import { getDb } from '@/db';
import { asOfQuery } from '@/lib/validations/facilities';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pathFacility, todayIso } from '@/services/facilities/routes';
import { facilityBase } from '@/services/facilities/service';

export const dynamic = 'force-dynamic';

/** GET /api/facilities/{id}/borrowing-base?asOf= — the waterfall in minor units of the facility currency. */
export const GET = withAuth({ scope: 'read:funders' }, (ctx) => {
  const f = pathFacility(ctx);
  const { asOf = todayIso() } = parseQuery(ctx.req, asOfQuery);
  const { base } = facilityBase(getDb(), f, asOf);
  return Response.json({ facilityId: f.id, asOf, ...base });
});
