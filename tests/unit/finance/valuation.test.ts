import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  aggregateCash,
  buildPortfolio,
  buildSchedule,
  CF_PERIODS,
  FinanceError,
  irr,
  parseDate,
  valueLease,
  valuePortfolio,
  valuationRow,
  xirr,
  xnpv,
  type LeaseTerms,
} from '@/lib/finance';
import { dateArb, leaseArb } from './arbitraries';

function must(cond: boolean, message: string): void {
  if (!cond) throw new Error(message);
}

const research: LeaseTerms = {
  price: 5_000_000,
  downPayment: 500_000,
  residual: 500_000,
  term: 60,
  rate: 0.06,
  timing: 'advance',
  firstDueDate: '2025-01-01',
  vatRate: 0.23,
  currency: 'EUR',
};

describe('valuation of the research example (§2.9)', () => {
  test('at the start: price at 5 % = 46,164.07, NPV at the contract rate = 45,000.00, delta +1,164.07, check 0', () => {
    const v = valueLease(research, { cutOff: '2025-01-01', buyRate: 0.05 });
    expect(v).toMatchObject({ prin: 4_500_000, sellto4G: 4_616_407, npv: 4_500_000, delta: 116_407, check: 0 });
    expect(v.cash.slice(0, 3)).toEqual([79_434, 79_434, 79_434]);
    expect(v.cash[59]).toBe(79_437);
    expect(v.cash[60]).toBe(500_000); // the residual falls in period 61
    expect(v.cashBeyond).toBe(0);
    expect(v.totalcf).toBe(59 * 79_434 + 79_437 + 500_000);
    expect(v.remainingInstalments).toBe(60);
    expect(v.remainingTermMonths).toBe(61);
    expect(v.originalTermMonths).toBe(60);
  });

  test('gross adds VAT to the buckets and totalcf only', () => {
    const net = valueLease(research, { cutOff: '2025-01-01', buyRate: 0.05 });
    const gross = valueLease(research, { cutOff: '2025-01-01', buyRate: 0.05, gross: true });
    expect(gross.cash[0]).toBe(79_434 + 18_270);
    expect(gross.cash[60]).toBe(500_000 + 115_000);
    expect(gross.totalcf - net.totalcf).toBe(buildSchedule(research).totals.vat + 115_000);
    expect(gross.sellto4G).toBe(net.sellto4G);
    expect(gross.npv).toBe(net.npv);
    expect(gross.check).toBe(net.check);
  });

  // Issue #11: sellto4G is the price at the cut-off, never the historical agreed price (domain.md §3).
  test('an agreed purchase price is carried as purchasePrice and leaves sellto4G and delta alone', () => {
    const priced = valueLease(research, { cutOff: '2025-01-01', buyRate: 0.05, purchasePrice: 4_600_000 });
    const plain = valueLease(research, { cutOff: '2025-01-01', buyRate: 0.05 });
    expect(priced.purchasePrice).toBe(4_600_000);
    expect(priced.sellto4G).toBe(plain.sellto4G);
    expect(priced.delta).toBe(plain.sellto4G - plain.npv);
  });

  test('a seasoned lease: npv discounts from the cut-off, check in the lease’s own periods', () => {
    const v = valueLease(research, { cutOff: '2026-07-01' });
    const s = buildSchedule(research);
    // Instalments 1..18 are before the cut-off; prin is the balance after row 18.
    expect(v.prin).toBe(s.rows[17]!.balanceAfter);
    expect(v.remainingInstalments).toBe(42);
    expect(v.seasoningMonths).toBe(18);
    // The instalment due on the cut-off is period 1, undiscounted: npv = prin × (1 + r).
    expect(Math.abs(v.npv - v.prin * 1.005)).toBeLessThanOrEqual(42);
    expect(Math.abs(v.check)).toBeLessThanOrEqual(42);
  });

  test('the actual/365 convention equals XNPV of the remaining flows from the cut-off', () => {
    const s = buildSchedule(research);
    const cutOff = '2027-03-01';
    const v = valueLease(research, { cutOff, buyRate: 0.05, discountRate: 0.07, convention: 'actual' });
    const rows = s.rows.filter((r) => r.dueDate >= cutOff);
    const values = [0, ...rows.map((r) => r.instalment), 500_000];
    const dates = [cutOff, ...rows.map((r) => r.dueDate), s.residualDueDate];
    expect(v.sellto4G).toBe(Math.round(xnpv(0.05, values, dates)));
    expect(v.npv).toBe(Math.round(xnpv(0.07, values, dates)));
  });
});

const arrearsFirst: LeaseTerms = {
  price: 2_400_000,
  term: 24,
  rate: 0.048,
  timing: 'arrears',
  firstDueDate: '2024-05-31',
  currency: 'GBP',
  vatRate: 0.2,
};

describe('edge cases of the cut-off', () => {
  test.each([
    ['a lease that ended before the cut-off', arrearsFirst, '2026-05-01'],
    ['an advance lease whose residual was due before the cut-off', research, '2030-01-02'],
  ])('%s values to zero', (_n, terms, cutOff) => {
    const v = valueLease(terms, { cutOff, buyRate: 0.05 });
    expect(v).toMatchObject({
      prin: 0,
      sellto4G: 0,
      npv: 0,
      delta: 0,
      check: 0,
      totalcf: 0,
      cashBeyond: 0,
      remainingInstalments: 0,
      remainingTermMonths: 0,
      walYears: 0,
    });
    expect(v.cash.every((c) => c === 0)).toBe(true);
  });

  test('a lease that starts after the cut-off: full principal, flows shifted, check 0', () => {
    const v = valueLease(arrearsFirst, { cutOff: '2024-01-01' });
    expect(v.prin).toBe(2_400_000);
    expect(v.remainingInstalments).toBe(24);
    expect(v.cash.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(v.cash[4]).toBe(buildSchedule(arrearsFirst).instalment); // May 2024 = period 5
    expect(v.remainingTermMonths).toBe(28);
    expect(v.seasoningMonths).toBe(0);
    // Tolerance of domain.md §3: one cent per remaining instalment (here the rounding leaves 2).
    expect(Math.abs(v.check)).toBeLessThanOrEqual(24);
  });

  test('an advance lease between its last instalment and its residual: prin = RV, check 0', () => {
    const v = valueLease(research, { cutOff: '2029-12-15' });
    expect(v).toMatchObject({ prin: 500_000, check: 0, remainingInstalments: 0, totalcf: 500_000 });
    expect(v.cash[1]).toBe(500_000);
  });

  test('a cut-off on a due date keeps that instalment; the day after drops it', () => {
    const on = valueLease(arrearsFirst, { cutOff: '2025-01-31' });
    const after = valueLease(arrearsFirst, { cutOff: '2025-02-01' });
    expect(on.remainingInstalments - after.remainingInstalments).toBe(1);
    expect(on.cash[0]).toBe(buildSchedule(arrearsFirst).instalment);
    expect(on.seasoningMonths).toBe(9); // started 30 April 2024, one period before the first due date
    expect(on.originalTermMonths).toBe(24);
  });

  test('flows after period 61 go to cashBeyond so totals reconcile', () => {
    const long: LeaseTerms = { ...arrearsFirst, term: 120, firstDueDate: '2024-01-15' };
    const v = valueLease(long, { cutOff: '2024-01-01' });
    const s = buildSchedule(long);
    expect(v.cash).toHaveLength(CF_PERIODS);
    expect(v.cashBeyond).toBe(s.rows.slice(61).reduce((a, r) => a + r.instalment, 0));
    expect(v.totalcf).toBe(s.totals.instalment);
    expect(v.cash.reduce((a, c) => a + c, 0) + v.cashBeyond).toBe(v.totalcf);
  });

  test('29 February and month-end due dates bucket into their own months', () => {
    const terms: LeaseTerms = { ...arrearsFirst, firstDueDate: '2024-01-31', term: 3 };
    const v = valueLease(terms, { cutOff: '2024-01-01' });
    const a = buildSchedule(terms).instalment;
    expect(v.cash.slice(0, 4)).toEqual([a, a, v.cash[2], 0]); // 31 Jan, 29 Feb, 31 Mar
    expect(v.cash[2]).toBeGreaterThan(0);
  });

  test('a stored row schedule values the same as its terms', () => {
    const s = buildSchedule(research);
    for (const cutOff of ['2024-06-01', '2025-01-01', '2027-08-17', '2029-12-15']) {
      expect(valueLease(s, { cutOff, buyRate: 0.055 })).toEqual(valueLease(research, { cutOff, buyRate: 0.055 }));
    }
  });

  test('a stored schedule that does not reconcile or is out of order is rejected', () => {
    const s = buildSchedule(research);
    const tampered = { ...s, rows: s.rows.map((r, k) => (k === 3 ? { ...r, principal: r.principal + 1 } : r)) };
    expect(() => valueLease(tampered, { cutOff: '2025-01-01' })).toThrowError(FinanceError);
    const shuffled = { ...s, rows: [s.rows[1]!, s.rows[0]!, ...s.rows.slice(2)] };
    expect(() => valueLease(shuffled, { cutOff: '2025-01-01' })).toThrowError(FinanceError);
  });

  test('bad options are VALUE errors', () => {
    expect(() => valueLease(research, { cutOff: '2025-02-30' })).toThrowError(FinanceError);
    expect(() => valueLease(research, { cutOff: '2025-01-01', convention: 'daily' as never })).toThrowError(FinanceError);
    expect(() => valueLease(research, { cutOff: '2025-01-01', buyRate: Number.NaN })).toThrowError(FinanceError);
    const p = buildPortfolio([research, research]);
    expect(() => valuePortfolio(p, { cutOff: '2025-01-01', buyRate: [0.05] })).toThrowError(FinanceError);
    expect(() => valuationRow(valuePortfolio(p, { cutOff: '2025-01-01' }), 2)).toThrowError(FinanceError);
  });
});

const cutOffArb = dateArb(1998, 2052);

describe('valuation properties over random leases and cut-offs', () => {
  test('check = 0 within one cent per remaining instalment; prin follows the schedule; cash reconciles', () => {
    fc.assert(
      fc.property(leaseArb(), cutOffArb, fc.boolean(), (terms, cutOff, gross) => {
        const s = buildSchedule(terms);
        const v = valueLease(terms, { cutOff, buyRate: 0.05, gross });
        must(Math.abs(v.check) <= v.remainingInstalments, `check ${v.check} with ${v.remainingInstalments} remaining`);
        const remaining = s.rows.filter((r) => r.dueDate >= cutOff);
        const before = s.rows.filter((r) => r.dueDate < cutOff);
        const residualRemains = s.residualDueDate >= cutOff;
        const expectedPrin =
          remaining.length === 0 && !residualRemains ? 0 : before.length > 0 ? before[before.length - 1]!.balanceAfter : s.principal;
        expect(v.prin).toBe(expectedPrin);
        expect(v.remainingInstalments).toBe(remaining.length);
        const net = remaining.reduce((a, r) => a + r.instalment, 0) + (residualRemains ? s.residual : 0);
        const vat = remaining.reduce((a, r) => a + r.vat, 0) + (residualRemains ? s.residualVat : 0);
        expect(v.totalcf).toBe(gross ? net + vat : net);
        expect(v.cash.reduce((a, c) => a + c, 0) + v.cashBeyond).toBe(v.totalcf);
        expect(v.delta).toBe(v.sellto4G - v.npv);
        for (const x of [v.prin, v.sellto4G, v.npv, v.delta, v.check, v.totalcf, v.cashBeyond, ...v.cash]) {
          must(Number.isInteger(x), `non-integer ${x}`);
        }
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  test('npv at the contract rate equals prin for a lease starting in the cut-off month with due dates on period starts', () => {
    fc.assert(
      fc.property(leaseArb({ frequency: 'monthly', maxTerm: 120 }), dateArb(2000, 2040), (terms, anyDate) => {
        const cutOff = `${anyDate.slice(0, 8)}01`;
        const firstDueDate = terms.timing === 'advance' ? cutOff : `${nextMonth(cutOff)}`;
        const t: LeaseTerms = { ...terms, firstDueDate, rateConvention: 'nominal' };
        const v = valueLease(t, { cutOff });
        expect(v.prin).toBe(buildSchedule(t).principal);
        must(Math.abs(v.npv - v.prin) <= v.remainingInstalments, `npv ${v.npv} vs prin ${v.prin}`);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  test('IRR of [−sellto4G + cash1, cash2, …, cash61] returns the buy rate (monthly convention)', () => {
    fc.assert(
      fc.property(leaseArb({ maxTerm: 48 }), cutOffArb, fc.integer({ min: 0, max: 2000 }), (terms, cutOff, bp) => {
        const buyRate = bp / 10_000;
        const v = valueLease(terms, { cutOff, buyRate });
        if (v.sellto4G < 100_000 || v.cashBeyond !== 0 || v.cash.slice(1).every((c) => c === 0)) return;
        const flows = [...v.cash];
        flows[0] = flows[0]! - v.sellto4G;
        // sellto4G is rounded to the cent: that moves the implied monthly rate by at most about
        // 0.5 / (price × duration in months).
        // sensitivity of the PV to the monthly rate: Σ k·cash_k·v^(k+1)
        const m = 1 / (1 + buyRate / 12);
        const sens = v.cash.reduce((a, c, k) => a + c * k * m ** (k + 1), 0);
        const tol = (12 * 0.6) / sens + 1e-9;
        expect(Math.abs(12 * irr(flows, buyRate / 12) - buyRate)).toBeLessThan(tol);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  test('XIRR of [−sellto4G at the cut-off, remaining flows on their dates] returns the buy rate (actual convention)', () => {
    fc.assert(
      fc.property(leaseArb({ maxTerm: 48 }), cutOffArb, fc.integer({ min: 1, max: 2000 }), (terms, cutOff, bp) => {
        const buyRate = bp / 10_000;
        const v = valueLease(terms, { cutOff, buyRate, convention: 'actual' });
        if (v.sellto4G < 100_000) return;
        const s = buildSchedule(terms);
        const rows = s.rows.filter((r) => r.dueDate >= cutOff);
        const values = [-v.sellto4G, ...rows.map((r) => r.instalment)];
        const dates = [cutOff, ...rows.map((r) => r.dueDate)];
        if (s.residualDueDate >= cutOff && s.residual > 0) {
          values.push(s.residual);
          dates.push(s.residualDueDate);
        }
        const cut = parseDate(cutOff);
        // sensitivity of the PV to the annual rate: Σ t·x·(1+b)^(−t−1), t in years
        const sens = values.slice(1).reduce((a, x, k) => {
          const t = (parseDate(dates[k + 1]!) - cut) / 365;
          return a + t * x * (1 + buyRate) ** (-t - 1);
        }, 0);
        if (!(sens > 0)) return;
        const tol = 0.6 / sens + 1e-9;
        expect(Math.abs(xirr(values, dates, buyRate) - buyRate)).toBeLessThan(tol);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  test('valuePortfolio gives every lease the row valueLease gives it', () => {
    fc.assert(
      fc.property(fc.array(leaseArb({ maxTerm: 72 }), { minLength: 1, maxLength: 15 }), cutOffArb, (list, cutOff) => {
        const p = buildPortfolio(list);
        const buyRate = list.map((_, i) => (i % 3 === 0 ? Number.NaN : 0.03 + i / 1000));
        const pv = valuePortfolio(p, { cutOff, buyRate });
        list.forEach((terms, i) => {
          const b = buyRate[i]!;
          expect(valuationRow(pv, i)).toEqual(valueLease(terms, { cutOff, ...(Number.isNaN(b) ? {} : { buyRate: b }) }));
        });
        const agg = aggregateCash(pv);
        const sum = list.reduce((a, _t, i) => a + pv.totalcf[i]!, 0);
        expect(agg.cash.reduce((a, c) => a + c, 0) + agg.cashBeyond).toBe(sum);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  test('WAL of a residual-only remainder is its distance in years', () => {
    const v = valueLease(research, { cutOff: '2029-12-15' });
    expect(v.walYears).toBeCloseTo((parseDate('2030-01-01') - parseDate('2029-12-15')) / 365, 12);
  });
});

function nextMonth(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
