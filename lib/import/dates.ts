/**
 * Date parsing for tape import: ISO `YYYY-MM-DD`, `DD.MM.YYYY` (TT.MM.JJJJ), `DD/MM/YYYY`, `MM/DD/YYYY`,
 * and Excel serial day numbers (XLSX). One format per file, detected from its values; a file of
 * slash dates that never shows a day above 12 is ambiguous and the user is asked.
 */
import { isValidDate } from '@/lib/finance/dates';

export type DateFormat = 'iso' | 'dmy-dot' | 'dmy-slash' | 'mdy-slash';
export type DateDetection = DateFormat | 'ambiguous';
export const DATE_FORMATS: readonly DateFormat[] = ['iso', 'dmy-dot', 'dmy-slash', 'mdy-slash'];

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/;
const DOT = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const SLASH = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** The file's date format from its date values; 'iso' when none was seen. */
export function detectDateFormat(values: Iterable<string>): DateDetection {
  let iso = 0;
  let dot = 0;
  let slash = 0;
  let firstAbove12 = 0;
  let secondAbove12 = 0;
  for (const raw of values) {
    const v = raw.trim();
    if (ISO.test(v)) iso++;
    else if (DOT.test(v)) dot++;
    else {
      const m = SLASH.exec(v);
      if (!m) continue;
      slash++;
      if (Number(m[1]) > 12) firstAbove12++;
      if (Number(m[2]) > 12) secondAbove12++;
    }
  }
  const most = Math.max(iso, dot, slash);
  if (most === 0 || most === iso) return 'iso';
  if (most === dot) return 'dmy-dot';
  if (firstAbove12 > 0 && secondAbove12 === 0) return 'dmy-slash';
  if (secondAbove12 > 0 && firstAbove12 === 0) return 'mdy-slash';
  return 'ambiguous';
}

function iso(y: number, m: number, d: number): string | null {
  const s = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isValidDate(s) ? s : null;
}

/** An Excel serial day number (1900 date system) → YYYY-MM-DD. */
export function excelSerialToIso(serial: number): string | null {
  // Serial 60 is Excel's 1900-02-29, a day that did not exist.
  if (!Number.isFinite(serial) || serial < 1 || serial > 2958465 || Math.floor(serial) === 60) return null;
  // Excel counts 1900-02-29, which did not exist: serials from 61 on are one day ahead.
  const days = Math.floor(serial) - (serial >= 61 ? 2 : 1);
  return new Date(Date.UTC(1900, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A date as YYYY-MM-DD, or null when the text is not a real calendar date in the file's format (ISO always accepted). */
export function parseDate(raw: string, format: DateFormat): string | null {
  const v = raw.trim();
  const mi = ISO.exec(v);
  if (mi) return iso(Number(mi[1]), Number(mi[2]), Number(mi[3]));
  if (format === 'dmy-dot') {
    const m = DOT.exec(v);
    return m ? iso(Number(m[3]), Number(m[2]), Number(m[1])) : null;
  }
  const m = SLASH.exec(v);
  if (!m) return null;
  return format === 'mdy-slash'
    ? iso(Number(m[3]), Number(m[1]), Number(m[2]))
    : format === 'dmy-slash'
      ? iso(Number(m[3]), Number(m[2]), Number(m[1]))
      : null;
}
