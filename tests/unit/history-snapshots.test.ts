/**
 * Month-end snapshots and performance history (domain.md §9): a closed month's snapshot equals the live
 * servicing book at its month end, CPR/MDR equal the formulas on the month's aggregates, vintage curves
 * never fall, and a closed month's report does not change when a later payment arrives.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import type { Conn } from '@/db/client';
import { leaseSnapshotPage, snapshotMonthsIn } from '@/db/queries/history';
import { recordPayment } from '@/db/queries/payments';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedCredit } from '@/db/seed/credit';
import { seedDemoUsers } from '@/db/seed/users';
import { creditFactsAt } from '@/services/credit/facts';
import { cdrFromMdr, cprFromSmm } from '@/lib/finance/rates';
import { aggregateMonth, isClosedMonth, lastClosedMonth, monthEndOf, quarterOf, vintageCurves, type LeaseSnapshot } from '@/lib/history';
import { getServicingBook } from '@/services/servicing/book';
import { ensureSnapshots, performanceReport, reportQueryOrDefault, reportRange, vintageReport } from '@/services/history/snapshots';

const TODAY = '2026-11-21';
let db: Conn;

beforeAll(() => {
  db = createTestDb();
  (globalThis as { __quantumDb?: Conn }).__quantumDb = db;
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 400, today: TODAY, seed: 31 });
  seedPayments(db, { funderId: 1, today: TODAY, seed: 31 });
});

describe('months', () => {
  test.each([
    ['2026-10', '2026-11-21', true],
    ['2026-11', '2026-11-21', false],
    ['2026-12', '2026-11-21', false],
    ['2025-12', '2026-01-01', true],
  ])('%s closed on %s: %s', (month, today, closed) => expect(isClosedMonth(month, today)).toBe(closed));
  test.each([
    ['2024-02', '2024-02-29'],
    ['2026-02', '2026-02-28'],
    ['2026-12', '2026-12-31'],
  ])('month end of %s is %s', (m, e) => expect(monthEndOf(m)).toBe(e));
  test('quarters and the last closed month', () => {
    expect(quarterOf('2026-03-31')).toBe('2026-Q1');
    expect(quarterOf('2026-10-01')).toBe('2026-Q4');
    expect(lastClosedMonth('2026-01-15')).toBe('2025-12');
  });
  test.each([
    [{ from: '2026-05', to: '2026-04' }, 'from'],
    [{ to: '2026-12' }, 'to'],
    [{ from: '2010-01', to: '2026-10' }, 'from'],
  ])('range %j is refused on %s', (q, field) => {
    expect(() => reportRange(q, TODAY)).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ field })] }));
    // A page falls back to the default range, keeping the rest of its query.
    expect(reportQueryOrDefault({ ...q, currency: 'EUR' }, TODAY)).toEqual({ query: { currency: 'EUR' }, ...reportRange({}, TODAY) });
  });
  test('a page keeps a valid range', () => {
    const q = { from: '2026-01', to: '2026-06', currency: 'GBP' };
    expect(reportQueryOrDefault(q, TODAY)).toEqual({ query: q, from: '2026-01', to: '2026-06' });
  });
});

describe('snapshots', () => {
  const month = '2026-09';
  let rows: LeaseSnapshot[];
  beforeAll(async () => {
    await ensureSnapshots(db, 1, month, month, TODAY);
    rows = await leaseSnapshotPage(db, 1, month, 1, 100_000);
  });

  test('ensureSnapshots hands onBuilt the rows of each month it builds, exactly as stored (several multi-row inserts), and nothing for a stored month', async () => {
    const seen = new Map<string, readonly LeaseSnapshot[]>();
    await ensureSnapshots(db, 1, '2026-05', '2026-06', TODAY, (m, r) => {
      seen.set(m, r);
    });
    expect([...seen.keys()]).toEqual(['2026-05', '2026-06']);
    for (const [m, built] of seen) {
      expect(built.length).toBeGreaterThan(200);
      // Read back in lease-id order: the same rows, in the same order, every column.
      expect(await leaseSnapshotPage(db, 1, m, 1, 100_000)).toEqual(built);
      expect((await snapshotMonthsIn(db, 1, m, m))[0]!.leaseCount).toBe(built.length);
    }
    const again: string[] = [];
    await ensureSnapshots(db, 1, '2026-05', '2026-07', TODAY, (m) => {
      again.push(m);
    });
    expect(again).toEqual(['2026-07']);
  });

  test('the current month is never stored', async () => {
    await ensureSnapshots(db, 1, '2026-11', '2026-11', TODAY);
    expect(await snapshotMonthsIn(db, 1, '2026-11', '2026-12')).toEqual([]);
  });

  test("a month's snapshot equals the live servicing book at its month end (reconciliation)", async () => {
    const live = await getServicingBook(db, 1, monthEndOf(month));
    // Its pool is the book's pool at the month end (domain.md §14); the other rows are leases that left it (repaid, written off).
    const pool = rows.filter((r) => r.inPool);
    expect(pool.length).toBe(live.leases.length);
    expect(pool.length).toBeGreaterThan(100);
    expect(rows.filter((r) => !r.inPool).every((r) => r.balance === 0 && !live.byLeaseId.get(r.leaseId))).toBe(true);
    for (const r of pool) {
      const l = live.byLeaseId.get(r.leaseId)!;
      expect({ id: r.leaseId, balance: r.balance, dpd: r.dpd, bucket: r.bucket }).toEqual({
        id: l.leaseId,
        balance: l.outstandingPrincipal,
        dpd: l.dpd,
        bucket: l.bucket,
      });
    }
  });

  test('per lease, the roll-forward closes: opening + purchased − scheduled − written off = closing; prepaid principal exists in the demo history', async () => {
    for (const r of rows) expect(r.startBalance + r.purchasedPrincipal - r.scheduledPrincipal - r.writtenOffPrincipal).toBe(r.balance);
    const months = await ensureSnapshots(db, 1, '2025-10', '2026-10', TODAY);
    expect(months.some((m) => Object.values(m.aggregates.currencies).some((t) => t.unscheduledPrincipal > 0))).toBe(true);
    expect(months.some((m) => Object.values(m.aggregates.currencies).some((t) => t.defaultedPrincipal > 0))).toBe(true);
  });

  test("the month's CPR and CDR from the snapshots equal the formulas on the month's aggregates", async () => {
    const report = await performanceReport(db, 1, { from: month, to: month }, TODAY);
    const row = report.rows[0]!;
    const mine = rows.filter((r) => r.currency === report.currency);
    const start = mine.reduce((s, r) => s + r.startBalance, 0);
    const scheduled = mine.reduce((s, r) => s + r.scheduledPrincipal, 0);
    const unscheduled = mine.reduce((s, r) => s + r.unscheduledPrincipal, 0);
    const defaulted = mine.filter((r) => r.firstDefaultDate?.startsWith(month)).reduce((s, r) => s + r.defaultPrincipal, 0);
    const smm = Math.max(0, unscheduled / (start - scheduled));
    expect(row.startBalance).toBe(start);
    expect(row.smm).toBeCloseTo(smm, 12);
    expect(row.cpr).toBeCloseTo(1 - (1 - smm) ** 12, 12);
    expect(row.cpr).toBeCloseTo(cprFromSmm(smm), 12);
    expect(row.cdr).toBeCloseTo(cdrFromMdr(defaulted / start), 12);
    const balance = mine.reduce((s, r) => s + r.balance, 0);
    expect(row.poolFactor).toBeCloseTo(balance / mine.reduce((s, r) => s + r.originalPrincipal, 0), 12);
    expect(row.dq30).toBeCloseTo(mine.filter((r) => r.dpd > 30).reduce((s, r) => s + r.balance, 0) / balance, 12);
  });

  test('the worked example of domain.md §9 through the aggregates', () => {
    const lease = (over: Partial<LeaseSnapshot>): LeaseSnapshot => ({
      leaseId: 1,
      contractNumber: 'C',
      currency: 'EUR',
      purchaseDate: '2026-01-10',
      originationDate: '2026-01-10',
      originalPrincipal: 100_000_000,
      startBalance: 100_000_000,
      balance: 98_500_000,
      scheduledPrincipal: 1_000_000,
      actualPrincipal: 1_500_000,
      unscheduledPrincipal: 500_000,
      interest: 0,
      dpd: 0,
      bucket: 'current',
      status: 'performing',
      firstDefaultDate: null,
      defaultAmount: 0,
      defaultPrincipal: 0,
      writtenOff: 0,
      recoveries: 0,
      inPool: true,
      purchasedPrincipal: 0,
      writtenOffPrincipal: 0,
      ...over,
    });
    const agg = aggregateMonth('2026-03', '2026-03-31', [lease({})]);
    const t = agg.currencies.EUR!;
    expect(cprFromSmm(t.unscheduledPrincipal / (t.startBalance - t.scheduledPrincipal))).toBeCloseTo(0.05895058, 8);
  });

  test('every vintage curve is non-decreasing, on both bases and measures', async () => {
    for (const by of ['purchase', 'origination'] as const)
      for (const measure of ['default', 'netLoss'] as const) {
        const r = await vintageReport(db, 1, { from: '2025-10', to: '2026-10', by, measure }, TODAY);
        expect(r.curves.length).toBeGreaterThan(0);
        for (const c of r.curves)
          for (let k = 1; k < c.points.length; k++) expect(c.points[k]!.value).toBeGreaterThanOrEqual(c.points[k - 1]!.value);
      }
    const r = await vintageReport(db, 1, { from: '2025-10', to: '2026-10', by: 'purchase', measure: 'default' }, TODAY);
    expect(r.curves.some((c) => c.points.some((p) => p.value > 0))).toBe(true);
  });

  test('a cure keeps the vintage curve where it was (running maximum)', () => {
    const mk = (month: string, defaulted: number) => ({
      month,
      monthEnd: monthEndOf(month),
      currencies: {},
      cohorts: { purchase: { EUR: { '2026-Q1': { leases: 2, originalBalance: 1000, defaulted, netLoss: 0 } } }, origination: {} },
    });
    const curve = vintageCurves([mk('2026-03', 0), mk('2026-04', 100), mk('2026-05', 0)], 'EUR', 'purchase', 'default')[0]!;
    expect(curve.points.map((p) => [p.monthsSince, p.value])).toEqual([
      [0, 0],
      [1, 0.1],
      [2, 0.1],
    ]);
  });

  test("a closed month's report is byte-identical after a new payment arrives", async () => {
    const before = JSON.stringify(await performanceReport(db, 1, { from: '2026-06', to: '2026-10' }, TODAY));
    const vBefore = JSON.stringify(
      await vintageReport(db, 1, { from: '2026-06', to: '2026-10', by: 'purchase', measure: 'default' }, TODAY),
    );
    // A lease in arrears at the end of July (the payment below pays them: arrears are what a payment moves, §14).
    const inArrears = (await getServicingBook(db, 1, '2026-07-31')).leases.find((l) => l.arrearsTotal > 0 && l.dpd < 60)!;
    const lease = { id: inArrears.leaseId, currency: inArrears.currency };
    const liveBefore = inArrears.arrearsTotal;
    // Back-dated into the closed months: the live book at their month end moves, their snapshots do not.
    await recordPayment(
      db,
      1,
      { leaseId: lease.id, receivedOn: '2026-07-15', amount: 5_000_00, currency: lease.currency, method: 'transfer' },
      null,
    );
    expect((await getServicingBook(db, 1, '2026-07-31')).byLeaseId.get(lease.id)!.arrearsTotal).toBeLessThan(liveBefore);
    expect(JSON.stringify(await performanceReport(db, 1, { from: '2026-06', to: '2026-10' }, TODAY))).toBe(before);
    expect(JSON.stringify(await vintageReport(db, 1, { from: '2026-06', to: '2026-10', by: 'purchase', measure: 'default' }, TODAY))).toBe(
      vBefore,
    );
  });
});

describe('the live current month', () => {
  test('updated lease by lease after a payment, it equals the month computed anew', async () => {
    const { liveMonthAggregates, computeMonthSnapshot } = await import('@/services/history/snapshots');
    const first = await liveMonthAggregates(db, 1, TODAY);
    const lease = db.$client
      .prepare(`select id, currency from leases where funder_id = 1 and status = 'active' order by id desc limit 1`)
      .get() as { id: number; currency: string };
    await recordPayment(
      db,
      1,
      { leaseId: lease.id, receivedOn: TODAY, amount: 12_345_00, currency: lease.currency, method: 'transfer' },
      null,
    );
    const patched = await liveMonthAggregates(db, 1, TODAY);
    // The cash collected moves (the balance is contractual: a payment does not change it, §14).
    const collected = (t: { actualPrincipal: number; interest: number; unscheduledPrincipal: number }) =>
      t.actualPrincipal + t.interest + t.unscheduledPrincipal;
    expect(collected(patched.currencies[lease.currency]!)).toBeGreaterThan(collected(first.currencies[lease.currency]!));
    const fresh = aggregateMonth('2026-11', TODAY, (await computeMonthSnapshot(db, 1, '2026-11', TODAY)).rows);
    expect(patched.currencies).toEqual(fresh.currencies);
    expect(patched.cohorts).toEqual(fresh.cohorts);
  });
});

describe('credit facts across month ends (services/credit/facts.ts)', () => {
  let cdb: Conn;
  beforeAll(() => {
    cdb = createTestDb();
    seedDemoUsers(cdb);
    seedPortfolio(cdb, { leases: 400, today: TODAY, seed: 31 });
    seedPayments(cdb, { funderId: 1, today: TODAY, seed: 31 });
    seedCredit(cdb, { funderId: 1, today: TODAY });
  });

  test('a default counts in its month; once the lease is no longer in default (cured, repaid) it keeps counting in its vintage', async () => {
    const facts = await creditFactsAt(cdb, 1, TODAY);
    const left = [...facts.values()].find(
      (f) =>
        f.firstDefaultDate !== null &&
        f.defaultedPrincipal > 0 &&
        f.firstDefaultDate.slice(0, 7) < '2026-10' &&
        f.status !== 'defaulted' &&
        f.status !== 'written_off',
    );
    expect(left).toBeDefined();
    const defaultMonth = left!.firstDefaultDate!.slice(0, 7);
    const months = await ensureSnapshots(cdb, 1, defaultMonth, '2026-10', TODAY);
    const rowsOf = async (m: string) => new Map((await leaseSnapshotPage(cdb, 1, m, 1, 100_000)).map((r) => [r.leaseId, r]));
    const atDefault = (await rowsOf(defaultMonth)).get(left!.leaseId)!;
    expect(atDefault.status).toBe((await creditFactsAt(cdb, 1, monthEndOf(defaultMonth))).get(left!.leaseId)!.status);
    expect(atDefault.firstDefaultDate).toBe(left!.firstDefaultDate);
    expect(atDefault.defaultPrincipal).toBeGreaterThan(0);
    // The month of the default carries it in the MDR numerator; later months do not count it again.
    expect(months[0]!.aggregates.currencies[atDefault.currency]!.defaultedPrincipal).toBeGreaterThanOrEqual(atDefault.defaultPrincipal);
    const last = (await rowsOf('2026-10')).get(left!.leaseId)!;
    expect(last.status).not.toBe('defaulted');
    expect(last.firstDefaultDate).toBe(left!.firstDefaultDate);
    expect(months.at(-1)!.aggregates.cohorts.purchase[last.currency]![quarterOf(last.purchaseDate)]!.defaulted).toBeGreaterThanOrEqual(
      last.defaultPrincipal,
    );
  });
});
