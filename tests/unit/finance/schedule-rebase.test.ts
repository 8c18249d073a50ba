/**
 * A seasoned lease re-based to its tape's outstanding principal (domain.md §7; lib/finance LeaseTerms.rebase): the rows
 * before the tape's date are the contract's, the rows from it amortise the tape's balance to the residual, and every
 * reader of the book (the packed portfolio, the outstanding at a date, the liability) sees the same balance.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  buildPortfolio,
  buildSchedule,
  FinanceError,
  LeasePortfolio,
  outstandingPrincipalOn,
  parseDate,
  pmt,
  roundHalfUp,
  type LeaseTerms,
} from '@/lib/finance';
import { leaseArb } from './arbitraries';

const RUNS = 1500;

function must(cond: boolean, message: string): void {
  if (!cond) throw new Error(message);
}

/** A lease of two rows or more, the row re-based from (1..n−1), and the tape's balance as a share of the principal. */
const rebasedArb = fc
  .record({
    terms: leaseArb().filter((t) => t.term >= 2),
    at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    share: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1.5, noNaN: true })),
    dayBefore: fc.boolean(),
  })
  .map(({ terms, at, share, dayBefore }) => {
    const plain = buildSchedule(terms);
    const k = 1 + Math.floor(at * (plain.rows.length - 1));
    // The tape's date: the k-th row's due date, or a day after the row before it (both re-base from row k).
    const date = dayBefore ? nextDay(plain.rows[k - 1]!.dueDate) : plain.rows[k]!.dueDate;
    const balance = Math.max(plain.residual, Math.round(plain.principal * share));
    return { terms, plain, k, date, balance };
  });

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('a schedule re-based to a tape', () => {
  test('rows before the date are the contract’s; from it the tape’s balance amortises to the residual; Σ principal + RV = P + adjustment', () => {
    fc.assert(
      fc.property(rebasedArb, ({ terms, plain, k, date, balance }) => {
        const s = buildSchedule({ ...terms, rebase: { date, balance } });
        const rb = s.rebase!;
        must(rb.period === k + 1, `re-based from period ${rb.period}, not ${k + 1}`);
        must(rb.scheduled === plain.rows[k - 1]!.balanceAfter, 'the schedule’s balance before the re-base');
        must(rb.adjustment === balance - rb.scheduled, 'adjustment = tape − schedule');
        for (let j = 0; j < k; j++) {
          const a = s.rows[j]!;
          const b = plain.rows[j]!;
          must(a.instalment === b.instalment && a.principal === b.principal && a.interest === b.interest, `row ${j + 1} changed`);
        }
        let sum = 0;
        let bal = s.principal;
        for (let j = 0; j < s.rows.length; j++) {
          const row = s.rows[j]!;
          if (j === k) bal = balance;
          must(row.principal + row.interest === row.instalment, `principal + interest ≠ instalment in row ${j + 1}`);
          bal -= row.principal;
          must(row.balanceAfter === bal, `balance does not follow principal in row ${j + 1}`);
          sum += row.principal;
        }
        must(s.rows.at(-1)!.balanceAfter === s.residual, 'the last balance is the residual');
        must(sum + s.residual === s.principal + rb.adjustment, 'Σ principal + RV = P + adjustment');
        must(s.totals.principal === sum, 'totals');
        // The re-based instalment is the annuity of the balance over the periods left (the residual a period after the
        // last instalment in advance), and every row but the last pays it.
        const r = s.periodRate;
        const m = s.rows.length - k;
        const rv = terms.timing === 'advance' ? s.residual / (1 + r) : s.residual;
        expect(rb.instalment).toBe(roundHalfUp(-pmt(r, m, balance, -rv, 0)));
        for (let j = k; j < s.rows.length - 1; j++) must(s.rows[j]!.instalment === rb.instalment, `row ${j + 1} instalment ≠ A′`);
      }),
      { numRuns: RUNS },
    );
  }, 60_000);

  test('the packed book makes the same rows and gives the tape’s balance from the date, the schedule’s before it', () => {
    fc.assert(
      fc.property(rebasedArb, ({ terms, plain, k, date, balance }) => {
        const t: LeaseTerms = { ...terms, rebase: { date, balance } };
        const s = buildSchedule(t);
        const p = buildPortfolio([plain.rows.length > 0 ? t : terms]);
        const x = p.rowsOf(0);
        for (let j = 0; j < s.rows.length; j++) {
          must(x.instalment[j] === s.rows[j]!.instalment, `packed instalment of row ${j + 1}`);
          must(x.principal[j] === s.rows[j]!.principal, `packed principal of row ${j + 1}`);
          must(x.vat[j] === s.rows[j]!.vat, `packed VAT of row ${j + 1}`);
        }
        const day = parseDate(date);
        must(outstandingPrincipalOn(p, 0, day) === balance, 'the tape’s balance on its date');
        const before = parseDate(plain.rows[k - 1]!.dueDate);
        must(
          outstandingPrincipalOn(p, 0, before) === plain.rows[k - 1]!.balanceAfter + plain.rows[k - 1]!.principal,
          'before it: the contract’s',
        );
        // A schedule packed row by row (addSchedule) reconciles with the adjustment, and agrees.
        const q = new LeasePortfolio();
        q.addSchedule(s);
        must(outstandingPrincipalOn(q, 0, day) === balance, 'addSchedule: the tape’s balance on its date');
        // Splicing the plain terms over it takes the re-base away.
        p.splice(0, terms);
        must(outstandingPrincipalOn(p, 0, day) === plain.rows[k - 1]!.balanceAfter, 'spliced back to the contract');
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  const base: LeaseTerms = {
    price: 3_000_000,
    residual: 300_000,
    term: 36,
    rate: 0.06,
    timing: 'arrears',
    firstDueDate: '2024-01-31',
    currency: 'EUR',
  };

  test('a worked case: a 36-month lease re-based after 20 instalments', () => {
    const plain = buildSchedule(base);
    const s = buildSchedule({ ...base, rebase: { date: '2025-09-30', balance: 1_400_000 } });
    expect(plain.rows[19]!.dueDate).toBe('2025-08-31');
    expect(s.rebase).toMatchObject({ date: '2025-09-30', period: 21, balance: 1_400_000, scheduled: plain.rows[19]!.balanceAfter });
    expect(s.rebase!.adjustment).toBe(1_400_000 - plain.rows[19]!.balanceAfter);
    expect(s.rows[20]!.interest).toBe(7_000); // 6 % / 12 of €14,000.00
    expect(s.rows.at(-1)!.balanceAfter).toBe(300_000);
    expect(s.instalment).toBe(plain.instalment); // the contract's instalment is kept; the re-based one is the rebase's
  });

  test('a re-base that cannot apply is refused, naming the field', () => {
    const refuse = (rebase: LeaseTerms['rebase']) => {
      try {
        buildSchedule({ ...base, rebase });
      } catch (e) {
        expect(e).toBeInstanceOf(FinanceError);
        return (e as FinanceError).field;
      }
      return 'accepted';
    };
    expect(refuse({ date: '2024-01-15', balance: 2_000_000 })).toBe('rebase'); // before the first instalment
    expect(refuse({ date: '2027-01-01', balance: 300_000 })).toBe('rebase'); // after the last
    expect(refuse({ date: '2025-09-30', balance: 299_999 })).toBe('rebase'); // below the residual
    expect(refuse({ date: '2025-02-30', balance: 1_000_000 })).toBe('rebase'); // no such day
    expect(refuse(null)).toBe('accepted');
  });
});
