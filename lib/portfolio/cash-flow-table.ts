/**
 * Portfolio CF → Total Cash Flow as a table: which valued leases are rows, how they are filtered,
 * sorted and paged, and the shapes a row takes (the documented API row, the screen/export row).
 *
 * Pure over a valuation's typed arrays (lib/finance PortfolioValuation) and the book's lease records:
 * no database, no clock. Amounts are integer minor units of the row's currency.
 *
 * Performance: a 100,000-lease book is sorted once per (valuation, sort key, direction) and the
 * permutation kept in a WeakMap keyed by the valuation object. lib/portfolio/valuation.ts caches one
 * valuation object per (funder data version, cut-off, gross), so the sorted indexes live exactly as
 * long as the valuation they index, and a page request is a filter pass plus a slice.
 */
import { z } from 'zod';
import type { PortfolioLeaseRecord } from '@/lib/domain/portfolio';
import { ASSET_TYPES } from '@/lib/domain/enums';
import { CF_PERIODS, CURRENCY_CODES, type PortfolioValuation } from '@/lib/finance';
import { addMonths } from '@/lib/finance/dates';
import { boolParam, funderIdParam, isoDateParam, listParam, pageParam, perPageParam, qParam } from '@/lib/validations/common';
import { matchesStatusFilter, STATUS_FILTER_VALUES, type ShownStatus } from '@/lib/validations/leases';
import { derivedValue, derivedView } from '@/lib/views';

// Imports compile to getters in the bundles: the period count read once, not per cash cell.
const PERIODS = CF_PERIODS;

/** The lease fields the table needs, index-aligned with the valuation (ValuedBook satisfies it). */
export type CashFlowLease = Pick<PortfolioLeaseRecord, 'id' | 'contractNumber' | 'lesseeName' | 'currency' | 'assetType' | 'status'>;
export interface CashFlowSource {
  leases: readonly CashFlowLease[];
  valuation: PortfolioValuation;
}
/**
 * A source with each lease's shown status at the cut-off (index-aligned with `leases`), as the Master File register
 * derives it (services/master-file/register-status.ts shownStatusesOf): what the rows show and the status filter reads.
 */
export type StatusedCashFlowSource = CashFlowSource & { readonly statuses: readonly ShownStatus[] };

export const CASH_PERIODS: readonly number[] = Array.from({ length: PERIODS }, (_, k) => k + 1);
export type CashColumn = `cash${number}`;

/** The documented row columns (spec §3, api-reference §10) in their documented order. */
export const SUMMARY_COLUMNS = ['id', 'prin', 'sellto4G', 'npv', 'delta', 'check', 'fx', 'totalcf', 'lessee'] as const;
export type SummaryColumn = (typeof SUMMARY_COLUMNS)[number];
export const CASH_COLUMNS: readonly CashColumn[] = CASH_PERIODS.map((k) => `cash${k}` as CashColumn);
/** Every column a row can be sorted by. */
export const SORT_KEYS = [...SUMMARY_COLUMNS, ...CASH_COLUMNS] as [SummaryColumn, ...(SummaryColumn | CashColumn)[]];
export type SortKey = SummaryColumn | CashColumn;
/** Amount columns (minor units) other than the periods. */
export const AMOUNT_COLUMNS = ['prin', 'sellto4G', 'npv', 'delta', 'check', 'totalcf'] as const;
export type AmountColumn = (typeof AMOUNT_COLUMNS)[number];

/** One row of GET /api/sqn/all-total-cash and /api/sqn/total-cash; amounts in minor units. */
export type TotalCashRow = {
  id: number;
  prin: number;
  sellto4G: number;
  npv: number;
  delta: number;
  check: number;
  fx: string;
  totalcf: number;
  lessee: string;
} & { [k: CashColumn]: number } & { cashBeyond: number };

/** The screen's and the export's row: the documented fields plus the contract's identification. */
export interface CashFlowTableRow {
  id: number;
  contractNumber: string;
  lessee: string;
  fx: string;
  assetType: string;
  /** The shown status at the cut-off (domain.md §8), the register's word for the lease. */
  status: ShownStatus;
  prin: number;
  sellto4G: number;
  npv: number;
  delta: number;
  check: number;
  totalcf: number;
  /** cash[k − 1] = period k. */
  cash: number[];
  cashBeyond: number;
}

// ---------------------------------------------------------------------------------------------
// Query parameters (shared by the API, the export and the page's URL)

/** Filters of the Total Cash Flow table; lists accept repeated or comma-separated values. */
export const cashFlowFilterSchema = z.object({
  q: qParam,
  currency: listParam([...CURRENCY_CODES] as [string, ...string[]]).default([]),
  assetType: listParam([...ASSET_TYPES]).default([]),
  /** The register's status filter values (the shown statuses, and "active": the stored business status, kept for the API). */
  status: listParam([...STATUS_FILTER_VALUES]).default([]),
  /** Only rows whose check is not zero beyond rounding (isCheckFlagged). */
  checkNonZero: boolParam.default(false),
});
export type CashFlowFilter = z.infer<typeof cashFlowFilterSchema>;

/** The valuation's parameters: funder (default 1), cut-off (default: the caller's defaultCutOff()), net or gross of VAT. */
export const valuationParamsSchema = z.object({
  funderId: funderIdParam,
  cutOff: isoDateParam.optional(),
  gross: boolParam.default(false),
});

export const sortParamsSchema = z.object({
  sort: z.enum(SORT_KEYS, { error: 'must be a column of the table' }).default('id'),
  dir: z.enum(['asc', 'desc'], { error: "must be 'asc' or 'desc'" }).default('asc'),
});
export type SortParams = z.infer<typeof sortParamsSchema>;

/** GET /api/sqn/total-cash: paging (perPage default 10, max 100), filters, sort, and the opt-in allData. */
export const totalCashQuerySchema = valuationParamsSchema
  .extend(cashFlowFilterSchema.shape)
  .extend(sortParamsSchema.shape)
  .extend({ page: pageParam, perPage: perPageParam(10), allData: boolParam.default(false) });
export type TotalCashQuery = z.infer<typeof totalCashQuerySchema>;

/** GET /api/sqn/all-total-cash. */
export const allTotalCashQuerySchema = valuationParamsSchema;

/** GET /api/portfolio/total-cash-flow/export: the table's filters and sort, a format, an optional saved view. */
export const cashFlowExportQuerySchema = valuationParamsSchema
  .extend(cashFlowFilterSchema.shape)
  .extend(sortParamsSchema.shape)
  .extend({
    format: z.enum(['csv', 'xlsx'], { error: "must be 'csv' or 'xlsx'" }),
    view: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').optional(),
    /** A scenario of the funder (domain.md §10): the rows and totals carry its flows, as the page shows them under it. */
    scenario: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').optional(),
  });

/** The page's URL: like the API, with page sizes up to 100 and an optional saved view. */
export const cashFlowPageQuerySchema = valuationParamsSchema
  .extend(cashFlowFilterSchema.shape)
  .extend(sortParamsSchema.shape)
  .extend({
    page: pageParam,
    perPage: perPageParam(25),
    view: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').optional(),
    /** A scenario of the funder (domain.md §10) shown beside the contractual case. */
    scenario: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').optional(),
  });
export type CashFlowPageQuery = z.infer<typeof cashFlowPageQuerySchema>;

/**
 * Parses a page's search params without failing the page: parameters that do not validate are
 * dropped (and reported) so the rest still apply; an API answers 400 instead.
 */
export function parseLenient<S extends z.ZodObject>(
  schema: S,
  raw: Record<string, string | string[] | undefined>,
): { value: z.infer<S>; ignored: string[] } {
  const input: Record<string, string | string[]> = {};
  // An empty field of a submitted form means "not set".
  for (const [k, v] of Object.entries(raw)) if (v !== undefined && v !== '' && k in schema.shape) input[k] = v;
  const ignored: string[] = [];
  for (let attempt = 0; attempt < 8; attempt++) {
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data, ignored };
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key in input) {
        delete input[key];
        ignored.push(key);
      }
    }
  }
  return { value: schema.parse({}), ignored: Object.keys(raw) };
}

// ---------------------------------------------------------------------------------------------
// Saved views (Management, module 'total-cash-flow')

/** Columns a view may choose, in the table's order (identification is always shown). */
export const VIEW_COLUMNS = [...AMOUNT_COLUMNS, ...CASH_COLUMNS, 'cashBeyond'] as const;
export type ViewColumn = AmountColumn | CashColumn | 'cashBeyond';

/** The filter and sort parameters a saved view may carry (other keys are ignored). */
export const VIEW_FILTER_KEYS = ['q', 'currency', 'assetType', 'status', 'checkNonZero', 'gross', 'sort', 'dir'] as const;

/**
 * A saved view applied under the request's own parameters: the view's filters are defaults that
 * the URL overrides; its columns (when it lists any) choose the amount columns shown and exported.
 */
export function applyView(
  view: { columns: readonly string[]; filters: Record<string, string | string[]> } | undefined,
  raw: Record<string, string | string[] | undefined>,
): { raw: Record<string, string | string[] | undefined>; columns: ViewColumn[] } {
  if (!view) return { raw, columns: [...VIEW_COLUMNS] };
  const merged: Record<string, string | string[] | undefined> = {};
  for (const key of VIEW_FILTER_KEYS) if (view.filters[key] !== undefined) merged[key] = view.filters[key];
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) merged[k] = v;
  // Management offers 'cash' for all 61 periods at once; the identifying columns are always shown.
  const chosen = new Set(view.columns.flatMap((c) => (c === 'cash' ? [...CASH_COLUMNS, 'cashBeyond'] : [c])));
  const columns = VIEW_COLUMNS.filter((c) => chosen.has(c));
  return { raw: merged, columns: columns.length > 0 ? columns : [...VIEW_COLUMNS] };
}

// ---------------------------------------------------------------------------------------------
// Rows

/** Whether lease i, in the pool at the cut-off, has something left: a remaining instalment or a remaining non-zero residual. */
export function hasRemainingFlows(v: PortfolioValuation, i: number): boolean {
  return v.inPool[i] === 1 && (v.remainingInstalments[i]! > 0 || v.remainingTermMonths[i]! > 0);
}

/**
 * A valuation with the pool's leases at its cut-off that have no flow left but still owe arrears (`owing`, 1 per such
 * lease; services/portfolio/valuation.ts sets it from the servicing book at the same date). Such a lease is in the pool
 * until it is repaid, written off or sold (domain.md §14), so it is a row, with no future flows.
 */
export type PoolValuation = PortfolioValuation & { owing?: Uint8Array };

/**
 * A lease is a row (of the Total Cash Flow, the Summary, the Dashboard, the reports and the tape) when it is in the pool at
 * the cut-off (domain.md §3, §14): purchased by then, not written off, and either something of it is left or it still
 * owes arrears. A lease past its last instalment that owes nothing is repaid: not a row.
 */
export function isPoolRow(v: PoolValuation, i: number): boolean {
  return hasRemainingFlows(v, i) || v.owing?.[i] === 1;
}

/**
 * Whether lease i's `check` flags it. domain.md §3: check is zero within one cent per remaining
 * instalment for a sound schedule (each instalment's interest is rounded once), anything else flags
 * the lease; so "check ≠ 0" means beyond that rounding allowance, never a cent of rounding noise.
 */
export function isCheckFlagged(v: PortfolioValuation, i: number): boolean {
  return Math.abs(v.check[i]!) > Math.max(1, v.remainingInstalments[i]!);
}

/** The month (`YYYY-MM-01`) of period k (1..61): period 1 is the cut-off month. */
export function periodMonth(cutOff: string, k: number): string {
  return addMonths(`${cutOff.slice(0, 7)}-01`, k - 1);
}

/** The documented API row of lease i. */
export function toTotalCashRow(src: CashFlowSource, i: number): TotalCashRow {
  const v = src.valuation;
  const lease = src.leases[i]!;
  const row: Record<string, number | string> = {
    id: lease.id,
    prin: v.prin[i]!,
    sellto4G: v.sellto4G[i]!,
    npv: v.npv[i]!,
    delta: v.delta[i]!,
    check: v.check[i]!,
    fx: lease.currency,
    totalcf: v.totalcf[i]!,
    lessee: lease.lesseeName,
  };
  const base = i * PERIODS;
  for (let k = 0; k < PERIODS; k++) row[`cash${k + 1}`] = v.cash[base + k]!;
  row.cashBeyond = v.cashBeyond[i]!;
  return row as TotalCashRow;
}

/** A minor-unit amount as JSON: JSON.stringify's rule (a non-finite number is null, −0 is 0). */
function jsonNumber(x: number): string {
  return Number.isFinite(x) ? String(x) : 'null';
}

/**
 * The JSON text of toTotalCashRow(src, i), byte for byte what JSON.stringify writes for it, built
 * without an intermediate object of 72 dynamically named keys (the API serialises pages of these).
 */
export function totalCashRowJson(src: CashFlowSource, i: number): string {
  const v = src.valuation;
  const lease = src.leases[i]!;
  let out =
    `{"id":${jsonNumber(lease.id)},"prin":${jsonNumber(v.prin[i]!)},"sellto4G":${jsonNumber(v.sellto4G[i]!)}` +
    `,"npv":${jsonNumber(v.npv[i]!)},"delta":${jsonNumber(v.delta[i]!)},"check":${jsonNumber(v.check[i]!)}` +
    `,"fx":${JSON.stringify(lease.currency)},"totalcf":${jsonNumber(v.totalcf[i]!)},"lessee":${JSON.stringify(lease.lesseeName)}`;
  const base = i * PERIODS;
  for (let k = 0; k < PERIODS; k++) out += `,"cash${k + 1}":${jsonNumber(v.cash[base + k]!)}`;
  return `${out},"cashBeyond":${jsonNumber(v.cashBeyond[i]!)}}`;
}

/** The screen/export row of lease i. */
export function toTableRow(src: StatusedCashFlowSource, i: number): CashFlowTableRow {
  const v = src.valuation;
  const lease = src.leases[i]!;
  const base = i * PERIODS;
  return {
    id: lease.id,
    contractNumber: lease.contractNumber,
    lessee: lease.lesseeName,
    fx: lease.currency,
    assetType: lease.assetType,
    status: src.statuses[i]!,
    prin: v.prin[i]!,
    sellto4G: v.sellto4G[i]!,
    npv: v.npv[i]!,
    delta: v.delta[i]!,
    check: v.check[i]!,
    totalcf: v.totalcf[i]!,
    cash: Array.from(v.cash.subarray(base, base + PERIODS)),
    cashBeyond: v.cashBeyond[i]!,
  };
}

// ---------------------------------------------------------------------------------------------
// Sorting (kept per valuation object: lib/views.ts)

const sortOrders = derivedView<PortfolioValuation, Int32Array>(
  'cashFlowSortOrders',
  "a valuation's Total CF rows sorted by column and direction",
  6,
);
const poolRows = derivedValue<PoolValuation, Int32Array>('poolRows', "a valuation's Total CF rows (the pool at the cut-off, isPoolRow)");
const searchTextsView = derivedValue<readonly CashFlowLease[], string[]>(
  'cashFlowSearchTexts',
  "a book's contract numbers and lessees, lower case, for the search",
);
const textOrders = derivedView<readonly CashFlowLease[], Int32Array>(
  'cashFlowTextOrders',
  "a book's leases collated by currency or lessee",
  4,
);
const poolCounts = derivedValue<PortfolioValuation, number>('poolCounts', "a valuation's count of leases in the pool");
// One fixed collation for text columns, so an order never depends on the viewer's language.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Indexes of the leases that are rows (isPoolRow), in book (id) order. */
export function liveIndices(src: CashFlowSource): Int32Array {
  return poolRowIndices(src.valuation);
}

/** Indexes of the valuation's leases that are rows (isPoolRow): Total CF's and the tape's, in book (id) order. */
export function poolRowIndices(v: PoolValuation): Int32Array {
  return poolRows.get(v, () => {
    const tmp = new Int32Array(v.count);
    let n = 0;
    for (let i = 0; i < v.count; i++) if (isPoolRow(v, i)) tmp[n++] = i;
    return tmp.slice(0, n);
  });
}

function numericKey(v: PortfolioValuation, key: SortKey): ((i: number) => number) | null {
  switch (key) {
    case 'prin':
    case 'sellto4G':
    case 'npv':
    case 'delta':
    case 'check':
    case 'totalcf':
      return (i) => v[key][i]!;
    case 'id':
    case 'fx':
    case 'lessee':
      return null;
    default: {
      const k = Number(key.slice(4)) - 1;
      return (i) => v.cash[i * PERIODS + k]!;
    }
  }
}

/** Every lease index ordered by its currency or lessee name (collated), ties in id order; cached per book. */
function textOrder(leases: readonly CashFlowLease[], key: 'fx' | 'lessee', dir: 'asc' | 'desc'): Int32Array {
  return textOrders.get(leases, `${key}:${dir}`, () => {
    const text = leases.map((l) => (key === 'fx' ? l.currency : l.lesseeName));
    const sign = dir === 'desc' ? -1 : 1;
    return Int32Array.from(leases, (_, i) => i).sort((a, b) => sign * collator.compare(text[a]!, text[b]!) || a - b);
  });
}

/** Live indexes sorted by `key` in direction `dir`; ties in id order (ascending) in both directions. */
export function sortedIndices(src: CashFlowSource, key: SortKey, dir: 'asc' | 'desc'): Int32Array {
  return sortOrders.get(src.valuation, `${key}:${dir}`, () => sortIndices(src, key, dir));
}

function sortIndices(src: CashFlowSource, key: SortKey, dir: 'asc' | 'desc'): Int32Array {
  const v = src.valuation;
  const live = liveIndices(src);
  const sign = dir === 'desc' ? -1 : 1;
  let out: Int32Array;
  if (key === 'id') {
    // The book is in id order already.
    out = dir === 'asc' ? live : live.slice().reverse();
  } else {
    const num = numericKey(v, key);
    // Book index order is id order, so `a − b` is the id tie-break.
    if (num) {
      const values = new Float64Array(v.count);
      for (const i of live) values[i] = num(i);
      out = live.slice().sort((a, b) => sign * (values[a]! - values[b]!) || a - b);
    } else {
      // Text order does not depend on the valuation: collate the whole book once, then keep the rows.
      const order = textOrder(src.leases, key as 'fx' | 'lessee', dir);
      const isLive = maskOf(v.count, live);
      out = order.filter((i) => isLive[i] === 1);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Filtering and paging

function searchTexts(leases: readonly CashFlowLease[]): string[] {
  return searchTextsView.get(leases, () => leases.map((l) => `${l.contractNumber}\u0000${l.lesseeName}`.toLowerCase()));
}

export function isFilterEmpty(f: CashFlowFilter): boolean {
  return !f.q && f.currency.length === 0 && f.assetType.length === 0 && f.status.length === 0 && !f.checkNonZero;
}

/**
 * A predicate over lease indexes: q (case-insensitive substring of the contract number or the lessee), currency, asset
 * type, status (matchesStatusFilter over the source's shown statuses: a status filter needs them), check ≠ 0 (isCheckFlagged).
 */
export function filterPredicate(src: CashFlowSource & { statuses?: readonly ShownStatus[] }, f: CashFlowFilter): (i: number) => boolean {
  const q = f.q.toLowerCase();
  const texts = q ? searchTexts(src.leases) : null;
  const currencies = f.currency.length ? new Set<string>(f.currency) : null;
  const assetTypes = f.assetType.length ? new Set<string>(f.assetType) : null;
  const statuses = f.status.length ? [...new Set(f.status)] : null;
  const shown = src.statuses;
  if (statuses && !shown) throw new Error('A status filter needs the shown statuses of the leases (StatusedCashFlowSource).');
  const v = src.valuation;
  return (i) => {
    const l = src.leases[i]!;
    if (currencies && !currencies.has(l.currency)) return false;
    if (assetTypes && !assetTypes.has(l.assetType)) return false;
    if (statuses && !statuses.some((s) => matchesStatusFilter(s, l.status, shown![i]!))) return false;
    if (f.checkNonZero && !isCheckFlagged(v, i)) return false;
    if (texts && !texts[i]!.includes(q)) return false;
    return true;
  };
}

/** Every row matching the filter, in the sort order. */
export function filteredIndices(
  src: CashFlowSource & { statuses?: readonly ShownStatus[] },
  f: CashFlowFilter,
  sort: SortParams = { sort: 'id', dir: 'asc' },
): Int32Array {
  const order = sortedIndices(src, sort.sort, sort.dir);
  if (isFilterEmpty(f)) return order;
  const keep = filterPredicate(src, f);
  const out = new Int32Array(order.length);
  let n = 0;
  for (const i of order) if (keep(i)) out[n++] = i;
  return out.subarray(0, n);
}

export interface PageOf {
  /** Lease indexes of the page, in order. */
  indices: Int32Array;
  /** The filtered count (before paging). */
  total: number;
  page: number;
  perPage: number;
  /** At least 1, so "page 1 of 1" reads right for an empty result. */
  pageCount: number;
}

/** The datatables paging math (api-reference §1.5): slice((page − 1) × perPage, page × perPage); a page past the end is empty. */
export function pageOf(indices: Int32Array, page: number, perPage: number): PageOf {
  const start = (page - 1) * perPage;
  return {
    indices: start >= indices.length ? new Int32Array(0) : indices.subarray(start, Math.min(indices.length, start + perPage)),
    total: indices.length,
    page,
    perPage,
    pageCount: Math.max(1, Math.ceil(indices.length / perPage)),
  };
}

/** A 0/1 mask of the given indexes, for totals over a filtered set (lib/finance takes a predicate). */
export function maskOf(count: number, indices: ArrayLike<number>): Uint8Array {
  const mask = new Uint8Array(count);
  for (let j = 0; j < indices.length; j++) mask[indices[j]!] = 1;
  return mask;
}

/** Leases purchased by the cut-off and not written off that are not rows: repaid (nothing left, nothing owed). */
export function endedCount(src: CashFlowSource): number {
  return poolCount(src.valuation) - liveIndices(src).length;
}

/** Leases in the pool at the cut-off (purchased on or before it; lib/finance/pool.ts). */
export function poolCount(v: PortfolioValuation): number {
  // Every page view and API page reads the ended count: kept per valuation object (immutable once built).
  return poolCounts.get(v, () => {
    let n = 0;
    for (let i = 0; i < v.count; i++) n += v.inPool[i]!;
    return n;
  });
}

/** Indexes of the leases in the pool at the cut-off, in book (id) order: the rows of the tape. */
export function poolIndices(v: PortfolioValuation): Int32Array {
  const out = new Int32Array(poolCount(v));
  let n = 0;
  for (let i = 0; i < v.count; i++) if (v.inPool[i] === 1) out[n++] = i;
  return out;
}
