import { blob, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { funders } from './portfolio';
import {
  CONCENTRATION_GROUPS,
  COVENANT_METRICS,
  COVENANT_OPERATORS,
  CRITERION_KINDS,
  FACILITY_DECISION_STATUSES,
  FACILITY_MOVEMENT_TYPES,
  LIMIT_KINDS,
} from '../../lib/domain/facilities';

/**
 * Funding facilities of a funder (domain.md §11): a lender, a currency, a commitment, an advance rate, a maturity,
 * reserves. Money in minor units of the facility currency; rates decimals; dates YYYY-MM-DD. The facility's age in
 * months (covenant threshold steps) counts from `startDate`.
 */
export const facilities = sqliteTable(
  'facilities',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lender: text('lender').notNull(),
    currency: text('currency').notNull(),
    commitment: integer('commitment').notNull(),
    advanceRate: real('advance_rate').notNull(),
    reserves: integer('reserves').notNull().default(0),
    startDate: text('start_date').notNull(),
    maturityDate: text('maturity_date').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('facilities_funder_idx').on(t.funderId)],
);
export type FacilityRow = typeof facilities.$inferSelect;

/** Eligibility criteria: `value` for numeric kinds, `values` (JSON array of codes) for list kinds. */
export const facilityCriteria = sqliteTable(
  'facility_criteria',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CRITERION_KINDS }).notNull(),
    value: real('value'),
    values: text('values'),
  },
  (t) => [index('facility_criteria_facility_idx').on(t.facilityId)],
);
export type FacilityCriterionRow = typeof facilityCriteria.$inferSelect;

/** Concentration limits: `value` a decimal share (percent) or minor units (amount); `topN` for the top-N lessees. */
export const facilityLimits = sqliteTable(
  'facility_limits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    groupBy: text('group_by', { enum: CONCENTRATION_GROUPS }).notNull(),
    kind: text('kind', { enum: LIMIT_KINDS }).notNull(),
    value: real('value').notNull(),
    topN: integer('top_n'),
  },
  (t) => [index('facility_limits_facility_idx').on(t.facilityId)],
);
export type FacilityLimitRow = typeof facilityLimits.$inferSelect;

/**
 * Draw requests and repayments (four eyes: requested by one user, approved by another). Only approved ones move
 * the outstanding, from their value date on.
 */
export const facilityDraws = sqliteTable(
  'facility_draws',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    type: text('type', { enum: FACILITY_MOVEMENT_TYPES }).notNull(),
    amount: integer('amount').notNull(),
    valueDate: text('value_date').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: FACILITY_DECISION_STATUSES }).notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByEmail: text('requested_by_email').notNull().default(''),
    requestedAt: integer('requested_at').notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    decidedAt: integer('decided_at'),
  },
  (t) => [index('facility_draws_facility_idx').on(t.facilityId, t.status, t.valueDate)],
);
export type FacilityDrawRow = typeof facilityDraws.$inferSelect;

/**
 * Borrowing-base certificates: prepared by one user (the content — base, excesses, lease-level eligibility — is
 * frozen as JSON with its XLSX), approved by another (the PDF is made then); once issued nothing changes them and
 * the files keep their SHA-256.
 */
export const facilityCertificates = sqliteTable(
  'facility_certificates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    asOf: text('as_of').notNull(),
    status: text('status', { enum: FACILITY_DECISION_STATUSES }).notNull().default('pending'),
    summary: text('summary').notNull(),
    xlsx: blob('xlsx', { mode: 'buffer' }).notNull(),
    xlsxSha256: text('xlsx_sha256').notNull(),
    pdf: blob('pdf', { mode: 'buffer' }),
    pdfSha256: text('pdf_sha256'),
    preparedBy: integer('prepared_by').references(() => users.id, { onDelete: 'set null' }),
    preparedByEmail: text('prepared_by_email').notNull().default(''),
    preparedAt: integer('prepared_at').notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    decidedAt: integer('decided_at'),
  },
  (t) => [index('facility_certificates_facility_idx').on(t.facilityId, t.asOf)],
);
export type FacilityCertificateRow = typeof facilityCertificates.$inferSelect;

/** Covenants: `steps` JSON [{ fromMonth, threshold }]; thresholds and margins are decimals like the metric. */
export const facilityCovenants = sqliteTable(
  'facility_covenants',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    metric: text('metric', { enum: COVENANT_METRICS }).notNull(),
    operator: text('operator', { enum: COVENANT_OPERATORS }).notNull(),
    steps: text('steps').notNull(),
    warningMargin: real('warning_margin').notNull().default(0),
  },
  (t) => [index('facility_covenants_facility_idx').on(t.facilityId)],
);
export type FacilityCovenantRow = typeof facilityCovenants.$inferSelect;

/**
 * The metric values of a facility per closed month end, kept once computed (like a month-end snapshot, a closed
 * month does not change when later data arrives). `metrics` JSON { metric: value }.
 */
export const facilityMetricResults = sqliteTable(
  'facility_metric_results',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    monthEnd: text('month_end').notNull(),
    metrics: text('metrics').notNull(),
    computedAt: integer('computed_at').notNull(),
  },
  (t) => [uniqueIndex('facility_metric_results_pk').on(t.facilityId, t.monthEnd)],
);
