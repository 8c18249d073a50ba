/**
 * The one amount parser: numbers typed into forms or read from files, in the conventions of the
 * active locale (or of a file, whose decimal separator is given explicitly). Pure: no Intl in the
 * parser, no clock, no I/O.
 *
 * Conventions (a locale's style):
 *   en `1,234.56` (Swiss `1'234.56` too); de and pt `1.234,56`; fr `1 234,56` with a narrow no-break
 *   space (U+202F, as Intl prints it), a no-break space (U+00A0) or a plain space.
 *
 * The rules, in order:
 *   1. Blanks around the text are ignored; a leading `+`, `-` or `−` (U+2212) is the sign. Anything
 *      but digits, the two marks `.` `,`, an apostrophe or a space is `invalid` ('12a', '€12', '1e5',
 *      '12%': percent signs are the caller's business).
 *   2. The text is read in the locale's style: digits, optionally grouped — then EVERY group has
 *      exactly three digits, after one to three leading digits, all with the same group separator —
 *      and optionally the decimal separator with its fraction (',5' and '12,' are accepted). A text
 *      that reads this way is accepted, even when another style would read it otherwise: on /de
 *      '1.234' is 1234 and on /en '1,234' is 1234 (the locale's reading wins where it has one).
 *   3. A text the locale cannot read is tried in the other styles (en, de, fr, and '.' decimals with
 *      space groups). If no style reads it: `invalid` ('1.2.3', '12,34.5'). If the styles that read it
 *      agree on one value: `wrong-locale`, with `suggestion` = that value spelled in the locale (on /de
 *      '48,500.00' → '48.500,00'; '6.25' → '6,25', since a '.' followed by two digits is no German
 *      thousands group). If they disagree: `ambiguous` (on /fr '1.234' is 1.234 in English and 1234 in
 *      German; no suggestion, the reader must say which).
 * A file-level style ({ decimal, group }) is read by rule 2 alone: there is no "other" style to guess.
 *
 * Money (parseAmountMinor): the decimal text becomes integer minor units by string arithmetic, never
 * through a float: '0.29' → 29. More decimals than the currency has are refused (`too-many-decimals`,
 * '1.005' for EUR) unless the caller asks for `rounding: 'half-up'` (then '1.005' → 101, halves away
 * from zero, decided on the digits).
 */
import { minorUnitDigits } from '@/lib/finance/money';

/** How a text writes numbers: its decimal separator and the group separators it may use. */
export type NumberStyle = { decimal: '.' | ','; group: readonly string[] };

export type NumberParseFailure = { ok: false; reason: 'wrong-locale' | 'ambiguous' | 'invalid'; suggestion?: string };
export type NumberParse = { ok: true; value: number } | NumberParseFailure;
/** A parsed decimal also as exact text ("-1234.56": '.' decimals, no grouping) and its count of decimals. */
export type DecimalParse = { ok: true; value: number; decimal: string; decimals: number } | NumberParseFailure;
export type MinorParse =
  { ok: true; value: number } | NumberParseFailure | { ok: false; reason: 'too-many-decimals'; digits: number; suggestion?: undefined };
export type MinorParseFailure = Extract<MinorParse, { ok: false }>;

// Every space-like character people or Intl put between digit groups reads as a plain space, and a
// typographic apostrophe as an ASCII one, before matching.
const SPACES = /[\u00a0\u202f\u2009\u2007 ]/g;

const EN: NumberStyle = { decimal: '.', group: [',', "'"] };
const DE: NumberStyle = { decimal: ',', group: ['.'] };
const FR: NumberStyle = { decimal: ',', group: [' '] };
const SI: NumberStyle = { decimal: '.', group: [' '] };
const STYLES: Record<string, NumberStyle> = { en: EN, de: DE, pt: DE, fr: FR };
/** The styles tried when the locale's own does not read a text (rule 3). */
const OTHER_STYLES: readonly NumberStyle[] = [EN, DE, FR, SI];
/** What a suggestion groups with, per style (French as Intl prints it). */
const SUGGESTION_GROUP = new Map<NumberStyle, string>([
  [EN, ','],
  [DE, '.'],
  [FR, '\u202f'],
]);

/** The number style of a locale ('de-CH' → de's); an unknown locale reads as English. */
export function numberStyleOf(locale: string): NumberStyle {
  return STYLES[locale.toLowerCase().split(/[-_]/)[0] ?? 'en'] ?? EN;
}

/** A file's style from its decimal separator: the other mark, apostrophes and spaces group. */
export function fileNumberStyle(decimal: '.' | ','): NumberStyle {
  return { decimal, group: decimal === '.' ? [',', "'", ' '] : ['.', "'", ' '] };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = new Map<string, RegExp>();

function patternOf(style: NumberStyle): RegExp {
  const key = style.decimal + style.group.join('');
  let re = patterns.get(key);
  if (!re) {
    // A caller's style may name U+00A0 or ’: the text has been normalised to ' ' and ' already.
    const g = `[${style.group.map((c) => escapeRegExp(c.replace(SPACES, ' ').replace(/\u2019/g, "'"))).join('')}]`;
    const d = escapeRegExp(style.decimal);
    // ungrouped digits, or 1–3 digits then groups of three with one and the same separator; then an
    // optional fraction. A bare fraction (",5") is accepted too.
    re = new RegExp(`^(?:(\\d+|\\d{1,3}(${g})\\d{3}(?:\\2\\d{3})*)(?:${d}(\\d*))?|${d}(\\d+))$`);
    patterns.set(key, re);
  }
  return re;
}

type Reading = { negative: boolean; int: string; frac: string; grouped: boolean };

function read(body: string, negative: boolean, style: NumberStyle): Reading | null {
  const m = patternOf(style).exec(body);
  if (!m) return null;
  const int = (m[1] ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '') || '0';
  return { negative, int, frac: m[3] ?? m[4] ?? '', grouped: m[2] !== undefined };
}

/** Plain decimal text of a reading: "-1234.5" ('.' decimals, no grouping, no minus for zero). */
function plain(r: Reading): string {
  const frac = r.frac.replace(/0+$/, '');
  const zero = /^0*$/.test(r.int) && frac === '';
  return `${r.negative && !zero ? '-' : ''}${r.int}${frac ? `.${frac}` : ''}`;
}

/** A reading spelled in a style, keeping the typed fraction and grouping. */
function spell(r: Reading, style: NumberStyle): string {
  const group = SUGGESTION_GROUP.get(style) ?? style.group[0] ?? '';
  const int = r.grouped ? r.int.replace(/\B(?=(\d{3})+(?!\d))/g, group) : r.int;
  return `${r.negative ? '-' : ''}${int}${r.frac ? `${style.decimal}${r.frac}` : ''}`;
}

function splitSign(text: string): { negative: boolean; body: string } | null {
  const t = text
    .trim()
    .replace(SPACES, ' ')
    .replace(/\u2019/g, "'");
  const m = /^([+\-\u2212])?\s*(.*)$/.exec(t)!;
  const body = m[2]!;
  if (body === '' || !/^[\d.,' ]+$/.test(body) || !/\d/.test(body)) return null;
  return { negative: m[1] === '-' || m[1] === '\u2212', body };
}

function parsed(r: Reading): DecimalParse {
  const decimal = plain(r);
  return { ok: true, value: Number(decimal), decimal, decimals: r.frac.length };
}

/**
 * A number typed in `locale` (or written in a file's explicit `style`), by the rules above: the value,
 * its exact decimal text and its count of decimals; or why not, with the locale's spelling when the
 * text is another locale's.
 */
export function parseDecimal(text: string, locale: string | NumberStyle): DecimalParse {
  const split = splitSign(text);
  if (!split) return { ok: false, reason: 'invalid' };
  const own = typeof locale === 'string' ? numberStyleOf(locale) : locale;
  const mine = read(split.body, split.negative, own);
  if (mine) return parsed(mine);
  if (typeof locale !== 'string') return { ok: false, reason: 'invalid' };
  const others = OTHER_STYLES.filter((s) => s !== own)
    .map((s) => read(split.body, split.negative, s))
    .filter((r): r is Reading => r !== null);
  if (others.length === 0) return { ok: false, reason: 'invalid' };
  if (new Set(others.map(plain)).size > 1) return { ok: false, reason: 'ambiguous' };
  return { ok: false, reason: 'wrong-locale', suggestion: spell(others[0]!, own) };
}

/** An amount typed in `locale` (or in a file's `style`): `{ ok: true, value }` or why not. */
export function parseAmount(text: string, locale: string | NumberStyle): NumberParse {
  const r = parseDecimal(text, locale);
  return r.ok ? { ok: true, value: r.value } : r;
}

/** Minor units of exact plain decimal text ("-12.345", as parseDecimal gives it) for `digits` decimals, by string arithmetic. */
export function decimalToMinor(decimal: string, digits: number, rounding: 'refuse' | 'half-up' = 'refuse'): MinorParse {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!m) return { ok: false, reason: 'invalid' };
  const frac = m[3] ?? '';
  if (frac.length > digits && rounding === 'refuse') return { ok: false, reason: 'too-many-decimals', digits };
  let minor = Number(m[2]! + frac.slice(0, digits).padEnd(digits, '0'));
  if (frac.length > digits && frac.charCodeAt(digits) >= 53 /* '5' */) minor += 1;
  if (!Number.isSafeInteger(minor)) return { ok: false, reason: 'invalid' };
  return { ok: true, value: m[1] === '-' && minor !== 0 ? -minor : minor };
}

function digitsOf(currencyOrDigits: string | number): number | null {
  if (typeof currencyOrDigits === 'number') return currencyOrDigits;
  try {
    return minorUnitDigits(currencyOrDigits);
  } catch {
    return null;
  }
}

/**
 * An amount typed in `locale` (or a file's `style`) as integer minor units of a currency (its ISO
 * code, or its number of decimals), exactly. More decimals than the currency has are refused unless
 * `rounding: 'half-up'`.
 */
export function parseAmountMinor(
  text: string,
  locale: string | NumberStyle,
  currencyOrDigits: string | number,
  opts: { rounding?: 'refuse' | 'half-up' } = {},
): MinorParse {
  const digits = digitsOf(currencyOrDigits);
  if (digits === null) return { ok: false, reason: 'invalid' };
  const r = parseDecimal(text, locale);
  if (!r.ok) return r;
  return decimalToMinor(r.decimal, digits, opts.rounding ?? 'refuse');
}

/**
 * A value from a file whose decimal separator is not known (one amount alone, e.g. a bank line):
 * read with both file styles; readings with more decimals than the currency has do not count (three
 * digits after the only mark of a 2-decimal currency are a thousands group). One value: that; two
 * different ones ('1.000' for a 3-decimal currency): `ambiguous`; none: `invalid`.
 */
export function parseFileAmountMinor(text: string, digits: number): MinorParse {
  const values = new Set<number>();
  for (const decimal of ['.', ','] as const) {
    const r = parseAmountMinor(text, fileNumberStyle(decimal), digits);
    if (r.ok) values.add(r.value);
  }
  if (values.size === 1) return { ok: true, value: [...values][0]! };
  return { ok: false, reason: values.size > 1 ? 'ambiguous' : 'invalid' };
}

/**
 * The decimal separator of a file: the one that reads every amount given (each with its currency's
 * digits); null when none or both do (each line is then read alone with parseFileAmountMinor).
 */
export function fileDecimalSeparator(amounts: readonly { text: string; digits: number }[]): '.' | ',' | null {
  const fits = (['.', ','] as const).filter((decimal) =>
    amounts.every(({ text, digits }) => text.trim() === '' || parseAmountMinor(text, fileNumberStyle(decimal), digits).ok),
  );
  return fits.length === 1 ? fits[0]! : null;
}

/** The number in `text` written in `locale`'s conventions, or null when it is not one (no reason given). */
export function parseLocaleNumber(text: string, locale: string): number | null {
  const r = parseDecimal(text, locale);
  return r.ok ? r.value : null;
}

/**
 * A number as a form field shows it in `locale`, with grouping: `digits` fraction digits, or between
 * `minDigits` and `digits` (trailing zeros dropped) when `minDigits` is smaller.
 */
export function formatInputNumber(value: number, locale: string, digits: number, minDigits: number = digits): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: Math.min(minDigits, digits),
    maximumFractionDigits: digits,
    useGrouping: true,
  }).format(value);
}
