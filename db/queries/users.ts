import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client';
import { deepFreeze, readUntilChange } from './change-memo';
import { type NewUser, type Role, type User } from '../schema/auth';
import { users } from '../tables';

export async function getUserById(db: DbOrTx, id: number): Promise<User | undefined> {
  return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
}

export async function getUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  return (await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1))[0];
}

export async function getUserByUsername(db: DbOrTx, username: string): Promise<User | undefined> {
  return (await db.select().from(users).where(eq(users.username, username)).limit(1))[0];
}

export async function countUsers(db: DbOrTx): Promise<number> {
  return (
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .limit(1)
    )[0]?.n ?? 0
  );
}

export type CreateUserInput = Omit<NewUser, 'id' | 'createdAt' | 'updatedAt' | 'sessionVersion'>;

export async function createUser(db: Tx, input: CreateUserInput, now = Date.now()): Promise<User> {
  return (
    await db
      .insert(users)
      .values({ ...input, email: input.email.trim().toLowerCase(), createdAt: now, updatedAt: now })
      .returning()
  )[0]!;
}

/** Invalidates every session cookie and access token of the user. */
export async function bumpSessionVersion(db: Tx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: Date.now() })
    .where(eq(users.id, userId));
}

export async function setUserRole(db: Tx, userId: number, role: Role): Promise<void> {
  await db.update(users).set({ role, updatedAt: Date.now() }).where(eq(users.id, userId));
}

export async function setUserPasswordHash(db: Tx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: Date.now() }).where(eq(users.id, userId));
}

/**
 * True if the user exists, is active and still holds this session version. Runs on every authenticated request: kept
 * (frozen) until the database changes (change-memo.ts; read each time on PostgreSQL), so a revocation, a role change
 * or a deactivation takes effect at the next request.
 */
export async function isSessionCurrent(db: DbOrTx, userId: number, sessionVersion: number): Promise<User | undefined> {
  const user = await readUntilChange(db, `users.isSessionCurrent:${userId}:${sessionVersion}`, async () => {
    const row = (
      await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.sessionVersion, sessionVersion)))
        .limit(1)
    )[0];
    return row ? deepFreeze(row) : undefined;
  });
  return user && user.status === 'active' ? user : undefined;
}
