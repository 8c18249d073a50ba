import 'server-only';
import { databaseConfig, isEphemeralDeployment } from '@/lib/env';
import { openDb, runMigrations, type Db } from './client';
import { openPgDb } from './pg-client';
import { seedIfEmpty } from './seed';
import { withWriter } from './transaction';

const g = globalThis as unknown as { __quantumDb?: Db };

/** The process-wide connection, opened on first use (never at import: `next build` imports modules in workers). */
export function getDb(): Db {
  if (g.__quantumDb) return g.__quantumDb;
  const config = databaseConfig();
  if (config.engine === 'postgres') {
    // A pool: requests read through it, and each transaction takes a client of its own (db/transaction.ts).
    g.__quantumDb = openPgDb(config.url) as unknown as Db;
    return g.__quantumDb;
  }
  const file = config.file;
  // The writer first: it creates the file when there is none.
  const writer = openDb(file);
  // On a Vercel preview the server start (instrumentation.ts, services/database/prepare) has made the /tmp database
  // with the whole demo; should it be missing, it is created, migrated and seeded (without facilities) here.
  if (isEphemeralDeployment()) {
    runMigrations(writer);
    seedIfEmpty(writer);
  }
  // Requests read through a connection that cannot write; transactions write through the writer (db/transaction.ts),
  // so no request's write can land in another's open transaction.
  const db: Db = withWriter(openDb(file, { readonly: true }), writer);
  g.__quantumDb = db;
  return db;
}

export type { Db, DbOrTx, Tx } from './client';
