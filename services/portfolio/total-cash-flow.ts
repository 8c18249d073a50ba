/**
 * Portfolio CF → Total Cash Flow: the one screen service behind the page, GET /api/sqn/total-cash,
 * GET /api/sqn/all-total-cash and the CSV/XLSX export. Each of them makes one call,
 * totalCashFlowScreen(db, funderId, query), and reads what it needs from the answer.
 *
 * Caches, all keyed by the valuation object (services/portfolio/valuation.ts replaces it whenever a
 * lease or the funder's settings change, so nothing here can outlive the figures it was made from):
 * - the filtered, sorted row order per (filters, sort, direction) — the sort itself is cached per
 *   (sort, direction) in lib/portfolio/cash-flow-table.ts, also per valuation object;
 * - each served row's JSON text, so a 50-row API page is the concatenation of 50 strings.
 * When the valuation becomes incremental (a version and the ids of the leases changed since a
 * version), the row texts can be patched per lease instead of being dropped with the object.
 */
import { todayIso } from '@/lib/clock';
import { derivedValue } from '@/lib/views';
import type { Db } from '@/db/client';
import type { Funder } from '@/db/schema/portfolio';
import { leaseCurrencies, type CurrencySummary, type PortfolioValuation } from '@/lib/finance';
import {
  endedCount,
  filteredIndices,
  isCheckFlagged,
  isFilterEmpty,
  liveIndices,
  pageOf,
  toTableRow,
  totalCashRowJson,
  type CashFlowFilter,
  type CashFlowTableRow,
  type PageOf,
  type SortParams,
  type StatusedCashFlowSource,
} from '@/lib/portfolio/cash-flow-table';
import type { ShownStatus } from '@/lib/validations/leases';
import { shownStatusesOf } from '@/services/master-file/register-status';
import { bookSummary, summarizeRows } from '@/lib/portfolio/summary';
import { defaultCutOff, type ValuedBook, poolBook } from '@/services/portfolio/valuation';

export type TotalCashFlowQuery = CashFlowFilter & SortParams & { cutOff?: string; gross: boolean };

export interface TotalCashFlowScreen {
  funder: Funder;
  /** The cut-off used (the query's, or the first day of the current month). */
  cutOff: string;
  gross: boolean;
  /**
   * The valued book the rows index (for the export's row writers), with each lease's shown status at the cut-off:
   * the Master File register's status (shownStatusesOf), read on first use (the API's unfiltered pages never need it).
   */
  book: ValuedBook & StatusedCashFlowSource;
  /** Lease indexes of every row matching the filters, in the requested order. */
  rows: Int32Array;
  /** Leases with something left at the cut-off, before filtering. */
  liveCount: number;
  /** Leases in the book with nothing left at the cut-off (not rows). */
  endedCount: number;
  /** The datatables paging of `rows`. */
  page(page: number, perPage: number): PageOf;
  /** The documented API row of lease index i as JSON text (cached per valuation: for pages). */
  rowJson(i: number): string;
  /** The same text, not kept: for whole-book streams, which would otherwise pin ~90 MB per valuation. */
  rowJsonOnce(i: number): string;
  /** Every row of the book (unfiltered, id order), as the allData streams list them. */
  liveRows: Int32Array;
  /** The body of GET /api/sqn/total-cash without allData, UTF-8 encoded (cached per valuation, order and page). */
  pageBody(page: number, perPage: number): Uint8Array<ArrayBuffer>;
  /** The screen's rows for the given lease indexes, with the check flag. */
  tableRows(indices: ArrayLike<number>): (CashFlowTableRow & { flagged: boolean })[];
  /** Totals per currency over `rows` (the Summary's cached figures when nothing is filtered). */
  totals(): CurrencySummary[];
  /** The currencies of the book, sorted. */
  currencies(): string[];
}

/**
 * A cached order or page body, and the shown statuses it was filtered by (null without a status filter): the
 * statuses follow the credit states of the cut-off, which can move while the valuation stays.
 */
type Cached<T> = { value: T; by: readonly ShownStatus[] | null };

type ScreenCache = {
  ordered: Map<string, Cached<Int32Array>>;
  json: (string | undefined)[];
  bodies: Map<string, Cached<Uint8Array<ArrayBuffer>>>;
  currencies?: string[];
};

const screens = derivedValue<PortfolioValuation, ScreenCache>(
  'totalCashFlowScreens',
  "a valuation's Total CF orders per filter and sort, rows as JSON and encoded API pages",
);
/** Filtered orders kept per valuation: one per distinct filter and sort a user is paging through. */
const MAX_ORDERS = 32;
/** Encoded API page bodies kept per valuation (~46 KB each at 50 rows): the pages clients poll. */
const MAX_BODIES = 64;

function cacheOf(v: PortfolioValuation): ScreenCache {
  return screens.get(v, () => ({ ordered: new Map(), json: new Array<string | undefined>(v.count), bodies: new Map() }));
}

function orderKey(q: TotalCashFlowQuery): string {
  return JSON.stringify([q.sort, q.dir, q.q.toLowerCase(), q.currency, q.assetType, q.status, q.checkNonZero]);
}

/** The Total Cash Flow of a funder's book at the query's cut-off, filtered and sorted as asked. */
export async function totalCashFlowScreen(
  db: Db,
  funderId: number,
  query: TotalCashFlowQuery,
  today = todayIso(),
): Promise<TotalCashFlowScreen> {
  const cutOff = query.cutOff ?? defaultCutOff(today);
  const valued = await poolBook(db, funderId, cutOff, query.gross, today);
  // The status of a lease on Total Cash Flow is the register's (one truth, domain.md §14), at the figures' date.
  const book: ValuedBook & StatusedCashFlowSource = { ...valued, statuses: await shownStatusesOf(db, funderId, valued.leases, cutOff) };
  const cache = cacheOf(book.valuation);
  const key = orderKey(query);
  const by = query.status.length ? book.statuses : null;
  let rows: Int32Array;
  if (isFilterEmpty(query)) {
    // The sorted order is already cached per valuation.
    rows = filteredIndices(book, query, query);
  } else {
    const hit = cache.ordered.get(key);
    if (hit && hit.by === by) {
      cache.ordered.delete(key);
      cache.ordered.set(key, hit);
      rows = hit.value;
    } else {
      rows = filteredIndices(book, query, query);
      cache.ordered.delete(key);
      cache.ordered.set(key, { value: rows, by });
      if (cache.ordered.size > MAX_ORDERS) cache.ordered.delete(cache.ordered.keys().next().value!);
    }
  }
  const live = liveIndices(book);
  const filtered = !isFilterEmpty(query);
  const screen: TotalCashFlowScreen = {
    funder: book.funder,
    cutOff,
    gross: query.gross,
    book,
    rows,
    liveCount: live.length,
    endedCount: endedCount(book),
    page: (page, perPage) => pageOf(rows, page, perPage),
    rowJson: (i) => (cache.json[i] ??= totalCashRowJson(book, i)),
    rowJsonOnce: (i) => cache.json[i] ?? totalCashRowJson(book, i),
    liveRows: live,
    tableRows: (indices) => Array.from(indices, (i) => ({ ...toTableRow(book, i), flagged: isCheckFlagged(book.valuation, i) })),
    totals: () => (filtered ? summarizeRows(book, book.funder.baseCurrency, rows) : bookSummary(book, book.funder.baseCurrency)),
    // A pass over every lease: once per valuation, not per page view.
    currencies: () => (cache.currencies ??= [...new Set(leaseCurrencies(book.portfolio))].sort()).slice(),
    pageBody: (page, perPage) => {
      const bodyKey = `${key}|${page}|${perPage}`;
      const hit = cache.bodies.get(bodyKey);
      let body = hit && hit.by === by ? hit.value : undefined;
      if (!body) {
        body = new TextEncoder().encode(totalCashPageJson(screen, page, perPage));
        cache.bodies.delete(bodyKey);
        cache.bodies.set(bodyKey, { value: body, by });
        if (cache.bodies.size > MAX_BODIES) cache.bodies.delete(cache.bodies.keys().next().value!);
      }
      return body;
    },
  };
  return screen;
}

/**
 * The body of GET /api/sqn/total-cash without allData: `{"allData":[],"invoices":[…],"total":n}`,
 * byte for byte what JSON.stringify writes, from the cached row texts.
 */
export function totalCashPageJson(screen: TotalCashFlowScreen, page: number, perPage: number): string {
  const p = screen.page(page, perPage);
  const parts = new Array<string>(p.indices.length);
  for (let j = 0; j < p.indices.length; j++) parts[j] = screen.rowJson(p.indices[j]!);
  return `{"allData":[],"invoices":[${parts.join(',')}],"total":${p.total}}`;
}
