/**
 * The browser tests' "today" is the server's: lib/clock's todayIso, which reads the same QUANTUM_TODAY the test server
 * inherits (tests/helpers/server.ts), else the calendar. A test about a day says which one it means through these,
 * never through its own `new Date()`.
 */
import { todayIso } from '@/lib/clock';
import { firstOfMonth } from '@/lib/finance/dates';
import { lastClosedMonth, monthEndOf } from '@/lib/history/months';

export { todayIso as e2eToday };
export { firstOfNextMonth } from '@/lib/calculators-query';

/** The default cut-off of the pages: the first of today's month (domain.md §3). */
export function e2eCutOff(): string {
  return firstOfMonth(todayIso());
}

/** The last month end before today: the demo facility's certificate and last covenant test are dated there. */
export function e2eLastMonthEnd(): string {
  return monthEndOf(lastClosedMonth(todayIso()));
}
