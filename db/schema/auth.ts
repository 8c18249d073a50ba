import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ROLES, USER_STATUSES, PLANS } from '../../lib/domain/enums';
export { ROLES, type Role, USER_STATUSES, PLANS } from '../../lib/domain/enums';

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  // Stored lower-cased: sign-in matches e-mail addresses case-insensitively.
  email: text('email').notNull().unique(),
  username: text('username').notNull().unique(),
  fullName: text('full_name').notNull().default(''),
  // Null for users who only sign in through the identity provider.
  passwordHash: text('password_hash'),
  role: text('role', { enum: ROLES }).notNull().default('client'),
  status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
  company: text('company').notNull().default(''),
  country: text('country').notNull().default(''),
  contact: text('contact').notNull().default(''),
  currentPlan: text('current_plan', { enum: PLANS }).notNull().default('basic'),
  avatar: text('avatar'),
  authProvider: text('auth_provider', { enum: ['credentials', 'oidc'] })
    .notNull()
    .default('credentials'),
  // Bumped on sign-out, password change and role change: every token carrying an older value is dead.
  sessionVersion: integer('session_version').notNull().default(0),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // All tokens issued by rotation from one login share a family; reuse of a spent one revokes the family.
    familyId: text('family_id').notNull(),
    // SHA-256 of the opaque token: the token itself is never stored.
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    revokedAt: integer('revoked_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

export const authFailures = sqliteTable(
  'auth_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // 'email:<address>' or 'ip:<address>'
    key: text('key').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('auth_failures_key_at_idx').on(t.key, t.at)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
