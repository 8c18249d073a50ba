/**
 * The one amount parser (lib/number-input.ts): strict reading in the active locale, another locale's
 * spelling refused with the locale's spelling as a suggestion, ambiguous numbers refused, minor units
 * by string arithmetic, and a file mode with an explicit decimal separator.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { zodFieldErrors } from '@/components/settings/form-errors';
import { numberInputMessage } from '@/components/ui/number-input-message';
import { parseBankCsv } from '@/lib/servicing/bank-csv';
import {
  fileDecimalSeparator,
  fileNumberStyle,
  parseAmount,
  parseAmountMinor,
  parseDecimal,
  parseFileAmountMinor,
  type MinorParse,
  type NumberParse,
} from '@/lib/number-input';
import { EMPTY_NEW_FUNDER, newFunderForm } from '@/lib/validations/funders';

const NNBSP = '\u202f';
const NBSP = '\u00a0';
const LOCALES = ['en', 'de', 'fr', 'pt'] as const;

const ok = (value: number): NumberParse => ({ ok: true, value });
const wrong = (suggestion: string): NumberParse => ({ ok: false, reason: 'wrong-locale', suggestion });
const AMBIGUOUS: NumberParse = { ok: false, reason: 'ambiguous' };
const INVALID: NumberParse = { ok: false, reason: 'invalid' };

describe('parseAmount: inputs × locales', () => {
  test.each([
    // The locale's own spelling.
    ['en', '1,234.56', ok(1234.56)],
    ['en', '1234.56', ok(1234.56)],
    ['en', "1'234.56", ok(1234.56)],
    ['en', '6.25', ok(6.25)],
    ['en', '1,234', ok(1234)],
    ['en', '-0.5', ok(-0.5)],
    ['en', '\u22125', ok(-5)],
    ['de', '1.234,56', ok(1234.56)],
    ['de', '6,25', ok(6.25)],
    ['de', '48.500,00', ok(48500)],
    ['de', '1.234', ok(1234)],
    ['de', ',5', ok(0.5)],
    ['pt', '1.234,56', ok(1234.56)],
    ['pt', '1.234.567', ok(1234567)],
    ['fr', `1${NNBSP}234,56`, ok(1234.56)],
    ['fr', `1${NBSP}234,56`, ok(1234.56)],
    ['fr', '1 234,56', ok(1234.56)],
    ['fr', '1,234', ok(1.234)],
    // Another locale's spelling: refused, with the spelling to use.
    ['de', '48,500.00', wrong('48.500,00')],
    ['de', '6.25', wrong('6,25')],
    ['de', '1.2345', wrong('1,2345')],
    ['de', '-1,234.5', wrong('-1.234,5')],
    ['de', '1234.5', wrong('1234,5')],
    ['pt', '48,500.00', wrong('48.500,00')],
    ['pt', '0.29', wrong('0,29')],
    ['en', '6,25', wrong('6.25')],
    ['en', '1.234,56', wrong('1,234.56')],
    ['en', '1 234', wrong('1,234')],
    ['en', '1,2345', wrong('1.2345')],
    ['fr', '6.25', wrong('6,25')],
    ['fr', '1,234.56', wrong(`1${NNBSP}234,56`)],
    ['fr', '1.234.567', wrong(`1${NNBSP}234${NNBSP}567`)],
    ['fr', '1.234,5', wrong(`1${NNBSP}234,5`)],
    // Readable two ways in the other locales: refused without a guess.
    ['fr', '1.234', AMBIGUOUS],
    ['fr', '12.500', AMBIGUOUS],
    // No locale reads it.
    ['en', '', INVALID],
    ['en', '12a', INVALID],
    ['en', '€12', INVALID],
    ['en', '12%', INVALID],
    ['en', '1e5', INVALID],
    ['en', '1.2.3', INVALID],
    ['en', '12,34.5', INVALID],
    ['de', '1.234.5', INVALID],
    ['de', '12,3,4', INVALID],
    ['fr', '1  234', INVALID],
    ['fr', '1 23,4', INVALID],
  ] as const)('%s %j → %j', (locale, text, expected) => {
    expect(parseAmount(text, locale)).toEqual(expected);
  });

  test('the exact decimal text and the count of decimals typed', () => {
    expect(parseDecimal('-1.234,50', 'de')).toEqual({ ok: true, value: -1234.5, decimal: '-1234.5', decimals: 2 });
    expect(parseDecimal('-0,00', 'de')).toEqual({ ok: true, value: 0, decimal: '0', decimals: 2 });
  });

  describe.each(LOCALES)('%s: what Intl.NumberFormat writes reads back', (locale) => {
    test('decimals with grouping, any sign', () => {
      fc.assert(
        fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.integer({ min: 0, max: 4 }), fc.boolean(), (n, digits, grouping) => {
          const value = n / 10 ** digits;
          const text = new Intl.NumberFormat(locale, {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
            useGrouping: grouping,
          }).format(value);
          expect(parseAmount(text, locale)).toEqual({ ok: true, value: value === 0 ? 0 : value });
        }),
      );
    });

    test('money in minor units, exactly', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
          fc.constantFrom('EUR', 'JPY'),
          (minor, currency) => {
            const digits = currency === 'JPY' ? 0 : 2;
            // Format the decimal text itself (Intl formats strings exactly), not a float of it.
            const plain = `${minor < 0 ? '-' : ''}${String(Math.abs(minor))
              .padStart(digits + 1, '0')
              .replace(new RegExp(`(\\d{${digits}})$`), digits ? '.$1' : '$1')}`;
            const text = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
              plain as unknown as number,
            );
            expect(parseAmountMinor(text, locale, currency)).toEqual({ ok: true, value: minor === 0 ? 0 : minor });
          },
        ),
      );
    });
  });
});

describe('parseAmountMinor: string arithmetic, never a float', () => {
  test.each([
    ['0.29', 'en', 'EUR', {}, { ok: true, value: 29 }],
    ['0,29', 'de', 'EUR', {}, { ok: true, value: 29 }],
    ['1.15', 'en', 'EUR', {}, { ok: true, value: 115 }],
    ['4.35', 'en', 'EUR', {}, { ok: true, value: 435 }],
    ['90,071,992,547,409.91', 'en', 'EUR', {}, { ok: true, value: 9007199254740991 }],
    ['90071992547409.92', 'en', 'EUR', {}, { ok: false, reason: 'invalid' }],
    ['1.005', 'en', 'EUR', {}, { ok: false, reason: 'too-many-decimals', digits: 2 }],
    ['1.005', 'en', 'EUR', { rounding: 'half-up' }, { ok: true, value: 101 }],
    ['-1.005', 'en', 'EUR', { rounding: 'half-up' }, { ok: true, value: -101 }],
    ['1.0049', 'en', 'EUR', { rounding: 'half-up' }, { ok: true, value: 100 }],
    ['1.10', 'en', 'EUR', {}, { ok: true, value: 110 }],
    ['1.5', 'en', 'JPY', {}, { ok: false, reason: 'too-many-decimals', digits: 0 }],
    ['1.500', 'en', 'JPY', {}, { ok: false, reason: 'too-many-decimals', digits: 0 }],
    ['1,500', 'en', 'JPY', {}, { ok: true, value: 1500 }],
    ['12', 'en', 3, {}, { ok: true, value: 12000 }],
    ['12', 'en', 'XXX', {}, { ok: false, reason: 'invalid' }],
    ['48,500.00', 'de', 'EUR', {}, { ok: false, reason: 'wrong-locale', suggestion: '48.500,00' }],
  ] as const)('%j (%s, %s, %j) → %j', (text, locale, currency, opts, expected) => {
    expect(parseAmountMinor(text, locale, currency, opts)).toEqual(expected as MinorParse);
  });

  test('the float route would have been wrong', () => {
    // What a parseFloat × 100 truncation gives, and why the parser never takes it.
    expect(Math.trunc(0.29 * 100)).toBe(28);
    expect(Math.trunc(1.15 * 100)).toBe(114);
  });
});

describe('file mode: the decimal separator is given, nothing is guessed', () => {
  test.each([
    ['1.234,56', ',', { ok: true, value: 123456 }],
    ['1234,5', ',', { ok: true, value: 123450 }],
    ["1'000,10", ',', { ok: true, value: 100010 }],
    ['1,234.56', ',', { ok: false, reason: 'invalid' }],
    ['6.25', ',', { ok: false, reason: 'invalid' }],
    ['1,234.56', '.', { ok: true, value: 123456 }],
    ['1 234.56', '.', { ok: true, value: 123456 }],
    ['1.234,56', '.', { ok: false, reason: 'invalid' }],
  ] as const)('%j with decimal %j → %j', (text, decimal, expected) => {
    expect(parseAmountMinor(text, fileNumberStyle(decimal), 2)).toEqual(expected);
  });

  test.each([
    [['1.234', '2,50'], ','],
    [['1,234.00', '0.07'], '.'],
    [['5000', '12'], null],
    [['1,234.56', '1.234,56'], null],
  ] as const)('a file with amounts %j has decimal %j', (texts, decimal) => {
    expect(fileDecimalSeparator(texts.map((text) => ({ text, digits: 2 })))).toBe(decimal);
  });

  test('one amount alone: three digits after the only mark of a 2-decimal currency are a group; two readings are ambiguous', () => {
    expect(parseFileAmountMinor('1.234', 2)).toEqual({ ok: true, value: 123400 });
    expect(parseFileAmountMinor('1.234', 3)).toEqual({ ok: false, reason: 'ambiguous' });
  });

  test('a bank file is read with its own decimal separator', () => {
    const file = parseBankCsv('date;amount;currency;contract\n2026-01-05;1.000;EUR;A\n2026-01-06;2,50;EUR;B\n2026-01-07;1.000,5;EUR;C\n');
    expect(file.lines.map((l) => l.amount)).toEqual([100000, 250, 100050]);
  });
});

describe('the forms explain a refused number in the reader’s language', () => {
  const catalogue = (locale: string) =>
    JSON.parse(readFileSync(join(process.cwd(), 'messages', 'numberInput', `${locale}.json`), 'utf8')) as Record<string, string>;
  const translator =
    (locale: string) =>
    (key: string, values: Record<string, string | number> = {}) =>
      catalogue(locale)[key]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

  test.each([
    ['de', '48,500.00', '48.500,00'],
    ['de', '6.25', '6,25'],
    ['en', '6,25', '6.25'],
    ['fr', '1,234.56', `1${NNBSP}234,56`],
    ['pt', '48,500.00', '48.500,00'],
  ])('%s %j: the message names %j', (locale, text, suggestion) => {
    const r = parseAmountMinor(text, locale, 'EUR');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(numberInputMessage(translator(locale), r, locale)).toContain(suggestion);
  });

  test('an ambiguous number and too many decimals have their own messages', () => {
    const t = translator('fr');
    const ambiguous = parseAmountMinor('1.234', 'fr', 'EUR');
    const precise = parseAmountMinor('1,005', 'fr', 'EUR');
    if (ambiguous.ok || precise.ok) throw new Error('expected refusals');
    expect(numberInputMessage(t, ambiguous, 'fr')).toBe(
      `Ce nombre peut se lire de deux façons. Écrivez-le avec une virgule décimale, par exemple 1${NNBSP}234,56.`,
    );
    expect(numberInputMessage(t, precise, 'fr')).toBe('Utilisez au plus 2 décimales.');
  });

  test('the funder settings form carries the reason and the suggestion to its field', () => {
    const issues =
      newFunderForm('de').safeParse({ ...EMPTY_NEW_FUNDER, name: 'X', buyRate: '6.25', facilityRate: '4,5' }).error?.issues ?? [];
    const errors = zodFieldErrors(issues, (key) => key, { locale: 'de', currency: 'EUR' }, translator('de'));
    expect(errors.buyRate).toBe('errors.number Schreiben Sie diese Zahl als 6,25: Diese Seite verwendet das deutsche Zahlenformat.');
    expect(errors.facilityRate).toBeUndefined();
  });
});
