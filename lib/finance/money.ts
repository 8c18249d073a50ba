/**
 * Money: integer minor units (cents) with an ISO 4217 code beside them, and the one rounding rule.
 *
 * Rounding policy (domain.md §1): every amount that is stored, shown or exported is rounded
 * half-up to the currency's minor unit with `roundHalfUp`. "Half-up" here means halves round away
 * from zero (−2.5 → −3), so a negated flow rounds to the negated amount.
 */
import { FinanceError } from './errors';

/** Currencies the engine knows, with their minor-unit digits (ISO 4217). */
export const CURRENCIES = {
  EUR: { code: 'EUR', digits: 2 },
  GBP: { code: 'GBP', digits: 2 },
  CHF: { code: 'CHF', digits: 2 },
  USD: { code: 'USD', digits: 2 },
  JPY: { code: 'JPY', digits: 0 },
} as const;

export type CurrencyCode = keyof typeof CURRENCIES;

/** The supported codes in a fixed order (portfolio code stores a currency as an index into this list). */
export const CURRENCY_CODES: readonly CurrencyCode[] = ['EUR', 'GBP', 'CHF', 'USD', 'JPY'];

/** True when `code` is a supported ISO 4217 code. */
export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.prototype.hasOwnProperty.call(CURRENCIES, code);
}

/** Number of minor-unit digits of a currency (2 for EUR, 0 for JPY); throws VALUE for an unknown code. */
export function minorUnitDigits(code: string): number {
  if (!isCurrencyCode(code)) throw new FinanceError('VALUE', `unknown currency "${code}"`, 'currency');
  return CURRENCIES[code].digits;
}

/** Index of a currency in CURRENCY_CODES; throws VALUE for an unknown code. */
export function currencyIndex(code: string): number {
  const i = CURRENCY_CODES.indexOf(code as CurrencyCode);
  if (i < 0) throw new FinanceError('VALUE', `unknown currency "${code}"`, 'currency');
  return i;
}

/** The largest allowance below a half that roundHalfUp still rounds up, in units (see there). */
const HALF_ALLOWANCE_MAX = 5e-4;

/**
 * Round to the nearest integer, halves away from zero (unitless: call it on minor-unit amounts).
 * A value within a few ulps of a half counts as the half: binary floats cannot hold decimal products
 * such as 0.19 × 150 = 28.5 (it is 28.499999999999996), and a VAT or interest line must round as the
 * decimal arithmetic on the invoice does. The allowance is 4 × 10⁻¹⁵ of the value (≈ 18 ulps), and at most
 * HALF_ALLOWANCE_MAX: from 1.25 × 10¹¹ units on (1.25 billion in cents) it stops growing, so the result stays
 * within half a unit and 0.0005 (and the sum's own rounding, an ulp) of the value. Uncapped, −839,773,487,285.4966
 * rounded to …286, 0.5034 away.
 */
export function roundHalfUp(x: number): number {
  // `0 - floor(...)` rather than `-floor(...)` so that −0.2 rounds to +0, not −0.
  return x >= 0
    ? Math.floor(x + 0.5 + Math.min((x + 1) * 4e-15, HALF_ALLOWANCE_MAX))
    : 0 - Math.floor(0.5 - x + Math.min((1 - x) * 4e-15, HALF_ALLOWANCE_MAX));
}

/** Convert a major-unit amount (e.g. 1234.56 EUR) to integer minor units, rounded half-up. */
export function toMinor(amount: number, code: string): number {
  const d = minorUnitDigits(code);
  return roundHalfUp(amount * 10 ** d);
}

/** Convert integer minor units to a major-unit number (e.g. 123456 → 1234.56 EUR); exact for |minor| < 2^53. */
export function fromMinor(minor: number, code: string): number {
  const d = minorUnitDigits(code);
  return d === 0 ? minor : minor / 10 ** d;
}

/** Plain decimal text of a minor-unit amount, no grouping, '.' as separator (123456 EUR → "1234.56"); for CSV and APIs. */
export function minorToDecimalString(minor: number, code: string): string {
  const d = minorUnitDigits(code);
  const m = roundHalfUp(minor);
  if (d === 0) return String(m);
  const neg = m < 0;
  const s = String(neg ? -m : m).padStart(d + 1, '0');
  return `${neg ? '-' : ''}${s.slice(0, s.length - d)}.${s.slice(s.length - d)}`;
}

/** Parse plain decimal text ("1234.56", "-0.5") into minor units, half-up beyond the currency's digits; throws VALUE on malformed text. */
export function decimalStringToMinor(text: string, code: string): number {
  const d = minorUnitDigits(code);
  const m = /^\s*([+-])?(\d+)(?:\.(\d*))?\s*$/.exec(text);
  if (!m) throw new FinanceError('VALUE', `"${text}" is not a decimal amount`, 'amount');
  const sign = m[1] === '-' ? -1 : 1;
  const intPart = m[2] ?? '0';
  const frac = m[3] ?? '';
  // Integer arithmetic on the digits avoids binary-float surprises such as 1.005 × 100 = 100.49999.
  const kept = (frac + '0'.repeat(d)).slice(0, d);
  let minor = Number(intPart + kept);
  const next = frac.charCodeAt(d);
  if (next >= 53 /* '5' */ && next <= 57) minor += 1;
  if (!Number.isSafeInteger(minor)) throw new FinanceError('VALUE', `"${text}" is too large`, 'amount');
  return minor === 0 ? 0 : sign * minor;
}
