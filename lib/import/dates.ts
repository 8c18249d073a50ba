/**
 * Date parsing for tape import: ISO `YYYY-MM-DD`, `DD.MM.YYYY` (TT.MM.JJJJ), `DD/MM/YYYY`, `MM/DD/YYYY`,
 * `DD-MM-YYYY`, `MM-DD-YYYY`, and Excel serial day numbers (XLSX). One format per file, detected from its
 * values; a file of slash (or dash) dates that never shows a day above 12 is ambiguous and the user is asked.
 * A month alone (`MM/YYYY`, as SEC Reg AB II writes origination and first payment months) is read whatever
 * the file's format, as `YYYY-MM`: the caller puts the day on it (dayOfMonth).
 */
import { isValidDate } from '@/lib/finance/dates';

export type DateFormat = 'iso' | 'dmy-dot' | 'dmy-slash' | 'mdy-slash' | 'dmy-dash' | 'mdy-dash';
export type DateDetection = DateFormat | 'ambiguous';
export const DATE_FORMATS: readonly DateFormat[] = ['iso', 'dmy-dot', 'dmy-slash', 'mdy-slash', 'dmy-dash', 'mdy-dash'];

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/;
const DOT = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const SLASH = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DASH = /^(\d{1,2})-(\d{1,2})-(\d{4})$/;
/** A month alone: `MM/YYYY`, `MM-YYYY`, `MM.YYYY`, or `YYYY-MM` (what parseDate returns for one). */
const MONTH = /^(\d{1,2})[/.-](\d{4})$/;
const ISO_MONTH = /^(\d{4})-(\d{1,2})$/;

/** Day-first or month-first votes of the `a?b?YYYY` values of one separator. */
class Votes {
  count = 0;
  firstAbove12 = 0;
  secondAbove12 = 0;
  add(m: RegExpExecArray): void {
    this.count++;
    if (Number(m[1]) > 12) this.firstAbove12++;
    if (Number(m[2]) > 12) this.secondAbove12++;
  }
  /** dmy when a first part above 12 shows the day first, mdy when a second part does; null when nothing tells. */
  order(): 'dmy' | 'mdy' | null {
    if (this.firstAbove12 > 0 && this.secondAbove12 === 0) return 'dmy';
    if (this.secondAbove12 > 0 && this.firstAbove12 === 0) return 'mdy';
    return null;
  }
}

/** The file's date format from its date values; 'iso' when none was seen. Month-only values do not vote. */
export function detectDateFormat(values: Iterable<string>): DateDetection {
  let iso = 0;
  let dot = 0;
  const slash = new Votes();
  const dash = new Votes();
  for (const raw of values) {
    const v = raw.trim();
    if (ISO.test(v)) iso++;
    else if (DOT.test(v)) dot++;
    else {
      const s = SLASH.exec(v);
      if (s) slash.add(s);
      else {
        const d = DASH.exec(v);
        if (d) dash.add(d);
      }
    }
  }
  const most = Math.max(iso, dot, slash.count, dash.count);
  if (most === 0 || most === iso) return 'iso';
  if (most === dot) return 'dmy-dot';
  const [votes, sep] = most === slash.count ? ([slash, 'slash'] as const) : ([dash, 'dash'] as const);
  const order = votes.order();
  return order ? `${order}-${sep}` : 'ambiguous';
}

function iso(y: number, m: number, d: number): string | null {
  const s = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isValidDate(s) ? s : null;
}

function yearMonth(y: number, m: number): string | null {
  return m >= 1 && m <= 12 && y >= 1 ? `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}` : null;
}

/** True for a month alone as parseDate returns it: `YYYY-MM`. */
export function isMonthOnly(s: string): boolean {
  return /^\d{4}-\d{2}$/.test(s);
}

/** The date of `day` in `month` (`YYYY-MM`), the day clamped to the month's end: ('2019-02', 31) → '2019-02-28'. */
export function dayOfMonth(month: string, day: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const d = Math.min(Math.max(1, Math.trunc(day)), last);
  return `${month.slice(0, 7)}-${String(d).padStart(2, '0')}`;
}

/** An Excel serial day number (1900 date system) → YYYY-MM-DD. */
export function excelSerialToIso(serial: number): string | null {
  // Serial 60 is Excel's 1900-02-29, a day that did not exist.
  if (!Number.isFinite(serial) || serial < 1 || serial > 2958465 || Math.floor(serial) === 60) return null;
  // Excel counts 1900-02-29, which did not exist: serials from 61 on are one day ahead.
  const days = Math.floor(serial) - (serial >= 61 ? 2 : 1);
  return new Date(Date.UTC(1900, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A date as YYYY-MM-DD, a month alone as YYYY-MM (isMonthOnly; whatever the format), or null when the text is
 * not a real calendar date in the file's format (ISO always accepted).
 */
export function parseDate(raw: string, format: DateFormat): string | null {
  const v = raw.trim();
  const mi = ISO.exec(v);
  if (mi) return iso(Number(mi[1]), Number(mi[2]), Number(mi[3]));
  const mm = MONTH.exec(v);
  if (mm) return yearMonth(Number(mm[2]), Number(mm[1]));
  const im = ISO_MONTH.exec(v);
  if (im) return yearMonth(Number(im[1]), Number(im[2]));
  if (format === 'dmy-dot') {
    const m = DOT.exec(v);
    return m ? iso(Number(m[3]), Number(m[2]), Number(m[1])) : null;
  }
  if (format === 'iso') return null;
  const m = (format === 'dmy-slash' || format === 'mdy-slash' ? SLASH : DASH).exec(v);
  if (!m) return null;
  return format.startsWith('mdy') ? iso(Number(m[3]), Number(m[1]), Number(m[2])) : iso(Number(m[3]), Number(m[2]), Number(m[1]));
}
