import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  addMonths,
  addMonthsToDay,
  civilFromDays,
  daysBetween,
  daysFromCivil,
  daysInMonth,
  decimalStringToMinor,
  FinanceError,
  firstOfMonth,
  formatDate,
  fromMinor,
  isLeapYear,
  isValidDate,
  minorToDecimalString,
  minorUnitDigits,
  monthIndex,
  monthsBetween,
  parseDate,
  roundHalfUp,
  toMinor,
} from '@/lib/finance';

describe('dates: integer day numbers', () => {
  test('epoch and known day numbers', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1)).toBe(11017);
    expect(daysFromCivil(1969, 12, 31)).toBe(-1);
    expect(parseDate('2008-01-01')).toBe(13879);
    expect(civilFromDays(19782)).toEqual({ year: 2024, month: 2, day: 29 });
  });

  test('days-from-civil and civil-from-days are inverse over ±2000 years', () => {
    fc.assert(
      fc.property(fc.integer({ min: -700_000, max: 2_900_000 }), (d) => {
        const c = civilFromDays(d);
        expect(daysFromCivil(c.year, c.month, c.day)).toBe(d);
        expect(c.day).toBeLessThanOrEqual(daysInMonth(c.year, c.month));
      }),
      { numRuns: 5000 },
    );
  });

  test('format and parse round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: daysFromCivil(1, 1, 1), max: daysFromCivil(9999, 12, 31) }), (d) => {
        expect(parseDate(formatDate(d))).toBe(d);
      }),
      { numRuns: 3000 },
    );
  });

  test.each([
    ['1900 is not a leap year', 1900, false],
    ['2000 is a leap year', 2000, true],
    ['2023 is not a leap year', 2023, false],
    ['2024 is a leap year', 2024, true],
  ])('%s', (_n, year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
    expect(daysInMonth(year, 2)).toBe(leap ? 29 : 28);
  });

  test.each([
    ['31 Jan + 1 month in a leap year is 29 Feb', '2024-01-31', 1, '2024-02-29'],
    ['31 Jan + 1 month in a common year is 28 Feb', '2023-01-31', 1, '2023-02-28'],
    ['29 Feb + 12 months is 28 Feb', '2024-02-29', 12, '2025-02-28'],
    ['29 Feb + 48 months is 29 Feb', '2024-02-29', 48, '2028-02-29'],
    ['31 Mar + 1 month is 30 Apr', '2024-03-31', 1, '2024-04-30'],
    ['31 Dec + 2 months crosses the year', '2023-12-31', 2, '2024-02-29'],
    ['15 Jan − 1 month goes back a year', '2024-01-15', -1, '2023-12-15'],
    ['31 Mar − 1 month is 29 Feb', '2024-03-31', -1, '2024-02-29'],
  ])('month arithmetic clamps to month end: %s', (_n, from, months, to) => {
    expect(addMonths(from, months)).toBe(to);
  });

  test('anchoring keeps the day: 31 Jan → 28 Feb → 31 Mar, not 28 Mar', () => {
    const feb = addMonths('2023-01-31', 1);
    expect(feb).toBe('2023-02-28');
    expect(addMonths(feb, 1)).toBe('2023-03-28'); // without the anchor
    expect(addMonths(feb, 1, 31)).toBe('2023-03-31'); // anchored on the first due date's day
    expect(formatDate(addMonthsToDay(parseDate('2023-02-28'), 1, 31))).toBe('2023-03-31');
  });

  test.each([
    ['a day that does not exist', '2023-02-29'],
    ['month 13', '2024-13-01'],
    ['day 0', '2024-01-00'],
    ['unpadded month', '2024-1-01'],
    ['slashes', '2024/01/01'],
    ['a timestamp', '2024-01-01T00:00:00Z'],
    ['year 0', '0000-01-01'],
    ['empty text', ''],
  ])('rejects %s with a VALUE error', (_n, text) => {
    expect(isValidDate(text)).toBe(false);
    expect(() => parseDate(text)).toThrowError(FinanceError);
    try {
      parseDate(text);
    } catch (e) {
      expect((e as FinanceError).code).toBe('VALUE');
    }
  });

  test('helpers', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(firstOfMonth('2024-07-19')).toBe('2024-07-01');
    expect(monthIndex('2024-07-19')).toBe(2024 * 12 + 6);
    expect(monthsBetween('2024-01-31', '2024-02-01')).toBe(1);
    expect(monthsBetween('2024-03-01', '2023-03-31')).toBe(-12);
  });
});

describe('money: minor units and half-up rounding', () => {
  test.each([
    ['0.5 rounds up', 0.5, 1],
    ['1.5 rounds up', 1.5, 2],
    ['2.5 rounds up (not to even)', 2.5, 3],
    ['2.4999 rounds down', 2.4999, 2],
    ['−2.5 rounds away from zero', -2.5, -3],
    ['−2.4 rounds towards zero', -2.4, -2],
    ['0.19 × 150 (= 28.499999999999996 in binary) rounds as the decimal 28.5', 0.19 * 150, 29],
    ['0.23 × 79434 = 18269.82', 0.23 * 79434, 18270],
    ['1.005 × 100 (= 100.49999999999999) rounds as 100.5', 1.005 * 100, 101],
    ['a large amount of cents', 123456789012.5, 123456789013],
    // The allowance for binary error stops growing at 0.0005 of a unit (fast-check found this one; it was rounded up).
    ['839,773,487,285.4966 rounds down', 839773487285.4966, 839773487285],
    ['−839,773,487,285.4966 rounds towards zero', -839773487285.4966, -839773487285],
    ['1.15 × 900,000,000,010 (an ulp below …011.5 in binary) rounds as the decimal', 1.15 * 900000000010, 1035000000012],
  ])('roundHalfUp: %s', (_n, x, expected) => {
    expect(roundHalfUp(x)).toBe(expected);
  });

  test('roundHalfUp never returns −0', () => {
    expect(Object.is(roundHalfUp(-0.2), 0)).toBe(true);
    expect(Object.is(roundHalfUp(-0), 0)).toBe(true);
  });

  test('roundHalfUp is within half a unit and odd-symmetric', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (x) => {
        const r = roundHalfUp(x);
        expect(Number.isInteger(r)).toBe(true);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.5 + 1e-3);
        expect(roundHalfUp(-x)).toBe(r === 0 ? 0 : -r);
      }),
      { numRuns: 5000 },
    );
  });

  test('currencies and conversions', () => {
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(() => minorUnitDigits('XXX')).toThrowError(FinanceError);
    expect(toMinor(1234.56, 'EUR')).toBe(123456);
    expect(toMinor(1.005, 'GBP')).toBe(101);
    expect(toMinor(1234.5, 'JPY')).toBe(1235);
    expect(fromMinor(123456, 'CHF')).toBe(1234.56);
    expect(fromMinor(1234, 'JPY')).toBe(1234);
    expect(minorToDecimalString(123456, 'EUR')).toBe('1234.56');
    expect(minorToDecimalString(-5, 'USD')).toBe('-0.05');
    expect(minorToDecimalString(0, 'EUR')).toBe('0.00');
    expect(minorToDecimalString(1234, 'JPY')).toBe('1234');
    expect(decimalStringToMinor('1234.56', 'EUR')).toBe(123456);
    expect(decimalStringToMinor('1.005', 'EUR')).toBe(101);
    expect(decimalStringToMinor('-0.005', 'EUR')).toBe(-1);
    expect(decimalStringToMinor('7', 'EUR')).toBe(700);
    expect(decimalStringToMinor('99.4', 'JPY')).toBe(99);
    expect(() => decimalStringToMinor('1,5', 'EUR')).toThrowError(FinanceError);
  });
});
