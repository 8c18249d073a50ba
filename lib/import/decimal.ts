/**
 * File-level decimal parsing for tape import (domain.md §7): amounts are decimal text turned into
 * integer minor units by string arithmetic, never through a float. The decimal separator is one
 * per file, detected from the file's values and confirmed by the user; a file whose values cannot
 * tell (only `1.250`-like values) is ambiguous and the user is asked.
 * The numbers themselves are read by the one amount parser (lib/number-input.ts, file mode); this
 * module adds the per-file detection, accounting negatives and percentage rates.
 */
import { decimalToMinor as minorOfDecimal, fileNumberStyle, parseDecimal } from '@/lib/number-input';

export type DecimalSeparator = ',' | '.';
export type DecimalDetection = DecimalSeparator | 'ambiguous';

const SPACES = /[\s\u00a0\u202f']/g;

/**
 * Votes of one value: ',' or '.' when the value shows which is the decimal separator, null when it
 * cannot tell (an integer, or one separator followed by exactly three digits: `1.250` / `1,250`).
 */
export function decimalHint(raw: string): DecimalSeparator | null | 'none' {
  const s = raw.replace(SPACES, '').replace(/^[-+]/, '').replace(/%$/, '');
  // Dates (01.03.2025) and text are no votes.
  if (!/^[\d.,]+$/.test(s) || /^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(s)) return 'none';
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot < 0 && lastComma < 0) return 'none';
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? '.' : ',';
  const sep = lastDot >= 0 ? '.' : ',';
  const parts = s.split(sep);
  // Two or more of the same separator: it groups thousands, so the other one is the decimal mark.
  if (parts.length > 2) return sep === '.' ? ',' : '.';
  return parts[1]!.length === 3 ? null : sep;
}

/** The file's decimal separator from a sample of its numeric values; `fallback` when no value shows one. */
export function detectDecimalSeparator(values: Iterable<string>, fallback: DecimalSeparator = '.'): DecimalDetection {
  let dot = 0;
  let comma = 0;
  let unclear = 0;
  for (const v of values) {
    const h = decimalHint(v);
    if (h === '.') dot++;
    else if (h === ',') comma++;
    else if (h === null) unclear++;
  }
  if (dot > comma) return '.';
  if (comma > dot) return ',';
  return unclear > 0 ? 'ambiguous' : fallback;
}

/**
 * Normalises decimal text with the file's separator to `[-]digits[.digits]`, or null when it is not a
 * number written that way — read by the one amount parser (lib/number-input.ts) in its file mode:
 * grouping by the other mark, apostrophes or spaces, in threes. The import adds accounting negatives,
 * `(12.00)`. A trailing `%` is not accepted here (parseRate takes it off).
 */
export function normalizeDecimal(raw: string, sep: DecimalSeparator): string | null {
  const s = raw.trim();
  const bracketed = s.length > 2 && s.startsWith('(') && s.endsWith(')');
  const body = bracketed ? s.slice(1, -1) : s;
  if (/[,.]$/.test(body.trim())) return null;
  const r = parseDecimal(body, fileNumberStyle(sep));
  if (!r.ok) return null;
  if (!bracketed || r.decimal.startsWith('-')) return bracketed ? null : r.decimal;
  return r.value === 0 ? r.decimal : `-${r.decimal}`;
}

/**
 * Decimal text → integer minor units with `digits` decimals, rounded half-up (away from zero) on the
 * digits beyond; null when the text is not a number or the result is beyond exact integers.
 */
export function decimalToMinor(raw: string, sep: DecimalSeparator, digits: number): number | null {
  const n = normalizeDecimal(raw, sep);
  if (n === null) return null;
  const r = minorOfDecimal(n, digits, 'half-up');
  return r.ok ? r.value : null;
}

/** A decimal number (rates, terms) from text with the file's separator; null when not a number. */
export function decimalToNumber(raw: string, sep: DecimalSeparator): number | null {
  const n = normalizeDecimal(raw, sep);
  return n === null ? null : Number(n);
}

/** How a rate column's bare numbers are read: as the decimals they are (0.065) or as percentages (6.5). */
export type RateReading = 'decimal' | 'percent';

/**
 * The reading of a rate column (domain.md §7): a column whose numeric values are all ≤ 1 is decimals (QUANTUM's own
 * tape writes 0.065); otherwise it is percent (`5,9`, `5.9`), and so is a column written with percent signs (a value
 * with `%` is percent whatever the reading); blanks and text are no votes; a column with no vote is decimals.
 */
export function detectRateReading(values: Iterable<string>, sep: DecimalSeparator): RateReading {
  for (const raw of values) {
    const s = raw.trim();
    if (s === '') continue;
    // Written with a percent sign: the column is in percent (and each such value reads so whatever the reading).
    if (s.endsWith('%')) return 'percent';
    const n = decimalToNumber(s, sep);
    if (n !== null && Math.abs(n) > 1) return 'percent';
  }
  return 'decimal';
}

/**
 * A rate as a decimal (0.065): `6,5 %` / `6.5%` is always a percentage; a bare number is read per the column's
 * reading (detectRateReading): the decimal it is, or a percentage. Null when not a number.
 */
export function parseRate(raw: string, sep: DecimalSeparator, reading: RateReading = 'decimal'): number | null {
  const s = raw.trim();
  const trailing = s.endsWith('%');
  const n = decimalToNumber(trailing ? s.slice(0, -1) : s, sep);
  if (n === null) return null;
  // Percent: round the quotient to 15 significant digits so 6.5/100 is 0.065, not 0.065000000000000002.
  return trailing || reading === 'percent' ? Number((n / 100).toPrecision(15)) : n;
}
