import { getDb } from '@/db';
import { ApiError } from '@/lib/api/errors';
import { parseQuery, withAuth } from '@/services/api/handler';
import { bookLiability, fundingLineBalance } from '@/lib/portfolio/liability';
import { reportBook, requireFunder } from '@/services/reports/service';
import { liabilityComponentParams, liabilityQuery } from '@/lib/validations/reports';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/liability/{principal|interest|vat}?asOf= — the Liability CF component per currency:
 * the amount drawn on the purchase dates (opening), the funding-line balance on the cut-off (balance,
 * the same figure the Liability servicing report shows on that date), 61 monthly periods from the
 * cut-off month, beyond, and the total.
 */
export const GET = withAuth({ scope: 'read:funders' }, ({ req, params }) => {
  const p = liabilityComponentParams.safeParse(params);
  if (!p.success) throw new ApiError('invalid', 'Unknown liability component.', [{ field: 'component', message: 'must be principal, interest or vat' }]);
  const query = parseQuery(req, liabilityQuery);
  const db = getDb();
  const funder = requireFunder(db, query.funderId);
  const book = reportBook(db, query.funderId, query.asOf);
  const c = p.data.component;
  const lineParams = { advanceRate: funder.advanceRate, facilityRate: funder.facilityRate };
  const balances = new Map(fundingLineBalance(book, lineParams, book.cutOff, funder.baseCurrency).map((b) => [b.currency, b.balance]));
  const lines = bookLiability(book, lineParams, funder.baseCurrency).map((l) => ({
    currency: l.currency,
    leases: l.leases,
    opening: l.opening,
    balance: balances.get(l.currency) ?? 0,
    periods: l[c],
    beyond: l.beyond[c],
    total: l.total[c],
  }));
  return Response.json({ cutOff: book.cutOff, component: c, lines });
});
