/**
 * LeasePortfolio holds a schedule built from terms as the terms its rows are made from (issue #13): rowsOf makes the
 * rows again with schedule.ts fillColumns, and only the VAT amount of the rows between the first and the last is kept
 * beside the terms. A schedule given row by row (addSchedule) keeps explicit columns. Both must give the same rows and
 * the same figures from every kernel, to the cent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LeasePortfolio,
  buildSchedule,
  liabilityCashFlow,
  parseDate,
  projectPortfolio,
  purchasePrices,
  valuePortfolio,
  type LeaseTerms,
} from '@/lib/finance';
import { dateArb, leaseArb } from './arbitraries';

/** Every row of every lease (through the getters' columns and the At methods): [due day, due month, instalment, principal, VAT]. */
function rows(p: LeasePortfolio): number[][][] {
  return Array.from({ length: p.count }, (_, i) =>
    Array.from({ length: p.offset[i + 1]! - p.offset[i]! }, (_, k) => {
      const j = p.offset[i]! + k;
      return [p.dueDayAt(i, j), p.dueMonthAt(i, j), p.instalmentAt(i, j), p.principalAt(i, j), p.vatAt(i, j)];
    }),
  );
}

const scheduleRows = (t: LeaseTerms) =>
  buildSchedule(t).rows.map((r) => {
    const day = parseDate(r.dueDate);
    return [day, Number(r.dueDate.slice(0, 4)) * 12 + Number(r.dueDate.slice(5, 7)) - 1, r.instalment, r.principal, r.vat];
  });

/** The same leases packed from their terms and from their schedules (explicit rows). */
function both(terms: LeaseTerms[]): [LeasePortfolio, LeasePortfolio] {
  const derived = new LeasePortfolio(terms.length);
  const explicit = new LeasePortfolio(terms.length);
  for (const t of terms) {
    derived.add(t);
    explicit.addSchedule(buildSchedule(t));
  }
  return [derived, explicit];
}

const explicitColumns = (p: LeasePortfolio) => (p as unknown as { rows: unknown }).rows;

describe('LeasePortfolio rows: per-lease repeated values against explicit rows', () => {
  it('a book built from terms keeps no explicit columns, and its rows equal the schedules', () => {
    const terms = [
      {
        price: 1_000_000,
        downPayment: 0,
        fee: 0,
        feeFinanced: false,
        residual: 100_000,
        term: 12,
        rate: 0.06,
        timing: 'arrears',
        frequency: 'monthly',
        firstDueDate: '2025-01-31',
        vatRate: 0.2,
        vatRegime: 'per-instalment',
        currency: 'EUR',
      },
      {
        price: 500_000,
        downPayment: 0,
        fee: 0,
        feeFinanced: false,
        residual: 0,
        term: 1,
        rate: 0.05,
        timing: 'advance',
        frequency: 'quarterly',
        firstDueDate: '2025-02-28',
        vatRate: 0.19,
        vatRegime: 'upfront',
        currency: 'EUR',
      },
      {
        price: 800_000,
        downPayment: 0,
        fee: 0,
        feeFinanced: false,
        residual: 0,
        term: 8,
        rate: 0.04,
        timing: 'advance',
        frequency: 'quarterly',
        firstDueDate: '2024-11-30',
        vatRate: 0.19,
        vatRegime: 'upfront',
        currency: 'EUR',
      },
    ] satisfies LeaseTerms[];
    const [derived, explicit] = both(terms);
    expect(explicitColumns(derived)).toBeNull();
    expect(Array.from(derived.explicit.subarray(0, 3))).toEqual([0, 0, 0]);
    expect(Array.from(explicit.explicit.subarray(0, 3))).toEqual([1, 1, 1]);
    expect(rows(derived)).toEqual(terms.map(scheduleRows));
    expect(rows(explicit)).toEqual(terms.map(scheduleRows));
  });

  it('every kernel gives the same figures from both, for random books and cut-offs', () => {
    fc.assert(
      fc.property(
        fc.array(leaseArb({ maxTerm: 72 }), { minLength: 1, maxLength: 6 }),
        dateArb(2000, 2045),
        fc.boolean(),
        fc.constantFrom('monthly' as const, 'actual' as const),
        (terms, cutOff, gross, convention) => {
          const [derived, explicit] = both(terms);
          expect(rows(derived)).toEqual(rows(explicit));
          expect(rows(derived)).toEqual(terms.map(scheduleRows));
          const purchaseDay = Int32Array.from(terms.map((t) => parseDate(t.firstDueDate) - 40));
          expect(valuePortfolio(derived, { cutOff, gross, convention })).toEqual(valuePortfolio(explicit, { cutOff, gross, convention }));
          expect(purchasePrices(derived, { purchaseDay, convention })).toEqual(purchasePrices(explicit, { purchaseDay, convention }));
          const scenario = { cutOff, gross, convention, cpr: 0.08, cdr: 0.02, severity: 0.4, lagMonths: 3 };
          expect(projectPortfolio(derived, scenario)).toEqual(projectPortfolio(explicit, scenario));
          for (const t of terms) {
            const options = { cutOff, purchaseDate: t.firstDueDate, purchasePrice: t.price, facilityRate: 0.05, advanceRate: 0.9 };
            let fromTerms: unknown;
            let fromSchedule: unknown;
            try {
              fromTerms = liabilityCashFlow(t, options);
            } catch (e) {
              fromTerms = String(e);
            }
            try {
              fromSchedule = liabilityCashFlow(buildSchedule(t), options);
            } catch (e) {
              fromSchedule = String(e);
            }
            expect(fromTerms).toEqual(fromSchedule);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a mixed book: explicit rows follow splices and extracts of the leases around them', () => {
    fc.assert(
      fc.property(
        fc.array(leaseArb({ maxTerm: 40 }), { minLength: 3, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), leaseArb({ maxTerm: 40 }), fc.constantFrom('insert', 'replace', 'remove')), { maxLength: 6 }),
        (terms, asSchedule, edits) => {
          const p = new LeasePortfolio(2, 8);
          const expected: number[][][] = [];
          terms.forEach((t, k) => {
            if (asSchedule[k]) p.addSchedule(buildSchedule(t));
            else p.add(t);
            expected.push(scheduleRows(t));
          });
          for (const [at, t, kind] of edits) {
            if (kind === 'insert') {
              const i = at % (p.count + 1);
              p.splice(i, t, true);
              expected.splice(i, 0, scheduleRows(t));
            } else if (p.count > 1) {
              const i = at % p.count;
              p.splice(i, kind === 'replace' ? t : null);
              if (kind === 'replace') expected[i] = scheduleRows(t);
              else expected.splice(i, 1);
            }
          }
          expect(rows(p)).toEqual(expected);
          for (let i = 0; i < p.count; i++) expect(rows(p.extract(i))).toEqual([expected[i]]);
          // The getters' columns hold the same rows.
          for (let i = 0; i < p.count; i++) {
            for (let j = p.offset[i]!; j < p.offset[i + 1]!; j++) {
              expect([p.dueDay[j], p.dueMonth[j], p.instalment[j], p.principal[j], p.vat[j]]).toEqual([
                p.dueDayAt(i, j),
                p.dueMonthAt(i, j),
                p.instalmentAt(i, j),
                p.principalAt(i, j),
                p.vatAt(i, j),
              ]);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
