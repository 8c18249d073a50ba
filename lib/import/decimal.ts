/**
 * File-level decimal parsing for tape import (domain.md §7): amounts are decimal text turned into
 * integer minor units by string arithmetic, never through a float. The decimal separator is one
 * per file, detected from the file's values and confirmed by the user; a file whose values cannot
 * tell (only `1.250`-like values) is ambiguous and the user is asked.
 *
 * To be folded into lib/number-input.ts's file-level mode (the one amount parser) when it lands.
 */
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
 * number written that way (grouping separators and spaces allowed; a trailing `%` is not accepted here).
 */
export function normalizeDecimal(raw: string, sep: DecimalSeparator): string | null {
  let s = raw.trim().replace(SPACES, '');
  let sign = '';
  if (s.startsWith('-') || s.startsWith('+')) {
    sign = s[0] === '-' ? '-' : '';
    s = s.slice(1);
  }
  if (s.startsWith('(') && s.endsWith(')')) {
    sign = '-';
    s = s.slice(1, -1);
  }
  const group = sep === ',' ? '.' : ',';
  const [intPart = '', frac, extra] = s.split(sep);
  if (extra !== undefined) return null;
  if (intPart.includes(group)) {
    // Grouping must be in threes: 1.234.567
    if (!/^\d{1,3}(\.\d{3})+$/.test(intPart.replaceAll(group, '.'))) return null;
  }
  const int = intPart.replaceAll(group, '');
  if (!/^\d*$/.test(int) || (frac !== undefined && !/^\d+$/.test(frac))) return null;
  if (int === '' && (frac === undefined || frac === '')) return null;
  return `${sign}${int === '' ? '0' : int}${frac !== undefined ? `.${frac}` : ''}`;
}

/**
 * Decimal text → integer minor units with `digits` decimals, rounded half-up (away from zero) on the
 * digits beyond; null when the text is not a number or the result is beyond exact integers.
 */
export function decimalToMinor(raw: string, sep: DecimalSeparator, digits: number): number | null {
  const n = normalizeDecimal(raw, sep);
  if (n === null) return null;
  const negative = n.startsWith('-');
  const [int, frac = ''] = (negative ? n.slice(1) : n).split('.');
  const padded = (frac + '0'.repeat(digits + 1)).slice(0, digits + 1);
  let units = BigInt(int! + padded.slice(0, digits));
  if (Number(padded[digits]) >= 5) units += 1n;
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const v = Number(units);
  return negative && v !== 0 ? -v : v;
}

/** A decimal number (rates, terms) from text with the file's separator; null when not a number. */
export function decimalToNumber(raw: string, sep: DecimalSeparator): number | null {
  const n = normalizeDecimal(raw, sep);
  return n === null ? null : Number(n);
}

/**
 * A rate as a decimal (0.065): `6,5 %` / `6.5%` is a percentage; a bare number is taken as the decimal
 * it is (QUANTUM's own tape writes 0.065). Null when not a number.
 */
export function parseRate(raw: string, sep: DecimalSeparator): number | null {
  const s = raw.trim();
  const percent = s.endsWith('%');
  const n = decimalToNumber(percent ? s.slice(0, -1) : s, sep);
  if (n === null) return null;
  // Percent: divide in decimal text to avoid 6.5/100 = 0.065000000000000002.
  return percent ? Number((n / 100).toPrecision(15)) : n;
}
