import 'server-only';
import { databasePath, isEphemeralDeployment } from '@/lib/env';
import { openDb, runMigrations, type Db } from './client';
import { seedIfEmpty } from './seed';

const g = globalThis as unknown as { __quantumDb?: Db };

/** The process-wide connection, opened on first use (never at import: `next build` imports modules in workers). */
export function getDb(): Db {
  if (g.__quantumDb) return g.__quantumDb;
  const db = openDb(databasePath());
  // On a Vercel preview the server start (instrumentation.ts, services/database/prepare) has made the /tmp database
  // with the whole demo; should it be missing, it is created, migrated and seeded (without facilities) here.
  if (isEphemeralDeployment()) {
    runMigrations(db);
    seedIfEmpty(db);
  }
  g.__quantumDb = db;
  return db;
}

export type { Db, DbOrTx, Tx } from './client';
