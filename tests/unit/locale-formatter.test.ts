import fc from 'fast-check';
import { createFormatter } from 'next-intl';
import { describe, expect, test, vi } from 'vitest';
import {
  formatDecimal,
  formatIsoDate,
  formatIsoMonth,
  formatMoney,
  formatPercent,
  formatTimestamp,
  localeFormatter,
  type Formatter,
} from '@/lib/format';

const LOCALES = ['en', 'de', 'fr', 'pt'] as const;

/** next-intl's formatter as the app configures it (i18n/request.ts: no global formats, UTC). */
const nextIntl = (locale: string): Formatter => createFormatter({ locale, timeZone: 'UTC', onError: () => {} });

describe('localeFormatter (the process-wide server formatter) writes what next-intl writes', () => {
  test.each(LOCALES)('%s: money, percent, decimals, dates and timestamps, random values', (locale) => {
    const ours = localeFormatter(locale);
    const theirs = nextIntl(locale);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e13, max: 1e13 }),
        fc.constantFrom('EUR', 'USD', 'JPY', 'BHD', 'gbp'),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: -2_000_000_000_000, max: 4_000_000_000_000 }),
        (minor, currency, digits, ms) => {
          for (const options of [{}, { wholeUnits: true }, { signDisplay: 'always' as const }, { notation: 'compact' as const }]) {
            expect(formatMoney(ours, minor, currency, options)).toBe(formatMoney(theirs, minor, currency, options));
          }
          expect(formatPercent(ours, minor / 1e9, digits)).toBe(formatPercent(theirs, minor / 1e9, digits));
          expect(formatDecimal(ours, minor / 100, digits)).toBe(formatDecimal(theirs, minor / 100, digits));
          const iso = new Date(ms).toISOString().slice(0, 10);
          for (const style of ['short', 'medium', 'long', 'full'] as const)
            expect(formatIsoDate(ours, iso, style)).toBe(formatIsoDate(theirs, iso, style));
          expect(formatIsoMonth(ours, iso)).toBe(formatIsoMonth(theirs, iso));
          expect(formatIsoMonth(ours, iso.slice(0, 7), 'long')).toBe(formatIsoMonth(theirs, iso.slice(0, 7), 'long'));
          expect(formatTimestamp(ours, ms)).toBe(formatTimestamp(theirs, ms));
          expect(ours.dateTime(ms)).toBe(theirs.dateTime(ms));
          expect(ours.dateTime(new Date(ms), { timeZone: 'Europe/Berlin', timeStyle: 'long' })).toBe(
            theirs.dateTime(new Date(ms), { timeZone: 'Europe/Berlin', timeStyle: 'long' }),
          );
          expect(ours.number(minor)).toBe(theirs.number(minor));
        },
      ),
      { numRuns: 150 },
    );
  });

  test('one formatter per locale; options are part of the key', () => {
    expect(localeFormatter('de')).toBe(localeFormatter('de'));
    const f = localeFormatter('en');
    expect(f.number(1234.5, { maximumFractionDigits: 0 })).toBe('1,235');
    expect(f.number(1234.5, { minimumFractionDigits: 2 })).toBe('1,234.50');
    expect(f.number(1234.5, { maximumFractionDigits: 0 })).toBe('1,235');
    expect(localeFormatter('de').number(1234.5, { minimumFractionDigits: 2 })).toBe('1.234,50');
  });

  test('date and month texts are kept per formatter, style and month form, each as Intl writes it', () => {
    const intl = (locale: string, options: Intl.DateTimeFormatOptions, iso: string) =>
      new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
    const nbsp = (text: string) => text.replace(/ /g, '\u00a0');
    for (const locale of LOCALES) {
      const f = localeFormatter(locale);
      for (let round = 0; round < 2; round++) {
        for (const iso of ['2026-11-29', '2027-01-01', '2024-02-29']) {
          for (const style of ['short', 'medium', 'long', 'full'] as const)
            expect(formatIsoDate(f, iso, style)).toBe(intl(locale, { dateStyle: style }, iso));
          // A month's spaces are non-breaking: a column header never wraps "Sept.⏎2026".
          expect(formatIsoMonth(f, iso)).toBe(nbsp(intl(locale, { year: 'numeric', month: 'short' }, iso)));
          expect(formatIsoMonth(f, iso.slice(0, 7), 'long')).toBe(
            nbsp(intl(locale, { year: 'numeric', month: 'long' }, iso.slice(0, 8) + '01')),
          );
        }
        expect(formatIsoDate(f, '2026-02-30')).toBe('2026-02-30');
        expect(formatIsoMonth(f, 'not a month')).toBe('not a month');
      }
    }
    // A formatter that writes differently (another locale's) gets its own texts.
    expect(formatIsoDate(localeFormatter('de'), '2026-11-29', 'long')).toBe('29. November 2026');
    expect(formatIsoDate(localeFormatter('en'), '2026-11-29', 'long')).toBe('November 29, 2026');
  });

  test('a value it cannot format is shown as it is, with an error line (next-intl does the same)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(localeFormatter('en').number(12, { style: 'currency', currency: 'NOT-A-CODE' })).toBe('12');
      expect(nextIntl('en').number(12, { style: 'currency', currency: 'NOT-A-CODE' })).toBe('12');
      expect(localeFormatter('en').number(12, 'aNamedFormat')).toBe('12');
      expect(error).toHaveBeenCalledTimes(2);
    } finally {
      error.mockRestore();
    }
  });
});
