import { describe, expect, test } from 'vitest';
import { currencyOrder, sortByCurrencyOrder } from '@/lib/portfolio/currency-order';

describe('currencyOrder: base currency first, then outstanding descending', () => {
  test.each([
    [
      'base is not the largest',
      'EUR',
      [
        { currency: 'USD', prin: 900 },
        { currency: 'EUR', prin: 100 },
        { currency: 'GBP', prin: 500 },
      ],
      ['EUR', 'USD', 'GBP'],
    ],
    [
      'equal books order by code',
      'EUR',
      [
        { currency: 'GBP', prin: 5 },
        { currency: 'CHF', prin: 5 },
      ],
      ['EUR', 'CHF', 'GBP'],
    ],
    ['base without a book still leads', 'CHF', [{ currency: 'EUR', prin: 1 }], ['CHF', 'EUR']],
    ['empty book', 'EUR', [], ['EUR']],
  ])('%s', (_name, base, outstanding, expected) => {
    expect(currencyOrder(base, outstanding)).toEqual(expected);
  });

  test('every card sorts its lines the same way; unknown currencies last, by code', () => {
    const order = ['EUR', 'USD', 'GBP'];
    expect(
      sortByCurrencyOrder(
        [{ currency: 'JPY' }, { currency: 'GBP' }, { currency: 'AUD' }, { currency: 'EUR' }, { currency: 'USD' }],
        order,
      ).map((x) => x.currency),
    ).toEqual(['EUR', 'USD', 'GBP', 'AUD', 'JPY']);
  });
});
