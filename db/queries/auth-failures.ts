import { transaction } from '../transaction';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { authFailures } from '../tables';

/**
 * Records one failure under each key. The same keys' rows older than `windowMs` count for nothing any more, so they
 * are dropped in the same write (an index range per key): the table holds the live window, not every failure ever.
 */
export async function recordAuthFailure(db: DbOrTx, keys: string[], windowMs: number, now = Date.now()): Promise<void> {
  if (keys.length === 0) return;
  await transaction(db, async (tx) => {
    await tx.delete(authFailures).where(and(inArray(authFailures.key, keys), lt(authFailures.at, now - windowMs)));
    await tx.insert(authFailures).values(keys.map((key) => ({ key, at: now })));
  });
}

export type AuthFailureStats = { count: number; oldest: number | null; newest: number | null };

/** Failures per key since `since`, the oldest and the newest of them (to compute Retry-After); one indexed range scan. */
export async function countAuthFailures(db: DbOrTx, key: string, since: number): Promise<AuthFailureStats> {
  const row = (
    await db
      .select({
        count: sql<number>`count(*)`,
        oldest: sql<number | null>`min(${authFailures.at})`,
        newest: sql<number | null>`max(${authFailures.at})`,
      })
      .from(authFailures)
      .where(and(eq(authFailures.key, key), gte(authFailures.at, since)))
      .limit(1)
  )[0];
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null, newest: row?.newest ?? null };
}

export async function clearAuthFailures(db: DbOrTx, keys: string[]): Promise<void> {
  return await transaction(db, async (tx) => {
    if (keys.length === 0) return;
    await tx.delete(authFailures).where(inArray(authFailures.key, keys));
  });
}
