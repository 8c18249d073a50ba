import { transaction } from '../transaction';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client';
import { userFunders, funders, users } from '../tables';
import { NotFound } from '@/lib/domain/errors';
import { recordAudit, type AuditActor } from './audit';
import { readUntilChange } from './change-memo';

/**
 * The funder ids assigned to a user, ascending. Every funder API request asks it: kept until the database changes
 * (change-memo.ts); the caller gets its own copy.
 */
export async function listUserFunderIds(db: DbOrTx, userId: number): Promise<number[]> {
  const ids = await readUntilChange(db, `funderAccess.listUserFunderIds:${userId}`, async () =>
    (
      await db
        .select({ funderId: userFunders.funderId })
        .from(userFunders)
        .where(eq(userFunders.userId, userId))
        .orderBy(asc(userFunders.funderId))
    ).map((r) => r.funderId),
  );
  return ids.slice();
}

/** Assigns funders to a user in bulk (seed, funder creation); existing assignments are kept. */
export async function assignFunders(
  db: Tx,
  pairs: { userId: number; funderId: number }[],
  assignedBy: number | null,
  now = Date.now(),
): Promise<void> {
  if (pairs.length === 0) return;
  await db
    .insert(userFunders)
    .values(pairs.map((p) => ({ ...p, assignedBy, assignedAt: now })))
    .onConflictDoNothing();
}

/**
 * Replaces a user's funder assignments (one transaction with its audit row). Unknown user or funder: NotFound.
 * Returns the new set.
 */
export async function setUserFunders(
  db: DbOrTx,
  userId: number,
  funderIds: readonly number[],
  actor: AuditActor,
  now = Date.now(),
): Promise<number[]> {
  return await transaction(db, async (tx) => {
    if (!(await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1))[0])
      throw new NotFound(`User ${userId} does not exist.`);
    const wanted = [...new Set(funderIds)].sort((a, b) => a - b);
    if (wanted.length > 0) {
      const known = new Set((await tx.select({ id: funders.id }).from(funders).where(inArray(funders.id, wanted))).map((f) => f.id));
      const missing = wanted.filter((id) => !known.has(id));
      if (missing.length > 0)
        throw new NotFound(`Funder ${missing.join(', ')} does not exist.`, [{ field: 'funderIds', message: 'No such funder.' }]);
    }
    const before = await listUserFunderIds(tx, userId);
    const removed = before.filter((id) => !wanted.includes(id));
    if (removed.length > 0) await tx.delete(userFunders).where(and(eq(userFunders.userId, userId), inArray(userFunders.funderId, removed)));
    await assignFunders(
      tx,
      wanted.filter((id) => !before.includes(id)).map((funderId) => ({ userId, funderId })),
      actor.userId,
      now,
    );
    if (removed.length > 0 || wanted.length !== before.length) {
      await recordAudit(
        tx,
        {
          actor,
          entity: 'funder_assignment',
          entityId: userId,
          action: 'update',
          before: { funderIds: before },
          after: { funderIds: wanted },
        },
        now,
      );
    }
    return wanted;
  });
}

/**
 * Users who hold every funder that exists before `newFunderId` was created: they keep seeing every funder.
 * Used when an admin adds a funder, so "all funders" assignments (the demo analyst and viewer) stay whole.
 */
export async function usersHoldingEveryFunder(db: DbOrTx, exceptFunderId: number): Promise<number[]> {
  const funderCount = (await db.select({ id: funders.id }).from(funders)).filter((f) => f.id !== exceptFunderId).length;
  if (funderCount === 0) return [];
  const counts = new Map<number, number>();
  for (const r of await db.select().from(userFunders)) {
    if (r.funderId !== exceptFunderId) counts.set(r.userId, (counts.get(r.userId) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n === funderCount).map(([userId]) => userId);
}
