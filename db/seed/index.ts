import type { Conn as Db } from '../client';
import { seedFunderAccess, seedFunders, seedUserByEmail, seedUserCount } from './sqlite';
import { seedApps } from './apps';
import { bulkLoad, noFill, type Fill } from './bulk';
import { seedContent } from './content';
import { seedCredit } from './credit';
import { seedCommerce } from './commerce';
import { seedPayments, type SeededLedger } from './payments';
import { seedPortfolio, type SeededBook } from './portfolio';
import { seedScenarios } from './scenarios';
import { hasDemoUsers, seedDemoUsers } from './users';
import { todayIso } from '@/lib/clock';

export const DEFAULT_SEED_LEASES = 600;

export function seedLeaseCount(): number {
  const n = Number(process.env.SEED_LEASES ?? DEFAULT_SEED_LEASES);
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_SEED_LEASES;
}

/**
 * The demo areas added after the portfolio: each seeds itself when its tables are still empty. `fill`: the bulk
 * phase the payment history is written in (a new database; see bulk.ts); `book`: the book seedPortfolio kept.
 */
function seedAreas(db: Db, today: string, fill: Fill = noFill, book?: SeededBook): string[] {
  const seeded: string[] = [];
  const empty = (table: string) => db.$client.prepare(`select 1 from ${table} limit 1`).get() === undefined;
  // The ledgers just written, handed on to the credit demo instead of being read back.
  const ledgers = new Map<number, SeededLedger[]>();
  if (empty('payments') && !empty('leases')) {
    fill(['payments', 'payment_allocations'], () => {
      for (const f of seedFunders(db)) ledgers.set(f.id, seedPayments(db, { funderId: f.id, today, ledgers: book?.get(f.id) }).ledgers);
    });
    seeded.push('payments');
  }
  if (empty('scenarios') && !empty('funders') && seedScenarios(db) > 0) seeded.push('scenarios');
  if (empty('credit_flags') && empty('write_offs') && !empty('payments')) {
    for (const f of seedFunders(db)) seedCredit(db, { funderId: f.id, today, ledgers: ledgers.get(f.id) });
    seeded.push('credit');
  }
  if (seedApps(db, { today }) > 0) seeded.push('apps');
  if (empty('content_faq_categories')) {
    seedContent(db, { today });
    seeded.push('content');
  }
  if (empty('products')) {
    seedCommerce(db, { today });
    seeded.push('commerce');
  }
  return seeded;
}

/**
 * Seeds the demo data into a database that has no users yet (first creation): the demo users, a demo
 * portfolio of SEED_LEASES leases (default 600) and the other demo areas. A demo database created by an
 * earlier version (it has the demo users) gets the areas it lacks, so an upgrade shows every screen
 * filled. SEED_DEMO=0 skips it.
 */
export function seedIfEmpty(
  db: Db,
  opts: {
    leases?: number;
    onProgress?: (done: number, total: number) => void;
  } = {},
): { seeded: boolean; areas: string[] } {
  if (process.env.SEED_DEMO === '0') return { seeded: false, areas: [] };
  const today = todayIso();
  if (seedUserCount(db) > 0) return { seeded: false, areas: hasDemoUsers(db) ? seedAreas(db, today) : [] };
  db.transaction((tx) => {
    seedDemoUsers(tx);
  });
  // The book, then its payment history, go in as bulk phases of one transaction (each table's indexes built once,
  // after it is filled); the other areas follow with every index in place.
  const areas = bulkLoad(db, (fill) => {
    // The kept book (every lease's instalments and ledger) is handed straight to seedAreas, not bound to a name in this
    // frame, so it is garbage once the areas are seeded and not held while `finish` runs.
    const seeded = seedAreas(
      db,
      today,
      fill,
      fill(['leases', 'lease_history', 'schedule_rows'], () =>
        seedPortfolio(db, { leases: opts.leases ?? seedLeaseCount(), today, onProgress: opts.onProgress, keepLedgers: true }),
      ).ledgers,
    );
    // The demo analyst and viewer work on both demo funders (domain.md §12: admins need no assignment).
    db.transaction((tx) => {
      const demo = ['analyst@quantum.demo', 'viewer@quantum.demo'].map((e) => seedUserByEmail(tx, e)).filter((u) => u !== undefined);
      seedFunderAccess(
        tx,
        demo.flatMap((u) => seedFunders(tx).map((f) => ({ userId: u.id, funderId: f.id }))),
      );
    });
    return seeded;
  });
  return { seeded: true, areas };
}
