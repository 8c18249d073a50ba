import { seedFunders } from '@/db/seed/sqlite';
/**
 * domain.md §8: a written-off lease's remaining flows leave the portfolio cash flow. From its write-off date on it
 * is out of the pool (lib/finance/pool.ts exitDay), so Total CF, Summary and Liability CF at a later cut-off lose
 * exactly that lease's remaining flows, while an earlier cut-off is unchanged; the approval updates that one lease
 * in the valuation store (no rebuild).
 */
import { describe, expect, it } from 'vitest';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedPayments } from '@/db/seed/payments';
import { seedCredit } from '@/db/seed/credit';
import { seedDemoUsers } from '@/db/seed/users';
import { CF_PERIODS, isInPool, LeasePortfolio, NO_EXIT, poolMask, valuePortfolio } from '@/lib/finance';
import { parseDate } from '@/lib/finance/dates';
import { liveIndices, toTotalCashRow } from '@/lib/portfolio/cash-flow-table';
import { bookLiability, fundingLineBalance } from '@/lib/portfolio/liability';
import { bookSummary } from '@/lib/portfolio/summary';
import { approveLeaseWriteOff, proposeLeaseWriteOff } from '@/services/credit/actions';
import { creditStatesAt } from '@/services/credit/book';
import { loadBook, valuationChangesSince, valueBook } from '@/services/portfolio/valuation';
import { createTestDb } from '../helpers/test-db';

const TODAY = '2026-11-21';

describe('pool membership with an exit day', () => {
  it('a lease is in the pool from its purchase day until the day before its write-off', () => {
    const buy = parseDate('2026-01-15');
    const out = parseDate('2026-11-21');
    expect(isInPool(buy, buy - 1, out)).toBe(false);
    expect(isInPool(buy, buy, out)).toBe(true);
    expect(isInPool(buy, out - 1, out)).toBe(true);
    expect(isInPool(buy, out, out)).toBe(false);
    expect(isInPool(buy, out + 40, NO_EXIT)).toBe(true);
    expect([...poolMask([buy, buy], out, [out, NO_EXIT])]).toEqual([0, 1]);
  });

  it('valuePortfolio gives a lease zeros from its exit day on', () => {
    const p = new LeasePortfolio(1);
    p.add({
      currency: 'EUR',
      price: 1_200_000,
      downPayment: 0,
      residual: 0,
      fee: 0,
      feeFinanced: false,
      term: 24,
      rate: 0.06,
      timing: 'arrears',
      frequency: 'monthly',
      firstDueDate: '2026-02-01',
      vatRate: 0.2,
    });
    const exitDay = Int32Array.of(parseDate('2026-06-10'));
    const before = valuePortfolio(p, { cutOff: '2026-06-01', exitDay });
    const after = valuePortfolio(p, { cutOff: '2026-07-01', exitDay });
    expect(before.inPool[0]).toBe(1);
    expect(before.totalcf[0]).toBeGreaterThan(0);
    expect(after.inPool[0]).toBe(0);
    expect(after.totalcf[0]).toBe(0);
    expect(valuePortfolio(p, { cutOff: '2026-06-10', exitDay }).inPool[0]).toBe(0);
  });
});

describe('a write-off approval', () => {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 500, today: TODAY });
  for (const f of seedFunders(db)) seedPayments(db, { funderId: f.id, today: TODAY });
  for (const f of seedFunders(db)) seedCredit(db, { funderId: f.id, today: TODAY });
  const funder = seedFunders(db)[0]!;
  const userId = (email: string) => ({
    userId: db.$client.prepare('select id from users where email = ?').pluck().get(email) as number,
    email,
  });
  const EARLIER = '2026-11-01';
  const LATER = '2026-12-01';

  it('takes the lease out of Total CF, Summary and Liability CF at later cut-offs to the cent, earlier ones unchanged, updating that lease alone', async () => {
    const target = (await creditStatesAt(db, funder.id, TODAY)).states.find(
      (s) =>
        s.status === 'defaulted' && db.$client.prepare(`select count(*) from write_offs where lease_id = ?`).pluck().get(s.leaseId) === 0,
    )!;
    const earlier0 = await valueBook(db, funder.id, EARLIER);
    const later0 = await valueBook(db, funder.id, LATER);
    const i = later0.indexById.get(target.leaseId)!;
    expect(later0.valuation.inPool[i]).toBe(1);
    const row = toTotalCashRow(later0, i);
    expect(row.totalcf).toBeGreaterThan(0);
    const summary = (b: typeof later0) => bookSummary(b, funder.baseCurrency).find((c) => c.currency === row.fx)!;
    const sumEarlier0 = structuredClone(summary(earlier0));
    const sumLater0 = structuredClone(summary(later0));
    const liabilityLater0 = bookLiability(
      later0,
      { advanceRate: funder.advanceRate, facilityRate: funder.facilityRate },
      funder.baseCurrency,
    ).find((c) => c.currency === row.fx)!;
    const fundedAfter0 = fundingLineBalance(await loadBook(db, funder.id), funder, LATER, funder.baseCurrency).find(
      (c) => c.currency === row.fx,
    )!;
    const version = (await loadBook(db, funder.id)).version;

    const w = await proposeLeaseWriteOff(
      db,
      funder.id,
      { leaseId: target.leaseId, writeOffOn: TODAY, note: '' },
      userId('analyst@quantum.demo'),
    );
    await approveLeaseWriteOff(db, w.id, null, userId('admin@quantum.demo'));

    // The valuation store changed by that one lease (spliced in, not rebuilt).
    expect(await valuationChangesSince(db, funder.id, version)).toEqual({ version: version + 1, ids: [target.leaseId] });

    const later1 = await valueBook(db, funder.id, LATER);
    expect(later1.valuation.inPool[later1.indexById.get(target.leaseId)!]).toBe(0);
    expect([...liveIndices(later1)]).not.toContain(later1.indexById.get(target.leaseId));
    const sumLater1 = summary(later1);
    // Total CF at a later cut-off = before − that lease's remaining flows, to the cent, period by period.
    expect(sumLater1.totalcf).toBe(sumLater0.totalcf - row.totalcf);
    expect(sumLater1.prin).toBe(sumLater0.prin - row.prin);
    expect(sumLater1.count).toBe(sumLater0.count - 1);
    for (let k = 0; k < CF_PERIODS; k++) expect(sumLater1.cash[k]).toBe(sumLater0.cash[k]! - row[`cash${k + 1}`]!);
    expect(sumLater1.cashBeyond).toBe(sumLater0.cashBeyond - row.cashBeyond);

    // An earlier cut-off is unchanged.
    const earlier1 = await valueBook(db, funder.id, EARLIER);
    expect(earlier1.valuation.inPool[earlier1.indexById.get(target.leaseId)!]).toBe(1);
    expect(summary(earlier1)).toEqual(sumEarlier0);

    // The Liability CF is driven by the same rows: one line less, and the funding line after the write-off too.
    const liabilityLater1 = bookLiability(
      later1,
      { advanceRate: funder.advanceRate, facilityRate: funder.facilityRate },
      funder.baseCurrency,
    ).find((c) => c.currency === row.fx)!;
    expect(liabilityLater1.leases).toBe(liabilityLater0.leases - 1);
    expect(liabilityLater1.total.principal).toBeLessThan(liabilityLater0.total.principal);
    const fundedAfter1 = fundingLineBalance(await loadBook(db, funder.id), funder, LATER, funder.baseCurrency).find(
      (c) => c.currency === row.fx,
    )!;
    expect(fundedAfter1.leases).toBe(fundedAfter0.leases - 1);
  });
});
