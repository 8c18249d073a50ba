import { transaction } from '../transaction';
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { Conflict, NotFound } from '@/lib/domain/errors';
import type { AddUserBody, DirectoryUser, UpdateUserBody, UsersListQuery } from '@/lib/validations/users';
import type { Db, DbOrTx } from '../client';
import { recordAudit } from './audit';
import { type User } from '../schema/auth';
import { users } from '../tables';
import { changeRole } from './sessions';
import { getUserByEmail, getUserByUsername } from './users';

/** The directory's view of a user: never the password hash or the session version. */
export function toDirectoryUser(u: User): DirectoryUser {
  return {
    id: u.id,
    fullName: u.fullName,
    company: u.company,
    role: u.role,
    username: u.username,
    country: u.country,
    contact: u.contact,
    email: u.email,
    currentPlan: u.currentPlan,
    status: u.status,
    avatar: u.avatar ?? null,
    authProvider: u.authProvider,
    hasPassword: u.passwordHash !== null,
  };
}

export type DirectoryFilter = Pick<UsersListQuery, 'q' | 'role' | 'currentPlan' | 'status'>;

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function directoryWhere(f: DirectoryFilter): SQL | undefined {
  const parts: SQL[] = [];
  // As the template: q matches username or full name, case-insensitively; not e-mail.
  if (f.q) {
    const p = likeContains(f.q);
    parts.push(sql`(lower(${users.username}) like ${p} escape '\\' or lower(${users.fullName}) like ${p} escape '\\')`);
  }
  if (f.role) parts.push(eq(users.role, f.role));
  if (f.currentPlan) parts.push(eq(users.currentPlan, f.currentPlan));
  if (f.status) parts.push(eq(users.status, f.status));
  return parts.length ? and(...parts) : undefined;
}

/** Every user, newest first (the template prepends added users). */
export async function listAllDirectoryUsers(db: DbOrTx): Promise<DirectoryUser[]> {
  return (await db.select().from(users).orderBy(desc(users.id))).map(toDirectoryUser);
}

/** One page of the filtered directory, newest first; `total` is the filtered count. */
export async function pageDirectoryUsers(db: DbOrTx, query: UsersListQuery): Promise<{ users: DirectoryUser[]; total: number }> {
  const where = directoryWhere(query);
  const total =
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .where(where)
        .limit(1)
    )[0]?.n ?? 0;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { users: rows.map(toDirectoryUser), total };
}

/** The whole filtered directory in batches (for exports), in the list's order. */
export async function* iterateDirectoryUsers(db: DbOrTx, f: DirectoryFilter, batchSize = 500): AsyncGenerator<DirectoryUser[]> {
  const where = directoryWhere(f);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await db.select().from(users).where(where).orderBy(desc(users.id)).limit(batchSize).offset(offset);
    if (rows.length) yield rows.map(toDirectoryUser);
    if (rows.length < batchSize) return;
  }
}

export async function getDirectoryUser(db: DbOrTx, id: number): Promise<DirectoryUser | undefined> {
  const u = (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
  return u ? toDirectoryUser(u) : undefined;
}

async function countOtherActiveAdmins(db: DbOrTx, exceptId: number): Promise<number> {
  return (
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, exceptId)))
        .limit(1)
    )[0]?.n ?? 0
  );
}

export const LAST_ADMIN_MESSAGE = 'This is the last active admin: make another user an active admin first.';

/** Refuses (409) a change that would leave no active admin: `after` is the user's role and status once changed, null when deleted. */
async function assertKeepsAnAdmin(db: DbOrTx, user: User, after: { role: string; status: string } | null): Promise<void> {
  const isActiveAdmin = user.role === 'admin' && user.status === 'active';
  const staysActiveAdmin = after !== null && after.role === 'admin' && after.status === 'active';
  if (isActiveAdmin && !staysActiveAdmin && (await countOtherActiveAdmins(db, user.id)) === 0) {
    throw new Conflict(LAST_ADMIN_MESSAGE, [
      { field: after === null ? 'id' : after.role !== 'admin' ? 'role' : 'status', message: LAST_ADMIN_MESSAGE },
    ]);
  }
}

async function duplicateIssues(db: DbOrTx, email: string, username: string) {
  const issues = [];
  if (await getUserByEmail(db, email)) issues.push({ field: 'email', message: 'This email is already in use.' });
  if (await getUserByUsername(db, username)) issues.push({ field: 'username', message: 'This username is already in use.' });
  return issues;
}

/** Adds a user with a password hash made by the caller (hashing is async and must stay outside the transaction); 409 for a taken e-mail or username. */
export async function createDirectoryUser(
  db: Db,
  input: Omit<AddUserBody, 'password'>,
  passwordHash: string,
  now = Date.now(),
  actorId: number | null = null,
): Promise<DirectoryUser> {
  return await transaction(db, async (tx) => {
    const email = input.email.trim().toLowerCase();
    const issues = await duplicateIssues(tx, email, input.username);
    if (issues.length) throw new Conflict(issues.map((i) => i.message).join(' '), issues);
    const created = (
      await tx
        .insert(users)
        .values({
          email,
          username: input.username,
          fullName: input.fullName,
          passwordHash,
          role: input.role,
          status: input.status,
          company: input.company,
          country: input.country,
          contact: input.contact,
          currentPlan: input.currentPlan,
          avatar: input.avatar ?? null,
          authProvider: 'credentials',
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0]!;
    await recordAudit(tx, { actor: actorId, entity: 'user', entityId: created.id, action: 'create', after: toDirectoryUser(created) }, now);
    return toDirectoryUser(created);
  });
}

/**
 * Changes role, status or plan in one transaction: 404 for an unknown id, 409 when it would remove the last
 * active admin. A role change goes through changeRole, which revokes the user's sessions and tokens;
 * it runs on the same connection inside this transaction (better-sqlite3 nests it as a savepoint).
 */
export async function updateDirectoryUser(
  db: Db,
  id: number,
  patch: UpdateUserBody,
  actorId: number | null = null,
): Promise<DirectoryUser> {
  return await transaction(db, async (tx) => {
    const user = (await tx.select().from(users).where(eq(users.id, id)).limit(1))[0];
    if (!user) throw new NotFound(`User ${id} does not exist.`);
    const role = patch.role ?? user.role;
    const status = patch.status ?? user.status;
    await assertKeepsAnAdmin(tx, user, { role, status });
    if (patch.status !== undefined || patch.currentPlan !== undefined) {
      await tx
        .update(users)
        .set({ status, currentPlan: patch.currentPlan ?? user.currentPlan, updatedAt: Date.now() })
        .where(eq(users.id, id));
    }
    if (role !== user.role) await changeRole(tx, id, role);
    const after = toDirectoryUser((await tx.select().from(users).where(eq(users.id, id)).limit(1))[0]!);
    await recordAudit(tx, {
      actor: actorId,
      entity: 'user',
      entityId: id,
      action: role !== user.role ? 'role' : 'update',
      before: toDirectoryUser(user),
      after,
    });
    return after;
  });
}

/** Deletes a user (their tokens, wishlist and cart go with them): 404 for an unknown id, 409 for the last active admin. */
export async function deleteDirectoryUser(db: Db, id: number, actorId: number | null = null): Promise<void> {
  await transaction(db, async (tx) => {
    const user = (await tx.select().from(users).where(eq(users.id, id)).limit(1))[0];
    if (!user) throw new NotFound(`User ${id} does not exist.`);
    await assertKeepsAnAdmin(tx, user, null);
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, { actor: actorId, entity: 'user', entityId: id, action: 'delete', before: toDirectoryUser(user) });
  });
}
