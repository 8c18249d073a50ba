/**
 * The text of a tape import's exception in the reader's language (domain.md §7: "every message shows amounts in the
 * currency as a person writes them, never in minor units"), shared by the exceptions API (JSON and CSV) and its tests.
 * Params arrive as text: amounts are integer minor units of the `currency` param, fractions are decimals (0.02 = 2 %),
 * dates are YYYY-MM-DD; each is formatted in the locale before it enters the message.
 */
import { formatIsoDate, formatMoneyIn, localeFormatter } from '@/lib/format';

/** Params that are money (integer minor units of the exception's `currency` param). */
export const MONEY_PARAMS = ['expected', 'amount', 'tape', 'schedule', 'adjustment'] as const;
/** Money params shown with their sign (a re-base's adjustment: the tape's balance − the schedule's). */
const SIGNED_MONEY: readonly string[] = ['adjustment'];
/** Params that are fractions, shown as percentages (the instalment's difference to the annuity, its tolerance). */
export const FRACTION_PARAMS = ['diff', 'tolerance'] as const;
/** Params that are calendar dates. */
export const DATE_PARAMS = ['date', 'origination'] as const;

/** The exception as the API stores it: row 0 is the file itself (a required field no column gives). */
export type ImportExceptionText = {
  row: number;
  column: string;
  field: string;
  value: string;
  rule: string;
  params: Record<string, string>;
};

/** The next-intl translator of the `tapeImport` namespace, loosely typed (keys are built from the rule). */
export type TapeImportTranslate = (key: string, values?: Record<string, string>) => string;

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?(e-?\d+)?$/i;

/** A minor-unit amount as money in the locale (€1,360.26 / 1.360,26 €); the text as it is when it is no amount. */
export function moneyText(locale: string, minor: string, currency: string | undefined, signed = false): string {
  if (!currency || !INTEGER.test(minor.trim())) return minor;
  try {
    return formatMoneyIn(locale, Number(minor), currency, signed ? { signDisplay: 'exceptZero' } : {});
  } catch {
    return minor;
  }
}

/**
 * A fraction as a percentage in the locale (0.0125 → 1.25 % / 1,25 %), with its sign when `signed`, at most two
 * decimals (at least `minDigits`).
 */
export function fractionText(locale: string, fraction: string | number, signed = false, minDigits = 0): string {
  const n = typeof fraction === 'number' ? fraction : NUMBER.test(fraction.trim()) ? Number(fraction) : NaN;
  if (!Number.isFinite(n)) return String(fraction);
  return localeFormatter(locale).number(n, {
    style: 'percent',
    minimumFractionDigits: minDigits,
    maximumFractionDigits: Math.max(2, minDigits),
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  });
}

/** A rate as the user wrote it, read as a decimal, shown as a percentage (0.0625 → 6.25 %, 0.059 → 5.9 %; never 0.063). */
export function rateText(locale: string, rate: number): string {
  return localeFormatter(locale).number(rate, { style: 'percent', maximumFractionDigits: 4 });
}

/** The values a rule's message interpolates, formatted for the locale. */
export function exceptionValues(t: TapeImportTranslate, locale: string, e: ImportExceptionText): Record<string, string> {
  const p = e.params ?? {};
  const format = localeFormatter(locale);
  const values: Record<string, string> = {};
  // Any other param as it is (a message may name one this file does not know yet).
  for (const [k, v] of Object.entries(p)) values[k] = String(v);
  const currency = p.currency || undefined;
  for (const k of MONEY_PARAMS) values[k] = p[k] !== undefined ? moneyText(locale, p[k], currency, SIGNED_MONEY.includes(k)) : '';
  for (const k of FRACTION_PARAMS) values[k] = p[k] !== undefined ? fractionText(locale, p[k], k === 'diff') : '';
  for (const k of DATE_PARAMS) values[k] = p[k] ? formatIsoDate(format, p[k]) : '';
  values.value = e.value;
  values.field = e.field ? t(`fields.${e.field}`) : e.column;
  values.format = p.format ? t(`dateFormats.${p.format}`) : '';
  values.allowed = p.allowed ?? '';
  values.row = p.row ?? '';
  values.currency = p.currency ?? '';
  return values;
}

/**
 * The message of one exception. A required field that no column (and no value for every row) gives is a problem of the
 * file, not of a row: it says so.
 */
export function exceptionMessage(t: TapeImportTranslate, locale: string, e: ImportExceptionText): string {
  const values = exceptionValues(t, locale, e);
  if (e.row === 0 && e.rule === 'required') return t('dryRun.missingColumn', { field: values.field ?? '' });
  return t(`rules.${e.rule}`, values);
}

/** The row of an exception as the reader sees it: its number, or "file" for the file itself (row 0). */
export function exceptionRowText(t: TapeImportTranslate, row: number): string {
  return row === 0 ? t('dryRun.file') : String(row);
}
