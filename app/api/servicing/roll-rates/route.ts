import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { addMonths } from '@/lib/finance';
import { rollRates } from '@/services/servicing/views';
import { rollRatesQuery } from '@/lib/validations/servicing';
import { todayIso } from '@/lib/clock';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/roll-rates — lease counts and outstanding principal moving from each bucket at `from` to each bucket at `to` (default: a month before today → today). */
export const GET = withAuth({ scope: 'read:funders' }, ({ req }) => {
  const q = parseQuery(req, rollRatesQuery);
  const to = q.to ?? todayIso();
  const from = q.from ?? addMonths(to, -1);
  if (from > to) throw new Invalid('from must not be after to.', [{ field: 'from', message: 'must be on or before to' }]);
  const m = rollRates(getDb(), q.funderId, from, to);
  return Response.json({
    from,
    to,
    buckets: m.buckets.map((b) => b.key),
    counts: m.counts,
    balances: m.balances,
    rowCounts: m.rowCounts,
    rowBalances: m.rowBalances,
  });
});
