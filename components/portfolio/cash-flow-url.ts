import type { CashFlowPageQuery } from '@/lib/portfolio/cash-flow-table';

export const TOTAL_CASH_FLOW_PATH = '/portfolio/total-cash-flow';
export const DEFAULT_PER_PAGE = 25;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The Total Cash Flow URL's query for a state: only what differs from the defaults, so links stay short. */
export function cashFlowQuery(q: CashFlowPageQuery, patch: Partial<CashFlowPageQuery> = {}): Record<string, string> {
  const s = { ...q, ...patch };
  const out: Record<string, string> = {};
  if (s.view) out.view = String(s.view);
  if (s.scenario) out.scenario = String(s.scenario);
  if (s.cutOff) out.cutOff = s.cutOff;
  if (s.gross) out.gross = '1';
  if (s.q) out.q = s.q;
  if (s.currency.length) out.currency = s.currency.join(',');
  if (s.assetType.length) out.assetType = s.assetType.join(',');
  if (s.status.length) out.status = s.status.join(',');
  if (s.checkNonZero) out.checkNonZero = '1';
  if (s.sort !== 'id') out.sort = s.sort;
  if (s.dir !== 'asc') out.dir = s.dir;
  if (s.perPage !== DEFAULT_PER_PAGE) out.perPage = String(s.perPage);
  if (s.page > 1) out.page = String(s.page);
  return out;
}

/** The export URL of the whole filtered table (no paging), with the cut-off resolved so the file matches the screen. */
export function cashFlowExportHref(q: CashFlowPageQuery, funderId: number, cutOff: string, format: 'csv' | 'xlsx'): string {
  // The scenario travels along: the file holds the rows as the page shows them.
  const { page: _p, perPage: _pp, ...rest } = cashFlowQuery(q);
  const params = new URLSearchParams({ ...rest, funderId: String(funderId), cutOff, format });
  return `/api/portfolio/total-cash-flow/export?${params}`;
}
