import { bigint, boolean, doublePrecision, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import {
  TIMINGS,
  FREQUENCIES,
  VAT_REGIMES,
  LEASE_STATUSES,
  ASSET_TYPES,
  CONDITIONS,
  DISCOUNT_CONVENTIONS,
  RATE_CONVENTIONS,
  QUOTATION_STATUSES,
  PORTFOLIO_MODULES,
  LESSEE_KINDS,
} from '../../lib/domain/enums';

/**
 * See db/schema/portfolio.ts: a funder and its parameters. Rates are annual decimals (0.05 = 5 %); amounts are minor
 * units of the base currency. `discountRate` null means "each lease's own contract rate".
 */
export const funders = pgTable('funders', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  baseCurrency: text('base_currency').notNull().default('EUR'),
  buyRate: doublePrecision('buy_rate').notNull(),
  discountRate: doublePrecision('discount_rate'),
  discountConvention: text('discount_convention', { enum: DISCOUNT_CONVENTIONS }).notNull().default('monthly'),
  rateConvention: text('rate_convention', { enum: RATE_CONVENTIONS }).notNull().default('nominal'),
  facilityRate: doublePrecision('facility_rate').notNull(),
  advanceRate: doublePrecision('advance_rate').notNull().default(1),
  vatDefault: doublePrecision('vat_default').notNull().default(0),
  servicingFee: doublePrecision('servicing_fee').notNull().default(0),
  // Servicing settings (domain.md §5): allocation order within an instalment, bucket edges, tolerance, grace.
  allocationOrder: text('allocation_order').notNull().default('vat,fee,interest,principal'),
  bucketEdges: text('bucket_edges').notNull().default('[30,60,90]'),
  materialityTolerance: bigint('materiality_tolerance', { mode: 'number' }).notNull().default(100),
  // Tape import (domain.md §7): the tape's instalment may differ from the annuity by this fraction of it before a row warns.
  importInstalmentTolerance: doublePrecision('import_instalment_tolerance').notNull().default(0.02),
  graceDays: bigint('grace_days', { mode: 'number' }).notNull().default(0),
  // Credit parameters (domain.md §8): materiality thresholds (absolute in minor units, relative a decimal), probation
  // months, lessee contagion share, and the IFRS 9 provision matrix (JSON, see db/schema/portfolio.ts).
  creditAbsRetail: bigint('credit_abs_retail', { mode: 'number' }).notNull().default(10000),
  creditAbsOther: bigint('credit_abs_other', { mode: 'number' }).notNull().default(50000),
  creditRelative: doublePrecision('credit_relative').notNull().default(0.01),
  creditProbationMonths: bigint('credit_probation_months', { mode: 'number' }).notNull().default(3),
  creditContagion: doublePrecision('credit_contagion').notNull().default(0.2),
  provisionMatrix: text('provision_matrix').notNull().default('{}'),
  // Four eyes (domain.md §12): a quotation's approver must not be its submitter. On unless a funder turns it off.
  fourEyes: boolean('four_eyes').notNull().default(true),
  // Bumped on every change of parameters or of the leases (not by payments or credit records).
  dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
  // The funder's lock and change counter: bumped first by every write that appends to the book change journal.
  bookVersion: bigint('book_version', { mode: 'number' }).notNull().default(0),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/** The contract terms a lease and a quotation share (fresh column builders for each table). */
function termColumns() {
  return {
    assetType: text('asset_type', { enum: ASSET_TYPES }).notNull(),
    assetDescription: text('asset_description').notNull().default(''),
    condition: text('condition', { enum: CONDITIONS }).notNull().default('new'),
    currency: text('currency').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    downPayment: bigint('down_payment', { mode: 'number' }).notNull().default(0),
    residual: bigint('residual', { mode: 'number' }).notNull().default(0),
    term: bigint('term', { mode: 'number' }).notNull(),
    rate: doublePrecision('rate').notNull(),
    timing: text('timing', { enum: TIMINGS }).notNull(),
    frequency: text('frequency', { enum: FREQUENCIES }).notNull().default('monthly'),
    firstDueDate: text('first_due_date').notNull(),
    vatRate: doublePrecision('vat_rate').notNull().default(0),
    vatRegime: text('vat_regime', { enum: VAT_REGIMES }).notNull().default('per-instalment'),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    feeFinanced: boolean('fee_financed').notNull().default(false),
    // The rounded regular instalment, as computed by lib/finance when the terms were saved.
    instalment: bigint('instalment', { mode: 'number' }).notNull(),
  };
}

/** See db/schema/portfolio.ts: lessees (the funder's customers); `idOdoo` is the external ERP partner id. */
export const lessees = pgTable(
  'lessees',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    idOdoo: text('id_odoo'),
    name: text('name').notNull(),
    taxId: text('tax_id').notNull().default(''),
    country: text('country').notNull().default(''),
    region: text('region').notNull().default(''),
    // NACE Rev. 2 section letter (A–U).
    industry: text('industry').notNull().default(''),
    // Retail (a consumer or micro business) or corporate: picks the absolute materiality threshold (domain.md §8).
    kind: text('kind', { enum: LESSEE_KINDS }).notNull().default('corporate'),
    contact: text('contact').notNull().default(''),
    email: text('email').notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('lessees_funder_idx').on(t.funderId),
    index('lessees_name_idx').on(t.name),
    uniqueIndex('lessees_odoo_idx').on(t.funderId, t.idOdoo),
  ],
);

/** See db/schema/portfolio.ts: a lease contract; amounts in minor units of `currency`, net of VAT; dates YYYY-MM-DD. */
export const leases = pgTable(
  'leases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    lesseeId: bigint('lessee_id', { mode: 'number' })
      .notNull()
      .references(() => lessees.id),
    // The key of a lease within its funder (domain.md §7): two funders may hold the same number.
    contractNumber: text('contract_number').notNull(),
    ...termColumns(),
    // Financed principal P = price − down payment (+ the fee when financed).
    principal: bigint('principal', { mode: 'number' }).notNull(),
    purchaseDate: text('purchase_date').notNull(),
    agreedPurchasePrice: bigint('agreed_purchase_price', { mode: 'number' }),
    status: text('status', { enum: LEASE_STATUSES }).notNull().default('active'),
    // A seasoned lease re-based to its tape (domain.md §7): on this date its outstanding principal is rebased_balance.
    rebasedOn: text('rebased_on'),
    rebasedBalance: bigint('rebased_balance', { mode: 'number' }),
    // Date of the approved write-off (domain.md §8): from then on the lease's remaining flows leave the portfolio cash flow.
    writtenOffOn: text('written_off_on'),
    // Optimistic concurrency: an edit must name the version it started from.
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('leases_funder_status_idx').on(t.funderId, t.status),
    // The funder's leases in id order (the background reloads' pages, the servicing book's id ranges).
    index('leases_funder_id_idx').on(t.funderId, t.id),
    index('leases_lessee_idx').on(t.lesseeId),
    index('leases_funder_currency_idx').on(t.funderId, t.currency),
    index('leases_funder_asset_idx').on(t.funderId, t.assetType),
    // Covers the book's extent (first purchase, lease count), read again after every lease write.
    index('leases_funder_status_purchase_idx').on(t.funderId, t.status, t.purchaseDate),
    uniqueIndex('leases_funder_contract_idx').on(t.funderId, t.contractNumber),
  ],
);

/**
 * See db/schema/portfolio.ts: a lease's opening position, the state its servicing starts from (arrears by component
 * in minor units). The key is an identity only as the twin of SQLite's INTEGER PRIMARY KEY (optional on insert); it
 * is always given (the lease's id).
 */
export const openingPositions = pgTable('opening_positions', {
  leaseId: bigint('lease_id', { mode: 'number' })
    .primaryKey()
    .generatedByDefaultAsIdentity()
    .references(() => leases.id, { onDelete: 'cascade' }),
  funderId: bigint('funder_id', { mode: 'number' })
    .notNull()
    .references(() => funders.id),
  asOf: text('as_of').notNull(),
  daysPastDue: bigint('days_past_due', { mode: 'number' }).notNull().default(0),
  arrearsVat: bigint('arrears_vat', { mode: 'number' }).notNull().default(0),
  arrearsFee: bigint('arrears_fee', { mode: 'number' }).notNull().default(0),
  arrearsInterest: bigint('arrears_interest', { mode: 'number' }).notNull().default(0),
  arrearsPrincipal: bigint('arrears_principal', { mode: 'number' }).notNull().default(0),
  // What a tape reported besides (domain.md §7): in default from this date (null: not reported in default), the
  // default amount, the recoveries to date, the date last in arrears, the account status as reported (ESMA terms).
  defaultedOn: text('defaulted_on'),
  defaultAmount: bigint('default_amount', { mode: 'number' }),
  recoveries: bigint('recoveries', { mode: 'number' }).notNull().default(0),
  lastInArrearsOn: text('last_in_arrears_on'),
  reportedStatus: text('reported_status'),
  // The tape import that set it (null: set by hand).
  importId: bigint('import_id', { mode: 'number' }),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/** See db/schema/portfolio.ts: the persisted instalment schedule of a lease. */
export const scheduleRows = pgTable(
  'schedule_rows',
  {
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => leases.id, { onDelete: 'cascade' }),
    period: bigint('period', { mode: 'number' }).notNull(),
    dueDate: text('due_date').notNull(),
    instalment: bigint('instalment', { mode: 'number' }).notNull(),
    interest: bigint('interest', { mode: 'number' }).notNull(),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    vat: bigint('vat', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leaseId, t.period] }),
    index('schedule_rows_due_idx').on(t.dueDate),
    // Covering index of the servicing book's schedule scan (lease by lease, in period order): no table reads.
    index('schedule_rows_servicing_cover_idx').on(t.leaseId, t.period, t.dueDate, t.vat, t.fee, t.interest, t.principal),
  ],
);

/** See db/schema/portfolio.ts: who changed a lease, when, and what. */
export const leaseHistory = pgTable(
  'lease_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => leases.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    action: text('action', { enum: ['created', 'updated', 'status'] }).notNull(),
    // JSON object of changed fields: { field: [before, after] }.
    changes: text('changes').notNull().default('{}'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('lease_history_lease_idx').on(t.leaseId)],
);

/** See db/schema/portfolio.ts: onboarding quotations (draft → submitted → approved | rejected → converted). */
export const quotations = pgTable(
  'quotations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    lesseeId: bigint('lessee_id', { mode: 'number' })
      .notNull()
      .references(() => lessees.id),
    ...termColumns(),
    status: text('status', { enum: QUOTATION_STATUSES }).notNull().default('draft'),
    externalId: text('external_id'),
    lastSyncAt: bigint('last_sync_at', { mode: 'number' }),
    leaseId: bigint('lease_id', { mode: 'number' }).references(() => leases.id, { onDelete: 'set null' }),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('quotations_funder_status_idx').on(t.funderId, t.status)],
);

/** See db/schema/portfolio.ts. */
export const quotationHistory = pgTable(
  'quotation_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    quotationId: bigint('quotation_id', { mode: 'number' })
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: QUOTATION_STATUSES }),
    toStatus: text('to_status', { enum: QUOTATION_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('quotation_history_quotation_idx').on(t.quotationId)],
);

/** See db/schema/portfolio.ts: a user's saved view of a portfolio module. */
export const portfolioViews = pgTable(
  'portfolio_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module: text('module', { enum: PORTFOLIO_MODULES }).notNull(),
    name: text('name').notNull(),
    // JSON: string[] of column ids, and an object of filters.
    columns: text('columns').notNull().default('[]'),
    filters: text('filters').notNull().default('{}'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('portfolio_views_user_module_name_idx').on(t.userId, t.module, t.name)],
);

/**
 * See db/schema/portfolio.ts: the funder's book change journal, one row per change of anything a figure of the book
 * is derived from; seqs of one funder are in commit order. No foreign key on lease_id. Append-only.
 */
export const bookChanges = pgTable(
  'book_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    kind: text('kind', { enum: ['lease', 'ledger', 'flag', 'loss', 'lessee', 'settings', 'book'] }).notNull(),
    leaseId: bigint('lease_id', { mode: 'number' }),
  },
  (t) => [index('book_changes_funder_seq_idx').on(t.funderId, t.seq)],
);

/** See db/schema/portfolio.ts: a funder's named scenario (CPR, CDR, severity as decimals; lag in months). */
export const scenarios = pgTable(
  'scenarios',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cpr: doublePrecision('cpr').notNull(),
    cdr: doublePrecision('cdr').notNull(),
    severity: doublePrecision('severity').notNull(),
    lagMonths: bigint('lag_months', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('scenarios_funder_name_idx').on(t.funderId, t.name)],
);
