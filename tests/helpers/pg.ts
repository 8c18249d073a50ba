import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject, vi } from 'vitest';
import type Database from 'better-sqlite3';
import { committedSqliteMigrations, copySqliteToPostgres } from '@/db/copy';
import { openPgDb, runPgMigrations, type PgDb } from '@/db/pg-client';

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

/** A new, empty database on the suite's PostgreSQL server, dropped by `drop()`. */
export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const admin = inject('pgUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(admin, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    drop: () => withAdmin(admin, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new database on the suite's PostgreSQL server with the PostgreSQL migrations applied, and a pool on it. */
export async function migratedTestDatabase(prefix: string, max = 4): Promise<{ database: TestDatabase; db: PgDb }> {
  const database = await createTestDatabase(prefix);
  const db = openPgDb(database.url, { max });
  await runPgMigrations(db);
  return { database, db };
}

/**
 * Modules loaded anew with DATABASE_URL naming `url`, as a server started on that database loads them (db/tables.ts
 * and db/dialect.ts read the engine when they load). The test's own modules stay on SQLite.
 */
export async function loadOnPostgres<T>(url: string, load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  vi.stubEnv('DATABASE_URL', url);
  try {
    return await load();
  } finally {
    vi.unstubAllEnvs();
  }
}

/** A new migrated database holding a copy of the SQLite book `source` (db/copy.ts, verified), and a pool on it. */
export async function postgresCopyOf(source: Database.Database, prefix: string, max = 4): Promise<{ database: TestDatabase; db: PgDb }> {
  const migrated = await migratedTestDatabase(prefix, max);
  await copySqliteToPostgres(source, migrated.db.$client, committedSqliteMigrations());
  return migrated;
}
