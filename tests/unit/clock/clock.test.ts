/**
 * The one clock (lib/clock, issue #39): QUANTUM_TODAY fixes "today" for every default that depends on it, a production
 * server refuses it unless allowed, and the date-sensitive rules hold on the days a calendar makes awkward — the first
 * and the last day of a month, 29 February and 31 December.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { clockStartProblem, fixedToday, todayIso } from '@/lib/clock';
import { addDays, isoDateOf, parseDate } from '@/lib/finance/dates';
import { isInPool } from '@/lib/finance/pool';
import { isClosedMonth, lastClosedMonth, monthEndOf, monthOf } from '@/lib/history/months';
import { monthEndsIn, viewRange } from '@/lib/workspace/calendar';
import { reportRange } from '@/services/history/snapshots';
import { defaultCutOff } from '@/services/portfolio/valuation';

afterEach(() => vi.unstubAllEnvs());

describe('lib/clock', () => {
  test('without QUANTUM_TODAY, today is the calendar date (UTC)', () => {
    vi.stubEnv('QUANTUM_TODAY', '');
    const before = isoDateOf(new Date());
    const today = todayIso();
    const after = isoDateOf(new Date());
    expect([before, after]).toContain(today);
    expect(fixedToday()).toBeNull();
  });

  test('QUANTUM_TODAY fixes today; a value that is no calendar date is refused with the variable named', () => {
    vi.stubEnv('QUANTUM_TODAY', '2028-02-29');
    expect(todayIso()).toBe('2028-02-29');
    expect(fixedToday()).toBe('2028-02-29');
    for (const bad of ['2027-02-29', '2026-13-01', 'tomorrow', '01/12/2026']) {
      vi.stubEnv('QUANTUM_TODAY', bad);
      expect(() => todayIso()).toThrow(`QUANTUM_TODAY must be a calendar date as YYYY-MM-DD; it is "${bad}".`);
    }
  });

  test('a production server refuses a fixed date unless QUANTUM_ALLOW_FIXED_TODAY=1; elsewhere it is allowed', () => {
    expect(clockStartProblem({ NODE_ENV: 'production' })).toBeNull();
    expect(clockStartProblem({ NODE_ENV: 'production', QUANTUM_TODAY: '2026-06-15' })).toMatch(
      /^QUANTUM_TODAY=2026-06-15 fixes the date .*QUANTUM_ALLOW_FIXED_TODAY=1/,
    );
    expect(clockStartProblem({ NODE_ENV: 'production', QUANTUM_TODAY: '2026-06-15', QUANTUM_ALLOW_FIXED_TODAY: '1' })).toBeNull();
    expect(clockStartProblem({ NODE_ENV: 'production', QUANTUM_TODAY: '2026-06-15', QUANTUM_ALLOW_FIXED_TODAY: 'yes' })).not.toBeNull();
    expect(clockStartProblem({ NODE_ENV: 'development', QUANTUM_TODAY: '2026-06-15' })).toBeNull();
    expect(clockStartProblem({ NODE_ENV: 'test', QUANTUM_TODAY: '2026-06-31' })).toContain('must be a calendar date');
  });
});

/** The awkward days: first and last of a month, a leap day, the year's last and first day. */
const DAYS = ['2026-12-01', '2026-11-30', '2027-02-28', '2028-02-29', '2026-12-31', '2027-01-01', '2027-03-01'] as const;

describe.each(DAYS)('on %s', (day) => {
  test('the default cut-off is the first of the month of the clock’s today, never after it', () => {
    vi.stubEnv('QUANTUM_TODAY', day);
    expect(defaultCutOff()).toBe(`${day.slice(0, 7)}-01`);
    expect(defaultCutOff() <= todayIso()).toBe(true);
    expect(defaultCutOff(addDays(day, 1))).toBe(`${addDays(day, 1).slice(0, 7)}-01`);
  });

  test('pool membership on the cut-off day: a lease bought today is in the pool at the default cut-off only on the 1st', () => {
    vi.stubEnv('QUANTUM_TODAY', day);
    const bought = parseDate(todayIso());
    const cut = parseDate(defaultCutOff());
    expect(isInPool(bought, cut)).toBe(day.endsWith('-01'));
    // At the next cut-off (the first of next month) it always is, and never the day before its purchase.
    expect(isInPool(bought, parseDate(addDays(monthEndOf(monthOf(day)), 1)))).toBe(true);
    expect(isInPool(bought, bought - 1)).toBe(false);
  });

  test('month-end snapshots: today’s month is open, the one before is the last closed one, and the reports end there', () => {
    vi.stubEnv('QUANTUM_TODAY', day);
    const today = todayIso();
    const last = lastClosedMonth(today);
    expect(isClosedMonth(monthOf(today), today)).toBe(false);
    expect(isClosedMonth(last, today)).toBe(true);
    expect(monthEndOf(last) < today).toBe(true);
    expect(addDays(monthEndOf(last), 1)).toBe(`${today.slice(0, 7)}-01`);
    expect(reportRange({}, today, { closedOnly: true }).to).toBe(last);
    expect(reportRange({}, today).to).toBe(monthOf(today));
    expect(() => reportRange({ to: monthOf(today) }, today, { closedOnly: true })).toThrow('The month range is invalid.');
  });

  test('covenant test and certificate dates: the last month end is in the month view that shows it', () => {
    vi.stubEnv('QUANTUM_TODAY', day);
    const lastMonthEnd = monthEndOf(lastClosedMonth(todayIso()));
    const range = viewRange('month', lastMonthEnd);
    expect(monthEndsIn(range.from, range.to)).toContain(lastMonthEnd);
  });
});
