/**
 * Stratification reconciles with the Summary: for EVERY dimension and currency, Σ bucket count and
 * outstanding equal lib/finance's summarizeByCurrency over the same rows, the total row's weighted
 * averages equal the Summary's, shares add up to 1, and the tiers put leases where their edges say.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import { seedPortfolio } from '@/db/seed/portfolio';
import { bucketOfLease, STRAT_DIMENSIONS, stratify, summaryTotalsOf, type StratSource } from '@/lib/reports/stratification';
import { valueBook } from '@/services/portfolio/valuation';
import { liveIndices } from '@/lib/portfolio/cash-flow-table';

let book: StratSource;
beforeAll(async () => {
  const db = createTestDb();
  seedPortfolio(db, { leases: 400, today: '2026-11-21', seed: 11 });
  book = await valueBook(db, 1, '2026-11-01');
});

describe('stratification totals equal the Summary totals per currency', () => {
  test.each(STRAT_DIMENSIONS.map((d) => [d]))('%s', (dimension) => {
    const strat = stratify(book, dimension, {
      delinquency: { bucketKeys: ['current', '1-30'], bucketOf: (id) => (id % 7 === 0 ? '1-30' : 'current') },
    });
    const summary = summaryTotalsOf(book);
    expect(strat.currencies.map((c) => c.currency)).toEqual(summary.map((s) => s.currency));
    for (const s of summary) {
      const c = strat.currencies.find((x) => x.currency === s.currency)!;
      expect(c.buckets.reduce((n, b) => n + b.count, 0)).toBe(s.count);
      expect(c.buckets.reduce((n, b) => n + b.outstanding, 0)).toBe(s.prin);
      expect(c.total.count).toBe(s.count);
      expect(c.total.outstanding).toBe(s.prin);
      expect(c.total.waRate).toBeCloseTo(s.waRate!, 12);
      expect(c.total.waOriginalTermMonths).toBeCloseTo(s.waOriginalTermMonths!, 9);
      expect(c.total.waRemainingTermMonths).toBeCloseTo(s.waRemainingTermMonths!, 9);
      expect(c.total.waSeasoningMonths).toBeCloseTo(s.waSeasoningMonths!, 9);
      expect(c.buckets.reduce((n, b) => n + b.countShare, 0)).toBeCloseTo(1, 12);
      expect(c.buckets.reduce((n, b) => n + b.outstandingShare, 0)).toBeCloseTo(1, 12);
      expect(c.top10.length).toBeLessThanOrEqual(10);
      for (let k = 1; k < c.top10.length; k++) expect(c.top10[k - 1]!.outstanding).toBeGreaterThanOrEqual(c.top10[k]!.outstanding);
    }
  });
});

describe('tier edges are inclusive upper bounds', () => {
  const live = () => Array.from(liveIndices(book));
  test.each([
    ['originalTerm', (i: number) => book.valuation.originalTermMonths[i]!, [12, 24, 36, 48, 60, 72, 84]],
    ['remainingTerm', (i: number) => book.valuation.remainingTermMonths[i]!, [12, 24, 36, 48, 60, 72, 84]],
    ['seasoning', (i: number) => book.valuation.seasoningMonths[i]!, [6, 12, 24, 36, 48]],
  ] as const)('%s', (dimension, valueOf, edges) => {
    for (const i of live()) {
      const b = bucketOfLease(book, i, dimension);
      const x = valueOf(i);
      const expected = edges.findIndex((e) => x <= e);
      expect(b.order).toBe(expected === -1 ? edges.length : expected);
    }
  });

  test('rate buckets hold the rate in [min, max)', () => {
    for (const i of live()) {
      const b = bucketOfLease(book, i, 'rate');
      const r = book.portfolio.annualRate[i]!;
      expect(r).toBeGreaterThanOrEqual(b.range!.min! - 1e-12);
      expect(r).toBeLessThan(b.range!.max! + 1e-12);
    }
  });

  test('balance tiers are in the currency’s major units', () => {
    for (const i of live()) {
      const b = bucketOfLease(book, i, 'balance');
      const prin = book.valuation.prin[i]!;
      if (b.range!.max !== null) expect(prin).toBeLessThanOrEqual(b.range!.max);
      if (b.range!.min !== null) expect(prin).toBeGreaterThan(b.range!.min);
    }
  });
});
