import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  buildPortfolio,
  buildSchedule,
  FinanceError,
  liabilityCashFlow,
  parseDate,
  portfolioLiability,
  roundHalfUp,
  summarizeByCurrency,
  valueLease,
  valuePortfolio,
  weightedAverage,
  weightedAverageLife,
  type LeaseTerms,
} from '@/lib/finance';
import { dateArb, leaseArb } from './arbitraries';

const sum = (a: readonly number[]): number => a.reduce((x, y) => x + y, 0);

const lease: LeaseTerms = {
  price: 3_600_000,
  residual: 600_000,
  term: 36,
  rate: 0.07,
  timing: 'arrears',
  firstDueDate: '2025-02-01',
  vatRate: 0.19,
  currency: 'EUR',
};

describe('liability cash flow (domain.md §4)', () => {
  test('funding 100 % of a price equal to prin mirrors the lease’s principal exactly', () => {
    const cutOff = '2025-01-01';
    const s = buildSchedule(lease);
    const l = liabilityCashFlow(lease, { cutOff, purchasePrice: 3_600_000, facilityRate: 0.05 });
    expect(l.opening).toBe(3_600_000);
    expect(l.balanceAtCutOff).toBe(3_600_000);
    expect(l.principal[0]).toBe(0); // January: nothing due
    for (let k = 1; k <= 35; k++) expect(l.principal[k]).toBe(s.rows[k - 1]!.principal);
    expect(l.principal[36]).toBe(s.rows[35]!.principal + 600_000); // last instalment + residual
    expect(sum(l.principal) + l.principalBeyond).toBe(3_600_000);
    // Interest: opening balance × 5 % / 12, month by month (30/360).
    expect(l.interest[0]).toBe(15_000);
    expect(l.interest[1]).toBe(15_000);
    expect(l.interest[2]).toBe(roundHalfUp(((3_600_000 - s.rows[0]!.principal) * 0.05) / 12));
    expect(l.interest[37]).toBe(0);
    // VAT passes through: instalments and the residual.
    expect(l.vat[1]).toBe(s.rows[0]!.vat);
    expect(sum(l.vat)).toBe(s.totals.vat + s.residualVat);
  });

  test('an advance rate below 100 % scales principal and ends at exactly zero', () => {
    const l = liabilityCashFlow(lease, { cutOff: '2025-01-01', purchasePrice: 3_712_345, advanceRate: 0.85, facilityRate: 0.045 });
    expect(l.opening).toBe(roundHalfUp(0.85 * 3_712_345));
    expect(sum(l.principal) + l.principalBeyond).toBe(l.opening);
    expect(l.principal.every((p) => p >= 0)).toBe(true);
  });

  test('a mid-month purchase pays a 30/360 stub of interest in its first month', () => {
    const l = liabilityCashFlow(lease, { cutOff: '2025-01-01', purchaseDate: '2025-01-16', purchasePrice: 3_600_000, facilityRate: 0.06 });
    expect(l.interest[0]).toBe(roundHalfUp((3_600_000 * 0.06 * 15) / 12 / 30));
    expect(l.interest[1]).toBe(18_000);
  });

  test('a purchase before the cut-off shows only the months from the cut-off', () => {
    const l = liabilityCashFlow(lease, { cutOff: '2026-01-01', purchaseDate: '2025-01-01', purchasePrice: 3_600_000, facilityRate: 0.05 });
    const s = buildSchedule(lease);
    const repaidBefore = sum(s.rows.filter((r) => r.dueDate < '2026-01-01').map((r) => r.principal));
    expect(l.balanceAtCutOff).toBe(3_600_000 - repaidBefore);
    expect(sum(l.principal) + l.principalBeyond).toBe(l.balanceAtCutOff);
    expect(l.interest[0]).toBe(roundHalfUp((l.balanceAtCutOff * 0.05) / 12));
  });

  test('a lease with nothing outstanding at the purchase date cannot be funded', () => {
    expect(() => liabilityCashFlow(lease, { cutOff: '2030-01-01', purchasePrice: 100, facilityRate: 0.05 })).toThrowError(FinanceError);
    expect(() => liabilityCashFlow(lease, { cutOff: '2025-01-01', purchasePrice: 100, facilityRate: Number.NaN })).toThrowError(
      FinanceError,
    );
  });

  test('a schedule ahead of its principal before its last instalment (a rounding surplus) repays the line to zero, never below', () => {
    // The property below found it: 10.00 over 60 months at 0 % is 59 instalments of 0.17 and a last one of −0.03.
    const tiny: LeaseTerms = {
      ...lease,
      price: 1000,
      downPayment: 0,
      fee: 0,
      residual: 0,
      term: 60,
      rate: 0,
      timing: 'advance',
      firstDueDate: '2000-01-01',
      vatRate: 0,
    };
    expect(buildSchedule(tiny).rows.at(-1)!.principal).toBe(-3);
    const l = liabilityCashFlow(tiny, { cutOff: '2000-01-29', purchasePrice: 983, advanceRate: 0.19190140845070344, facilityRate: 0.04 });
    const balances: number[] = [];
    let bal = l.opening;
    for (const p of l.principal) balances.push((bal -= p));
    expect({ opening: l.opening, min: Math.min(...balances), end: balances.at(-1), repaid: sum(l.principal) + l.principalBeyond }).toEqual({
      opening: 189,
      min: 0,
      end: 0,
      repaid: 189,
    });
    // Repaid in full with the instalment that reaches the principal (the 59th, period 59 from January 2000), nothing after.
    expect(l.principal.slice(58, 60)).toEqual([189 - sum(l.principal.slice(0, 58)), 0]);
  });

  test('property: the liability ends at exactly zero and never goes negative', () => {
    fc.assert(
      fc.property(leaseArb({ maxTerm: 90 }), dateArb(1999, 2045), fc.double({ min: 0, max: 1, noNaN: true }), (terms, cutOff, adv) => {
        const v = valueLease(terms, { cutOff, buyRate: 0.06 });
        if (v.prin <= 0) return;
        const l = liabilityCashFlow(terms, { cutOff, purchasePrice: v.sellto4G, advanceRate: adv, facilityRate: 0.04 });
        expect(l.opening).toBe(roundHalfUp(adv * v.sellto4G));
        if (l.opening === 0) return; // nothing drawn, nothing to pass through
        expect(sum(l.principal) + l.principalBeyond).toBe(l.opening);
        // Bought on the cut-off: its month pays a 30/360 stub from the purchase day.
        const stub = (31 - Math.min(Number(cutOff.slice(8, 10)), 30)) / 30;
        let bal = l.opening;
        for (let k = 0; k < l.principal.length; k++) {
          const expected = roundHalfUp(((bal * 0.04) / 12) * (k === 0 ? stub : 1));
          if (l.interest[k]! !== expected) throw new Error(`interest of period ${k + 1}: ${l.interest[k]} ≠ ${expected}`);
          bal -= l.principal[k]!;
          if (bal < 0) throw new Error(`negative balance in period ${k + 1}`);
        }
        expect(Math.abs(bal - l.principalBeyond)).toBe(0);
        // VAT of the remaining flows passes through.
        const s = buildSchedule(terms);
        const vat = sum(s.rows.filter((r) => r.dueDate >= cutOff).map((r) => r.vat)) + (s.residualDueDate >= cutOff ? s.residualVat : 0);
        expect(sum(l.vat) + l.vatBeyond).toBe(vat);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  test('portfolio liability aggregates per currency and equals the sum of the leases', () => {
    const terms: LeaseTerms[] = [lease, { ...lease, currency: 'GBP', price: 1_000_000, residual: 0 }, { ...lease, term: 24 }];
    const p = buildPortfolio(terms);
    const cutOff = '2025-01-01';
    const v = valuePortfolio(p, { cutOff, buyRate: 0.06 });
    const agg = portfolioLiability(p, { cutOff, purchasePrice: v.sellto4G, facilityRate: 0.05, advanceRate: 0.9 });
    expect(agg.map((a) => a.currency)).toEqual(['EUR', 'GBP']);
    const eur = agg[0]!;
    const single = [0, 2].map((i) =>
      liabilityCashFlow(terms[i]!, { cutOff, purchasePrice: v.sellto4G[i]!, facilityRate: 0.05, advanceRate: 0.9 }),
    );
    expect(eur.leases).toBe(2);
    expect(eur.opening).toBe(single[0]!.opening + single[1]!.opening);
    expect(Array.from(eur.principal)).toEqual(single[0]!.principal.map((x, k) => x + single[1]!.principal[k]!));
    expect(Array.from(eur.interest)).toEqual(single[0]!.interest.map((x, k) => x + single[1]!.interest[k]!));
    expect(agg[1]!.opening).toBe(roundHalfUp(0.9 * v.sellto4G[1]!));
  });
});

describe('portfolio metrics (research §2.10)', () => {
  test('weighted average and WAL', () => {
    expect(weightedAverage([0.05, 0.07], [100, 300])).toBeCloseTo(0.065, 15);
    expect(weightedAverage([1, 2], [0, 0])).toBeNull();
    expect(weightedAverage([], [])).toBeNull();
    expect(weightedAverageLife([1, 2, 3], [100, 100, 200])).toBeCloseTo(2.25, 15);
  });

  test('per-currency summary: totals are exact sums, WA figures weighted by prin', () => {
    const terms: LeaseTerms[] = [
      lease,
      { ...lease, rate: 0.09, price: 1_200_000, residual: 0, term: 12 },
      { ...lease, currency: 'CHF', rate: 0.03 },
      { ...lease, firstDueDate: '2020-01-01', term: 12 }, // ran off before the cut-off
    ];
    const p = buildPortfolio(terms);
    const v = valuePortfolio(p, { cutOff: '2025-01-01', buyRate: 0.06 });
    const [eur, chf] = summarizeByCurrency(p, v);
    expect(eur!.currency).toBe('EUR');
    expect(eur!.count).toBe(3);
    expect(eur!.activeCount).toBe(2);
    expect(eur!.prin).toBe(3_600_000 + 1_200_000);
    expect(eur!.sellto4G).toBe(v.sellto4G[0]! + v.sellto4G[1]! + v.sellto4G[3]!);
    expect(eur!.totalcf).toBe(v.totalcf[0]! + v.totalcf[1]! + v.totalcf[3]!);
    expect(sum(eur!.cash) + eur!.cashBeyond).toBe(eur!.totalcf);
    expect(eur!.waRate).toBeCloseTo((3_600_000 * 0.07 + 1_200_000 * 0.09) / 4_800_000, 15);
    expect(eur!.waRemainingTermMonths).toBeCloseTo((3_600_000 * 37 + 1_200_000 * 13) / 4_800_000, 12);
    expect(eur!.waOriginalTermMonths).toBeCloseTo((3_600_000 * 36 + 1_200_000 * 12) / 4_800_000, 12);
    expect(eur!.walYears).toBeCloseTo((3_600_000 * v.walYears[0]! + 1_200_000 * v.walYears[1]!) / 4_800_000, 12);
    expect(chf!.currency).toBe('CHF');
    expect(chf!.waRate).toBeCloseTo(0.03, 15);
    expect(summarizeByCurrency(p, v, (i) => i === 3)[0]!.waRate).toBeNull();
  });

  test('WAL of a lease: principal-weighted years from the cut-off', () => {
    const v = valueLease(lease, { cutOff: '2025-01-01' });
    const s = buildSchedule(lease);
    const years = (d: string) => (parseDate(d) - parseDate('2025-01-01')) / 365;
    const expected = (sum(s.rows.map((r) => r.principal * years(r.dueDate))) + 600_000 * years(s.residualDueDate)) / 3_600_000;
    expect(v.walYears).toBeCloseTo(expected, 12);
  });
});
