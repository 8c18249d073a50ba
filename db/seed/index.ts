import type { Db } from '../client';
import { listFunders } from '../queries/funders';
import { countUsers } from '../queries/users';
import { seedPayments } from './payments';
import { seedPortfolio } from './portfolio';
import { seedDemoUsers } from './users';

export const DEFAULT_SEED_LEASES = 600;

export function seedLeaseCount(): number {
  const n = Number(process.env.SEED_LEASES ?? DEFAULT_SEED_LEASES);
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_SEED_LEASES;
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Seeds the demo data into a database that has no users yet (first creation): the demo users and a
 * demo portfolio of SEED_LEASES leases (default 600). SEED_DEMO=0 skips it.
 */
export function seedIfEmpty(db: Db, opts: { leases?: number; onProgress?: (done: number, total: number) => void } = {}): { seeded: boolean } {
  if (process.env.SEED_DEMO === '0') return { seeded: false };
  if (countUsers(db) > 0) return { seeded: false };
  db.transaction((tx) => {
    seedDemoUsers(tx);
  });
  seedPortfolio(db, { leases: opts.leases ?? seedLeaseCount(), today: todayUtc(), onProgress: opts.onProgress });
  for (const f of listFunders(db)) seedPayments(db, { funderId: f.id, today: todayUtc() });
  return { seeded: true };
}
