import { getDb } from '@/db';
import type { SavedView } from '@/db/queries/portfolio-views';
import { withAuth, zodIssues } from '@/services/api/handler';
import { exportSheetsResponse } from '@/lib/exports';
import { applyView, cashFlowExportQuerySchema } from '@/lib/portfolio/cash-flow-table';
import { totalCashFlowRows } from '@/services/portfolio/screens';
import { getPortfolioView } from '@/db/queries/portfolio-views';
import { requestClock } from '@/lib/clock';
import { idParam } from '@/lib/validations/common';
import { exportColumns, exportSheets } from './export-columns';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/portfolio/total-cash-flow/export?format=csv|xlsx&… (read:funders)
 *
 * The whole Total Cash Flow table with the screen's parameters (funderId, cutOff, gross, q, currency,
 * assetType, status, checkNonZero, sort, dir; no paging), streamed as a download. `view=<id>` applies
 * one of the user's saved 'total-cash-flow' views: its filters under the explicit parameters, its
 * columns. `status` filters and the `status` column shows the Master File register's shown status at the
 * cut-off (performing, defaulted, …; `active` still filters the stored business status). `scenario=<id>`: the rows and totals under that scenario of the funder (404 for an unknown one). Amounts in the file are in major units of each row's currency (see export-columns.ts).
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, principal }) => {
  const raw: Record<string, string | string[]> = {};
  for (const [k, v] of req.nextUrl.searchParams) {
    const prev = raw[k];
    raw[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  const db = getDb();
  let view: SavedView | undefined;
  if (raw.view !== undefined) {
    const id = idParam.safeParse(raw.view);
    if (!id.success) throw new Invalid('The query string is invalid.', [{ field: 'view', message: id.error.issues[0]!.message }]);
    view = await getPortfolioView(db, principal.user.id, id.data, 'total-cash-flow');
    if (!view) throw new NotFound(`View ${id.data} does not exist.`);
  }
  const applied = applyView(view, raw);
  const parsed = cashFlowExportQuerySchema.safeParse(applied.raw);
  if (!parsed.success) throw new Invalid('The query string is invalid.', zodIssues(parsed.error));
  const query = parsed.data;
  // The rows as the page shows them; under a scenario (404 when the funder has no such scenario) its flows and totals.
  const shown = await totalCashFlowRows(db, query.funderId, query, requestClock());
  const { cutOff } = shown;
  const { book, rows: indices } = shown.screen;
  const columns = exportColumns(cutOff, applied.columns);
  const name = `total-cash-flow_funder-${query.funderId}_${cutOff}${query.gross ? '_gross' : ''}${query.scenario === undefined ? '' : `_scenario-${query.scenario}`}.${query.format}`;
  const totals = query.format !== 'xlsx' ? [] : shown.totals();
  return exportSheetsResponse(query.format, name, exportSheets(book, indices, columns, totals, applied.columns, shown.rowOf), {
    fileName: name,
    headers: { 'cache-control': 'private, no-store', 'x-cut-off': cutOff, 'x-total-count': String(indices.length) },
  });
});
