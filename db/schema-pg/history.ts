import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { funders } from './portfolio';

/**
 * See db/schema/history.ts: month-end snapshots of a funder's book, stored only for closed months and never changed
 * afterwards. A row marks a month as built and keeps its aggregates.
 */
export const snapshotMonths = pgTable(
  'snapshot_months',
  {
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    month: text('month').notNull(),
    monthEnd: text('month_end').notNull(),
    leaseCount: bigint('lease_count', { mode: 'number' }).notNull(),
    // JSON: lib/history MonthAggregates (per currency totals and vintage cohorts).
    aggregates: text('aggregates').notNull(),
    builtAt: bigint('built_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.funderId, t.month] })],
);

/**
 * See db/schema/history.ts: one row per lease of the book purchased by the month end; no foreign key to leases (a
 * snapshot is history). Amounts in minor units of `currency`. (The SQLite migration makes the table WITHOUT ROWID by a
 * hand edit; the generated PostgreSQL migration has no twin of it.)
 */
export const leaseSnapshots = pgTable(
  'lease_snapshots',
  {
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    month: text('month').notNull(),
    leaseId: bigint('lease_id', { mode: 'number' }).notNull(),
    contractNumber: text('contract_number').notNull(),
    currency: text('currency').notNull(),
    purchaseDate: text('purchase_date').notNull(),
    originationDate: text('origination_date').notNull(),
    // Financed principal P of the lease (its original balance).
    originalPrincipal: bigint('original_principal', { mode: 'number' }).notNull(),
    // In the pool at the month end (1) or left it during or before the month (0).
    inPool: bigint('in_pool', { mode: 'number' }).notNull().default(1),
    // Outstanding principal at the previous month end (0 when the lease was not in the pool then).
    startBalance: bigint('start_balance', { mode: 'number' }).notNull(),
    // Outstanding principal at the month end (0 once out of the pool): the schedule's principal (with the residual) due on or after it.
    balance: bigint('balance', { mode: 'number' }).notNull(),
    // Principal of the instalments due in the month while the lease was in the pool (roll-forward: opening + purchased − scheduled − written off = closing).
    scheduledPrincipal: bigint('scheduled_principal', { mode: 'number' }).notNull(),
    // Outstanding principal on the purchase date, for a lease purchased in the month.
    purchasedPrincipal: bigint('purchased_principal', { mode: 'number' }).notNull().default(0),
    // Outstanding principal on the write-off date, for a lease written off in the month (it leaves the pool's balance).
    writtenOffPrincipal: bigint('written_off_principal', { mode: 'number' }).notNull().default(0),
    actualPrincipal: bigint('actual_principal', { mode: 'number' }).notNull(),
    unscheduledPrincipal: bigint('unscheduled_principal', { mode: 'number' }).notNull(),
    // Interest collected in the month (allocated by the ledger).
    interest: bigint('interest', { mode: 'number' }).notNull(),
    dpd: bigint('dpd', { mode: 'number' }).notNull(),
    bucket: text('bucket').notNull(),
    status: text('status').notNull(),
    firstDefaultDate: text('first_default_date'),
    defaultAmount: bigint('default_amount', { mode: 'number' }).notNull(),
    // Outstanding principal at the first default (0 if not defaulted up to the month end); the MDR numerator in the month of that default.
    defaultPrincipal: bigint('default_principal', { mode: 'number' }).notNull(),
    writtenOff: bigint('written_off', { mode: 'number' }).notNull(),
    recoveries: bigint('recoveries', { mode: 'number' }).notNull(),
  },
  // The primary key serves every read (a month's rows in lease-id order); no other index slows the bulk build.
  (t) => [primaryKey({ columns: [t.funderId, t.month, t.leaseId] })],
);
