import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { totalCashQuerySchema } from '@/lib/portfolio/cash-flow-table';
import { totalCashFlowRows } from '@/services/portfolio/screens';
import { requestClock } from '@/lib/clock';
import { bytesResponse, streamJsonRows } from '../json-rows';

export const dynamic = 'force-dynamic';

/**
 * GET /api/sqn/total-cash (api-reference §10–11, §14.1–2; read:funders) → `{allData, invoices, total}`
 *
 * The datatables paging contract: `invoices` (the key really is named so) is the page
 * slice((page − 1) × perPage, page × perPage) of the filtered, sorted rows; `total` is the filtered
 * count; a page past the end is `[]`. Rows as in /api/sqn/all-total-cash, **amounts in integer minor
 * units** of the row's currency `fx`.
 *
 * Parameters: q (case-insensitive substring of the contract number or the lessee), perPage (default
 * 10, max 100), page (default 1), funderId (default 1), cutOff (default: first day of the current
 * month), gross (0|1: add VAT to the cash columns). Extensions over the original: sort (any row column)
 * and dir (asc|desc; default id ascending, the storage order), currency, assetType, status (repeated
 * or comma-separated), checkNonZero (rows whose check is beyond rounding). Bad values answer 400 with
 * the fields. `status` takes the Master File register's values: a shown status at the cut-off (performing,
 * defaulted, cured, written_off, repaid, closed, terminated: services/master-file/register-status.ts), or
 * `active`, the stored business status, as before. The rows themselves carry no status (the documented row).
 *
 * Deviation, on purpose: the original's `allData` is the whole unfiltered list on every call. On a
 * 100,000-lease book that is ~50 MB per page request, so `allData` is only filled when `allData=1` is
 * asked for (then: every row, unfiltered, id order, streamed) and is otherwise an empty array.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const query = await parseQuery(req, totalCashQuerySchema);
  const { screen } = await totalCashFlowRows(getDb(), query.funderId, query, requestClock());
  const headers = { 'x-cut-off': screen.cutOff };
  if (!query.allData) return bytesResponse(screen.pageBody(query.page, query.perPage), headers);
  const page = screen.page(query.page, query.perPage);
  const invoices = Array.from(page.indices, screen.rowJson).join(',');
  return streamJsonRows('{"allData":', screen.liveRows, screen.rowJsonOnce, `,"invoices":[${invoices}],"total":${page.total}}`, headers);
});
