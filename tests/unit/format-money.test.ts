import { createFormatter } from 'next-intl';
import { describe, expect, test } from 'vitest';
import { formatMoney, formatMoneyIn, type MoneyOptions } from '@/lib/format';

const LOCALES = ['en', 'de', 'fr', 'pt'] as const;
const AMOUNTS = [0, 1, -1, 123456, -123456, 99999999999, -5];
const OPTIONS: MoneyOptions[] = [{}, { wholeUnits: true }, { signDisplay: 'always' }, { notation: 'compact' }, { currencyDisplay: 'code' }];

describe('formatMoneyIn (the process-wide formatter of Amount and the Total Cash Flow table)', () => {
  test.each(LOCALES.flatMap((l) => ['EUR', 'USD', 'JPY', 'BHD', 'chf'].map((c) => [l, c] as const)))(
    '%s %s reads as formatMoney through next-intl',
    (locale, currency) => {
      const format = createFormatter({ locale, timeZone: 'UTC' });
      for (const options of OPTIONS) {
        for (const minor of AMOUNTS) {
          // Asked twice: the second answer comes from the cached Intl.NumberFormat.
          expect(formatMoneyIn(locale, minor, currency, options)).toBe(formatMoney(format, minor, currency, options));
          expect(formatMoneyIn(locale, minor, currency, options)).toBe(formatMoney(format, minor, currency, options));
        }
      }
    },
  );

  test('options are part of the cache key (whole units after minor digits, and back)', () => {
    expect(formatMoneyIn('en', 123456, 'EUR')).toBe('€1,234.56');
    expect(formatMoneyIn('en', 123456, 'EUR', { wholeUnits: true })).toBe('€1,235');
    expect(formatMoneyIn('en', 123456, 'EUR')).toBe('€1,234.56');
    expect(formatMoneyIn('de', 123456, 'EUR')).toBe('1.234,56\u00a0€');
  });
});
