import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { authFailures } from '../schema/auth';

export function recordAuthFailure(db: DbOrTx, keys: string[], now = Date.now()): void {
  if (keys.length === 0) return;
  db.insert(authFailures)
    .values(keys.map((key) => ({ key, at: now })))
    .run();
}

export type AuthFailureStats = { count: number; oldest: number | null; newest: number | null };

/** Failures per key since `since`, the oldest and the newest of them (to compute Retry-After); one indexed range scan. */
export function countAuthFailures(db: DbOrTx, key: string, since: number): AuthFailureStats {
  const row = db
    .select({
      count: sql<number>`count(*)`,
      oldest: sql<number | null>`min(${authFailures.at})`,
      newest: sql<number | null>`max(${authFailures.at})`,
    })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gte(authFailures.at, since)))
    .get();
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null, newest: row?.newest ?? null };
}

export function clearAuthFailures(db: DbOrTx, keys: string[]): void {
  if (keys.length === 0) return;
  db.delete(authFailures).where(inArray(authFailures.key, keys)).run();
}

export function pruneAuthFailures(db: DbOrTx, before: number): void {
  db.delete(authFailures).where(lt(authFailures.at, before)).run();
}
