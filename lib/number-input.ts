/**
 * Numbers typed into form fields, in the conventions of the active locale.
 *
 * en: `1,234.56`; de and pt: `1.234,56`; fr: `1 234,56` with a narrow no-break space (U+202F) as
 * Intl prints it, also accepted with a no-break space (U+00A0) or a plain space, because that is
 * what people type. Parsing is strict so that a typo is reported instead of silently becoming
 * another number: grouping is optional, but where it is used every group has three digits, and
 * anything that is not a digit, a separator of the locale or a leading sign is rejected ('12a',
 * '1.2.3' in English, '1,23' as a thousands group). Percent signs are the caller's business.
 */

type NumberConventions = { decimal: string; group: readonly string[] };

const CONVENTIONS: Record<string, NumberConventions> = {
  en: { decimal: '.', group: [','] },
  de: { decimal: ',', group: ['.'] },
  pt: { decimal: ',', group: ['.'] },
  fr: { decimal: ',', group: ['\u202f', '\u00a0', ' '] },
};

function conventionsOf(locale: string): NumberConventions {
  return CONVENTIONS[locale.toLowerCase().split(/[-_]/)[0] ?? 'en'] ?? CONVENTIONS.en!;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const patternCache = new Map<string, RegExp>();

function patternFor(locale: string): RegExp {
  const { decimal, group } = conventionsOf(locale);
  const key = decimal + group.join('');
  let re = patternCache.get(key);
  if (!re) {
    const g = `[${group.map(escapeRegExp).join('')}]`;
    const d = escapeRegExp(decimal);
    // sign, then either ungrouped digits or 1–3 digits followed by groups of three, then an optional
    // fraction; a bare fraction (",5") and a trailing decimal separator ("12,") are accepted too.
    re = new RegExp(`^([+\\-\\u2212])?(?:(\\d+|\\d{1,3}(?:${g}\\d{3})+)(?:${d}(\\d*))?|${d}(\\d+))$`);
    patternCache.set(key, re);
  }
  return re;
}

/** The number in `text` written in `locale`'s conventions, or null when it is not one. */
export function parseLocaleNumber(text: string, locale: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = patternFor(locale).exec(trimmed);
  if (!m) return null;
  const [, sign, intPart, fracAfterInt, fracOnly] = m;
  const digits = (intPart ?? '0').replace(/\D/g, '') || '0';
  const fraction = fracAfterInt ?? fracOnly ?? '';
  const value = Number(fraction ? `${digits}.${fraction}` : digits);
  if (!Number.isFinite(value)) return null;
  const negative = sign === '-' || sign === '\u2212';
  return negative && value !== 0 ? -value : value;
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
