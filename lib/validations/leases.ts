import { z } from 'zod';
import { isValidDate } from '@/lib/finance/dates';
import { CURRENCY_CODES } from '@/lib/finance/money';
import { bodyIdSchema, funderIdParam, idParam, listParam, pageParam, perPageParam, qParam } from './common';

/**
 * Lease register schemas, shared by the route handlers, the forms (which validate in the browser with
 * the same schema before submitting) and the saved views. Amounts are integer minor units of the
 * lease currency; rates are decimals (0.065 = 6.5 %); dates are YYYY-MM-DD.
 *
 * The value lists mirror db/schema/portfolio.ts (lib/validations never imports db/; a type check in
 * db/queries/lease-register.ts keeps them equal).
 */
export const LEASE_STATUS_VALUES = ['active', 'closed', 'defaulted', 'terminated'] as const;
/**
 * The statuses a user may set: the business events closed (settled early) and terminated (sold or cancelled).
 * "defaulted" is derived from the ledger and the unlikely-to-pay flags (domain.md §8, lib/credit), never typed;
 * it stays in LEASE_STATUS_VALUES only so that rows written before the credit module still read.
 */
export const LEASE_EDITABLE_STATUSES = ['active', 'closed', 'terminated'] as const;
/** The credit statuses domain.md §8 derives (lib/credit, services/credit/book.ts). */
export const CREDIT_STATUS_VALUES = ['performing', 'defaulted', 'cured', 'written_off', 'repaid'] as const;
export type CreditStatus = (typeof CREDIT_STATUS_VALUES)[number];
/**
 * The status the screens show and filter by (the register, the lease page, their exports): the derived credit
 * status, or the business event a user set (closed, terminated), a write-off winning over both.
 */
export const SHOWN_STATUS_VALUES = ['performing', 'defaulted', 'cured', 'written_off', 'repaid', 'closed', 'terminated'] as const;
export type ShownStatus = (typeof SHOWN_STATUS_VALUES)[number];
/** What the register's status filter accepts: the shown statuses, and "active" (the stored business status, kept for the API). */
export const STATUS_FILTER_VALUES = [
  'performing',
  'defaulted',
  'cured',
  'written_off',
  'repaid',
  'closed',
  'terminated',
  'active',
] as const;
export type StatusFilter = (typeof STATUS_FILTER_VALUES)[number];

/** The shown status of a lease: `credit` is its derived credit status (undefined: not in the servicing book, so performing). */
export function shownStatus(stored: string, credit: CreditStatus | undefined): ShownStatus {
  if (credit === 'written_off') return 'written_off';
  if (stored === 'closed' || stored === 'terminated') return stored;
  return credit ?? 'performing';
}

/**
 * Whether a lease matches one value of a status filter, the one rule of every screen, export and API that filters
 * by status (the register's SQL clauses in services/master-file/register-status.ts say the same): a shown status
 * matches leases shown so; "active" matches the stored business status, as the documented APIs filter by it.
 */
export function matchesStatusFilter(filter: StatusFilter, stored: string, shown: ShownStatus): boolean {
  return filter === 'active' ? stored === 'active' : shown === filter;
}

/** Whether a text read from a cache or a join is a lease status. */
export const isLeaseStatus = (s: string | null | undefined): s is (typeof LEASE_STATUS_VALUES)[number] =>
  (LEASE_STATUS_VALUES as readonly (string | null | undefined)[]).includes(s);
export const ASSET_TYPE_VALUES = ['vehicle', 'machinery', 'it', 'medical'] as const;
export const CONDITION_VALUES = ['new', 'used'] as const;
export const TIMING_VALUES = ['advance', 'arrears'] as const;
export const FREQUENCY_VALUES = ['monthly', 'quarterly', 'semi-annual', 'annual'] as const;
export const VAT_REGIME_VALUES = ['per-instalment', 'upfront'] as const;
export const CURRENCY_VALUES = CURRENCY_CODES as unknown as readonly ['EUR', 'GBP', 'CHF', 'USD', 'JPY'];

export type LeaseStatus = (typeof LEASE_STATUS_VALUES)[number];
export type AssetType = (typeof ASSET_TYPE_VALUES)[number];

/** Upper bound of any amount: 10^11 major units, far beyond any lease and well inside exact float integers. */
export const MAX_MINOR = 1e13;

const minor = z
  .number({ error: 'must be a number of minor units' })
  .int('must be whole minor units (cents)')
  .min(0, 'must not be negative')
  .max(MAX_MINOR, 'is too large');

export const isoDate = z.string({ error: 'must be a date as YYYY-MM-DD' }).refine(isValidDate, 'must be a real date as YYYY-MM-DD');

const assetTypeField = z.enum(ASSET_TYPE_VALUES);
const conditionField = z.enum(CONDITION_VALUES);
const frequencyField = z.enum(FREQUENCY_VALUES);
const vatRegimeField = z.enum(VAT_REGIME_VALUES);
const statusField = z.enum(LEASE_EDITABLE_STATUSES, { error: 'must be active, closed or terminated (a default is derived, never typed)' });

/**
 * The financial terms a lease and a quotation share (what lib/finance's buildSchedule needs), without
 * defaults: PATCH bodies use them as they are (a missing field stays untouched), create bodies add defaults.
 */
export const leaseTermsFields = {
  currency: z.enum(CURRENCY_VALUES),
  price: minor.refine((v) => v > 0, { message: 'must be above zero', params: { key: 'positive' } }),
  downPayment: minor,
  residual: minor,
  fee: minor,
  feeFinanced: z.boolean(),
  term: z
    .number({ error: 'must be a number' })
    .int('must be a whole number of instalments')
    .min(1, 'must be at least 1')
    .max(600, 'must be at most 600'),
  rate: z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(1, 'must be at most 100 %'),
  timing: z.enum(TIMING_VALUES),
  frequency: frequencyField,
  firstDueDate: isoDate,
  vatRate: z.number({ error: 'must be a number' }).min(0, 'must not be negative').lt(1, 'must be below 100 %'),
  vatRegime: vatRegimeField,
};

/** Defaults of the optional terms on create. `vatRate` omitted: the lessee's country rate, else the funder's default. */
export const leaseTermsDefaults = {
  downPayment: minor.default(0),
  residual: minor.default(0),
  fee: minor.default(0),
  feeFinanced: z.boolean().default(false),
  frequency: frequencyField.default('monthly'),
  vatRate: leaseTermsFields.vatRate.optional(),
  vatRegime: vatRegimeField.default('per-instalment'),
};

export const assetFields = {
  lesseeId: z.number({ error: 'choose a lessee' }).int('must be a lessee id').positive('choose a lessee'),
  assetType: assetTypeField,
  assetDescription: z.string().trim().max(200, 'must be at most 200 characters'),
  condition: conditionField,
};

export const assetDefaults = {
  assetDescription: assetFields.assetDescription.default(''),
  condition: conditionField.default('new'),
};

export const leaseOnlyFields = {
  /** Omitted on create: the next free QL-<year>-<sequence> number. */
  contractNumber: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(40, 'must be at most 40 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/, 'may contain letters, digits and - / _ . only'),
  purchaseDate: isoDate,
  agreedPurchasePrice: minor.nullable(),
  status: statusField,
};

const leaseOnlyDefaults = {
  contractNumber: leaseOnlyFields.contractNumber.optional(),
  agreedPurchasePrice: minor.nullable().default(null),
  status: statusField.default('active'),
};

type AmountFields = { price?: number; downPayment?: number; residual?: number; fee?: number; feeFinanced?: boolean };

/** Cross-field rules of the amounts (the finance engine would refuse these terms too, less readably). */
export function refineAmounts(t: AmountFields, ctx: z.RefinementCtx): void {
  if (t.price === undefined) return;
  const downPayment = t.downPayment ?? 0;
  if (downPayment >= t.price) {
    ctx.addIssue({
      code: 'custom',
      path: ['downPayment'],
      message: 'The down payment must be below the price.',
      params: { key: 'downPaymentBelowPrice' },
    });
    return;
  }
  const principal = t.price - downPayment + (t.feeFinanced ? (t.fee ?? 0) : 0);
  if ((t.residual ?? 0) > principal) {
    ctx.addIssue({
      code: 'custom',
      path: ['residual'],
      message: 'The residual must not exceed the financed amount (price − down payment).',
      params: { key: 'residualAbovePrincipal' },
    });
  }
}

/** POST /api/leases and POST /apps/lease-combined/add-user: the lease object itself. */
export const leaseCreateBody = z
  .object({ ...assetFields, ...assetDefaults, ...leaseTermsFields, ...leaseTermsDefaults, ...leaseOnlyFields, ...leaseOnlyDefaults })
  .superRefine(refineAmounts);
export type LeaseCreateBody = z.infer<typeof leaseCreateBody>;

/**
 * PATCH /api/leases/[id]: any subset of the fields plus the version the edit started from. The
 * cross-field rules run on the merged lease (the handler re-validates it with leaseCreateBody).
 */
export const leasePatchBody = z
  .object({ ...assetFields, ...leaseTermsFields, ...leaseOnlyFields })
  .partial()
  .extend({
    version: z.number({ error: 'must be the version number you edited' }).int('must be a whole number').positive('must be positive'),
  });
export type LeasePatchBody = z.infer<typeof leasePatchBody>;

/**
 * Sortable register columns: the keys of LEASE_SORTS in db/queries/leases.ts, and `outstandingPrincipal`, the book
 * engine's figure at the register's cut-off, which the register orders in memory (services/master-file/register-screen.ts).
 */
export const LEASE_SORT_KEYS = [
  'id',
  'contractNumber',
  'lessee',
  'assetType',
  'currency',
  'price',
  'principal',
  'outstandingPrincipal',
  'residual',
  'term',
  'rate',
  'instalment',
  'firstDueDate',
  'purchaseDate',
  'status',
] as const;
export type LeaseSortKey = (typeof LEASE_SORT_KEYS)[number];

/** The register's filters (also what a saved Master File view stores). */
export const leaseFilterQuery = z.object({
  funderId: funderIdParam,
  q: qParam,
  /** The shown status (derived credit status or closed/terminated, see shownStatus); "active" filters the stored status. */
  status: listParam([...STATUS_FILTER_VALUES]).optional(),
  currency: listParam([...CURRENCY_VALUES]).optional(),
  assetType: listParam([...ASSET_TYPE_VALUES]).optional(),
  sort: z.enum(LEASE_SORT_KEYS).default('id'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});

/** GET /api/leases */
export const leaseListQuery = leaseFilterQuery.extend({ page: pageParam, perPage: perPageParam(25) });
export type LeaseListQuery = z.infer<typeof leaseListQuery>;

/**
 * Master File columns, in display order. The id is what the table, the export and saved views use;
 * `sort` names the LEASE_SORTS key when the column is sortable.
 */
export const MASTER_FILE_COLUMNS = [
  { id: 'contractNumber', sort: 'contractNumber', visible: true },
  { id: 'lessee', sort: 'lessee', visible: true },
  { id: 'clientId', sort: null, visible: false },
  { id: 'assetType', sort: 'assetType', visible: true },
  { id: 'assetDescription', sort: null, visible: false },
  { id: 'condition', sort: null, visible: false },
  { id: 'currency', sort: 'currency', visible: true },
  { id: 'price', sort: 'price', visible: true },
  { id: 'downPayment', sort: null, visible: false },
  { id: 'principal', sort: 'principal', visible: true },
  { id: 'outstandingPrincipal', sort: 'outstandingPrincipal', visible: true },
  { id: 'residual', sort: 'residual', visible: true },
  { id: 'term', sort: 'term', visible: true },
  { id: 'rate', sort: 'rate', visible: true },
  { id: 'instalment', sort: 'instalment', visible: true },
  { id: 'timing', sort: null, visible: false },
  { id: 'frequency', sort: null, visible: false },
  { id: 'firstDueDate', sort: 'firstDueDate', visible: true },
  { id: 'vatRate', sort: null, visible: false },
  { id: 'fee', sort: null, visible: false },
  { id: 'purchaseDate', sort: 'purchaseDate', visible: false },
  { id: 'agreedPurchasePrice', sort: null, visible: false },
  { id: 'status', sort: 'status', visible: true },
] as const satisfies readonly { id: string; sort: LeaseSortKey | null; visible: boolean }[];

export type MasterFileColumnId = (typeof MASTER_FILE_COLUMNS)[number]['id'];
export const MASTER_FILE_COLUMN_IDS = MASTER_FILE_COLUMNS.map((c) => c.id) as [MasterFileColumnId, ...MasterFileColumnId[]];
export const DEFAULT_MASTER_FILE_COLUMNS: MasterFileColumnId[] = MASTER_FILE_COLUMNS.filter((c) => c.visible).map((c) => c.id);

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const EXPORT_LOCALES = ['en', 'de', 'fr', 'pt'] as const;

/** GET /api/leases/export: the register's filters, the columns to write (default: all) and the header language. */
export const leaseExportQuery = leaseFilterQuery.extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  columns: listParam(MASTER_FILE_COLUMN_IDS).optional(),
  locale: z.enum(EXPORT_LOCALES).default('en'),
});

/** A table export of one resource (schedule, quotations): format and header language. */
export const exportFormatQuery = z.object({
  funderId: funderIdParam,
  format: z.enum(EXPORT_FORMATS).default('csv'),
  locale: z.enum(EXPORT_LOCALES).default('en'),
});

/** GET /api/leases/[id] takes an optional cut-off for the valuation (default: the first of this month). */
export const leaseGetQuery = z.object({
  funderId: funderIdParam,
  cutOff: isoDate.optional(),
});

export const funderQuery = z.object({ funderId: funderIdParam });

/** A lessee's kind: retail (a consumer or micro business) or corporate (non-retail); it picks the absolute materiality threshold (domain.md §8). Mirrors db/schema lessees.kind. */
export const LESSEE_KIND_VALUES = ['corporate', 'retail'] as const;
export type LesseeKind = (typeof LESSEE_KIND_VALUES)[number];

/** PATCH /api/lessees/[id]: the lessee's kind. */
export const lesseePatchBody = z.object({ kind: z.enum(LESSEE_KIND_VALUES, { error: 'must be retail or corporate (non-retail)' }) });

/** GET /api/lessees (the lessee picker). */
export const lesseeSearchQuery = z.object({
  funderId: funderIdParam,
  q: qParam,
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(50, 'must be at most 50').default(20),
});

/** GET /api/lease-combined/list/data: the users list's paging (perPage default 10, max 100). */
export const leaseCombinedListQuery = z.object({
  funderId: funderIdParam,
  q: qParam,
  page: pageParam,
  perPage: perPageParam(10),
  status: listParam([...LEASE_STATUS_VALUES]).optional(),
});

/** GET /api/lease-combined/user?id= and DELETE /apps/lease-combined/delete?id= */
export const leaseCombinedIdQuery = z.object({ funderId: funderIdParam, id: idParam.optional() });
export const leaseCombinedIdBody = z.object({ id: bodyIdSchema });

/** What a saved Master File view stores (portfolio_views, module 'master-file'). */
export const masterFileViewFilters = z.object({
  q: z.string().max(200).optional(),
  status: z.string().max(200).optional(),
  currency: z.string().max(200).optional(),
  assetType: z.string().max(200).optional(),
  sort: z.enum(LEASE_SORT_KEYS).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});
export type MasterFileViewFilters = z.infer<typeof masterFileViewFilters>;

export const masterFileViewInput = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters'),
  columns: z.array(z.enum(MASTER_FILE_COLUMN_IDS)).min(1, 'keep at least one column'),
  filters: masterFileViewFilters,
});
