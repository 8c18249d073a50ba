import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

/**
 * A connection with every right: migrations, the seed, scripts and test fixtures write through it directly. The app
 * writes only inside `transaction()` (db/transaction.ts), whose `Tx` is one.
 */
export type Conn = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/**
 * The database as the app holds it: it reads; a write goes through `transaction(db, async (tx) => …)`, so no write
 * can interleave with another request's transaction (on SQLite one writer connection behind an async mutex, on
 * PostgreSQL a pooled client each).
 */
export type Db = Omit<Conn, 'insert' | 'update' | 'delete' | 'run' | 'transaction'>;
/**
 * What a write runs on: a transaction (`transaction()`'s, or a synchronous one of the seed) or a connection with every
 * right. Queries that write take this; a function that may run in or out of a transaction and only reads takes DbOrTx.
 */
export type Tx = BaseSQLiteDatabase<'sync', Database.RunResult, typeof schema>;
export type DbOrTx = Db | Tx;

/** The better-sqlite3 connection of a database or a transaction (a drizzle transaction has no $client). */
export function sqliteOf(db: DbOrTx): Database.Database {
  const d = db as unknown as { $client?: Database.Database; session?: { client: Database.Database } };
  return d.$client ?? d.session!.client;
}

/**
 * The identity under which the book engine keeps what it knows of a database (lib/views.ts databaseState): a file by
 * its path, so every connection to it (a request's, a worker's, a script's) shares it; an in-memory database by its
 * connection.
 */
export function databaseKey(db: DbOrTx): string | object {
  const client = (db as unknown as { $client?: object }).$client;
  const pg = client && pgAddressOf(client);
  if (pg) return pg;
  const sqlite = sqliteOf(db);
  return sqlite.memory || !sqlite.name ? sqlite : sqlite.name;
}

/**
 * A PostgreSQL pool's or client's database as `postgres://host:port/database` (a pool by its connection string, a
 * client taken from it, inside a transaction, by its connection parameters), so the pool and its transactions share
 * one key; undefined for a SQLite connection.
 */
function pgAddressOf(client: object): string | undefined {
  const c = client as { connectionParameters?: { host: string; port: number; database: string }; options?: { connectionString?: string } };
  if (c.connectionParameters)
    return `postgres://${c.connectionParameters.host}:${c.connectionParameters.port}/${c.connectionParameters.database}`;
  if (c.options?.connectionString) {
    const u = new URL(c.options.connectionString);
    return `postgres://${u.hostname}:${u.port || 5432}${u.pathname}`;
  }
  return undefined;
}

/**
 * Opens a connection with the pragmas every connection needs. No 'server-only': scripts and tests use it. `readonly`:
 * a connection that cannot write (the server's reader, db/index.ts); the file must exist and be in WAL mode.
 */
export function openDb(file: string, opts: { readonly?: boolean } = {}): Conn {
  if (file !== ':memory:' && !opts.readonly) mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file, { timeout: 5000, readonly: opts.readonly === true });
  if (!opts.readonly) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // After a checkpoint the WAL file is cut back to this size instead of keeping its largest size (a bulk import
  // grows it to about a gigabyte).
  sqlite.pragma('journal_size_limit = 67108864');
  return drizzle(sqlite, { schema }) as Conn;
}

export const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

/** Applies the committed migrations (synchronous on this driver). */
export function runMigrations(db: Conn): void {
  migrate(db, { migrationsFolder });
}
