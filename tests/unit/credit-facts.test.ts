import { seedFunders } from '@/db/seed/sqlite';
import { describe, expect, it } from 'vitest';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedPayments } from '@/db/seed/payments';
import { seedDemoUsers } from '@/db/seed/users';
import { creditFactsAt } from '@/services/credit/facts';
import { creditStatesAt, creditStatesOnce } from '@/services/credit/book';
import { getServicingBook } from '@/services/servicing/book';
import { createTestDb } from '../helpers/test-db';

const TODAY = '2026-11-21';

function seeded() {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 160, today: TODAY, seed: 11 });
  for (const f of seedFunders(db)) seedPayments(db, { funderId: f.id, today: TODAY });
  return db;
}

describe('credit facts over the demo book', () => {
  const db = seeded();
  const funderId = seedFunders(db)[0]!.id;

  it('derives defaults from the ledger, and a lease in default on its own DPD is more than 90 days past due', async () => {
    const facts = await creditFactsAt(db, funderId, TODAY);
    const book = await getServicingBook(db, funderId, TODAY);
    const { states } = await creditStatesAt(db, funderId, TODAY);
    const defaulted = states.filter((s) => s.status === 'defaulted');
    expect(defaulted.length).toBeGreaterThan(0);
    for (const s of defaulted) {
      const f = facts.get(s.leaseId)!;
      expect(f.everDefaulted).toBe(true);
      expect(f.defaultAmount).toBeGreaterThan(0);
      expect(f.firstDefaultDate! <= TODAY).toBe(true);
      // Never "defaulted" with DPD 0 unless in probation, unlikely to pay or by contagion.
      if (s.why === 'dpd') expect(book.byLeaseId.get(s.leaseId)?.dpd ?? 0).toBeGreaterThan(90);
    }
  });

  it('is monotone for vintages: a lease defaulted at a month end has everDefaulted at every later month end', async () => {
    const ends = ['2026-06-30', '2026-08-31', '2026-10-31'];
    const [a, b, c] = await Promise.all(ends.map((e) => creditFactsAt(db, funderId, e)));
    for (const [id, f] of a!) {
      if (!f.everDefaulted) continue;
      expect(b!.get(id)!.firstDefaultDate).toBe(f.firstDefaultDate);
      expect(c!.get(id)!.everDefaulted).toBe(true);
    }
  });

  it('keep: false (the month-end snapshots) gives the same facts without keeping the day; a day a screen keeps is reused', async () => {
    const monthEnd = '2026-09-30';
    const once = await creditStatesOnce(db, funderId, monthEnd);
    expect(await creditFactsAt(db, funderId, monthEnd, { keep: false })).toEqual(await creditFactsAt(db, funderId, monthEnd));
    // creditFactsAt without the option kept the day: now it is the kept array, a fresh one before.
    const kept = (await creditStatesAt(db, funderId, monthEnd)).states;
    expect(once).not.toBe(kept);
    expect(once).toEqual(kept);
    expect(await creditStatesOnce(db, funderId, monthEnd)).toBe(kept);
    // A day read only with keep: false is computed afresh every time.
    expect(await creditStatesOnce(db, funderId, '2026-07-31')).not.toBe(await creditStatesOnce(db, funderId, '2026-07-31'));
  });

  it('a past date does not see later defaults', async () => {
    const early = await creditFactsAt(db, funderId, '2024-01-31');
    for (const f of early.values()) if (f.firstDefaultDate !== null) expect(f.firstDefaultDate <= '2024-01-31').toBe(true);
  });
});
