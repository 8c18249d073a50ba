/**
 * The start-up warm-ups (instrumentation.ts → services/<area>/warm.ts) run on a short-lived connection of their
 * own to the app's database file: db/index.ts is 'server-only', and the caches they fill are keyed by data (the
 * database file), not by connection. Imported lazily, like the warm-ups themselves.
 */
import type { Db } from '@/db/client';

/**
 * Runs `work` on its own connection to the database, closed afterwards: the SQLite file (`none` when there is no file
 * yet), or a small pool of its own on the PostgreSQL server DATABASE_URL names.
 */
export async function onOwnConnection<T>(none: T, work: (db: Db) => T | Promise<T>): Promise<T> {
  const [{ existsSync }, { openDb }, { databaseConfig }] = await Promise.all([
    import('node:fs'),
    import('@/db/client'),
    import('@/lib/env'),
  ]);
  const config = databaseConfig();
  if (config.engine === 'postgres') {
    const { openPgDb } = await import('@/db/pg-client');
    const pg = openPgDb(config.url, { max: 2 });
    try {
      return await work(pg as unknown as Db);
    } finally {
      await pg.$client.end();
    }
  }
  const file = config.file;
  if (!existsSync(file)) return none;
  const db = openDb(file);
  try {
    return await work(db);
  } finally {
    db.$client.close();
  }
}
