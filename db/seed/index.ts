import type { Db } from '../client';
import { countUsers } from '../queries/users';
import { seedDemoUsers } from './users';

/** Seeds the demo data into a database that has no users yet (first creation). SEED_DEMO=0 skips it. */
export function seedIfEmpty(db: Db): { seeded: boolean } {
  if (process.env.SEED_DEMO === '0') return { seeded: false };
  if (countUsers(db) > 0) return { seeded: false };
  db.transaction((tx) => {
    seedDemoUsers(tx);
  });
  return { seeded: true };
}
