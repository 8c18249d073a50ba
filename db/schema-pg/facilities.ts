import { bigint, doublePrecision, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from './types';
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

/** See db/schema/facilities.ts: funding facilities; money in minor units of the facility currency, rates decimals. */
export const facilities = pgTable(
  'facilities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lender: text('lender').notNull(),
    currency: text('currency').notNull(),
    commitment: bigint('commitment', { mode: 'number' }).notNull(),
    advanceRate: doublePrecision('advance_rate').notNull(),
    reserves: bigint('reserves', { mode: 'number' }).notNull().default(0),
    startDate: text('start_date').notNull(),
    maturityDate: text('maturity_date').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('facilities_funder_idx').on(t.funderId)],
);

/** See db/schema/facilities.ts: eligibility criteria; `value` for numeric kinds, `values` a JSON array of codes. */
export const facilityCriteria = pgTable(
  'facility_criteria',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    facilityId: bigint('facility_id', { mode: 'number' })
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CRITERION_KINDS }).notNull(),
    value: doublePrecision('value'),
    values: text('values'),
  },
  (t) => [index('facility_criteria_facility_idx').on(t.facilityId)],
);

/** See db/schema/facilities.ts: concentration limits; `value` a decimal share or minor units. */
export const facilityLimits = pgTable(
  'facility_limits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    facilityId: bigint('facility_id', { mode: 'number' })
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    groupBy: text('group_by', { enum: CONCENTRATION_GROUPS }).notNull(),
    kind: text('kind', { enum: LIMIT_KINDS }).notNull(),
    value: doublePrecision('value').notNull(),
    topN: bigint('top_n', { mode: 'number' }),
  },
  (t) => [index('facility_limits_facility_idx').on(t.facilityId)],
);

/** See db/schema/facilities.ts: draw requests and repayments under four eyes. */
export const facilityDraws = pgTable(
  'facility_draws',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    facilityId: bigint('facility_id', { mode: 'number' })
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    type: text('type', { enum: FACILITY_MOVEMENT_TYPES }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    valueDate: text('value_date').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: FACILITY_DECISION_STATUSES }).notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    requestedByEmail: text('requested_by_email').notNull().default(''),
    requestedAt: bigint('requested_at', { mode: 'number' }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    decidedAt: bigint('decided_at', { mode: 'number' }),
  },
  (t) => [index('facility_draws_facility_idx').on(t.facilityId, t.status, t.valueDate)],
);

/** See db/schema/facilities.ts: borrowing-base certificates; once issued nothing changes them (files keep their SHA-256). */
export const facilityCertificates = pgTable(
  'facility_certificates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    facilityId: bigint('facility_id', { mode: 'number' })
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    asOf: text('as_of').notNull(),
    status: text('status', { enum: FACILITY_DECISION_STATUSES }).notNull().default('pending'),
    summary: text('summary').notNull(),
    xlsx: bytea('xlsx').notNull(),
    xlsxSha256: text('xlsx_sha256').notNull(),
    pdf: bytea('pdf'),
    pdfSha256: text('pdf_sha256'),
    preparedBy: bigint('prepared_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    preparedByEmail: text('prepared_by_email').notNull().default(''),
    preparedAt: bigint('prepared_at', { mode: 'number' }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    decidedAt: bigint('decided_at', { mode: 'number' }),
  },
  (t) => [index('facility_certificates_facility_idx').on(t.facilityId, t.asOf)],
);

/** See db/schema/facilities.ts: covenants; `steps` JSON [{ fromMonth, threshold }]. */
export const facilityCovenants = pgTable(
  'facility_covenants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    facilityId: bigint('facility_id', { mode: 'number' })
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    metric: text('metric', { enum: COVENANT_METRICS }).notNull(),
    operator: text('operator', { enum: COVENANT_OPERATORS }).notNull(),
    steps: text('steps').notNull(),
    warningMargin: doublePrecision('warning_margin').notNull().default(0),
  },
  (t) => [index('facility_covenants_facility_idx').on(t.facilityId)],
);

/** See db/schema/facilities.ts: the metric values of a facility per closed month end (`metrics` JSON). */
export const facilityMetricResults = pgTable(
  'facility_metric_results',
  {
    facilityId: bigint('facility_id', { mode: 'number' })
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    monthEnd: text('month_end').notNull(),
    metrics: text('metrics').notNull(),
    computedAt: bigint('computed_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('facility_metric_results_pk').on(t.facilityId, t.monthEnd)],
);
