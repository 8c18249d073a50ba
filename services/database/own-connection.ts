/**
 * The start-up warm-ups (instrumentation.ts → services/<area>/warm.ts) run on a short-lived connection of their
 * own to the app's database file: db/index.ts is 'server-only', and the caches they fill are keyed by data (the
 * database file), not by connection. Imported lazily, like the warm-ups themselves.
 */
import type { Db } from '@/db/client';

/** Runs `work` on its own connection to the database file, closed afterwards; `none` when there is no file yet. */
export async function onOwnConnection<T>(none: T, work: (db: Db) => T | Promise<T>): Promise<T> {
  const [{ existsSync }, { openDb }, { databasePath }] = await Promise.all([import('node:fs'), import('@/db/client'), import('@/lib/env')]);
  const file = databasePath();
  if (!existsSync(file)) return none;
  const db = openDb(file);
  try {
    return await work(db);
  } finally {
    db.$client.close();
  }
}
