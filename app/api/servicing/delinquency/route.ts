import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { delinquencyScreen } from '@/services/servicing/delinquency-screen';
import { delinquencyQuery } from '@/lib/validations/servicing';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/**
 * GET /api/servicing/delinquency — DPD, bucket and arrears per lease or per lessee at asOf (default today), with the
 * bucket summary per currency of the whole book: the rows of the Delinquency page, each lease with `shownStatus` (its
 * status at asOf as the page and the register show it) beside the stored `status`.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const screen = await delinquencyScreen(getDb(), await parseQuery(req, delinquencyQuery), requestClock());
  return Response.json({
    asOf: screen.asOf,
    level: screen.level,
    bucketKeys: screen.bucketKeys,
    summary: screen.summary,
    rows: screen.rows,
    total: screen.total,
    page: screen.page,
    perPage: screen.perPage,
  });
});
