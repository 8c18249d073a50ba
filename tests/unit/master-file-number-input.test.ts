import { describe, expect, it } from 'vitest';
import {
  moneyText,
  normalizeNumberText,
  parseIntegerText,
  parseMoneyText,
  parsePercentText,
  percentText,
} from '@/components/master-file/number-text';

describe('locale number input', () => {
  it.each([
    { text: '1,234.56', locale: 'en', out: '1234.56' },
    { text: '1.234,56', locale: 'de', out: '1234.56' },
    { text: '1 234,56', locale: 'fr', out: '1234.56' },
    { text: '1\u202f234,56', locale: 'fr', out: '1234.56' },
    { text: "1'234.56", locale: 'en', out: '1234.56' },
    { text: '1.234.567', locale: 'pt', out: '1234567' },
    { text: ',5', locale: 'de', out: '0.5' },
    { text: '-12', locale: 'en', out: '-12' },
    { text: '12abc', locale: 'en', out: null },
    { text: '', locale: 'en', out: null },
    { text: '1,2,3', locale: 'de', out: null },
  ])('$text in $locale is $out', ({ text, locale, out }) => {
    expect(normalizeNumberText(text, locale)).toBe(out);
  });

  it.each([
    { text: '1.234,565', locale: 'de', currency: 'EUR', minor: 123_457 },
    { text: '1,005', locale: 'de', currency: 'EUR', minor: 101 },
    { text: '1500000', locale: 'en', currency: 'JPY', minor: 1_500_000 },
    { text: 'x', locale: 'en', currency: 'EUR', minor: null },
  ])('money $text ($locale, $currency) is $minor minor units', ({ text, locale, currency, minor }) => {
    expect(parseMoneyText(text, locale, currency)).toBe(minor);
  });

  it.each([
    { text: '6,15', locale: 'pt', rate: 0.0615 },
    { text: '6.5', locale: 'en', rate: 0.065 },
    { text: '19', locale: 'de', rate: 0.19 },
  ])('percent $text is $rate', ({ text, locale, rate }) => {
    expect(parsePercentText(text, locale)).toBe(rate);
    expect(parsePercentText(percentText(rate, locale), locale)).toBe(rate);
  });

  it('round-trips amounts and refuses fractional integers', () => {
    expect(moneyText(123_456, 'EUR', 'de')).toBe('1234,56');
    expect(parseMoneyText(moneyText(123_456, 'EUR', 'de'), 'de', 'EUR')).toBe(123_456);
    expect(parseIntegerText('36', 'en')).toBe(36);
    expect(parseIntegerText('36,5', 'de')).toBeNull();
  });
});
