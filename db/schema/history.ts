import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { funders } from './portfolio';

/**
 * Month-end snapshots of a funder's book (domain.md §9). A month `YYYY-MM` is closed when it lies before
 * today's month (services/history/snapshots.ts isClosedMonth); only closed months are stored, built from
 * the schedules and the ledger as recorded up to the month end the first time a report needs them, and
 * never changed afterwards (reports of a past month read these rows, so later payments do not move them).
 * The current month is computed live and never stored.
 *
 * `snapshot_months` marks a month as built (its lease rows are complete) and keeps the month's
 * aggregates (per currency and per vintage cohort, JSON of lib/history) so the performance and vintage
 * reports read one row per month instead of every lease's.
 */
export const snapshotMonths = sqliteTable(
  'snapshot_months',
  {
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    month: text('month').notNull(),
    monthEnd: text('month_end').notNull(),
    leaseCount: integer('lease_count').notNull(),
    // JSON: lib/history MonthAggregates (per currency totals and vintage cohorts).
    aggregates: text('aggregates').notNull(),
    builtAt: integer('built_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.funderId, t.month] })],
);

/**
 * One row per lease of the book purchased by the month end (`in_pool` 1: in the pool at the month end; 0: it
 * left it — repaid or written off — and stays for the cumulative measures: original principal, net loss,
 * vintages). No foreign key to leases: a snapshot outlives a later change or deletion of the lease (it is
 * history). Amounts in minor units of `currency`. Balances are domain.md §3's prin at the month end: the schedule's
 * balance after the instalments due before it; arrears are beside it, never inside it (§14).
 */
export const leaseSnapshots = sqliteTable(
  'lease_snapshots',
  {
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    month: text('month').notNull(),
    leaseId: integer('lease_id').notNull(),
    contractNumber: text('contract_number').notNull(),
    currency: text('currency').notNull(),
    purchaseDate: text('purchase_date').notNull(),
    originationDate: text('origination_date').notNull(),
    // Financed principal P of the lease (its original balance).
    originalPrincipal: integer('original_principal').notNull(),
    // In the pool at the month end (1) or left it during or before the month (0).
    inPool: integer('in_pool').notNull().default(1),
    // Outstanding principal at the previous month end (0 when the lease was not in the pool then).
    startBalance: integer('start_balance').notNull(),
    // Outstanding principal at the month end (0 once out of the pool): the schedule's principal (with the residual) due on or after it.
    balance: integer('balance').notNull(),
    // Principal of the instalments due in the month while the lease was in the pool (roll-forward: opening + purchased − scheduled − written off = closing).
    scheduledPrincipal: integer('scheduled_principal').notNull(),
    // Outstanding principal on the purchase date, for a lease purchased in the month.
    purchasedPrincipal: integer('purchased_principal').notNull().default(0),
    // Outstanding principal on the write-off date, for a lease written off in the month (it leaves the pool's balance).
    writtenOffPrincipal: integer('written_off_principal').notNull().default(0),
    actualPrincipal: integer('actual_principal').notNull(),
    unscheduledPrincipal: integer('unscheduled_principal').notNull(),
    // Interest collected in the month (allocated by the ledger).
    interest: integer('interest').notNull(),
    dpd: integer('dpd').notNull(),
    bucket: text('bucket').notNull(),
    status: text('status').notNull(),
    firstDefaultDate: text('first_default_date'),
    defaultAmount: integer('default_amount').notNull(),
    // Outstanding principal at the first default (0 if not defaulted up to the month end); the MDR numerator in the month of that default.
    defaultPrincipal: integer('default_principal').notNull(),
    writtenOff: integer('written_off').notNull(),
    recoveries: integer('recoveries').notNull(),
  },
  // The primary key serves every read (a month's rows in lease-id order); no other index slows the bulk build. The
  // migration makes the table WITHOUT ROWID (hand-edited): rows live in the key's B-tree, one tree to write, not two.
  (t) => [primaryKey({ columns: [t.funderId, t.month, t.leaseId] })],
);

export type SnapshotMonthRecord = typeof snapshotMonths.$inferSelect;
export type LeaseSnapshotRecord = typeof leaseSnapshots.$inferSelect;
