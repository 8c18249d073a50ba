import { describe, expect, it } from 'vitest';
import { originalPrincipalOf } from '@/lib/finance';

describe('originalPrincipalOf (domain.md §8: the denominator of the cumulative net loss)', () => {
  it('sums the principal per currency of the leases purchased on or before the day, written-off ones included', () => {
    const leases = [
      { currency: 'EUR', principal: 100_00 },
      { currency: 'EUR', principal: 250_00 },
      { currency: 'USD', principal: 70_00 },
      { currency: 'EUR', principal: 999_00 },
    ];
    // Day numbers: the last lease is purchased after the day asked.
    const purchaseDay = Int32Array.of(10, 20, 20, 21);
    expect(originalPrincipalOf(leases, purchaseDay, 20)).toEqual(
      new Map([
        ['EUR', 350_00],
        ['USD', 70_00],
      ]),
    );
    expect(originalPrincipalOf(leases, purchaseDay, 9)).toEqual(new Map());
    expect(originalPrincipalOf(leases, purchaseDay, 21).get('EUR')).toBe(1349_00);
  });
});
