/**
 * The PostgreSQL connection (node-postgres), for the tools and the tests now and for the server once the data layer
 * runs on both engines. No 'server-only': scripts and tests use it, as db/client.ts.
 */
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema-pg';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/**
 * int8 and numeric arrive from node-postgres as strings (they may exceed a double). QUANTUM's int8 columns hold minor
 * units, epoch milliseconds and ids, all far inside 2^53, and its numerics are sums and averages of them: read them as
 * numbers here, once for every query (drizzle's own per-query parsers fall back to this registry). A value a double
 * cannot hold exactly is an error, never a silently rounded amount.
 */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`A PostgreSQL int8 value (${text}) is beyond the exact range of a number.`);
  return n;
}

export function parseNumeric(text: string): number {
  const n = Number(text);
  if (/^-?\d+$/.test(text) && !Number.isSafeInteger(n))
    throw new RangeError(`A PostgreSQL numeric value (${text}) is beyond the exact range of a number.`);
  return n;
}

pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, parseNumeric);
// Dates stay ISO text (YYYY-MM-DD), as on SQLite: a JavaScript Date would shift them by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (text: string) => text);

export const pgMigrationsFolder = path.join(process.cwd(), 'db', 'migrations-pg');

/** Opens a pool on `url` (a postgres:// URL). `max` bounds its connections. */
export function openPgDb(url: string, options: { max?: number } = {}): PgDb {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection the server ends (a restart, a failover, an administrator's terminate) is an 'error' event of the
  // pool: unheard, it would end the process. The pool drops that connection and opens another on the next query.
  pool.on('error', (e: Error & { code?: string }) => {
    console.warn(
      `[database] an idle PostgreSQL connection was closed by the server (${e.code ?? e.message}); the pool opens another when needed.`,
    );
  });
  return drizzle(pool, { schema }) as PgDb;
}

/** Applies the committed PostgreSQL migrations (db/migrations-pg). */
export async function runPgMigrations(db: PgDb): Promise<void> {
  await migrate(db, { migrationsFolder: pgMigrationsFolder });
}
