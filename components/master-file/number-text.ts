import { minorToDecimalString } from '@/lib/finance/money';
import { numberStyleOf, parseAmountMinor, parseDecimal } from '@/lib/number-input';

/**
 * The Master File forms' number fields over the one amount parser (lib/number-input.ts): what a user
 * types in en (1,234.56 or Swiss 1'234.56), de/pt (1.234,56) or fr (1 234,56) becomes plain decimal
 * text or integer minor units by string arithmetic, never through a float; another locale's spelling
 * is refused (the form shows the parser's reason and suggestion).
 */
export function decimalSeparatorOf(locale: string): ',' | '.' {
  return numberStyleOf(locale).decimal;
}

/** Plain decimal text ("-1234.5") of a localized number, or null when it is not a number. */
export function normalizeNumberText(text: string, locale: string): string | null {
  const r = parseDecimal(text, locale);
  return r.ok ? r.decimal : null;
}

/** Minor units of a typed amount in `currency` (decimals beyond the currency's rounded half-up), or null when the text is not a number. */
export function parseMoneyText(text: string, locale: string, currency: string): number | null {
  const r = parseAmountMinor(text, locale, currency, { rounding: 'half-up' });
  return r.ok ? r.value : null;
}

/** A percentage as typed ("6,5" in de) as a decimal rate (0.065), or null. */
export function parsePercentText(text: string, locale: string): number | null {
  const r = parseDecimal(text, locale);
  // toPrecision drops the binary noise of the division (6.15 / 100 = 0.061500000000000006).
  return r.ok ? Number((r.value / 100).toPrecision(12)) : null;
}

/** An integer as typed, or null. */
export function parseIntegerText(text: string, locale: string): number | null {
  const r = parseDecimal(text, locale);
  return r.ok && /^-?\d+$/.test(r.decimal) ? r.value : null;
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
