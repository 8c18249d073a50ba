/**
 * Date arithmetic of the Calendar page on YYYY-MM-DD text (UTC days, weeks from Monday): the visible
 * range of a month, week or list view, the grid of a month, and the month ends a range contains.
 * The day arithmetic itself is lib/finance/dates (a month step clamps to the month end).
 */
import { addDays, addMonths, firstOfMonth, formatDate, parseDate } from '@/lib/finance/dates';

export const CALENDAR_VIEWS = ['month', 'week', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** Days the list view shows from its date. */
const LIST_DAYS = 30;

/** Monday of the week containing `iso` (day 0, 1970-01-01, was a Thursday: Monday-first index 3). */
function startOfWeek(iso: string): string {
  const day = parseDate(iso);
  return formatDate(day - ((((day + 3) % 7) + 7) % 7));
}

function endOfMonth(iso: string): string {
  return addDays(addMonths(firstOfMonth(iso), 1), -1);
}

/** The first and last day (inclusive) a view shows around `date`. */
export function viewRange(view: CalendarView, date: string): { from: string; to: string } {
  if (view === 'week') {
    const from = startOfWeek(date);
    return { from, to: addDays(from, 6) };
  }
  if (view === 'list') return { from: date, to: addDays(date, LIST_DAYS - 1) };
  // The month grid shows whole weeks: from the Monday before the 1st to the Sunday after the last day.
  const from = startOfWeek(firstOfMonth(date));
  return { from, to: addDays(startOfWeek(endOfMonth(date)), 6) };
}

/** The dates before and after `date` one step of the view away (previous/next buttons). */
export function stepDate(view: CalendarView, date: string, dir: -1 | 1): string {
  if (view === 'month') return addMonths(date, dir);
  return addDays(date, dir * (view === 'week' ? 7 : LIST_DAYS));
}

/** The month grid: weeks of seven YYYY-MM-DD dates, Monday first. */
export function monthGrid(date: string): string[][] {
  const { from, to } = viewRange('month', date);
  const weeks: string[][] = [];
  for (let d = from; d <= to; d = addDays(d, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(d, i)));
  return weeks;
}

/** Every month end in [from, to]. */
export function monthEndsIn(from: string, to: string): string[] {
  const out: string[] = [];
  for (let end = endOfMonth(from); end <= to; end = endOfMonth(addDays(end, 1))) out.push(end);
  return out;
}

/** True when an event from `start` to `end` (dates or date-times) touches the day range [from, to]. */
export function overlaps(start: string, end: string, from: string, to: string): boolean {
  return start.slice(0, 10) <= to && (end || start).slice(0, 10) >= from;
}

/** The days of [from, to] an event covers (at least its start day). */
export function daysOf(start: string, end: string, from: string, to: string): string[] {
  const first = start.slice(0, 10) < from ? from : start.slice(0, 10);
  const lastRaw = (end || start).slice(0, 10);
  const last = lastRaw > to ? to : lastRaw;
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  return days.length ? days : [first];
}
