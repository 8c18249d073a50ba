import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { asOfQuery } from '@/lib/validations/facilities';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pathFacility } from '@/services/facilities/routes';
import { facilityBorrowingBase } from '@/services/facilities/screen';

export const dynamic = 'force-dynamic';

/** GET /api/facilities/{id}/borrowing-base?asOf= — the waterfall in minor units of the facility currency. */
export const GET = withAuth({ scope: 'read:funders' }, async (ctx) => {
  const f = await pathFacility(ctx);
  const { asOf, base } = await facilityBorrowingBase(getDb(), f, await parseQuery(ctx.req, asOfQuery), requestClock());
  return Response.json({ facilityId: f.id, asOf, ...base });
});
