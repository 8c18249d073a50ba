import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { authFailures } from '../schema/auth';

export function recordAuthFailure(db: DbOrTx, keys: string[], now = Date.now()): void {
  if (keys.length === 0) return;
  db.insert(authFailures)
    .values(keys.map((key) => ({ key, at: now })))
    .run();
}

/** Failures per key since `since`, and the oldest of them (to compute Retry-After). */
export function countAuthFailures(db: DbOrTx, key: string, since: number): { count: number; oldest: number | null } {
  const row = db
    .select({ count: sql<number>`count(*)`, oldest: sql<number | null>`min(${authFailures.at})` })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gte(authFailures.at, since)))
    .get();
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export function clearAuthFailures(db: DbOrTx, keys: string[]): void {
  if (keys.length === 0) return;
  db.delete(authFailures).where(inArray(authFailures.key, keys)).run();
}

export function pruneAuthFailures(db: DbOrTx, before: number): void {
  db.delete(authFailures).where(lt(authFailures.at, before)).run();
}
