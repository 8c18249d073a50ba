/**
 * Calendar dates as integer day numbers (days since 1970-01-01, proleptic Gregorian, no time zone).
 *
 * Dates travel as `YYYY-MM-DD` text and are turned into day numbers once; the hot paths work on
 * integers only (no Date objects: they carry a time zone and are slow to create). The conversions
 * are Howard Hinnant's days_from_civil / civil_from_days algorithms.
 */
import { FinanceError } from './errors';

/** A month as one integer: year × 12 + (month − 1). Consecutive calendar months differ by 1. */
export type MonthIndex = number;

/** True for Gregorian leap years. */
export function isLeapYear(year: number): boolean {
  return (year & 3) === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days in a month (month 1..12). */
export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : (MONTH_DAYS[month - 1] ?? 31);
}

/** Day number (days since 1970-01-01) of a civil date; no validation (month 1..12, day 1..31 expected). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = month > 2 ? month - 3 : month + 9;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** A civil date split into its parts. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** Civil date of a day number (inverse of daysFromCivil). */
export function civilFromDays(dayNumber: number): CivilDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Month index (year × 12 + month − 1) of a day number. */
export function monthIndexOfDay(dayNumber: number): MonthIndex {
  const c = civilFromDays(dayNumber);
  return c.year * 12 + c.month - 1;
}

/** Day number of `day` in the month `mi`, clamped to the month's last day (31 → 28/29 Feb). */
export function dayInMonthIndex(mi: MonthIndex, day: number): number {
  const year = Math.floor(mi / 12);
  const month = mi - year * 12 + 1;
  const dim = daysInMonth(year, month);
  return daysFromCivil(year, month, day < dim ? day : dim);
}

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1000000;
}

/** Parse `YYYY-MM-DD` (years 0001..9999, real calendar day) into a day number; null when malformed. */
export function tryParseDate(text: string): number | null {
  if (typeof text !== 'string' || text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const y = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3);
  const m = digit(text, 5) * 10 + digit(text, 6);
  const d = digit(text, 8) * 10 + digit(text, 9);
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return daysFromCivil(y, m, d);
}

/** Parse `YYYY-MM-DD` into a day number; throws VALUE when malformed or not a real date (e.g. 2023-02-29). */
export function parseDate(text: string, field = 'date'): number {
  const d = tryParseDate(text);
  if (d === null) throw new FinanceError('VALUE', `${field} must be a real date as YYYY-MM-DD (got "${String(text)}")`, field);
  return d;
}

/** True when `text` is a real `YYYY-MM-DD` date. */
export function isValidDate(text: string): boolean {
  return tryParseDate(text) !== null;
}

// Formatting sits on the row-schedule path (one string per row); a lazily filled table of the
// strings for 1900..2199 makes repeated dates free.
const CACHE_FROM = daysFromCivil(1900, 1, 1);
const CACHE_TO = daysFromCivil(2200, 1, 1);
const formatCache: (string | undefined)[] = [];

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** `YYYY-MM-DD` text of a day number (years 0001..9999; throws VALUE outside). */
export function formatDate(dayNumber: number): string {
  const inCache = dayNumber >= CACHE_FROM && dayNumber < CACHE_TO;
  if (inCache) {
    const hit = formatCache[dayNumber - CACHE_FROM];
    if (hit !== undefined) return hit;
  }
  const c = civilFromDays(dayNumber);
  if (!Number.isInteger(dayNumber) || c.year < 1 || c.year > 9999) {
    throw new FinanceError('VALUE', `day number ${dayNumber} is outside years 0001..9999`, 'date');
  }
  const s = `${String(c.year).padStart(4, '0')}-${pad2(c.month)}-${pad2(c.day)}`;
  if (inCache) formatCache[dayNumber - CACHE_FROM] = s;
  return s;
}

/**
 * Add calendar months to a day number, clamping to the month end. `anchorDay` (default: the day of
 * `dayNumber`) is the day of month to aim for, so a schedule anchored on the 31st goes
 * 31 Jan → 28/29 Feb → 31 Mar rather than drifting to the 28th.
 */
export function addMonthsToDay(dayNumber: number, months: number, anchorDay?: number): number {
  const c = civilFromDays(dayNumber);
  return dayInMonthIndex(c.year * 12 + c.month - 1 + months, anchorDay ?? c.day);
}

/** Add calendar months to a `YYYY-MM-DD` date, clamping to the month end (see addMonthsToDay for `anchorDay`). */
export function addMonths(date: string, months: number, anchorDay?: number): string {
  return formatDate(addMonthsToDay(parseDate(date), months, anchorDay));
}

/** Add days to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  return formatDate(parseDate(date) + days);
}

/** Calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return parseDate(to, 'to') - parseDate(from, 'from');
}

/** First day of the month of a `YYYY-MM-DD` date (the default cut-off is the first day of the current month). */
export function firstOfMonth(date: string): string {
  parseDate(date);
  return `${date.slice(0, 8)}01`;
}

/** Month index (year × 12 + month − 1) of a `YYYY-MM-DD` date. */
export function monthIndex(date: string): MonthIndex {
  return monthIndexOfDay(parseDate(date));
}

/** Whole calendar months from the month of `from` to the month of `to` (2024-01-31 → 2024-02-01 is 1). */
export function monthsBetween(from: string, to: string): number {
  return monthIndex(to) - monthIndex(from);
}

/** The UTC calendar date of an instant as YYYY-MM-DD. "Today" is lib/clock's todayIso, the one clock. */
export function isoDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
