/**
 * One truth for the book (domain.md §14), on the demo book as `npm start` seeds it (leases, payments, defaults, a
 * write-off, recoveries, the demo facility), at several dates around today's clock:
 * - the pool's outstanding principal and number of leases are the same on Total Cash Flow, Summary, the Dashboard,
 *   Stratification, the Tape, Customers, Delinquency (both levels), the ECL, the facility's collateral and the
 *   Performance page's live row;
 * - the ECL's exposure is the pool's outstanding principal + arrears net of VAT;
 * - "leases in default" on Defaults & losses = the ECL's stage 3 = the Dashboard's, with the same exposure, and only
 *   leases in the pool are counted;
 * - each month closes: opening + purchased − scheduled − written off = closing, and a month's closing is the next
 *   month's opening;
 * - cumulative net loss % at a month end is the same on Performance history, Defaults & losses and the covenants.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../../helpers/test-db';
import type { Conn } from '@/db/client';
import { listFacilities } from '@/db/queries/facilities';
import { seedIfEmpty } from '@/db/seed';
import { todayIso } from '@/lib/clock';
import { addMonths, firstOfMonth } from '@/lib/finance/dates';
import { addMonthsTo, lastClosedMonth, monthEndOf, monthOf } from '@/lib/history';
import { liveIndices } from '@/lib/portfolio/cash-flow-table';
import { bookSummary, dashboardFigures } from '@/lib/portfolio/summary';
import { tapeBatches } from '@/lib/reports/tape';
import { creditStatesAt } from '@/services/credit/book';
import { creditTiles, defaultsAt, eclAt, lossLedger, lossMeasuresAt } from '@/services/credit/screen';
import { collateralAt } from '@/services/facilities/collateral';
import { seedDemoFacilities } from '@/services/facilities/demo';
import { facilityMonthMetrics } from '@/services/facilities/metrics';
import { performanceReport } from '@/services/history/snapshots';
import { poolBook, valueBook } from '@/services/portfolio/valuation';
import { customersOf, stratificationOf, tapeSourceOf } from '@/services/reports/service';
import { getServicingBook } from '@/services/servicing/book';
import { delinquencyView } from '@/services/servicing/views';

const F = 1;
const TODAY = todayIso();
let db: Conn;

beforeAll(async () => {
  db = createTestDb();
  (globalThis as { __quantumDb?: Conn }).__quantumDb = db;
  seedIfEmpty(db, { leases: 600 });
  await seedDemoFacilities(db, todayIso());
});

type Totals = Map<string, { count: number; outstanding: number }>;
const add = (m: Totals, currency: string, count: number, outstanding: number) => {
  const t = m.get(currency) ?? { count: 0, outstanding: 0 };
  t.count += count;
  t.outstanding += outstanding;
  m.set(currency, t);
};
const sorted = (m: Totals) =>
  [...m.entries()].filter(([, t]) => t.count > 0 || t.outstanding !== 0).sort((a, b) => a[0].localeCompare(b[0]));

/** The pool at D: the Total Cash Flow's rows (count and Σ prin per currency). */
async function pool(d: string): Promise<Totals> {
  const book = await poolBook(db, F, d);
  const m: Totals = new Map();
  for (const i of liveIndices(book)) add(m, book.leases[i]!.currency, 1, book.valuation.prin[i]!);
  return m;
}

const DATES = [
  ['the default cut-off', firstOfMonth(TODAY)],
  ['today', TODAY],
  ['the last month end', monthEndOf(lastClosedMonth(TODAY))],
  ['a day mid-month, three months ago', `${addMonths(firstOfMonth(TODAY), -3).slice(0, 7)}-17`],
] as const;

describe.each(DATES)('at %s (%s)', (_label, d) => {
  test('the pool has leases in several currencies and owes arrears', async () => {
    const p = await pool(d);
    expect(p.size).toBeGreaterThan(1);
    const sb = await getServicingBook(db, F, d);
    expect(sb.leases.some((l) => l.arrearsNet > 0)).toBe(true);
  });

  test('outstanding principal and leases: Total CF = Summary = Dashboard = Stratification = Tape = Customers', async () => {
    const book = await poolBook(db, F, d);
    const expected = sorted(await pool(d));
    const summary: Totals = new Map();
    for (const s of bookSummary(book, book.funder.baseCurrency)) add(summary, s.currency, s.count, s.prin);
    expect(sorted(summary)).toEqual(expected);
    const dashboard: Totals = new Map();
    for (const f of dashboardFigures(book, book.funder.baseCurrency)) add(dashboard, f.currency, f.count, f.prin);
    expect(sorted(dashboard)).toEqual(expected);
    const strat: Totals = new Map();
    for (const c of (await stratificationOf(db, book, 'assetType')).currencies) add(strat, c.currency, c.total.count, c.total.outstanding);
    expect(sorted(strat)).toEqual(expected);
    const tape: Totals = new Map();
    const { src, delinquency } = await tapeSourceOf(db, book);
    for (const rows of tapeBatches(src, 1000, delinquency)) for (const r of rows) add(tape, r.currency, 1, r.currentPrincipal);
    expect(sorted(tape)).toEqual(expected);
    const customers: Totals = new Map();
    for (const c of await customersOf(db, book)) add(customers, c.currency, c.leases, c.outstanding);
    expect(sorted(customers)).toEqual(expected);
  });

  test('outstanding principal and leases: Total CF = Delinquency (lease and lessee level) = ECL = the servicing book', async () => {
    const expected = sorted(await pool(d));
    const lease: Totals = new Map();
    for (const r of (await delinquencyView(db, F, d, { level: 'lease' })).summary) add(lease, r.currency, r.count, r.outstandingPrincipal);
    expect(sorted(lease)).toEqual(expected);
    const lessee: Totals = new Map();
    for (const r of (await delinquencyView(db, F, d, { level: 'lessee' })).summary) add(lessee, r.currency, 0, r.outstandingPrincipal);
    expect(sorted(lessee).map(([c, t]) => [c, t.outstanding])).toEqual(expected.map(([c, t]) => [c, t.outstanding]));
    const ecl: Totals = new Map();
    for (const t of (await eclAt(db, F, d)).totals) add(ecl, t.currency, t.leases, t.outstanding);
    expect(sorted(ecl)).toEqual(expected);
    const servicing: Totals = new Map();
    for (const l of (await getServicingBook(db, F, d)).leases) add(servicing, l.currency, 1, l.outstandingPrincipal);
    expect(sorted(servicing)).toEqual(expected);
  });

  test('ECL exposure = outstanding principal + arrears net of VAT, over the pool', async () => {
    const arrears = new Map<string, number>();
    for (const l of (await getServicingBook(db, F, d)).leases) arrears.set(l.currency, (arrears.get(l.currency) ?? 0) + l.arrearsNet);
    for (const t of (await eclAt(db, F, d)).totals) {
      expect(t.arrearsNet).toBe(arrears.get(t.currency) ?? 0);
      expect(t.exposure).toBe(t.outstanding + t.arrearsNet);
    }
  });

  test('the facility collateral (pledged + unpledged) is the pool: Σ balance per currency', async () => {
    const col: Totals = new Map();
    for (const l of (await collateralAt(db, F, d)).leases) add(col, l.currency, 0, l.balance);
    expect(sorted(col).map(([c, t]) => [c, t.outstanding])).toEqual(sorted(await pool(d)).map(([c, t]) => [c, t.outstanding]));
  });

  test('leases in default: Defaults & losses = ECL stage 3 = the Dashboard, same exposure, only the pool', async () => {
    const sb = await getServicingBook(db, F, d);
    const defaults = await defaultsAt(db, F, d);
    for (const r of defaults) expect(sb.byLeaseId.get(r.leaseId)).toBeDefined();
    // The derived status itself (the register's, the lease page's): no lease outside the pool is in default, not even
    // one not purchased yet whose lessee is in contagion.
    const outside = (await creditStatesAt(db, F, d)).states.filter((s) => s.status === 'defaulted' && !sb.byLeaseId.get(s.leaseId));
    expect(outside).toEqual([]);
    expect((await creditStatesAt(db, F, d)).states.filter((s) => s.status === 'defaulted').length).toBe(defaults.length);
    const stage3 = (await eclAt(db, F, d)).rows.filter((r) => r.stage === 3);
    const currencies = new Set([...defaults.map((r) => r.currency), ...stage3.map((r) => r.currency)]);
    const tiles = await creditTiles(db, F, d);
    const measures = await lossMeasuresAt(db, F, d);
    for (const c of currencies) {
      const mine = defaults.filter((r) => r.currency === c);
      const s3 = stage3.filter((r) => r.currency === c);
      const count = s3.reduce((n, r) => n + r.leases, 0);
      const exposure = s3.reduce((n, r) => n + r.exposure, 0);
      expect(mine.length).toBe(count);
      expect(mine.reduce((n, r) => n + r.exposure, 0)).toBe(exposure);
      expect(tiles.find((t) => t.currency === c)).toMatchObject({ defaultedLeases: count, defaultedExposure: exposure });
      expect(measures.find((m) => m.currency === c)).toMatchObject({ defaultedLeases: count, defaultedExposure: exposure });
    }
  });
});

describe('the demo book has what the identities are about', () => {
  test('leases in default, and a written-off lease with recoveries', async () => {
    expect((await defaultsAt(db, F, TODAY)).length).toBeGreaterThan(0);
    const eur = (await lossMeasuresAt(db, F, TODAY)).find((m) => m.currency === 'EUR')!;
    expect(eur.grossLoss).toBeGreaterThan(0);
    expect(eur.recoveries).toBeGreaterThan(0);
  });
});

describe('month roll-forwards (Performance history)', () => {
  const to = monthOf(TODAY);
  const from = addMonthsTo(to, -12);

  test('per currency, each month closes and a closing is the next opening; the live month is the pool today', async () => {
    const base = await performanceReport(db, F, { from, to }, TODAY);
    expect(base.currencies.length).toBeGreaterThan(1);
    for (const currency of base.currencies) {
      const rows = (await performanceReport(db, F, { from, to, currency }, TODAY)).rows;
      expect(rows.length).toBeGreaterThan(6);
      for (let k = 0; k < rows.length; k++) {
        const r = rows[k]!;
        expect(r.startBalance + r.purchasedPrincipal - r.scheduledPrincipal - r.writtenOffPrincipal, `${currency} ${r.month}`).toBe(
          r.balance,
        );
        if (k > 0) expect(r.startBalance, `${currency} ${r.month} opening`).toBe(rows[k - 1]!.balance);
      }
      const live = rows.at(-1)!;
      expect(live.live).toBe(true);
      const p = (await pool(TODAY)).get(currency) ?? { count: 0, outstanding: 0 };
      expect({ leases: live.leases, balance: live.balance }).toEqual({ leases: p.count, balance: p.outstanding });
    }
  });

  test('a write-off is a column of the roll-forward: the written-off lease leaves the balance in its month, at its outstanding principal then', async () => {
    const writeOffs = (await lossLedger(db, F)).filter((r) => r.kind === 'write_off');
    expect(writeOffs.length).toBeGreaterThan(0);
    for (const w of writeOffs) {
      const month = monthOf(w.date);
      const row = (await performanceReport(db, F, { from: month, to: month, currency: w.currency }, TODAY)).rows[0]!;
      // The lease has left the pool on its write-off date; its balance left the roll-forward as written off that month.
      const before = await valueBook(db, F, w.date);
      const i = before.indexById.get(w.leaseId)!;
      expect(before.valuation.inPool[i]).toBe(0);
      expect(row.writtenOffPrincipal).toBeGreaterThan(0);
      expect(row.startBalance + row.purchasedPrincipal - row.scheduledPrincipal - row.writtenOffPrincipal).toBe(row.balance);
    }
  });

  test('cumulative net loss % at a month end: Performance history = Defaults & losses = the covenant metric', async () => {
    const facility = (await listFacilities(db, [F]))[0]!;
    const currency = facility.currency;
    const rows = (await performanceReport(db, F, { from, to: lastClosedMonth(TODAY), currency }, TODAY)).rows;
    const metrics = new Map(
      (await facilityMonthMetrics(db, facility, monthEndOf(lastClosedMonth(TODAY)), TODAY, 12)).map((m) => [m.monthEnd, m.metrics]),
    );
    let compared = 0;
    for (const r of rows) {
      const credit = (await lossMeasuresAt(db, F, r.monthEnd)).find((m) => m.currency === currency);
      expect(r.cumulativeNetLossPct, r.month).toBeCloseTo(credit?.cumulativeNetLossRate ?? 0, 12);
      const covenant = metrics.get(r.monthEnd);
      if (covenant) {
        expect(covenant.cumulativeNetLoss, r.month).toBeCloseTo(r.cumulativeNetLossPct, 12);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
    expect(rows.at(-1)!.cumulativeNetLossPct).toBeGreaterThan(0);
  });
});
