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
