import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { liveIndices, pageOf, toTotalCashRow } from '@/lib/portfolio/cash-flow-table';
import { bookSummary } from '@/lib/portfolio/summary';
import { reportBook, requireFunder } from '@/services/reports/service';
import { cashFlowKindParams, cashFlowQuery } from '@/lib/validations/reports';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/cash-flow/lease?asOf=&page=&perPage=&leaseId= — the total lease cash flow: the Total
 * Cash Flow rows (one lease with `leaseId`), one page; GET /api/reports/cash-flow/portfolio?asOf= — the
 * portfolio cash flow per currency: the 61-period aggregate, beyond and totals (= Summary).
 */
export const GET = withAuth({ scope: 'read:funders' }, ({ req, params }) => {
  const p = cashFlowKindParams.safeParse(params);
  if (!p.success) throw new Invalid('Unknown cash-flow report.', [{ field: 'kind', message: 'must be lease or portfolio' }]);
  const query = parseQuery(req, cashFlowQuery);
  const db = getDb();
  const funder = requireFunder(db, query.funderId);
  const book = reportBook(db, query.funderId, query.asOf);
  if (p.data.kind === 'portfolio') {
    const lines = bookSummary(book, funder.baseCurrency).map((s) => ({
      currency: s.currency,
      leases: s.count,
      prin: s.prin,
      cash: s.cash,
      cashBeyond: s.cashBeyond,
      totalcf: s.totalcf,
    }));
    return Response.json({ cutOff: book.cutOff, lines });
  }
  if (query.leaseId !== undefined) {
    const i = book.indexById.get(query.leaseId);
    if (i === undefined) throw new NotFound(`Lease ${query.leaseId} is not in the book.`);
    return Response.json({ cutOff: book.cutOff, rows: [toTotalCashRow(book, i)], total: 1 });
  }
  const page = pageOf(liveIndices(book), query.page, query.perPage);
  return Response.json({ cutOff: book.cutOff, rows: Array.from(page.indices, (i) => toTotalCashRow(book, i)), total: page.total });
});
