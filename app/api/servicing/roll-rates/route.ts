import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { rollRatesScreen } from '@/services/servicing/roll-rates-screen';
import { rollRatesQuery } from '@/lib/validations/servicing';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/roll-rates — lease counts and outstanding principal moving from each bucket at `from` to each bucket at `to` (default: a month before today → today). */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const m = await rollRatesScreen(getDb(), await parseQuery(req, rollRatesQuery), requestClock());
  return Response.json({
    from: m.from,
    to: m.to,
    buckets: m.buckets.map((b) => b.key),
    counts: m.counts,
    balances: m.balances,
    rowCounts: m.rowCounts,
    rowBalances: m.rowBalances,
  });
});
