import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { funders, leases } from './portfolio';
import { CREDIT_FLAG_KINDS, RECOVERY_KINDS, WRITE_OFF_STATUSES } from '../../lib/domain/enums';

/** See db/schema/credit.ts: credit flags (`utp`, `sicr`) on a lease; never deleted, unflagging sets `clearedOn`. */
export const creditFlags = pgTable(
  'credit_flags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => leases.id),
    kind: text('kind', { enum: CREDIT_FLAG_KINDS }).notNull().default('utp'),
    flaggedOn: text('flagged_on').notNull(),
    reason: text('reason').notNull(),
    flaggedBy: bigint('flagged_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    flaggedAt: bigint('flagged_at', { mode: 'number' }).notNull(),
    clearedOn: text('cleared_on'),
    clearReason: text('clear_reason').notNull().default(''),
    clearedBy: bigint('cleared_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    clearedAt: bigint('cleared_at', { mode: 'number' }),
  },
  (t) => [index('credit_flags_funder_idx').on(t.funderId, t.leaseId), index('credit_flags_lease_idx').on(t.leaseId)],
);

/** See db/schema/credit.ts: write-offs under four eyes; amount in minor units of the lease currency. */
export const writeOffs = pgTable(
  'write_offs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => leases.id),
    writeOffOn: text('write_off_on').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: WRITE_OFF_STATUSES }).notNull().default('proposed'),
    proposedBy: bigint('proposed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    proposedAt: bigint('proposed_at', { mode: 'number' }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedAt: bigint('decided_at', { mode: 'number' }),
    decisionNote: text('decision_note').notNull().default(''),
  },
  (t) => [index('write_offs_funder_idx').on(t.funderId, t.status), index('write_offs_lease_idx').on(t.leaseId)],
);

/** See db/schema/credit.ts: recoveries after a write-off, the credit side of the loss ledger. */
export const recoveries = pgTable(
  'recoveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => leases.id),
    receivedOn: text('received_on').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: RECOVERY_KINDS }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('recoveries_funder_idx').on(t.funderId, t.receivedOn), index('recoveries_lease_idx').on(t.leaseId)],
);
