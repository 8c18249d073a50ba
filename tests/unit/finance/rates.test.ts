import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cdrFromMdr, cprFromSmm, mdrFromCdr, mdrOf, smmFromCpr, smmOf } from '@/lib/finance';

describe('prepayment and default rates (domain.md §9)', () => {
  it('worked example: start 100,000,000, scheduled 1,000,000, unscheduled 500,000 → SMM 0.505051 %, CPR 5.895058 %', () => {
    const smm = smmOf({ startBalance: 100_000_000, scheduledPrincipal: 1_000_000, unscheduledPrincipal: 500_000 });
    expect((smm * 100).toFixed(6)).toBe('0.505051');
    expect((cprFromSmm(smm) * 100).toFixed(6)).toBe('5.895058');
  });

  it('SMM is floored at 0 and is 0 when nothing is left to prepay', () => {
    expect(smmOf({ startBalance: 1000, scheduledPrincipal: 100, unscheduledPrincipal: -50 })).toBe(0);
    expect(smmOf({ startBalance: 100, scheduledPrincipal: 100, unscheduledPrincipal: 0 })).toBe(0);
    expect(mdrOf({ startBalance: 0, defaultedPrincipal: 10 })).toBe(0);
    expect(mdrOf({ startBalance: 1000, defaultedPrincipal: 10 })).toBeCloseTo(0.01, 12);
  });

  it('known pairs: CPR 6 % ↔ SMM 0.514301 %, CDR 5 % ↔ MDR 0.426532 %', () => {
    expect((smmFromCpr(0.06) * 100).toFixed(6)).toBe('0.514301');
    expect((mdrFromCdr(0.05) * 100).toFixed(6)).toBe('0.426532');
    expect(cprFromSmm(0)).toBe(0);
    expect(cdrFromMdr(1)).toBe(1);
  });

  it('the conversions are inverse to each other (annual → monthly → annual on 0..99.9 %, monthly → annual → monthly on 0..20 %)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 0.999, noNaN: true }), fc.double({ min: 0, max: 0.2, noNaN: true }), (annual, monthly) => {
        expect(cprFromSmm(smmFromCpr(annual))).toBeCloseTo(annual, 12);
        expect(cdrFromMdr(mdrFromCdr(annual))).toBeCloseTo(annual, 12);
        expect(smmFromCpr(cprFromSmm(monthly))).toBeCloseTo(monthly, 12);
        expect(mdrFromCdr(cdrFromMdr(monthly))).toBeCloseTo(monthly, 12);
      }),
    );
  });

  it('refuses a rate outside 0..1', () => {
    expect(() => smmFromCpr(1.5)).toThrow(RangeError);
    expect(() => cdrFromMdr(-0.1)).toThrow(RangeError);
    expect(() => cprFromSmm(Number.NaN)).toThrow(RangeError);
  });
});
