import { describe, expect, test } from 'vitest';
import { formatInputNumber, parseLocaleNumber } from '@/lib/number-input';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('parseLocaleNumber', () => {
  test.each([
    // English: ',' groups, '.' decimals
    ['en', '1234.56', 1234.56],
    ['en', '1,234.56', 1234.56],
    ['en', '1,234,567', 1234567],
    ['en', '-1,234.5', -1234.5],
    ['en', '+12', 12],
    ['en', '\u22125', -5],
    ['en', '  42  ', 42],
    ['en', '0.5', 0.5],
    ['en', '.5', 0.5],
    ['en', '12.', 12],
    ['en', '-0', 0],
    ['en', '007', 7],
    // German: '.' groups, ',' decimals
    ['de', '1.234,56', 1234.56],
    ['de', '1234,56', 1234.56],
    ['de', '1.234', 1234],
    ['de', '1,234', 1.234],
    ['de', '-5.000', -5000],
    ['de', ',25', 0.25],
    ['de', '12,', 12],
    // Portuguese like German
    ['pt', '1.234,56', 1234.56],
    ['pt', '50.000', 50000],
    // French: narrow no-break space (as Intl prints it), no-break space or plain space
    ['fr', `1${NNBSP}234,56`, 1234.56],
    ['fr', `1${NBSP}234,56`, 1234.56],
    ['fr', '1 234,56', 1234.56],
    ['fr', '1 234 567', 1234567],
    ['fr', '1234,5', 1234.5],
    ['fr', '-6,5', -6.5],
    // a regional tag uses its language's conventions
    ['de-CH', '1.234,5', 1234.5],
  ])('%s %j → %d', (locale, text, expected) => {
    expect(parseLocaleNumber(text, locale)).toBe(expected);
  });

  test.each([
    ['en', ''],
    ['en', '   '],
    ['en', '12a'],
    ['en', 'abc'],
    ['en', '-'],
    ['en', '1,23'],
    ['en', '1,2345'],
    ['en', '12,34.5'],
    ['en', '1.234,56'],
    ['en', '1.2.3'],
    ['en', '1 234'],
    ['en', '--5'],
    ['en', '5-'],
    ['en', '1e5'],
    ['en', 'Infinity'],
    ['en', '12%'],
    ['en', '€12'],
    ['de', '1.23'],
    ['de', '1,234.56'],
    ['de', '1.234.5'],
    ['de', '12,3,4'],
    ['pt', '1,234.56'],
    ['fr', '1.234,56'],
    ['fr', '1234.56'],
    ['fr', '1 23,4'],
    ['fr', '1  234'],
  ])('%s rejects %j', (locale, text) => {
    expect(parseLocaleNumber(text, locale)).toBeNull();
  });
});

describe('formatInputNumber', () => {
  test.each([
    ['en', 1234.56, 2, undefined, '1,234.56'],
    ['de', 1234.56, 2, undefined, '1.234,56'],
    ['pt', 1234.56, 2, undefined, '1.234,56'],
    ['fr', 1234.56, 2, undefined, `1${NNBSP}234,56`],
    ['en', 50000, 2, undefined, '50,000.00'],
    ['de', -5000, 0, undefined, '-5.000'],
    ['de', 6.5, 6, 0, '6,5'],
    ['en', 6, 6, 0, '6'],
    ['en', 794.345, 2, undefined, '794.35'],
  ])('%s %d (%d digits) → %j', (locale, value, digits, minDigits, expected) => {
    expect(formatInputNumber(value, locale, digits, minDigits)).toBe(expected);
  });

  test.each(['en', 'de', 'fr', 'pt'])('%s reads back what it writes', (locale) => {
    for (const value of [0, 1, -1, 0.01, 12.5, 999.99, 1000, 1234.56, -987654.32, 12345678.9]) {
      expect(parseLocaleNumber(formatInputNumber(value, locale, 2), locale)).toBe(value);
    }
  });
});
