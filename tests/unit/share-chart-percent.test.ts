import { createElement, type ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, test, vi } from 'vitest';
import { PortfolioShareChart, type ShareSlice } from '@/components/charts/portfolio-share-chart';
import { formatShares, shareDecimals } from '@/components/charts/share-percent';
import { localeFormatter } from '@/lib/format';

// The slices here carry no link; next-intl's navigation needs Next's router, which a unit test does not have.
vi.mock('@/i18n/navigation', () => ({ Link: () => null }));

/**
 * One chart, one number of decimals: the Dashboard's composition donuts listed "82.4 % / 11.5 % / 6 %" (a whole
 * percent printed without its ".0" beside shares with one decimal).
 */

const LOCALES = ['en', 'de', 'fr', 'pt'] as const;

/** The decimals of a formatted percent ("82,4 %" → 1, "6 %" → 0). */
const decimalsOf = (text: string) => /[.,](\d+)\D*$/.exec(text)?.[1]?.length ?? 0;

function renderedShares(locale: string, values: number[]): string[] {
  const slices: ShareSlice[] = values.map((value, k) => ({ key: `s${k}`, label: `Slice ${k}`, value, display: String(value) }));
  const props = { locale, messages: {}, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>;
  const html = renderToString(createElement(NextIntlClientProvider, props, createElement(PortfolioShareChart, { slices })));
  // The share is the last figure of each legend row.
  return [...html.matchAll(/<li>[\s\S]*?<\/li>/g)].map((li) => {
    const cells = [...li[0].matchAll(/<span class="tabular[^"]*"[^>]*>([^<]*)<\/span>/g)].map((m) => m[1]!);
    return cells[cells.length - 1]!;
  });
}

describe('the share donut lists every share with the same decimals', () => {
  // The chart: 82.4 % / 11.5 % / 6 % (a share of 6.03 % printed without its decimal).
  test.each(LOCALES)('%s: the shares 82.43 %, 11.54 %, 6.03 % of one chart', (locale) => {
    const shares = renderedShares(locale, [8243, 1154, 603]);
    expect(shares).toHaveLength(3);
    expect(shares.map(decimalsOf), shares.join(' / ')).toEqual([1, 1, 1]);
  });

  test.each(LOCALES)('%s: the shares [0.824, 0.115, 0.061]', (locale) => {
    const shares = renderedShares(locale, [0.824, 0.115, 0.061]);
    expect(shares.map(decimalsOf), shares.join(' / ')).toEqual([1, 1, 1]);
  });

  test('en and de: the text of the shares', () => {
    expect(renderedShares('en', [8243, 1154, 603])).toEqual(['82.4%', '11.5%', '6.0%']);
    expect(renderedShares('de', [8243, 1154, 603])).toEqual(['82,4\u00a0%', '11,5\u00a0%', '6,0\u00a0%']);
  });

  test('en: a whole share beside a fractional one keeps its ".0"', () => {
    expect(renderedShares('en', [600, 200, 200 / 3, 400 / 3])).toEqual(['60.0%', '20.0%', '6.7%', '13.3%']);
  });

  test('en: shares that are all whole percents need no decimals', () => {
    expect(renderedShares('en', [1, 1, 2])).toEqual(['25%', '25%', '50%']);
  });
});

describe('formatShares / shareDecimals', () => {
  test.each([
    { shares: [0.824, 0.115, 0.061], decimals: 1 },
    { shares: [0.824, 0.116, 0.06], decimals: 1 },
    { shares: [0.5, 0.25, 0.25], decimals: 0 },
    { shares: [1], decimals: 0 },
    { shares: [], decimals: 0 },
    // At one decimal these are 94.0 % and 6.0 %: whole percents both, so none is needed.
    { shares: [0.9396, 0.0604], decimals: 0 },
    { shares: [0.9397, 0.0603], decimals: 0 },
    { shares: [0.9351, 0.0649], decimals: 1 },
  ])('$shares → $decimals', ({ shares, decimals }) => {
    expect(shareDecimals(shares)).toBe(decimals);
  });

  test.each(LOCALES)('%s: [0.824, 0.115, 0.061] all with one decimal', (locale) => {
    const texts = formatShares(localeFormatter(locale), [0.824, 0.115, 0.061]);
    expect(texts.map(decimalsOf)).toEqual([1, 1, 1]);
  });
});
