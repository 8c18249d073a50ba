import { _createCache, _createIntlFormatters, createTranslator } from 'next-intl';
import { describe, expect, test } from 'vitest';
import { keepMessageFormats } from '@/i18n/message-formats';

type Loose = (key: string, values?: Record<string, unknown>, formats?: Record<string, unknown>) => string;

const messages = {
  m: {
    when: 'Due {day, date, short} at {day, time, short}',
    amount: '{n, number} leases, {n, plural, one {# lease} other {# leases}}',
    share: '{p, number, percent} of {who}',
    custom: 'On {day, date, compact}',
  },
};
const day = Date.UTC(2026, 10, 29, 23, 30);

function translator(locale: string, timeZone: string, formatters?: ReturnType<typeof _createIntlFormatters>): Loose {
  return createTranslator({ locale, messages, namespace: 'm', timeZone, ...(formatters ? { _formatters: formatters } : {}) } as Parameters<typeof createTranslator>[0]) as unknown as Loose;
}

describe('keepMessageFormats: compiled messages found by text, locale and time zone', () => {
  test('the same text as use-intl for every locale and zone sharing one set of formatters, before and after wrapping', () => {
    const shared = _createIntlFormatters(_createCache());
    const asked: [string, Record<string, unknown>][] = [['when', { day }], ['amount', { n: 1 }], ['amount', { n: 1234.5 }], ['share', { p: 0.125, who: 'EUR' }]];
    for (let round = 0; round < 3; round++) {
      for (const locale of ['en', 'de', 'fr', 'pt']) {
        for (const zone of ['UTC', 'Pacific/Auckland', 'America/New_York']) {
          const ours = translator(locale, zone, shared);
          const fresh = translator(locale, zone);
          for (const [key, values] of asked) expect(ours(key, values)).toBe(fresh(key, values));
        }
      }
      keepMessageFormats(shared);
    }
    // The zones differ on this instant: one shared format per zone, not one for all.
    expect(translator('en', 'UTC', shared)('when', { day })).not.toBe(translator('en', 'Pacific/Auckland', shared)('when', { day }));
  });

  test('a caller’s own formats are not mistaken for the usual ones', () => {
    const shared = _createIntlFormatters(_createCache());
    translator('en', 'UTC', shared)('when', { day });
    keepMessageFormats(shared);
    const t = translator('en', 'UTC', shared);
    const fresh = translator('en', 'UTC');
    const compact = { dateTime: { compact: { year: 'numeric', month: 'short' } } };
    const shortYear = { dateTime: { short: { year: 'numeric' } } };
    expect(t('custom', { day }, compact)).toBe(fresh('custom', { day }, compact));
    expect(t('when', { day }, shortYear)).toBe(fresh('when', { day }, shortYear));
    expect(t('when', { day }, shortYear)).not.toBe(t('when', { day }));
    expect(t('when', { day })).toBe(fresh('when', { day }));
  });
});
