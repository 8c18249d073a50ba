import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** A database or a transaction: queries that may run inside a transaction take this. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
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
  const sqlite = sqliteOf(db);
  return sqlite.memory || !sqlite.name ? sqlite : sqlite.name;
}

/** Opens a connection with the pragmas every connection needs. No 'server-only': scripts and tests use it. */
export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file, { timeout: 5000 });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // After a checkpoint the WAL file is cut back to this size instead of keeping its largest size (a bulk import
  // grows it to about a gigabyte).
  sqlite.pragma('journal_size_limit = 67108864');
  return drizzle(sqlite, { schema }) as Db;
}

export const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

/** Applies the committed migrations (synchronous on this driver). */
export function runMigrations(db: Db): void {
  migrate(db, { migrationsFolder });
}
