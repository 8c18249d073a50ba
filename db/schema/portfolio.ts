import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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
export {
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
} from '../../lib/domain/enums';

/**
 * A funder and its parameters. Rates are annual decimals (0.05 = 5 %); amounts are minor units of the
 * base currency. `discountRate` null means "each lease's own contract rate" (domain.md §3).
 */
export const funders = sqliteTable('funders', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  baseCurrency: text('base_currency').notNull().default('EUR'),
  buyRate: real('buy_rate').notNull(),
  discountRate: real('discount_rate'),
  discountConvention: text('discount_convention', { enum: DISCOUNT_CONVENTIONS }).notNull().default('monthly'),
  rateConvention: text('rate_convention', { enum: RATE_CONVENTIONS }).notNull().default('nominal'),
  facilityRate: real('facility_rate').notNull(),
  advanceRate: real('advance_rate').notNull().default(1),
  vatDefault: real('vat_default').notNull().default(0),
  servicingFee: real('servicing_fee').notNull().default(0),
  // Servicing settings (domain.md §5): allocation order within an instalment, bucket edges, tolerance, grace.
  allocationOrder: text('allocation_order').notNull().default('vat,fee,interest,principal'),
  bucketEdges: text('bucket_edges').notNull().default('[30,60,90]'),
  materialityTolerance: integer('materiality_tolerance').notNull().default(100),
  // Tape import (domain.md §7): the tape's instalment may differ from the annuity by this fraction of it before a row warns.
  importInstalmentTolerance: real('import_instalment_tolerance').notNull().default(0.02),
  graceDays: integer('grace_days').notNull().default(0),
  // Credit parameters (domain.md §8): materiality of the default definition (absolute thresholds in minor units of the
  // lease currency, relative as a decimal of the lease's exposure), probation months before a cure, lessee contagion
  // share, and the IFRS 9 provision matrix (JSON: { currency | "*": { bucket key | "default": loss rate } }).
  creditAbsRetail: integer('credit_abs_retail').notNull().default(10000),
  creditAbsOther: integer('credit_abs_other').notNull().default(50000),
  creditRelative: real('credit_relative').notNull().default(0.01),
  creditProbationMonths: integer('credit_probation_months').notNull().default(3),
  creditContagion: real('credit_contagion').notNull().default(0.2),
  provisionMatrix: text('provision_matrix').notNull().default('{}'),
  // Four eyes (domain.md §12): a quotation's approver must not be its submitter. On unless a funder turns it off.
  fourEyes: integer('four_eyes', { mode: 'boolean' }).notNull().default(true),
  // Bumped on every change of parameters or of the leases (not by payments or credit records): what a change of the
  // book's terms is checked by (a proposal's base version, the cached valuations).
  dataVersion: integer('data_version').notNull().default(0),
  // The funder's lock and change counter: bumped first by every write that appends to the book change journal
  // (db/queries/book-changes.ts), so writers of one funder append in commit order; a view of the book holding the
  // same value is up to date without reading the journal.
  bookVersion: integer('book_version').notNull().default(0),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** The contract terms a lease and a quotation share (fresh column builders for each table). */
function termColumns() {
  return {
    assetType: text('asset_type', { enum: ASSET_TYPES }).notNull(),
    assetDescription: text('asset_description').notNull().default(''),
    condition: text('condition', { enum: CONDITIONS }).notNull().default('new'),
    currency: text('currency').notNull(),
    price: integer('price').notNull(),
    downPayment: integer('down_payment').notNull().default(0),
    residual: integer('residual').notNull().default(0),
    term: integer('term').notNull(),
    rate: real('rate').notNull(),
    timing: text('timing', { enum: TIMINGS }).notNull(),
    frequency: text('frequency', { enum: FREQUENCIES }).notNull().default('monthly'),
    firstDueDate: text('first_due_date').notNull(),
    vatRate: real('vat_rate').notNull().default(0),
    vatRegime: text('vat_regime', { enum: VAT_REGIMES }).notNull().default('per-instalment'),
    fee: integer('fee').notNull().default(0),
    feeFinanced: integer('fee_financed', { mode: 'boolean' }).notNull().default(false),
    // The rounded regular instalment, as computed by lib/finance when the terms were saved.
    instalment: integer('instalment').notNull(),
  };
}

/** Lessees (the funder's customers); `idOdoo` is the external ERP partner id. */
export const lessees = sqliteTable(
  'lessees',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
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
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('lessees_funder_idx').on(t.funderId),
    index('lessees_name_idx').on(t.name),
    uniqueIndex('lessees_odoo_idx').on(t.funderId, t.idOdoo),
  ],
);

/** A lease contract. Amounts are minor units of `currency`, net of VAT; rates annual decimals; dates YYYY-MM-DD. */
export const leases = sqliteTable(
  'leases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    lesseeId: integer('lessee_id')
      .notNull()
      .references(() => lessees.id),
    // The key of a lease within its funder (domain.md §7): two funders may hold the same number.
    contractNumber: text('contract_number').notNull(),
    ...termColumns(),
    // Financed principal P = price − down payment (+ the fee when financed).
    principal: integer('principal').notNull(),
    purchaseDate: text('purchase_date').notNull(),
    agreedPurchasePrice: integer('agreed_purchase_price'),
    status: text('status', { enum: LEASE_STATUSES }).notNull().default('active'),
    // A seasoned lease re-based to its tape (domain.md §7): on this date (the tape's) its outstanding principal is
    // rebased_balance, not the contract schedule's; the instalments from then on amortise it (lib/finance LeaseTerms.rebase).
    rebasedOn: text('rebased_on'),
    rebasedBalance: integer('rebased_balance'),
    // Date of the approved write-off (domain.md §8): from then on the lease's remaining flows leave the portfolio cash flow.
    writtenOffOn: text('written_off_on'),
    // Optimistic concurrency: an edit must name the version it started from.
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('leases_funder_status_idx').on(t.funderId, t.status),
    // The funder's leases in id order: the background reloads' pages (`funder_id = ? and id > ? order by id limit ?`)
    // and the servicing book's schedule reads of an id range, which by the other funder indexes each scanned and sorted
    // the whole book (a page of 1,000 of 100,000 leases: ≈ 250 ms, a reload ≈ 25 s; now ≈ 2 ms a page).
    index('leases_funder_id_idx').on(t.funderId, t.id),
    index('leases_lessee_idx').on(t.lesseeId),
    index('leases_funder_currency_idx').on(t.funderId, t.currency),
    index('leases_funder_asset_idx').on(t.funderId, t.assetType),
    // Covers the book's extent (first purchase, lease count; services/history bookExtentOf) read again after every
    // lease write: an index-only scan, ≈ 9 ms instead of ≈ 50 ms on the 100,000-lease book.
    index('leases_funder_status_purchase_idx').on(t.funderId, t.status, t.purchaseDate),
    uniqueIndex('leases_funder_contract_idx').on(t.funderId, t.contractNumber),
  ],
);

/**
 * A lease's opening position (domain.md §7, §14): the state QUANTUM's servicing of the lease starts from. A lease with
 * none is serviced from its first instalment (a lease bought into QUANTUM and serviced here: the zero position). A
 * seasoned lease taken in from a tape has the tape's: on `as_of` (the tape's date, on or before the purchase date)
 * what fell due before it is settled, except the arrears the tape reports, overdue for `days_past_due` days, by
 * component (minor units). lib/servicing/opening.ts applies it; every servicing and credit figure starts from it.
 */
export const openingPositions = sqliteTable('opening_positions', {
  leaseId: integer('lease_id')
    .primaryKey()
    .references(() => leases.id, { onDelete: 'cascade' }),
  funderId: integer('funder_id')
    .notNull()
    .references(() => funders.id),
  asOf: text('as_of').notNull(),
  daysPastDue: integer('days_past_due').notNull().default(0),
  arrearsVat: integer('arrears_vat').notNull().default(0),
  arrearsFee: integer('arrears_fee').notNull().default(0),
  arrearsInterest: integer('arrears_interest').notNull().default(0),
  arrearsPrincipal: integer('arrears_principal').notNull().default(0),
  // What a tape reported besides (domain.md §7): in default from this date (null: not reported in default), the
  // default amount, the recoveries to date, the date last in arrears, the account status as reported (ESMA terms).
  defaultedOn: text('defaulted_on'),
  defaultAmount: integer('default_amount'),
  recoveries: integer('recoveries').notNull().default(0),
  lastInArrearsOn: text('last_in_arrears_on'),
  reportedStatus: text('reported_status'),
  // The tape import that set it (null: set by hand).
  importId: integer('import_id'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull(),
});

/** The persisted instalment schedule of a lease, rebuilt in the same transaction as every change of the lease. */
export const scheduleRows = sqliteTable(
  'schedule_rows',
  {
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leases.id, { onDelete: 'cascade' }),
    period: integer('period').notNull(),
    dueDate: text('due_date').notNull(),
    instalment: integer('instalment').notNull(),
    interest: integer('interest').notNull(),
    principal: integer('principal').notNull(),
    vat: integer('vat').notNull(),
    fee: integer('fee').notNull(),
    gross: integer('gross').notNull(),
    balanceAfter: integer('balance_after').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leaseId, t.period] }),
    index('schedule_rows_due_idx').on(t.dueDate),
    // Covering index of the servicing book's schedule scan (lease by lease, in period order): no table reads.
    index('schedule_rows_servicing_cover_idx').on(t.leaseId, t.period, t.dueDate, t.vat, t.fee, t.interest, t.principal),
  ],
);

/** Who changed a lease, when, and what. */
export const leaseHistory = sqliteTable(
  'lease_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leases.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    action: text('action', { enum: ['created', 'updated', 'status'] }).notNull(),
    // JSON object of changed fields: { field: [before, after] }.
    changes: text('changes').notNull().default('{}'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: integer('at').notNull(),
  },
  (t) => [index('lease_history_lease_idx').on(t.leaseId)],
);

/** Onboarding quotations: draft → submitted → approved | rejected; approved → converted (creates the lease). */
export const quotations = sqliteTable(
  'quotations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    lesseeId: integer('lessee_id')
      .notNull()
      .references(() => lessees.id),
    ...termColumns(),
    status: text('status', { enum: QUOTATION_STATUSES }).notNull().default('draft'),
    externalId: text('external_id'),
    lastSyncAt: integer('last_sync_at'),
    leaseId: integer('lease_id').references(() => leases.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('quotations_funder_status_idx').on(t.funderId, t.status)],
);

export const quotationHistory = sqliteTable(
  'quotation_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: QUOTATION_STATUSES }),
    toStatus: text('to_status', { enum: QUOTATION_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: integer('at').notNull(),
  },
  (t) => [index('quotation_history_quotation_idx').on(t.quotationId)],
);

/** Management: a user's saved view of a portfolio module (spec §3 portfolioModule: module, columns, filters). */
export const portfolioViews = sqliteTable(
  'portfolio_views',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module: text('module', { enum: PORTFOLIO_MODULES }).notNull(),
    name: text('name').notNull(),
    // JSON: string[] of column ids, and an object of filters.
    columns: text('columns').notNull().default('[]'),
    filters: text('filters').notNull().default('{}'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('portfolio_views_user_module_name_idx').on(t.userId, t.module, t.name)],
);

/**
 * The funder's book change journal: one row per change of anything a figure of the book is derived from, written in
 * the same transaction as the change (db/queries/book-changes.ts recordBookChange, after the funder's row lock):
 * - `lease`: a lease created, edited (terms, status, write-off) or deleted (lease_id);
 * - `ledger`: a payment or reversal of the lease (lease_id);
 * - `flag`: an unlikely-to-pay or SICR flag of the lease set or cleared (lease_id);
 * - `loss`: a write-off proposed, decided, or a recovery of the lease (lease_id);
 * - `lessee`: a lessee's kind (retail / corporate) changed (lease_id null);
 * - `settings`: the funder's parameters changed (lease_id null);
 * - `book`: a bulk write of the whole book (the demo seed): every view rebuilds (lease_id null).
 * The views of the book (services/portfolio, services/servicing, services/credit) hold the seq they reflect and apply
 * only the rows after it. Seqs of one funder are in commit order: each writer takes the funder's lock before it
 * inserts its row. No foreign key on lease_id: a deleted lease keeps its rows. Append-only.
 */
export const bookChanges = sqliteTable(
  'book_changes',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    kind: text('kind', { enum: ['lease', 'ledger', 'flag', 'loss', 'lessee', 'settings', 'book'] }).notNull(),
    leaseId: integer('lease_id'),
  },
  (t) => [index('book_changes_funder_seq_idx').on(t.funderId, t.seq)],
);

export type Funder = typeof funders.$inferSelect;
export type Lessee = typeof lessees.$inferSelect;
export type Lease = typeof leases.$inferSelect;
export type OpeningPositionRow = typeof openingPositions.$inferSelect;
export type NewLease = typeof leases.$inferInsert;
export type ScheduleRowRecord = typeof scheduleRows.$inferSelect;
export type Quotation = typeof quotations.$inferSelect;
export type PortfolioView = typeof portfolioViews.$inferSelect;

/**
 * A funder's named scenario (domain.md §10): annual CPR and CDR, loss severity (decimals 0..1) and the
 * recovery lag in months, applied to the portfolio cash flow beside the contractual case. Names are
 * unique per funder.
 */
export const scenarios = sqliteTable(
  'scenarios',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cpr: real('cpr').notNull(),
    cdr: real('cdr').notNull(),
    severity: real('severity').notNull(),
    lagMonths: integer('lag_months').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('scenarios_funder_name_idx').on(t.funderId, t.name)],
);
export type Scenario = typeof scenarios.$inferSelect;
