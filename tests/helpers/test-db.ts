import { openDb, runMigrations, type Db } from '@/db/client';

/** A fresh migrated in-memory database per call. */
export function createTestDb(): Db {
  const db = openDb(':memory:');
  runMigrations(db);
  return db;
}
