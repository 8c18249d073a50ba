import { openDb, runMigrations, type Conn } from '@/db/client';

/** A fresh migrated in-memory database per call. */
export function createTestDb(): Conn {
  const db = openDb(':memory:');
  runMigrations(db);
  return db;
}
