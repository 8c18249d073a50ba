import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { behaviourScreen } from '@/services/servicing/behaviour-screen';
import { behaviourQuery } from '@/lib/validations/servicing';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/behaviour — payment behaviour per lessee (and currency) at asOf (default today) with the 12-month strip; sortable and filterable. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const screen = await behaviourScreen(getDb(), await parseQuery(req, behaviourQuery), requestClock());
  return Response.json({ asOf: screen.asOf, rows: screen.rows, total: screen.total, page: screen.page, perPage: screen.perPage });
});
