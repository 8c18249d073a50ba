/**
 * The browser tests' "today": the server's (lib/clock). A run that fixes the date sets QUANTUM_TODAY, which the test
 * server inherits (tests/helpers/server.ts); otherwise both read the calendar. A test about a day says which one it
 * means through these, never through its own `new Date()`.
 */
import { addDays, addMonths, isoDateOf } from '@/lib/finance/dates';

export function e2eToday(): string {
  return process.env.QUANTUM_TODAY?.trim() || isoDateOf(new Date());
}

/** The default cut-off of the pages: the first of today's month (domain.md §3). */
export function e2eCutOff(): string {
  return `${e2eToday().slice(0, 7)}-01`;
}

/** The last month end before today: the demo facility's certificate and last covenant test are dated there. */
export function e2eLastMonthEnd(): string {
  return addDays(e2eCutOff(), -1);
}

/** The first day of the month after `date`'s. */
export function firstOfNextMonth(date: string): string {
  return `${addMonths(`${date.slice(0, 7)}-01`, 1).slice(0, 7)}-01`;
}
