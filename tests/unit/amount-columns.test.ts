/**
 * Amount columns (issue #10): the packed books hold their per-row amounts in Int32 columns while every value fits and
 * widen a column to Float64 on the first value that does not (an instalment above 21,474,836.47 in its currency), so
 * a huge lease is held exactly — in the valuation book (LeasePortfolio) and in the servicing stores, built or patched.
 */
import { describe, expect, it } from 'vitest';
import { amountColumn, dayColumn, fitsInt16, fitsInt32, setAmount, setAmounts, widened, type AmountColumn } from '@/lib/finance/columns';
import { singleLeasePortfolio } from '@/lib/finance/valuation';
import {
  CF_PERIODS,
  LeasePortfolio,
  buildSchedule,
  monthIndexOfDay,
  parseDate,
  spliceValuation,
  valueLease,
  valuePortfolio,
  valuePortfolioInChunks,
  type LeaseTerms,
  type PortfolioValuation,
} from '@/lib/finance';
import { applyLeaseRewrites, buildLedgerStore, buildScheduleStore, type StoreLease } from '@/lib/servicing/book-store';

const normal: LeaseTerms = {
  price: 1_000_000,
  downPayment: 0,
  fee: 0,
  feeFinanced: false,
  residual: 100_000,
  term: 12,
  rate: 0.06,
  timing: 'arrears',
  frequency: 'monthly',
  firstDueDate: '2025-01-31',
  vatRate: 0.2,
  vatRegime: 'per-instalment',
  currency: 'EUR',
};
/** 3 billion in minor units over 12 months: every instalment is above 2³¹ − 1. */
const huge: LeaseTerms = { ...normal, price: 300_000_000_000, residual: 10_000_000_000 };

/** The rows of slot i as plain numbers. */
function rowsOf(p: LeasePortfolio, i: number) {
  const o = p.offset[i]!;
  const n = p.offset[i + 1]! - o;
  return Array.from({ length: n }, (_, k) => [p.instalment[o + k]!, p.principal[o + k]!, p.vat[o + k]!]);
}
const rowsOfSchedule = (t: LeaseTerms) => buildSchedule(t).rows.map((r) => [r.instalment, r.principal, r.vat]);

describe('amount column helpers', () => {
  it('fitsInt32 accepts exactly the integers an Int32Array holds unchanged', () => {
    expect([0, -0, 1, -1, 2 ** 31 - 1, -(2 ** 31)].every(fitsInt32)).toBe(true);
    expect([2 ** 31, -(2 ** 31) - 1, 0.5, -1.25, NaN, Infinity].some(fitsInt32)).toBe(false);
  });

  it('widened copies an Int32 column into a Float64 one of the same values; amountColumn follows its model', () => {
    const a = Int32Array.from([1, -2, 3]);
    const w = widened(a);
    expect(w).toBeInstanceOf(Float64Array);
    expect([...w]).toEqual([1, -2, 3]);
    expect(widened(w)).toBe(w);
    expect(amountColumn(4)).toBeInstanceOf(Int32Array);
    expect(amountColumn(4, w)).toBeInstanceOf(Float64Array);
  });
});

describe('day columns (Int16 while the days fit)', () => {
  it('fitsInt16 accepts exactly the integers an Int16Array holds unchanged', () => {
    expect([0, 1, -1, 2 ** 15 - 1, -(2 ** 15), parseDate('2059-09-18')].every(fitsInt16)).toBe(true);
    expect([2 ** 15, -(2 ** 15) - 1, 0.5, NaN, parseDate('2059-09-19'), 2 ** 31].some(fitsInt16)).toBe(false);
  });

  it('widen one step at a time, as far as a value needs, keeping every value', () => {
    const cols: { d: AmountColumn } = { d: dayColumn(4) };
    expect(cols.d).toBeInstanceOf(Int16Array);
    setAmount(cols, 'd', 0, 20_000);
    expect(cols.d).toBeInstanceOf(Int16Array);
    setAmount(cols, 'd', 1, 40_000);
    expect(cols.d).toBeInstanceOf(Int32Array);
    setAmount(cols, 'd', 2, 2 ** 33);
    expect(cols.d).toBeInstanceOf(Float64Array);
    expect([...cols.d]).toEqual([20_000, 40_000, 2 ** 33, 0]);
    // A list: the column takes the widest kind any of its values needs.
    const list: { d: AmountColumn } = { d: dayColumn(3) };
    setAmounts(list, 'd', 0, Float64Array.from([1, 70_000, 3]));
    expect(list.d).toBeInstanceOf(Int32Array);
    expect([...list.d]).toEqual([1, 70_000, 3]);
    expect(amountColumn(2, dayColumn(1))).toBeInstanceOf(Int16Array);
  });

  // Due dates from the book's own schedule: a lease that runs past 18 September 2059 widens the column.
  const daysOf = (p: LeasePortfolio, i: number) => Array.from(p.dueDay.subarray(p.offset[i]!, p.offset[i + 1]!));
  const scheduleDays = (t: LeaseTerms) => buildSchedule(t).rows.map((r) => parseDate(r.dueDate));
  const late: LeaseTerms = { ...normal, firstDueDate: '2059-03-31', term: 24 };

  it('LeasePortfolio: Int16 due days and months for an ordinary book, Int32 once a lease runs past 2059 (add, splice, schedule, extract)', () => {
    const p = new LeasePortfolio(2, 24);
    p.add(normal);
    expect(p.dueDay).toBeInstanceOf(Int16Array);
    expect(p.dueMonth).toBeInstanceOf(Int16Array);
    expect(daysOf(p, 0)).toEqual(scheduleDays(normal));
    p.add(late);
    expect(p.dueDay).toBeInstanceOf(Int32Array);
    expect(daysOf(p, 0)).toEqual(scheduleDays(normal));
    expect(daysOf(p, 1)).toEqual(scheduleDays(late));
    expect(Array.from(p.dueMonth.subarray(p.offset[1]!, p.offset[2]!))).toEqual(scheduleDays(late).map(monthIndexOfDay));
    expect(daysOf(p.extract(1), 0)).toEqual(scheduleDays(late));

    const q = new LeasePortfolio(2, 24);
    q.add(normal);
    q.add(normal);
    q.splice(1, late, true);
    expect([daysOf(q, 0), daysOf(q, 1), daysOf(q, 2)]).toEqual([scheduleDays(normal), scheduleDays(late), scheduleDays(normal)]);
    const r = new LeasePortfolio(1, 12);
    r.addSchedule(buildSchedule(late));
    expect(r.dueDay).toBeInstanceOf(Int32Array);
    expect(daysOf(r, 0)).toEqual(scheduleDays(late));
  });

  it('the servicing store: Int16 due days, Int32 once a built or rewritten instalment falls after 2059', async () => {
    const lease = (id: number, firstDueDate: string): StoreLease => ({
      id,
      lesseeId: 1,
      currency: 'EUR',
      status: 'active',
      residual: 0,
      vatRate: 0.2,
      vatRegime: 'per-instalment',
      firstDueDate,
      term: 2,
      timing: 'arrears',
      frequency: 'monthly',
    });
    const lists = (id: number, days: string): [number, string, string, string, string, string] => [
      id,
      days,
      '10,10',
      '0,0',
      '5,5',
      '100,100',
    ];
    const early = '2025-01-31,2025-02-28';
    const after = '2059-08-31,2059-09-30';
    const build = (second: string) =>
      buildScheduleStore([lease(1, '2025-01-31'), lease(2, second.slice(0, 10))], () => [lists(1, early), lists(2, second)]);
    const daysIn = (s: Awaited<ReturnType<typeof build>>, i: number) => Array.from(s.due.subarray(s.start[i]!, s.end[i]!));
    const parsed = (list: string) => list.split(',').map((d) => parseDate(d));
    const ordinary = await build('2026-01-31,2026-02-28');
    expect(ordinary.due).toBeInstanceOf(Int16Array);
    const built = await build(after);
    expect(built.due).toBeInstanceOf(Int32Array);
    expect([daysIn(built, 0), daysIn(built, 1)]).toEqual([parsed(early), parsed(after)]);
    const ledger = await buildLedgerStore(ordinary, () => [], []);
    applyLeaseRewrites(ordinary, ledger, [
      { id: 2, lease: lease(2, '2059-08-31'), schedule: lists(2, after), payments: null, reversals: [] },
    ]);
    expect(ordinary.due).toBeInstanceOf(Int32Array);
    expect([daysIn(ordinary, 0), daysIn(ordinary, 1)]).toEqual([parsed(early), parsed(after)]);
  });
});

describe('LeasePortfolio amount columns', () => {
  it('stay Int32 for an ordinary book', () => {
    const p = new LeasePortfolio(2, 24);
    p.add(normal);
    p.add({ ...normal, term: 24 });
    expect(p.instalment).toBeInstanceOf(Int32Array);
    expect(p.principal).toBeInstanceOf(Int32Array);
    expect(p.vat).toBeInstanceOf(Int32Array);
    expect(rowsOf(p, 0)).toEqual(rowsOfSchedule(normal));
  });

  it('widen to Float64 for a lease whose instalments do not fit, by add or by splice, keeping every value exact', () => {
    const p = new LeasePortfolio(2, 24);
    p.add(normal);
    p.add(huge);
    expect(p.instalment).toBeInstanceOf(Float64Array);
    expect(rowsOf(p, 1)[0]![0]).toBeGreaterThan(2 ** 31);
    expect(rowsOf(p, 0)).toEqual(rowsOfSchedule(normal));
    expect(rowsOf(p, 1)).toEqual(rowsOfSchedule(huge));

    const q = new LeasePortfolio(2, 24);
    q.add(normal);
    q.add(normal);
    q.splice(1, huge, true);
    expect(q.principal).toBeInstanceOf(Float64Array);
    expect([rowsOf(q, 0), rowsOf(q, 1), rowsOf(q, 2)]).toEqual([rowsOfSchedule(normal), rowsOfSchedule(huge), rowsOfSchedule(normal)]);
    // A one-lease copy keeps the kind of its source's columns.
    expect(rowsOf(q.extract(1), 0)).toEqual(rowsOfSchedule(huge));

    const r = new LeasePortfolio(1, 12);
    r.addSchedule(buildSchedule(huge));
    expect(r.vat).toBeInstanceOf(Float64Array);
    expect(rowsOf(r, 0)).toEqual(rowsOfSchedule(huge));
  });
});

describe('servicing store amount columns', () => {
  const lease = (id: number): StoreLease => ({
    id,
    lesseeId: 1,
    currency: 'EUR',
    status: 'active',
    residual: 0,
    vatRate: 0.2,
    vatRegime: 'per-instalment',
    firstDueDate: '2025-01-31',
    term: 2,
    timing: 'arrears',
    frequency: 'monthly',
  });
  const lists = (id: number, amount: number): [number, string, string, string, string, string] => [
    id,
    '2025-01-31,2025-02-28',
    `${amount / 2},${amount / 2}`,
    '0,0',
    `${amount / 10},${amount / 10}`,
    `${amount},${amount}`,
  ];
  const build = async (amounts: number[], payments: number[]) => {
    const leases = amounts.map((_, i) => lease(i + 1));
    const schedule = await buildScheduleStore(leases, () => amounts.map((a, i) => lists(i + 1, a)));
    const ledger = await buildLedgerStore(
      schedule,
      () => payments.map((a, i) => [i + 1, '2025-02-01', String(a)] as [number, string, string]),
      [],
    );
    return { schedule, ledger };
  };
  const principals = (s: Awaited<ReturnType<typeof build>>['schedule']) =>
    Array.from({ length: s.n }, (_, i) => [...s.principal.subarray(s.start[i]!, s.end[i]!)]);

  it('stay Int32 while every amount fits', async () => {
    const { schedule, ledger } = await build([1_000_000, 2_000_000], [50_000, 60_000]);
    for (const c of [schedule.vat, schedule.fee, schedule.interest, schedule.principal, ledger.amount])
      expect(c).toBeInstanceOf(Int32Array);
    expect(principals(schedule)).toEqual([
      [1_000_000, 1_000_000],
      [2_000_000, 2_000_000],
    ]);
  });

  it('widen to Float64 when a built or rewritten amount does not fit, keeping every value exact', async () => {
    const big = 5_000_000_000;
    const built = await build([1_000_000, big], [50_000, big]);
    expect(built.schedule.principal).toBeInstanceOf(Float64Array);
    expect(built.schedule.vat).toBeInstanceOf(Float64Array);
    expect(built.schedule.fee).toBeInstanceOf(Int32Array);
    expect(principals(built.schedule)).toEqual([
      [1_000_000, 1_000_000],
      [big, big],
    ]);
    expect(built.ledger.amount).toBeInstanceOf(Float64Array);
    expect(built.ledger.amount[built.ledger.start[1]!]).toBe(big);

    const { schedule, ledger } = await build([1_000_000, 2_000_000], [50_000, 60_000]);
    applyLeaseRewrites(schedule, ledger, [
      { id: 2, lease: lease(2), schedule: lists(2, big), payments: ['2025-03-01', String(big)], reversals: [] },
    ]);
    expect(schedule.principal).toBeInstanceOf(Float64Array);
    expect(principals(schedule)).toEqual([
      [1_000_000, 1_000_000],
      [big, big],
    ]);
    expect(ledger.amount).toBeInstanceOf(Float64Array);
    expect(ledger.amount[ledger.start[1]!]).toBe(big);
    expect(ledger.amount[ledger.start[0]!]).toBe(50_000);
  });
});

describe('valuation cash column', () => {
  const CUT = '2025-03-15';
  /** Lease i's 61 period buckets as plain numbers. */
  const cashOf = (v: PortfolioValuation, i: number) => Array.from(v.cash.subarray(i * CF_PERIODS, (i + 1) * CF_PERIODS));
  const book = (...terms: LeaseTerms[]) => {
    const p = new LeasePortfolio(terms.length, 24);
    for (const t of terms) p.add(t);
    return p;
  };
  const chunked = (p: LeasePortfolio) => {
    const g = valuePortfolioInChunks(p, { cutOff: CUT }, 1);
    for (;;) {
      const r = g.next();
      if (r.done) return r.value;
    }
  };

  it('is Int32 for an ordinary book, each lease equal to its own valuation, buckets + beyond = total CF', () => {
    const v = valuePortfolio(book(normal, { ...normal, term: 24 }), { cutOff: CUT, gross: true });
    expect(v.cash).toBeInstanceOf(Int32Array);
    expect(cashOf(v, 0)).toEqual(valueLease(normal, { cutOff: CUT, gross: true }).cash);
    for (let i = 0; i < 2; i++) expect(cashOf(v, i).reduce((a, b) => a + b, 0) + v.cashBeyond[i]!).toBe(v.totalcf[i]);
    expect(cashOf(v, 0).some((c) => c > 0)).toBe(true);
  });

  it('widens to Float64 on a bucket that does not fit, whole or in chunks, keeping every value exact', () => {
    for (const v of [valuePortfolio(book(normal, huge), { cutOff: CUT }), chunked(book(normal, huge))]) {
      expect(v.cash).toBeInstanceOf(Float64Array);
      expect(Math.max(...cashOf(v, 1))).toBeGreaterThan(2 ** 31);
      expect(cashOf(v, 1).reduce((a, b) => a + b, 0) + v.cashBeyond[1]!).toBe(v.totalcf[1]);
      expect(cashOf(v, 1)).toEqual(valueLease(huge, { cutOff: CUT }).cash);
      expect(cashOf(v, 0)).toEqual(valueLease(normal, { cutOff: CUT }).cash);
    }
  });

  it('spliceValuation widens an Int32 column for a huge lease, replacing or inserting; the old valuation keeps its own', () => {
    const v = valuePortfolio(book(normal, { ...normal, term: 24 }), { cutOff: CUT });
    const before = cashOf(v, 0);
    const one = valuePortfolio(singleLeasePortfolio(huge), { cutOff: CUT });
    const replaced = spliceValuation(v, 0, one);
    expect(replaced.cash).toBeInstanceOf(Float64Array);
    expect(cashOf(replaced, 0)).toEqual(cashOf(one, 0));
    expect(cashOf(replaced, 1)).toEqual(cashOf(v, 1));
    expect(v.cash).toBeInstanceOf(Int32Array);
    expect(cashOf(v, 0)).toEqual(before);
    const inserted = spliceValuation(v, 1, one, true);
    expect(inserted.cash).toBeInstanceOf(Float64Array);
    expect([cashOf(inserted, 0), cashOf(inserted, 1), cashOf(inserted, 2)]).toEqual([cashOf(v, 0), cashOf(one, 0), cashOf(v, 1)]);
    // An ordinary lease spliced in keeps the column Int32.
    const small = spliceValuation(v, 1, valuePortfolio(singleLeasePortfolio(normal), { cutOff: CUT }), true);
    expect(small.cash).toBeInstanceOf(Int32Array);
  });
});
