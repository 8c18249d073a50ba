import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { funders, leases } from './portfolio';
import { CREDIT_FLAG_KINDS, RECOVERY_KINDS, WRITE_OFF_STATUSES } from '../../lib/domain/enums';

/**
 * Credit flags set by a user on a lease (domain.md §8): `utp` (unlikely to pay: a default trigger from
 * `flaggedOn`) or `sicr` (significant increase in credit risk: IFRS 9 stage 2). A flag is never deleted:
 * unflagging sets `clearedOn`, so the default history of any past date can be derived again.
 */
export const creditFlags = sqliteTable(
  'credit_flags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leases.id),
    kind: text('kind', { enum: CREDIT_FLAG_KINDS }).notNull().default('utp'),
    flaggedOn: text('flagged_on').notNull(),
    reason: text('reason').notNull(),
    flaggedBy: integer('flagged_by').references(() => users.id, { onDelete: 'set null' }),
    flaggedAt: integer('flagged_at').notNull(),
    clearedOn: text('cleared_on'),
    clearReason: text('clear_reason').notNull().default(''),
    clearedBy: integer('cleared_by').references(() => users.id, { onDelete: 'set null' }),
    clearedAt: integer('cleared_at'),
  },
  (t) => [index('credit_flags_funder_idx').on(t.funderId, t.leaseId), index('credit_flags_lease_idx').on(t.leaseId)],
);

/**
 * Write-offs under four eyes: one user proposes (date, amount in minor units of the lease currency), another
 * approves or rejects. Only an approved write-off enters the loss ledger and ends the lease's flows.
 */
export const writeOffs = sqliteTable(
  'write_offs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leases.id),
    writeOffOn: text('write_off_on').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: WRITE_OFF_STATUSES }).notNull().default('proposed'),
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    proposedAt: integer('proposed_at').notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at'),
    decisionNote: text('decision_note').notNull().default(''),
  },
  (t) => [index('write_offs_funder_idx').on(t.funderId, t.status), index('write_offs_lease_idx').on(t.leaseId)],
);

/** Recoveries after a write-off (asset sale proceeds, late collections): the credit side of the loss ledger. */
export const recoveries = sqliteTable(
  'recoveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leases.id),
    receivedOn: text('received_on').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: RECOVERY_KINDS }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('recoveries_funder_idx').on(t.funderId, t.receivedOn), index('recoveries_lease_idx').on(t.leaseId)],
);

export type CreditFlag = typeof creditFlags.$inferSelect;
export type WriteOff = typeof writeOffs.$inferSelect;
export type Recovery = typeof recoveries.$inferSelect;
