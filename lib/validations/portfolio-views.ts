import { z } from 'zod';
import { MASTER_FILE_COLUMN_IDS, MASTER_FILE_COLUMNS as MASTER_FILE_COLUMN_DEFS, STATUS_FILTER_VALUES } from './leases';
import type { PORTFOLIO_MODULES as SCHEMA_MODULES } from '@/lib/domain/enums';

/**
 * Saved views of the portfolio modules (Management; spec §3 portfolioModule: module, columns, filters).
 * The column ids are the contract between Management and the two screens that apply a view
 * (`/master-file?view=<id>`, `/portfolio/total-cash-flow?view=<id>`): keep them here, in one place.
 */

export const PORTFOLIO_MODULES = ['master-file', 'total-cash-flow'] as const;
export type PortfolioModuleId = (typeof PORTFOLIO_MODULES)[number];
// The schema's enum and this list must stay the same set.
const _sameModules: [PortfolioModuleId, (typeof SCHEMA_MODULES)[number]] extends [(typeof SCHEMA_MODULES)[number], PortfolioModuleId]
  ? true
  : never = true;
void _sameModules;

/** The Master File's own column ids, so a view saved on either screen means the same columns. */
export const MASTER_FILE_COLUMNS = MASTER_FILE_COLUMN_IDS;

/** `cash` stands for the 61 monthly cash columns (cash1 … cash61) as one block. */
export const TOTAL_CASH_FLOW_COLUMNS = ['id', 'lessee', 'fx', 'prin', 'sellto4G', 'npv', 'delta', 'check', 'totalcf', 'cash'] as const;

export type MasterFileColumn = (typeof MASTER_FILE_COLUMNS)[number];
export type TotalCashFlowColumn = (typeof TOTAL_CASH_FLOW_COLUMNS)[number];

export const MODULE_COLUMNS: Record<PortfolioModuleId, readonly string[]> = {
  'master-file': MASTER_FILE_COLUMNS,
  'total-cash-flow': TOTAL_CASH_FLOW_COLUMNS,
};

/** Columns a view may sort by: every column but the block of monthly cash columns. */
export const MODULE_SORTS: Record<PortfolioModuleId, readonly string[]> = {
  'master-file': MASTER_FILE_COLUMN_DEFS.filter((c) => c.sort !== null).map((c) => c.id),
  'total-cash-flow': TOTAL_CASH_FLOW_COLUMNS.filter((c) => c !== 'cash'),
};

/** Where a saved view is opened (locale-relative). */
export const MODULE_PATHS: Record<PortfolioModuleId, `/${string}`> = {
  'master-file': '/master-file',
  'total-cash-flow': '/portfolio/total-cash-flow',
};

/** The status filter a view stores: the register's and Total Cash Flow's values (the shown statuses, and the stored "active"). */
export const VIEW_STATUSES = STATUS_FILTER_VALUES;
export const VIEW_CURRENCIES = ['EUR', 'GBP', 'CHF', 'USD', 'JPY'] as const;
export const VIEW_ASSET_TYPES = ['vehicle', 'machinery', 'it', 'medical'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const MAX_VIEW_NAME_LENGTH = 80;

const distinct = <T extends string>(values: readonly T[]) =>
  z
    .array(z.enum(values as [T, ...T[]], { error: `must be one of ${values.join(', ')}` }), { error: 'must be a list' })
    .refine((list) => new Set(list).size === list.length, 'must not repeat a value');

/** The filters a view carries; the screens apply them as their own URL search params. */
export const viewFilters = z.strictObject({
  q: z.string({ error: 'must be text' }).trim().max(200, 'must be at most 200 characters').optional(),
  status: distinct(VIEW_STATUSES).optional(),
  currency: distinct(VIEW_CURRENCIES).optional(),
  assetType: distinct(VIEW_ASSET_TYPES).optional(),
  sort: z.string({ error: 'must be a column id' }).optional(),
  dir: z.enum(SORT_DIRECTIONS, { error: 'must be asc or desc' }).optional(),
});
export type ViewFiltersInput = z.infer<typeof viewFilters>;

export const viewName = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_VIEW_NAME_LENGTH, `must be at most ${MAX_VIEW_NAME_LENGTH} characters`);

export const portfolioModule = z.enum(PORTFOLIO_MODULES, { error: `must be one of ${PORTFOLIO_MODULES.join(', ')}` });

const columnList = z.array(z.string({ error: 'must be a column id' }), { error: 'must be a list of column ids' });

type Ctx = { addIssue: (issue: { code: 'custom'; path: PropertyKey[]; message: string }) => void };

/** Checks columns and sort against the module's column list (they depend on the module, so they are checked together). */
export function checkModuleFields(module: PortfolioModuleId, v: { columns?: string[]; filters?: ViewFiltersInput }, ctx: Ctx): void {
  const known = MODULE_COLUMNS[module];
  if (v.columns) {
    if (v.columns.length === 0) ctx.addIssue({ code: 'custom', path: ['columns'], message: 'must name at least one column' });
    const seen = new Set<string>();
    v.columns.forEach((c, i) => {
      if (!known.includes(c)) ctx.addIssue({ code: 'custom', path: ['columns', i], message: `unknown column "${c}" for ${module}` });
      else if (seen.has(c)) ctx.addIssue({ code: 'custom', path: ['columns', i], message: `column "${c}" is listed twice` });
      seen.add(c);
    });
  }
  const sort = v.filters?.sort;
  if (sort !== undefined && !MODULE_SORTS[module].includes(sort)) {
    ctx.addIssue({ code: 'custom', path: ['filters', 'sort'], message: `cannot sort ${module} by "${sort}"` });
  }
}

/** POST /api/portfolio-views */
export const createViewBody = z
  .strictObject({
    module: portfolioModule,
    name: viewName,
    columns: columnList,
    filters: viewFilters.default({}),
  })
  .superRefine((v, ctx) => checkModuleFields(v.module, v, ctx));
export type CreateViewBody = z.infer<typeof createViewBody>;

/**
 * PATCH /api/portfolio-views/[id]: any of name, columns, filters (a view keeps its module). Columns and
 * sort are checked against the stored view's module with checkModuleFields once the view is loaded.
 */
export const updateViewBody = z
  .strictObject({
    name: viewName.optional(),
    columns: columnList.optional(),
    filters: viewFilters.optional(),
  })
  .refine((v) => v.name !== undefined || v.columns !== undefined || v.filters !== undefined, 'name at least one of name, columns, filters');
export type UpdateViewBody = z.infer<typeof updateViewBody>;

/** GET /api/portfolio-views?module= */
export const listViewsQuery = z.object({ module: portfolioModule.optional() });

/** Drops empty filters so a stored view carries only what it sets. */
export function compactFilters(filters: ViewFiltersInput): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out;
}

/** The search params that open a view on its screen: `?view=<id>`. */
export function viewHref(module: PortfolioModuleId, id: number): { pathname: string; query: { view: string } } {
  return { pathname: MODULE_PATHS[module], query: { view: String(id) } };
}
