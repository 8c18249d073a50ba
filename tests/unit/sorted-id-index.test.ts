/**
 * idIndex (lib/sorted.ts): the positions by id of an array kept in ascending id order, read live. The packed books
 * (the valuation's and the servicing store's) splice leases into and out of their arrays in place; the index must
 * answer after every splice exactly as a Map<id, index> rebuilt from the array would, in any order of questions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idIndex, idLookup, partitionPoint } from '@/lib/sorted';

type Row = { id: number };
const mapOf = (rows: readonly Row[]) => new Map(rows.map((r, i) => [r.id, i]));

describe('idIndex', () => {
  it('answers get, has, entries and size as a rebuilt Map after any sequence of in-place inserts and removals (idLookup: the elements)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 300 }), { maxLength: 80 }),
        fc.array(
          fc.record({
            id: fc.integer({ min: 1, max: 300 }),
            asked: fc.array(fc.integer({ min: 0, max: 310 }), { maxLength: 40 }),
            ascending: fc.boolean(),
          }),
          { maxLength: 25 },
        ),
        (ids, steps) => {
          const rows: Row[] = [...ids].sort((a, b) => a - b).map((id) => ({ id }));
          const index = idIndex(rows, (r) => r.id);
          const lookup = idLookup(rows, (r) => r.id);
          for (const step of steps) {
            // Each step toggles one id: removed when present, inserted at its place when not (as the books splice).
            const p = partitionPoint(rows, (r) => r.id < step.id);
            if (p < rows.length && rows[p]!.id === step.id) rows.splice(p, 1);
            else rows.splice(p, 0, { id: step.id });
            const map = mapOf(rows);
            const elements = new Map(rows.map((r) => [r.id, r]));
            const questions = step.ascending ? [...step.asked].sort((a, b) => a - b) : step.asked;
            for (const id of questions) {
              expect(index.get(id)).toBe(map.get(id));
              expect(index.has(id)).toBe(map.has(id));
              expect(lookup.get(id)).toBe(elements.get(id));
              expect(lookup.has(id)).toBe(elements.has(id));
            }
            expect([...lookup.entries()]).toEqual([...elements.entries()]);
            expect([...lookup.values()]).toEqual([...elements.values()]);
            expect([...lookup.keys()]).toEqual([...elements.keys()]);
            expect(lookup.size).toBe(elements.size);
            expect([...index.entries()]).toEqual([...map.entries()]);
            expect(index.size).toBe(map.size);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('walks a whole book in id order and answers undefined between and beyond its ids', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: 3 * i + 1 }));
    const index = idIndex(rows, (r) => r.id);
    rows.forEach((r, i) => expect(index.get(r.id)).toBe(i));
    expect(index.get(2)).toBeUndefined();
    expect(index.get(3 * 999 + 2)).toBeUndefined();
    expect(index.has(0)).toBe(false);
  });
});
