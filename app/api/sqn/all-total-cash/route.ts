import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { allTotalCashQuerySchema, cashFlowFilterSchema } from '@/lib/portfolio/cash-flow-table';
import { totalCashFlowRows } from '@/services/portfolio/screens';
import { requestClock } from '@/lib/clock';
import { streamJsonRows } from '../json-rows';

export const dynamic = 'force-dynamic';

const NO_FILTER = cashFlowFilterSchema.parse({});

/**
 * GET /api/sqn/all-total-cash?funderId=1&cutOff=YYYY-MM-DD&gross=0|1 (api-reference §10, read:funders)
 *
 * The bare array of every Total Cash Flow row of the funder's book at the cut-off (default: the first
 * day of the current month), in lease id order: `{id, prin, sellto4G, npv, delta, check, fx, totalcf,
 * lessee, cash1..cash61, cashBeyond}`. **Amounts are integer minor units** of the row's currency `fx`
 * (cents; 123456 EUR = €1,234.56), net of VAT unless `gross=1`. Leases with nothing left at the
 * cut-off are not rows. The cut-off used is echoed in the `X-Cut-Off` header. Streamed: the array can
 * be large (≈500 bytes a lease).
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const query = await parseQuery(req, allTotalCashQuerySchema);
  const { screen } = await totalCashFlowRows(
    getDb(),
    query.funderId,
    { ...NO_FILTER, sort: 'id', dir: 'asc', cutOff: query.cutOff, gross: query.gross },
    requestClock(),
  );
  return streamJsonRows('', screen.liveRows, screen.rowJsonOnce, '', { 'x-cut-off': screen.cutOff });
});
