import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { parseQuery, withAuth } from '@/services/api/handler';
import { leaseCashFlowRows, portfolioSummary } from '@/services/portfolio/screens';
import { cashFlowKindParams, cashFlowQuery } from '@/lib/validations/reports';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/cash-flow/lease?asOf=&page=&perPage=&leaseId= — the total lease cash flow: the Total
 * Cash Flow rows (one lease with `leaseId`), one page; GET /api/reports/cash-flow/portfolio?asOf= — the
 * portfolio cash flow per currency: the 61-period aggregate, beyond and totals (= Summary).
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const p = cashFlowKindParams.safeParse(params);
  if (!p.success) throw new Invalid('Unknown cash-flow report.', [{ field: 'kind', message: 'must be lease or portfolio' }]);
  const query = await parseQuery(req, cashFlowQuery);
  const db = getDb();
  const clock = requestClock();
  if (p.data.kind === 'portfolio') {
    // The Summary page's figures at the as-of date, net of VAT.
    const { cutOff, summary } = await portfolioSummary(db, query.funderId, { cutOff: query.asOf }, clock);
    const lines = summary.map((s) => ({
      currency: s.currency,
      leases: s.count,
      prin: s.prin,
      cash: s.cash,
      cashBeyond: s.cashBeyond,
      totalcf: s.totalcf,
    }));
    return Response.json({ cutOff, lines });
  }
  const { cutOff, rows, total } = await leaseCashFlowRows(
    db,
    query.funderId,
    { cutOff: query.asOf, leaseId: query.leaseId, page: query.page, perPage: query.perPage },
    clock,
  );
  return Response.json({ cutOff, rows, total });
});
