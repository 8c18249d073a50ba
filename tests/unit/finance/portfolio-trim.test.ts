/** LeasePortfolio.trim (issue #10): right-sized columns hold the same book, and later splices and adds grow them again correctly. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LeasePortfolio, buildPortfolio, valuePortfolio } from '@/lib/finance';
import { dateArb, leaseArb } from './arbitraries';

const COLUMNS = ['dueDay', 'dueMonth', 'instalment', 'principal', 'vat'] as const;
const PER_LEASE = [
  'financed',
  'residual',
  'residualVat',
  'residualDay',
  'residualMonth',
  'annualRate',
  'periodRate',
  'advance',
  'periodMonths',
  'startDay',
  'currency',
] as const;

/** The portfolio's contents (rows and leases in use), not its capacity. */
function contents(p: LeasePortfolio) {
  return {
    count: p.count,
    flowCount: p.flowCount,
    offset: [...p.offset.subarray(0, p.count + 1)],
    ...Object.fromEntries(COLUMNS.map((c) => [c, [...p[c].subarray(0, p.flowCount)]])),
    ...Object.fromEntries(PER_LEASE.map((c) => [c, [...p[c].subarray(0, p.count)]])),
  };
}

describe('LeasePortfolio.trim', () => {
  it('cuts a book packed with room for 48 rows a lease down to its rows plus 1/256', () => {
    const terms = {
      price: 1_000_000,
      downPayment: 0,
      fee: 0,
      feeFinanced: false,
      residual: 100_000,
      term: 36,
      rate: 0.06,
      timing: 'arrears',
      frequency: 'monthly',
      firstDueDate: '2025-01-31',
      vatRate: 0.2,
      vatRegime: 'per-instalment',
      currency: 'EUR',
    } as const;
    const p = new LeasePortfolio(3000, 3000 * 48);
    for (let n = 0; n < 3000; n++) p.add(terms);
    const before = contents(p);
    p.trim();
    expect(contents(p)).toEqual(before);
    expect(p.flowCount).toBe(3000 * 36);
    expect(p.dueDay.length).toBe(3000 * 36 + 1024);
    expect(p.vat.length).toBe(3000 * 36 + 1024);
    // The lease columns were packed exactly: never grown by a trim.
    expect(p.financed.length).toBe(3000);
    expect(p.offset.length).toBe(3001);
  });

  it('keeps the contents, leaves little room, and splices after it equal a fresh pack of the edited book', () => {
    fc.assert(
      fc.property(
        fc.array(leaseArb({ maxTerm: 72 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.tuple(fc.nat(), fc.option(leaseArb({ maxTerm: 120 }), { nil: null }), fc.boolean()), { maxLength: 8 }),
        dateArb(2015, 2035),
        (list, edits, cutOff) => {
          const p = new LeasePortfolio(list.length, list.length * 48);
          for (const t of list) p.add(t);
          const before = contents(p);
          p.trim();
          expect(contents(p)).toEqual(before);
          expect(p.dueDay.length).toBeLessThanOrEqual(p.flowCount + 1024);
          // Edits after the trim: replace, insert (with longer schedules than the room left) or remove.
          const book = [...list];
          for (const [k, terms, insert] of edits) {
            if (insert && terms) {
              const i = k % (book.length + 1);
              p.splice(i, terms, true);
              book.splice(i, 0, terms);
            } else if (book.length > 0) {
              const i = k % book.length;
              p.splice(i, terms);
              if (terms) book[i] = terms;
              else book.splice(i, 1);
            }
          }
          for (let n = 0; n < 20; n++) {
            p.add(list[n % list.length]!);
            book.push(list[n % list.length]!);
          }
          const fresh = buildPortfolio(book);
          expect(contents(p)).toEqual(contents(fresh));
          const options = { cutOff, purchaseDay: Int32Array.from(book, () => 0) };
          expect(valuePortfolio(p, options)).toEqual(valuePortfolio(fresh, options));
        },
      ),
      { numRuns: 60 },
    );
  });
});
