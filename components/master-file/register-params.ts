import type { SavedView } from '@/db/queries/portfolio-views';
import { COLUMNS_PARAM, visibleColumnIds } from '@/components/data-table/visible-columns';
import {
  DEFAULT_MASTER_FILE_COLUMNS,
  leaseListQuery,
  masterFileViewFilters,
  MASTER_FILE_COLUMN_IDS,
  type LeaseListQuery,
  type MasterFileColumnId,
  type MasterFileViewFilters,
} from '@/lib/validations/leases';

type RawParams = Record<string, string | string[] | undefined>;

export type RegisterState = {
  query: Omit<LeaseListQuery, 'funderId'>;
  columns: MasterFileColumnId[];
  /** The filters as a saved view stores them (the URL's text, defaults left out). */
  filters: MasterFileViewFilters;
  viewId: number | null;
};

const FILTER_KEYS = ['q', 'status', 'currency', 'assetType', 'sort', 'dir'] as const;

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(',') : v;
}

/**
 * The register's state from the page's search params. Lenient: a malformed value (a typo in a shared
 * link) is dropped rather than failing the page; the API, by contrast, answers 400.
 */
export function parseRegisterParams(raw: RawParams): RegisterState {
  const input: Record<string, string> = {};
  for (const key of [...FILTER_KEYS, 'page', 'perPage']) {
    const v = first(raw[key]);
    if (v !== undefined && v !== '') input[key] = v;
  }
  let parsed = leaseListQuery.safeParse(input);
  for (let i = 0; !parsed.success && i < 10; i++) {
    for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
    parsed = leaseListQuery.safeParse(input);
  }
  const { funderId: _f, ...query } = parsed.success ? parsed.data : leaseListQuery.parse({});
  const filters: MasterFileViewFilters = {};
  if (query.q) filters.q = query.q;
  if (query.status?.length) filters.status = query.status.join(',');
  if (query.currency?.length) filters.currency = query.currency.join(',');
  if (query.assetType?.length) filters.assetType = query.assetType.join(',');
  if (query.sort !== 'id') filters.sort = query.sort;
  if (query.dir !== 'asc') filters.dir = query.dir;
  const columns = visibleColumnIds(
    first(raw[COLUMNS_PARAM]) ?? null,
    MASTER_FILE_COLUMN_IDS,
    DEFAULT_MASTER_FILE_COLUMNS,
  ) as MasterFileColumnId[];
  const view = Number(first(raw.view));
  return { query, columns, filters, viewId: Number.isInteger(view) && view > 0 ? view : null };
}

/** The URL query of a state: filters, then the columns when they differ from the default. */
export function registerQueryString(filters: MasterFileViewFilters, columns: readonly string[]): string {
  const p = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const v = filters[key];
    if (v) p.set(key, v);
  }
  if (columns.join(',') !== DEFAULT_MASTER_FILE_COLUMNS.join(',')) p.set(COLUMNS_PARAM, columns.join(','));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** A saved view as the register's URL query (unknown filter keys and columns are ignored). */
export function viewQueryString(view: Pick<SavedView, 'columns' | 'filters'>): string {
  const raw: RawParams = {};
  const filters = masterFileViewFilters.safeParse(
    Object.fromEntries(Object.entries(view.filters).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])),
  );
  for (const key of FILTER_KEYS) if (filters.success && filters.data[key]) raw[key] = filters.data[key];
  raw[COLUMNS_PARAM] = view.columns.join(',');
  const state = parseRegisterParams(raw);
  return registerQueryString(state.filters, state.columns);
}
