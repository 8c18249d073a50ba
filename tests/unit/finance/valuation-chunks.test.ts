/** A background rebuild values the book in slices (valuePortfolioInChunks, purchasePricesInChunks): the same arrays as one call, to the cent. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPortfolio,
  purchasePrices,
  purchasePricesInChunks,
  valuePortfolio,
  valuePortfolioInChunks,
  FinanceError,
} from '@/lib/finance';
import { dateArb, leaseArb } from './arbitraries';

function drain<T>(g: Generator<void, T>): { value: T; pauses: number } {
  let pauses = 0;
  for (;;) {
    const r = g.next();
    if (r.done) return { value: r.value, pauses };
    pauses++;
  }
}

describe('valuation in slices', () => {
  it('equals one call for any book, cut-off and slice size (and pauses between slices)', () => {
    fc.assert(
      fc.property(
        fc.array(leaseArb({ maxTerm: 72 }), { minLength: 0, maxLength: 25 }),
        dateArb(2015, 2035),
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        (list, cutOff, chunk, gross) => {
          const p = buildPortfolio(list);
          const purchaseDay = Int32Array.from(list, () => 0);
          const options = { cutOff, buyRate: 0.05, discountRate: 0.07, gross, purchaseDay };
          const whole = valuePortfolio(p, options);
          const sliced = drain(valuePortfolioInChunks(p, options, chunk));
          expect(sliced.value).toEqual(whole);
          expect(sliced.pauses).toBe(Math.max(0, Math.ceil(p.count / chunk) - 1));
          const priceOptions = { purchaseDay: Int32Array.from(list, (_, i) => 18_000 + i * 40), buyRate: 0.06 };
          expect(drain(purchasePricesInChunks(p, priceOptions, chunk)).value).toEqual(purchasePrices(p, priceOptions));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('values only its slice', () => {
    const list = fc.sample(fc.array(leaseArb({ maxTerm: 60 }), { minLength: 3, maxLength: 3 }), { numRuns: 1, seed: 7 })[0]!;
    const p = buildPortfolio(list);
    const options = { cutOff: '2020-01-01', purchaseDay: Int32Array.from(list, () => 0) };
    const whole = valuePortfolio(p, options);
    const first = valuePortfolio(p, { ...options, range: { from: 0, to: 1 } });
    expect(first.totalcf[0]).toBe(whole.totalcf[0]);
    expect(Array.from(first.totalcf.subarray(1))).toEqual([0, 0]);
    expect(Array.from(whole.totalcf.subarray(1)).some((x) => x !== 0)).toBe(true);
  });

  it('refuses a range outside the book', () => {
    const p = buildPortfolio([]);
    expect(() => valuePortfolio(p, { cutOff: '2026-01-01', range: { from: 0, to: 1 } })).toThrow(FinanceError);
  });
});
