import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { funders } from './portfolio';
import { FUNDER_PROPOSAL_STATUSES } from '../schema/access';

/** See db/schema/access.ts: which funders a non-admin user may see and change. */
export const userFunders = pgTable(
  'user_funders',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id, { onDelete: 'cascade' }),
    assignedBy: bigint('assigned_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    assignedAt: bigint('assigned_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.funderId] }), index('user_funders_funder_idx').on(t.funderId)],
);

/**
 * See db/schema/access.ts: the append-only audit trail; `before`/`after` are JSON. (The SQLite migration adds
 * triggers refusing UPDATE and DELETE; the generated PostgreSQL migration has no twin of them.)
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: bigint('at', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    userEmail: text('user_email').notNull().default(''),
    funderId: bigint('funder_id', { mode: 'number' }),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: text('before'),
    after: text('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_user_idx').on(t.userId, t.at),
  ],
);

/** See db/schema/access.ts: four eyes on funder settings; `changes` and `base` are JSON. */
export const funderChangeProposals = pgTable(
  'funder_change_proposals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id, { onDelete: 'cascade' }),
    proposedBy: bigint('proposed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    proposedByEmail: text('proposed_by_email').notNull().default(''),
    proposedAt: bigint('proposed_at', { mode: 'number' }).notNull(),
    changes: text('changes').notNull(),
    base: text('base').notNull(),
    baseDataVersion: bigint('base_data_version', { mode: 'number' }).notNull(),
    status: text('status', { enum: FUNDER_PROPOSAL_STATUSES }).notNull().default('pending'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    decidedAt: bigint('decided_at', { mode: 'number' }),
  },
  (t) => [index('funder_change_proposals_funder_idx').on(t.funderId, t.status)],
);
