import { decimalStringToMinor, minorToDecimalString } from '@/lib/finance/money';

/**
 * Locale-aware number input: what a user types in en (1,234.56), de/pt (1.234,56), fr (1 234,56) or
 * Swiss style (1'234.56) becomes plain decimal text ("1234.56"), so amounts are converted to minor
 * units with integer arithmetic (lib/finance's decimalStringToMinor), never through a float.
 */
const DECIMAL_SEPARATOR: Record<string, ',' | '.'> = { en: '.', de: ',', fr: ',', pt: ',' };

export function decimalSeparatorOf(locale: string): ',' | '.' {
  return DECIMAL_SEPARATOR[locale.slice(0, 2)] ?? '.';
}

/** Plain decimal text ("-1234.5") of a localized number, or null when it is not a number. */
export function normalizeNumberText(text: string, locale: string): string | null {
  const sep = decimalSeparatorOf(locale);
  const group = sep === ',' ? '.' : ',';
  let s = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (s === '') return null;
  s = s.split(group).join('');
  if (sep === ',') s = s.replace(',', '.');
  return /^[+-]?\d+(\.\d+)?$/.test(s) || /^[+-]?\d*\.\d+$/.test(s) ? s.replace(/^\+/, '').replace(/^(-?)\./, '$10.') : null;
}

/** Minor units of a typed amount in `currency`, or null when the text is not a number. */
export function parseMoneyText(text: string, locale: string, currency: string): number | null {
  const s = normalizeNumberText(text, locale);
  if (s === null) return null;
  try {
    return decimalStringToMinor(s, currency);
  } catch {
    return null;
  }
}

/** A percentage as typed ("6,5" in de) as a decimal rate (0.065), or null. */
export function parsePercentText(text: string, locale: string): number | null {
  const s = normalizeNumberText(text, locale);
  if (s === null) return null;
  // toPrecision drops the binary noise of the division (6.15 / 100 = 0.061500000000000006).
  return Number((Number(s) / 100).toPrecision(12));
}

/** An integer as typed, or null. */
export function parseIntegerText(text: string, locale: string): number | null {
  const s = normalizeNumberText(text, locale);
  if (s === null || !/^-?\d+$/.test(s)) return null;
  return Number(s);
}

/** Minor units as editable text in the locale, without grouping (123456 EUR → "1234,56" in de). */
export function moneyText(minor: number, currency: string, locale: string): string {
  const s = minorToDecimalString(minor, currency);
  return decimalSeparatorOf(locale) === ',' ? s.replace('.', ',') : s;
}

/** A decimal rate as editable percentage text (0.065 → "6.5" / "6,5"). */
export function percentText(rate: number, locale: string): string {
  const s = String(Number((rate * 100).toPrecision(12)));
  return decimalSeparatorOf(locale) === ',' ? s.replace('.', ',') : s;
}
