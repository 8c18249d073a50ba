import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  buildPortfolio,
  buildSchedule,
  daysInMonth,
  irr,
  leaseInstalment,
  parseDate,
  pmt,
  roundHalfUp,
  solvePrincipalForInstalment,
  solveRateForInstalment,
  type Schedule,
} from '@/lib/finance';
import { leaseArb } from './arbitraries';

const RUNS = 3000;

function periodRate(s: Schedule): number {
  return s.periodRate;
}

// Row-level checks run millions of times: a plain throw is much cheaper than expect().
function must(cond: boolean, message: string): void {
  if (!cond) throw new Error(message);
}

describe('schedule invariants of domain.md §2 over random leases', () => {
  test('Σ principal + RV = P, principal + interest = instalment, final balance = RV, all in whole minor units', () => {
    fc.assert(
      fc.property(leaseArb(), (terms) => {
        const s = buildSchedule(terms);
        let sumPrincipal = 0;
        let balance = s.principal;
        must(s.rows.length === terms.term, 'one row per instalment');
        for (const row of s.rows) {
          must(row.principal + row.interest === row.instalment, `principal + interest ≠ instalment in row ${row.period}`);
          balance -= row.principal;
          must(row.balanceAfter === balance, `balance does not follow principal in row ${row.period}`);
          sumPrincipal += row.principal;
          for (const v of [row.instalment, row.interest, row.principal, row.vat, row.fee, row.gross, row.balanceAfter]) {
            must(Number.isInteger(v), `non-integer amount ${v} in row ${row.period}`);
          }
          must(row.gross === row.instalment + row.vat + row.fee, `gross ≠ instalment + vat + fee in row ${row.period}`);
        }
        expect(sumPrincipal + s.residual).toBe(s.principal);
        expect(s.rows[s.rows.length - 1]!.balanceAfter).toBe(s.residual);
        expect(s.totals.principal).toBe(sumPrincipal);
      }),
      { numRuns: RUNS },
    );
  }, 60_000);

  test('instalments: A = round(−PMT(r, n, P, −RV, type)) on every row but the last, which absorbs only rounding', () => {
    fc.assert(
      fc.property(leaseArb(), (terms) => {
        const s = buildSchedule(terms);
        const r = periodRate(s);
        const type = terms.timing === 'advance' ? 1 : 0;
        expect(s.instalment).toBe(roundHalfUp(-pmt(r, s.term, s.principal, -s.residual, type)));
        const n = s.rows.length;
        for (let k = 0; k < n - 1; k++) must(s.rows[k]!.instalment === s.instalment, `row ${k + 1} instalment ≠ A`);
        // Per row, the rounding of A and of the interest are each at most half a unit; grown by
        // interest to the last row they stay below n·(1+r)^n.
        const drift = Math.abs(s.rows[n - 1]!.instalment - s.instalment);
        expect(drift).toBeLessThanOrEqual(Math.ceil(n * (1 + r) ** n) + 1);
      }),
      { numRuns: RUNS },
    );
  }, 60_000);

  test('interest is rounded on the rounded balance; advance row 1 has none', () => {
    fc.assert(
      fc.property(leaseArb(), (terms) => {
        const s = buildSchedule(terms);
        const r = periodRate(s);
        const n = s.rows.length;
        let prev = s.principal;
        for (let k = 0; k < n; k++) {
          const row = s.rows[k]!;
          const base = terms.timing === 'advance' && k === 0 ? 0 : r * prev;
          const extra = k === n - 1 && terms.timing === 'advance' ? (r * s.residual) / (1 + r) : 0;
          must(row.interest === roundHalfUp(base + extra), `row ${k + 1}: interest ${row.interest} ≠ round(${base + extra})`);
          if (terms.timing === 'advance' && k === 0 && n > 1) must(row.interest === 0, 'advance row 1 has interest');
          prev = row.balanceAfter;
        }
      }),
      { numRuns: RUNS },
    );
  }, 60_000);

  test('VAT: round(vatRate × instalment) per instalment, or all of it on the price up front; never in interest', () => {
    fc.assert(
      fc.property(leaseArb(), (terms) => {
        const s = buildSchedule(terms);
        const noVat = buildSchedule({ ...terms, vatRate: 0 });
        const rate = terms.vatRate ?? 0;
        s.rows.forEach((row, k) => {
          if (terms.vatRegime === 'upfront') must(row.vat === (k === 0 ? roundHalfUp(rate * terms.price) : 0), `upfront VAT row ${k + 1}`);
          else must(row.vat === roundHalfUp(rate * row.instalment), `VAT row ${k + 1}: ${row.vat}`);
          must(row.interest === noVat.rows[k]!.interest, 'VAT changed the interest');
          must(row.principal === noVat.rows[k]!.principal, 'VAT changed the principal');
        });
        expect(s.lessorYield).toBe(noVat.lessorYield);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  test('due dates keep the first due date’s day, clamped to month ends, one period apart', () => {
    fc.assert(
      fc.property(leaseArb(), (terms) => {
        const s = buildSchedule(terms);
        const anchor = Number(terms.firstDueDate.slice(8, 10));
        const step = s.periodMonths;
        let prevMonth = -1;
        for (const row of s.rows) {
          const y = Number(row.dueDate.slice(0, 4));
          const m = Number(row.dueDate.slice(5, 7));
          const d = Number(row.dueDate.slice(8, 10));
          must(d === Math.min(anchor, daysInMonth(y, m)), `due day ${row.dueDate} not anchored on ${anchor}`);
          const mi = y * 12 + m - 1;
          if (prevMonth >= 0) must(mi - prevMonth === step, `${row.dueDate} is not one period after the previous`);
          prevMonth = mi;
        }
        expect(s.rows[0]!.dueDate).toBe(terms.firstDueDate);
        const lastDue = parseDate(s.rows[s.rows.length - 1]!.dueDate);
        expect(parseDate(s.residualDueDate) >= lastDue).toBe(true);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  test('the lessor yield without fees is the contract rate, up to the instalment’s rounding', () => {
    fc.assert(
      fc.property(leaseArb({ frequency: 'monthly' }), (terms) => {
        const principal = terms.price - (terms.downPayment ?? 0);
        const t = { ...terms, fee: 0, residual: Math.min(terms.residual ?? 0, principal), rateConvention: 'nominal' as const };
        const s = buildSchedule(t);
        if (s.lessorYield === null) return; // e.g. residual = principal at rate 0: no sign change
        // Each row's rounding moves the flows by at most one unit; against the balance outstanding
        // period by period (the exposure) that bounds the error of the yield.
        const advance = terms.timing === 'advance';
        const exposure = s.rows.reduce((a, r, k) => a + (advance || k < s.term - 1 ? r.balanceAfter : 0), advance ? 0 : s.principal);
        if (exposure <= 0) return;
        const tol = (12 * (s.term + 1)) / exposure + 1e-9;
        expect(Math.abs(s.lessorYield - t.rate)).toBeLessThanOrEqual(tol);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  test('the yield is the IRR of [−(C − D), fee, instalments, residual] in the lease’s periods', () => {
    fc.assert(
      fc.property(leaseArb({ maxTerm: 60 }), (terms) => {
        const s = buildSchedule(terms);
        if (s.lessorYield === null) return;
        const shift = terms.timing === 'advance' ? 0 : 1;
        const flows = new Array<number>(s.term + 1).fill(0);
        flows[0] = -(s.principal - (s.feeFinanced ? s.fee : 0));
        s.rows.forEach((row, k) => (flows[k + shift] = flows[k + shift]! + row.instalment + row.fee));
        flows[s.term] = flows[s.term]! + s.residual;
        expect(s.lessorYield).toBeCloseTo(irr(flows, s.periodRate) * s.periodsPerYear, 9);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  test('packed schedules (LeasePortfolio) hold the same rows as buildSchedule', () => {
    fc.assert(
      fc.property(fc.array(leaseArb({ maxTerm: 72 }), { minLength: 1, maxLength: 20 }), (list) => {
        const p = buildPortfolio(list);
        list.forEach((terms, i) => {
          const s = buildSchedule(terms);
          const o = p.offset[i]!;
          expect(p.termOf(i)).toBe(s.term);
          s.rows.forEach((row, k) => {
            must(p.dueDay[o + k] === parseDate(row.dueDate), 'packed due day differs');
            must(p.instalment[o + k] === row.instalment, 'packed instalment differs');
            must(p.principal[o + k] === row.principal, 'packed principal differs');
            must(p.vat[o + k] === row.vat, 'packed VAT differs');
          });
          expect(p.residual[i]).toBe(s.residual);
          expect(p.residualVat[i]).toBe(s.residualVat);
          expect(p.residualDay[i]).toBe(parseDate(s.residualDueDate));
          expect(p.currencyOf(i)).toBe(s.currency);
        });
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  test('inverse solvers round-trip: the solved rate and principal reproduce the instalment', () => {
    fc.assert(
      fc.property(leaseArb({ frequency: 'monthly', maxTerm: 96 }), (terms) => {
        const s = buildSchedule(terms);
        if (s.instalment <= 0 || s.principal - s.residual < 100 * s.term) return;
        const r = solveRateForInstalment(terms, s.instalment);
        expect(leaseInstalment({ ...terms, rate: r })).toBe(s.instalment);
        const { price } = solvePrincipalForInstalment(terms, s.instalment);
        expect(Math.abs(leaseInstalment({ ...terms, price }) - s.instalment)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});
