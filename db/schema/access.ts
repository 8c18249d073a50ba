import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { funders } from './portfolio';

/** Which funders a non-admin user may see and change (domain.md §12); admins see every funder. */
export const userFunders = sqliteTable(
  'user_funders',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: integer('assigned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.funderId] }), index('user_funders_funder_idx').on(t.funderId)],
);

/**
 * The append-only audit trail (domain.md §12): one row per change, written in the transaction of the change.
 * No query updates or deletes it; `before`/`after` are JSON (null for a creation or a deletion).
 * The user is kept as an id and a copied e-mail so the row still says who after the user is deleted.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    userId: integer('user_id'),
    userEmail: text('user_email').notNull().default(''),
    funderId: integer('funder_id'),
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

export type AuditRow = typeof auditLog.$inferSelect;

export const FUNDER_PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;

/**
 * Four eyes on funder settings (domain.md §12): where the funder enforces it, an admin's change of its settings is
 * kept here as a proposal and applied only when another admin approves it. `changes` is the diff as JSON
 * ({ field: { before, after } }); `base` the funder's whole settings when it was proposed (an approval of a
 * proposal whose base no longer matches answers 409), `baseDataVersion` the funder's data version then.
 */
export const funderChangeProposals = sqliteTable(
  'funder_change_proposals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id, { onDelete: 'cascade' }),
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    proposedByEmail: text('proposed_by_email').notNull().default(''),
    proposedAt: integer('proposed_at').notNull(),
    changes: text('changes').notNull(),
    base: text('base').notNull(),
    baseDataVersion: integer('base_data_version').notNull(),
    status: text('status', { enum: FUNDER_PROPOSAL_STATUSES }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    decidedAt: integer('decided_at'),
  },
  (t) => [index('funder_change_proposals_funder_idx').on(t.funderId, t.status)],
);

export type FunderChangeProposalRow = typeof funderChangeProposals.$inferSelect;
