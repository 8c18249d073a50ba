import { _createCache, _createIntlFormatters } from 'next-intl';

type Formatters = ReturnType<typeof _createIntlFormatters>;
type FormatGroups = Record<string, Record<string, Record<string, unknown>>>;
type GetMessageFormat = (message: string, locale: string, formats: FormatGroups, options: unknown) => unknown;

/**
 * Whether the formats use-intl hands with a message are those of an earlier message in the same time zone (no format
 * of the caller's own): the groups, their named formats and their fields compared key by key, a few dozen comparisons.
 */
function sameFormats(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => sameFormats((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const kept = new WeakSet<object>();

/**
 * Makes the message formats of `formatters` (one locale's, kept for the process: i18n/translations.ts and
 * i18n/use-translations.ts) cheap to find again. use-intl finds a message's compiled IntlMessageFormat in a memo
 * keyed by JSON.stringify of the message, the locale and the whole date, time and number formats (≈ 1 KB of JSON
 * for every translation with an argument, ≈ 7 of its 8 µs). This keeps the compiled format under the message
 * text, the locale and the time zone when the formats are those of the first message seen in that zone (compared
 * entry by entry); any other formats (a caller's own) go to use-intl's memo as before. The same IntlMessageFormat
 * objects, so the same text. use-intl creates its getMessageFormat on the first translation with an argument: until
 * then there is nothing to wrap, and a later call wraps it.
 */
export function keepMessageFormats(formatters: Formatters): void {
  const f = formatters as Formatters & { getMessageFormat?: GetMessageFormat };
  const original = f.getMessageFormat;
  if (!original || kept.has(f)) return;
  const compiled = new Map<string, unknown>();
  const canonical = new Map<string, FormatGroups>();
  // Formats objects found equal to their zone's canonical ones: a translator passes the same object with each of its
  // messages, so it is compared once rather than on every call.
  const equal = new WeakSet<object>();
  f.getMessageFormat = (message, locale, formats, options) => {
    if (typeof message !== 'string' || typeof locale !== 'string') return original(message, locale, formats, options);
    const zone = String(formats.date?.short?.timeZone);
    let base = canonical.get(zone);
    if (!base) canonical.set(zone, (base = formats));
    if (base !== formats && !equal.has(formats)) {
      if (!sameFormats(formats, base)) return original(message, locale, formats, options);
      equal.add(formats);
    }
    const key = `${locale}\u0000${zone}\u0000${message}`;
    let mf = compiled.get(key);
    if (mf === undefined) {
      mf = original(message, locale, formats, options);
      compiled.set(key, mf);
    }
    return mf;
  };
  kept.add(f);
}

const byLocale = new Map<string, Formatters>();

/**
 * One locale's Intl objects and compiled message formats, for the process (the server) or the page (the browser):
 * shared by getTranslations (i18n/translations.ts) and useTranslations (i18n/use-translations.ts), their message
 * formats found by text (keepMessageFormats).
 */
export function formattersOf(locale: string): Formatters {
  let f = byLocale.get(locale);
  if (!f) {
    f = _createIntlFormatters(_createCache());
    byLocale.set(locale, f);
  }
  keepMessageFormats(f);
  return f;
}
