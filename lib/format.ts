import { isCurrencyCode, minorUnitDigits as bookMinorUnitDigits } from '@/lib/finance/money';
import type { createFormatter, DateTimeFormatOptions, NumberFormatOptions } from 'next-intl';
import { keptIn } from './bounded-memo';

/**
 * Formatting at the edge, in the active locale. Every helper takes next-intl's formatter
 * (`useFormatter()` in components, `await getFormatter({ locale })` in server code), so the
 * locale, the time zone (UTC, see i18n/request.ts) and any configured formats apply everywhere.
 */
export type Formatter = Pick<ReturnType<typeof createFormatter>, 'number' | 'dateTime'>;

/** The time zone of every date the app formats (i18n/request.ts gives next-intl the same). */
export const APP_TIME_ZONE = 'UTC';

type IntlCache = { numbers: Map<string, Intl.NumberFormat>; dates: Map<string, Intl.DateTimeFormat> };
const localeFormatters = new Map<string, Formatter>();
/** Bounded by the option sets the code uses (a few dozen); a guard all the same. */
const MAX_FORMATS = 1000;

function kept<F>(cache: Map<string, F>, options: object | undefined, make: () => F): F {
  return keptIn(cache, options === undefined ? '' : JSON.stringify(options), MAX_FORMATS, make);
}

/**
 * The formatter of a locale for server code, kept for the process: next-intl's getFormatter() builds its
 * Intl.NumberFormat and Intl.DateTimeFormat objects again for every request (≈ 50–100 µs each, a page uses a few
 * dozen), these are built once per locale and option set. The same text as next-intl's formatter with the app's
 * configuration (no global formats, the UTC time zone unless the options name one): options are used as given,
 * `overrides` spread over them, and a value that cannot be formatted is shown as String(value) after an error line,
 * as next-intl's default onError does.
 */
export function localeFormatter(locale: string): Formatter {
  let formatter = localeFormatters.get(locale);
  if (formatter) return formatter;
  const cache: IntlCache = { numbers: new Map(), dates: new Map() };
  const resolve = <O extends object>(formatOrOptions: string | O | undefined, overrides: O | undefined): O | undefined => {
    if (typeof formatOrOptions === 'string') throw new Error(`MISSING_FORMAT: no global format named "${formatOrOptions}" is configured`);
    return overrides ? { ...formatOrOptions, ...overrides } : formatOrOptions;
  };
  const guarded = (value: unknown, fn: () => string): string => {
    try {
      return fn();
    } catch (e) {
      console.error(`[format] ${locale}: ${e instanceof Error ? e.message : String(e)}`);
      return String(value);
    }
  };
  const number = (value: number | bigint, formatOrOptions?: string | NumberFormatOptions, overrides?: NumberFormatOptions): string =>
    guarded(value, () => {
      const options = resolve(formatOrOptions, overrides);
      return kept(cache.numbers, options, () => new Intl.NumberFormat(locale, options)).format(value);
    });
  const dateTime = (value: Date | number, formatOrOptions?: string | DateTimeFormatOptions, overrides?: DateTimeFormatOptions): string =>
    guarded(value, () => {
      const given = resolve(formatOrOptions, overrides);
      const options: DateTimeFormatOptions = given?.timeZone ? given : { ...given, timeZone: APP_TIME_ZONE };
      return kept(cache.dates, options, () => new Intl.DateTimeFormat(locale, options as Intl.DateTimeFormatOptions)).format(value);
    });
  formatter = { number, dateTime } as Formatter;
  localeFormatters.set(locale, formatter);
  return formatter;
}

const minorDigitsCache = new Map<string, number>();

/**
 * ISO 4217 minor-unit digits of a currency (EUR 2, JPY 0, BHD 3): the book's currency table (lib/finance/money) for
 * the currencies it knows, the platform's Intl for another code (a workspace invoice's).
 */
export function minorUnitDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (isCurrencyCode(code)) return bookMinorUnitDigits(code);
  let digits = minorDigitsCache.get(code);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    minorDigitsCache.set(code, digits);
  }
  return digits;
}

/** Integer minor units → major units (12345 EUR cents → 123.45). */
export function minorToMajor(minor: number, currency: string): number {
  return minor / 10 ** minorUnitDigits(currency);
}

export type MoneyOptions = Pick<NumberFormatOptions, 'signDisplay' | 'currencyDisplay' | 'notation'> & {
  /** Drop the minor digits (e.g. chart axes). */
  wholeUnits?: boolean;
};

/** Money stored as integer minor units with an ISO currency code, e.g. formatMoney(format, -123456, 'EUR') → "-€1,234.56". */
export function formatMoney(format: Formatter, minor: number, currency: string, options: MoneyOptions = {}): string {
  const { wholeUnits, ...rest } = options;
  const code = currency.toUpperCase();
  const digits = wholeUnits ? 0 : minorUnitDigits(code);
  return format.number(minorToMajor(minor, code), {
    style: 'currency',
    currency: code,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...rest,
  });
}

const moneyFormats = new Map<string, { nf: Intl.NumberFormat; scale: number }>();

/**
 * formatMoney's text in an explicit locale, from one Intl.NumberFormat per locale, currency and options kept
 * for the process. next-intl's formatter builds its Intl objects again for every request (and keys each call
 * by JSON.stringify of its options), which tables of hundreds of amounts pay on every render; the options and
 * the text are the same as formatMoney's (no global number formats are configured, see i18n/request.ts).
 */
export function formatMoneyIn(locale: string, minor: number, currency: string, options: MoneyOptions = {}): string {
  const { wholeUnits, signDisplay, currencyDisplay, notation } = options;
  const code = currency.toUpperCase();
  const key = `${locale}|${code}|${wholeUnits ? 1 : 0}|${signDisplay ?? ''}|${currencyDisplay ?? ''}|${notation ?? ''}`;
  let f = moneyFormats.get(key);
  if (!f) {
    const digits = wholeUnits ? 0 : minorUnitDigits(code);
    const nf = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      ...(signDisplay ? { signDisplay } : {}),
      ...(currencyDisplay ? { currencyDisplay } : {}),
      ...(notation ? { notation } : {}),
    });
    f = { nf, scale: 10 ** minorUnitDigits(code) };
    // Bounded by locales × currencies × the few option sets the code uses; a guard all the same.
    if (moneyFormats.size > 1000) moneyFormats.clear();
    moneyFormats.set(key, f);
  }
  return f.nf.format(minor / f.scale);
}

/** A rate stored as a decimal: formatPercent(format, 0.0525) → "5.25%" (en), "5,25 %" (de). */
export function formatPercent(format: Formatter, rate: number, fractionDigits = 2): string {
  return format.number(rate, {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** A plain number with a fixed number of decimals (counts: 0, terms in months: 0, factors: 4 …). */
export function formatDecimal(format: Formatter, value: number, fractionDigits = 0): string {
  return format.number(value, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `YYYY-MM-DD` text as a UTC calendar date; null when it is not a real date (2026-02-30). */
export function parseIsoDate(text: string): Date | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

export type DateStyle = 'short' | 'medium' | 'long' | 'full';

/**
 * The texts of calendar dates and months per formatter, kept: a formatter's text for a date and style never changes,
 * and pages show the same ones on every request (the Summary's 61 month columns, the Dashboard's 24, a table's dates),
 * each an Intl call of a few µs. The server's formatters live for the process (localeFormatter), a component's for its
 * render. Bounded per formatter.
 */
const dateTexts = new WeakMap<Formatter, Map<string, string>>();
const MAX_DATE_TEXTS = 5000;

function keptDateText(format: Formatter, key: string, make: () => string): string {
  let texts = dateTexts.get(format);
  if (!texts) dateTexts.set(format, (texts = new Map()));
  return keptIn(texts, key, MAX_DATE_TEXTS, make);
}

/**
 * A `YYYY-MM-DD` calendar date in the active locale. Always formatted in UTC so the day never shifts.
 * Malformed input is shown as it is rather than as an invented date.
 */
export function formatIsoDate(format: Formatter, text: string, dateStyle: DateStyle = 'medium'): string {
  return keptDateText(format, `d${dateStyle}\u0000${text}`, () => {
    const date = parseIsoDate(text);
    return date ? format.dateTime(date, { dateStyle, timeZone: 'UTC' }) : text;
  });
}

/**
 * The month of a `YYYY-MM-DD` or `YYYY-MM` text, e.g. "Nov 2026" / "Nov. 2026" (cash-flow columns). Its spaces are
 * non-breaking: a narrow column header never wraps "Sept.⏎2026" or "set. de⏎2026".
 */
export function formatIsoMonth(format: Formatter, text: string, month: 'short' | 'long' = 'short'): string {
  return keptDateText(format, `m${month}\u0000${text}`, () => {
    const date = parseIsoDate(text.length === 7 ? `${text}-01` : text);
    return date ? format.dateTime(date, { year: 'numeric', month, timeZone: 'UTC' }).replace(/ /g, '\u00a0') : text;
  });
}

/** A moment stored as epoch milliseconds (createdAt, updatedAt), in UTC like the rest of the app. */
export function formatTimestamp(
  format: Formatter,
  ms: number,
  options: DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return format.dateTime(new Date(ms), { timeZone: 'UTC', ...options });
}

/** `YYYY-MM-DD` of a moment in UTC, for `<time dateTime>` attributes. */
export function toIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
