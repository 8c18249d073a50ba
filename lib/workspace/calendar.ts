/**
 * Date arithmetic of the Calendar page on YYYY-MM-DD text (UTC days, weeks from Monday): the visible
 * range of a month, week or list view, the grid of a month, and the month ends a range contains.
 */

export const CALENDAR_VIEWS = ['month', 'week', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** Days the list view shows from its date. */
export const LIST_DAYS = 30;

function toDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function toIso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** Monday of the week containing `iso`. */
export function startOfWeek(iso: string): string {
  const dow = (toDate(iso).getUTCDay() + 6) % 7;
  return addDays(iso, -dow);
}

export function startOfMonth(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

export function endOfMonth(iso: string): string {
  const d = toDate(startOfMonth(iso));
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  return toIso(d);
}

/** The same day of the month `months` away, clamped to that month's last day. */
export function addMonthsClamped(iso: string, months: number): string {
  const [y, m, day] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = endOfMonth(toIso(first));
  return `${last.slice(0, 8)}${String(Math.min(day, Number(last.slice(8)))).padStart(2, '0')}`;
}

/** The first and last day (inclusive) a view shows around `date`. */
export function viewRange(view: CalendarView, date: string): { from: string; to: string } {
  if (view === 'week') {
    const from = startOfWeek(date);
    return { from, to: addDays(from, 6) };
  }
  if (view === 'list') return { from: date, to: addDays(date, LIST_DAYS - 1) };
  // The month grid shows whole weeks: from the Monday before the 1st to the Sunday after the last day.
  const from = startOfWeek(startOfMonth(date));
  return { from, to: addDays(startOfWeek(endOfMonth(date)), 6) };
}

/** The dates before and after `date` one step of the view away (previous/next buttons). */
export function stepDate(view: CalendarView, date: string, dir: -1 | 1): string {
  if (view === 'month') return addMonthsClamped(date, dir);
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
