/**
 * Calendar months of the performance history (domain.md §9), as `YYYY-MM` text. A month is **closed**
 * when it lies before the month of `today` (its month end is before the first day of today's month):
 * only closed months are snapshotted and kept; the current month is computed live, as of today.
 */
import { addMonths, daysInMonth } from '@/lib/finance';

export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month `YYYY-MM` of a date `YYYY-MM-DD`. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The last day of the month. */
export function monthEndOf(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
}

/** The month `k` months after `month` (negative: before). */
export function addMonthsTo(month: string, k: number): string {
  return addMonths(`${month}-01`, k).slice(0, 7);
}

/** Whole months from `from` to `to` (0 when equal, negative when `to` is earlier). */
export function monthDiff(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}

/** The months from `from` to `to`, both included, in order (empty when from > to). */
export function monthRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m = addMonthsTo(m, 1)) out.push(m);
  return out;
}

/** Closed = before today's month: its snapshot may be stored and never changes. */
export function isClosedMonth(month: string, today: string): boolean {
  return month < monthOf(today);
}

/** The last closed month on `today` (the month before today's). */
export function lastClosedMonth(today: string): string {
  return addMonthsTo(monthOf(today), -1);
}

/** The calendar quarter of a date, `YYYY-Qn`. */
export function quarterOf(date: string): string {
  return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
}

/** The last month of a quarter `YYYY-Qn`. */
export function quarterEndMonth(quarter: string): string {
  return `${quarter.slice(0, 4)}-${String(Number(quarter.slice(6)) * 3).padStart(2, '0')}`;
}
