import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeBorrowingBase,
  concentrationExcess,
  evaluateCovenant,
  evaluateLease,
  thresholdAt,
  waterfall,
  worstStatus,
  type ConcentrationLimit,
  type Criterion,
  type EligibilityLease,
} from '@/lib/facilities';

let nextId = 1;
function lease(over: Partial<EligibilityLease> = {}): EligibilityLease {
  const id = nextId++;
  return {
    leaseId: id,
    contractNumber: `C-${id}`,
    lesseeId: id,
    lesseeName: `Lessee ${id}`,
    industry: 'C',
    region: 'North',
    country: 'DE',
    assetType: 'vehicle',
    currency: 'EUR',
    balance: 100_000_00,
    dpd: 0,
    inDefault: false,
    remainingMonths: 24,
    rate: 0.06,
    ...over,
  };
}

const lessee5pct: ConcentrationLimit = { id: 1, group: 'lessee', kind: 'percent', value: 0.05, topN: null };

describe('§11 worked example', () => {
  it('eligible 10,000,000; lessee A 800,000 against 5 % → excess 300,000; 85 % → BB 8,245,000; commitment 8,000,000, drawn 7,500,000 → availability 500,000', () => {
    // Lessee A holds 800,000.00; the other 9,200,000.00 is spread over lessees of 400,000.00 each (within 5 %).
    const book = [
      lease({ lesseeId: 1000, lesseeName: 'A', balance: 800_000_00 }),
      ...Array.from({ length: 23 }, () => lease({ balance: 400_000_00 })),
    ];
    const { base } = computeBorrowingBase(
      { currency: 'EUR', commitment: 8_000_000_00, advanceRate: 0.85, reserves: 0 },
      [],
      [lessee5pct],
      book,
      7_500_000_00,
    );
    expect(base.eligibleBalance).toBe(10_000_000_00);
    expect(base.excess.total).toBe(300_000_00);
    expect(base.excess.groups.filter((g) => g.excess > 0)).toEqual([
      { limitId: 1, group: 'lessee', key: '1000', label: 'A', balance: 800_000_00, limit: 500_000_00, excess: 300_000_00 },
    ]);
    expect(base.borrowingBase).toBe(8_245_000_00);
    expect(base.maximumAdvance).toBe(8_000_000_00);
    expect(base.outstanding).toBe(7_500_000_00);
    expect(base.availability).toBe(500_000_00);
  });

  it('the waterfall alone gives the same figures', () => {
    const w = waterfall(
      { currency: 'EUR', commitment: 8_000_000_00, advanceRate: 0.85, reserves: 0 },
      10_000_000_00,
      10_000_000_00,
      300_000_00,
      7_500_000_00,
    );
    expect([w.borrowingBase, w.maximumAdvance, w.availability]).toEqual([8_245_000_00, 8_000_000_00, 500_000_00]);
  });

  it('outstanding above the maximum advance is a shortfall (negative availability)', () => {
    const w = waterfall(
      { currency: 'EUR', commitment: 8_000_000_00, advanceRate: 0.85, reserves: 500_000_00 },
      10_000_000_00,
      10_000_000_00,
      300_000_00,
      8_000_000_00,
    );
    expect(w.borrowingBase).toBe(7_745_000_00);
    expect(w.availability).toBe(-255_000_00);
  });
});

describe('concentration', () => {
  it('an excess removes only the excess, not the whole group', () => {
    const big = lease({ lesseeId: 7, balance: 300_000_00 });
    const rest = Array.from({ length: 7 }, () => lease({ balance: 100_000_00 }));
    const r = concentrationExcess([{ ...lessee5pct, value: 0.2 }], [big, ...rest]);
    // pool 1,000,000.00; limit 200,000.00; the group keeps 200,000.00 in the base
    expect(r.totalExcess).toBe(100_000_00);
    expect(r.groups[0]).toMatchObject({ key: '7', balance: 300_000_00, limit: 200_000_00, excess: 100_000_00 });
    const { base } = computeBorrowingBase(
      { currency: 'EUR', commitment: 10 ** 12, advanceRate: 1, reserves: 0 },
      [],
      [{ ...lessee5pct, value: 0.2 }],
      [big, ...rest],
      0,
    );
    expect(base.eligibleAfterExcess).toBe(900_000_00);
  });

  it.each([
    // pool 500,000.00: industry K 200,000.00 and C 300,000.00 against 150,000.00 → 50,000.00 + 150,000.00
    [
      'amount limit on an industry',
      { id: 2, group: 'industry', kind: 'amount', value: 150_000_00, topN: null } as ConcentrationLimit,
      200_000_00,
    ],
    // top-2 lessees = 200,000.00 + 100,000.00 = 300,000.00
    ['top-2 lessees at 60 %', { id: 3, group: 'topLessees', kind: 'percent', value: 0.6, topN: 2 } as ConcentrationLimit, 0],
    ['top-2 lessees at 50 %', { id: 3, group: 'topLessees', kind: 'percent', value: 0.5, topN: 2 } as ConcentrationLimit, 50_000_00],
  ])('%s', (_name, limit, excess) => {
    const leases = [
      lease({ industry: 'K', balance: 200_000_00 }),
      lease({ balance: 50_000_00 }),
      lease({ balance: 50_000_00 }),
      lease({ balance: 50_000_00 }),
      lease({ balance: 50_000_00 }),
      lease({ balance: 100_000_00 }),
    ];
    expect(concentrationExcess([limit], leases).totalExcess).toBe(excess);
  });
});

describe('eligibility', () => {
  const criteria: Criterion[] = [
    { id: 1, kind: 'notInDefault', value: null, values: null },
    { id: 2, kind: 'maxDpd', value: 60, values: null },
    { id: 3, kind: 'minRemainingMonths', value: 3, values: null },
    { id: 4, kind: 'countryIn', value: null, values: ['DE', 'AT'] },
    { id: 5, kind: 'assetTypeIn', value: null, values: ['vehicle', 'machinery'] },
    { id: 6, kind: 'maxBalance', value: 500_000_00, values: null },
    { id: 7, kind: 'minRate', value: 0.04, values: null },
  ];

  it('a lease failing two criteria lists both', () => {
    const r = evaluateLease(criteria, lease({ dpd: 75, country: 'FR' }), 'EUR');
    expect(r.eligible).toBe(false);
    expect(r.failed).toEqual([
      { id: 2, kind: 'maxDpd' },
      { id: 4, kind: 'countryIn' },
    ]);
  });

  it.each([
    ['in default', { inDefault: true }, [1]],
    ['DPD 61', { dpd: 61 }, [2]],
    ['DPD 60 passes', { dpd: 60 }, []],
    ['2 months left', { remainingMonths: 2 }, [3]],
    ['asset type IT', { assetType: 'it' }, [5]],
    ['balance above the single-lease cap', { balance: 500_000_01 }, [6]],
    ['rate below the floor', { rate: 0.0399 }, [7]],
    [
      'everything wrong',
      { inDefault: true, dpd: 100, remainingMonths: 0, country: 'US', assetType: 'it', balance: 10 ** 10, rate: 0 },
      [1, 2, 3, 4, 5, 6, 7],
    ],
  ])('%s', (_n, over, ids) => {
    expect(evaluateLease(criteria, lease(over), 'EUR').failed.map((f) => f.id)).toEqual(ids);
  });

  it('a lease in another currency is never collateral of the facility', () => {
    const r = evaluateLease([], lease({ currency: 'USD' }), 'EUR');
    expect(r.failed).toEqual([{ id: 0, kind: 'currencyIn' }]);
    const { base } = computeBorrowingBase(
      { currency: 'EUR', commitment: 1, advanceRate: 1, reserves: 0 },
      [],
      [],
      [lease({ currency: 'USD' })],
      0,
    );
    expect(base.collateralBalance).toBe(0);
  });

  it('an ineligible lease leaves the base entirely', () => {
    const { base, rows } = computeBorrowingBase(
      { currency: 'EUR', commitment: 10 ** 12, advanceRate: 1, reserves: 0 },
      criteria,
      [],
      [lease({ dpd: 90, balance: 123_45 }), lease({ balance: 1_000_00 })],
      0,
    );
    expect(base.ineligibleBalance).toBe(123_45);
    expect(base.eligibleBalance).toBe(1_000_00);
    expect(rows.map((r) => r.eligible)).toEqual([false, true]);
  });
});

describe('property: BB = advance rate × (eligible − Σ excess) − reserves', () => {
  it('holds for random books, limits and terms', () => {
    const leaseArb = fc.record({
      lesseeId: fc.integer({ min: 1, max: 8 }),
      industry: fc.constantFrom('A', 'C', 'K'),
      balance: fc.integer({ min: 0, max: 50_000_000 }),
      dpd: fc.integer({ min: 0, max: 120 }),
      inDefault: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(leaseArb, { maxLength: 40 }),
        fc.integer({ min: 1, max: 100 }).map((p) => p / 100),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 60 }).map((p) => p / 100),
        fc.integer({ min: 0, max: 20_000_000 }),
        (ls, advanceRate, reserves, share, industryCap) => {
          const book = ls.map((l) => lease({ ...l, lesseeName: `L${l.lesseeId}` }));
          const limits: ConcentrationLimit[] = [
            { id: 1, group: 'lessee', kind: 'percent', value: share, topN: null },
            { id: 2, group: 'industry', kind: 'amount', value: industryCap, topN: null },
          ];
          const criteria: Criterion[] = [
            { id: 1, kind: 'notInDefault', value: null, values: null },
            { id: 2, kind: 'maxDpd', value: 60, values: null },
          ];
          const { base } = computeBorrowingBase({ currency: 'EUR', commitment: 10 ** 9, advanceRate, reserves }, criteria, limits, book, 0);
          const eligible = book.filter((l) => !l.inDefault && l.dpd <= 60).reduce((s, l) => s + l.balance, 0);
          expect(base.eligibleBalance).toBe(eligible);
          expect(base.excess.total).toBe(
            Math.min(
              eligible,
              base.excess.groups.reduce((s, g) => s + g.excess, 0),
            ),
          );
          expect(Math.abs(base.borrowingBase - (advanceRate * (eligible - base.excess.total) - reserves))).toBeLessThanOrEqual(0.5 + 1e-6);
          expect(base.collateralBalance).toBe(base.ineligibleBalance + base.eligibleBalance);
          expect(base.availability).toBe(base.maximumAdvance - base.outstanding);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('covenants', () => {
  const steps = [
    { fromMonth: 0, threshold: 0.05 },
    { fromMonth: 13, threshold: 0.08 },
  ];
  it.each([
    [0, 0.05],
    [12, 0.05],
    [13, 0.08],
    [30, 0.08],
  ])('the threshold at month %i is %f (the step takes effect in month 13)', (age, t) => {
    expect(thresholdAt(steps, age)).toBe(t);
  });

  it.each([
    ['compliant', 12, 0.03, 'compliant'],
    ['warning within the margin', 12, 0.045, 'warning'],
    ['breach at the threshold for <', 12, 0.05, 'breach'],
    ['the same value is compliant after the step', 13, 0.05, 'compliant'],
  ] as const)('%s', (_n, age, actual, status) => {
    const r = evaluateCovenant({ metric: 'defaultRatio', operator: 'lt', steps, warningMargin: 0.01 }, age, actual);
    expect(r.status).toBe(status);
    expect(r.headroom).toBeCloseTo(r.threshold - actual, 12);
  });

  it('a floor covenant (≥) measures headroom above the threshold', () => {
    const r = evaluateCovenant(
      { metric: 'waRate', operator: 'gte', steps: [{ fromMonth: 0, threshold: 0.04 }], warningMargin: 0.005 },
      0,
      0.043,
    );
    expect(r).toMatchObject({ status: 'warning' });
    expect(r.headroom).toBeCloseTo(0.003, 12);
    expect(worstStatus(['compliant', 'warning', 'compliant'])).toBe('warning');
    expect(worstStatus(['warning', 'breach'])).toBe('breach');
  });
});
