/**
 * A servicing book's lookup by lease id (leaseLookup): a binary search of the book's states in lease-id order, with
 * the next lease after the last one found tried first. It answers exactly as a Map of the same states would, for
 * any set of leases and any order of questions, ids absent from the pool included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leaseLookup, type LeaseServicingState } from '@/services/servicing/book';

const state = (leaseId: number): LeaseServicingState => ({
  leaseId,
  lesseeId: leaseId % 7,
  currency: 'EUR',
  dpd: leaseId % 40,
  bucket: 'current',
  arrearsNet: 0,
  arrearsVat: 0,
  arrearsTotal: 0,
  credit: 0,
  lastPaymentOn: null,
  outstandingPrincipal: leaseId * 100,
  inPool: true,
});

describe('leaseLookup', () => {
  it('answers get, has, keys and size as a Map of the same states, in any order of questions', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 120 }),
        fc.array(fc.integer({ min: 0, max: 410 }), { maxLength: 300 }),
        fc.boolean(),
        (ids, asked, ascending) => {
          const leases = [...ids].sort((a, b) => a - b).map(state);
          const lookup = leaseLookup(leases);
          const map = new Map(leases.map((s) => [s.leaseId, s]));
          const questions = ascending ? [...asked].sort((a, b) => a - b) : asked;
          for (const id of questions) {
            expect(lookup.get(id)).toBe(map.get(id));
            expect(lookup.has(id)).toBe(map.has(id));
          }
          expect([...lookup.keys()]).toEqual([...map.keys()]);
          expect(lookup.size).toBe(map.size);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('walks a whole book in lease-id order', () => {
    const leases = Array.from({ length: 1000 }, (_, i) => state(3 * i + 1));
    const lookup = leaseLookup(leases);
    for (const s of leases) expect(lookup.get(s.leaseId)).toBe(s);
    expect(lookup.get(2)).toBeUndefined();
    expect(lookup.get(3 * 999 + 2)).toBeUndefined();
    expect(lookup.has(0)).toBe(false);
  });
});
