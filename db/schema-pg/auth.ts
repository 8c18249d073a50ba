import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { ROLES, USER_STATUSES, PLANS } from '../../lib/domain/enums';

/** See db/schema/auth.ts. */
export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
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
  sessionVersion: bigint('session_version', { mode: 'number' }).notNull().default(0),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/** See db/schema/auth.ts. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // All tokens issued by rotation from one login share a family; reuse of a spent one revokes the family.
    familyId: text('family_id').notNull(),
    // SHA-256 of the opaque token: the token itself is never stored.
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    usedAt: bigint('used_at', { mode: 'number' }),
    revokedAt: bigint('revoked_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** See db/schema/auth.ts. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    // 'email:<address>' or 'ip:<address>'
    key: text('key').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('auth_failures_key_at_idx').on(t.key, t.at)],
);
