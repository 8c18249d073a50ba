import { createElement, type ComponentProps, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Insights } from '@/services/dashboard/insights';

/**
 * The Dashboard's Insights view rendered in each language, as the server renders it: every text is a message (no
 * "dashboard.insights.month.title" on screen) and no headline figure is cut by an ellipsis.
 */

let locale = 'en';
vi.mock('next-intl/server', () => ({ getLocale: async () => locale }));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ children, href: _href, ...rest }: { children: ReactNode; href: unknown }) => createElement('a', rest, children),
}));

const { InsightsView } = await import('@/components/dashboard/insights-view');

const months = Array.from({ length: 12 }, (_, k) => `2025-${String(k + 1).padStart(2, '0')}`);
const data: Insights = {
  currency: 'EUR',
  asOf: '2025-12-15',
  period: 'last-28-days',
  periods: ['last-28-days', 'last-month', 'last-year'],
  collections: { collected: 164_618_912, scheduled: 2_243_855_317, percent: 7, share: 0.0734 },
  monthOnMonth: { thisMonth: 2_243_855_317, lastMonth: 164_618_912, change: 12.63 },
  year: { year: '2025', collected: 2_243_855_317, scheduled: 9_876_543_210 },
  quotations: { finished: 12, pending: 3, rejected: 1 },
  lessees: { new: 4, returning: 2, performing: 1234 },
  months,
  newLeases: months.map((_, k) => k),
  newLeasesTotal: 66,
  principalOriginated: months.map((_, k) => k * 1_000_000),
  interestIncome: months.map((_, k) => k * 10_000),
  collectedByMonth: months.map((_, k) => k * 500_000),
};

async function render(lang: string, insights: Insights = data): Promise<string> {
  locale = lang;
  const element = await InsightsView({ data: insights });
  const props = { locale: lang, messages: {}, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>;
  return renderToString(createElement(NextIntlClientProvider, props, element));
}

afterEach(() => vi.restoreAllMocks());

describe.each(['en', 'de', 'fr', 'pt'])('%s: the Insights view', (lang) => {
  test('shows texts, never a message key, and reports no missing message', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = await render(lang);
    expect(html).not.toMatch(/dashboard\.insights/);
    expect(errors).not.toHaveBeenCalled();
  });

  test('the month-on-month card has its title, subtitle and change', async () => {
    const html = await render(lang);
    const card = /data-testid="insights-month"[\s\S]*?data-testid="insights-year"/.exec(html)![0];
    expect(card).toMatch(/<h2[^>]*>[^<]{5,}<\/h2>/);
    expect(card).toMatch(/<p[^>]*>[^<]{5,}<\/p>/);
    // 2,243,855.17 against 164,618.91: +1,263.0 %, with its sign.
    expect(card).toMatch(/\+1[.,\u00a0\u202f]?263[.,]0/);
  });

  test('no headline figure is truncated with an ellipsis', async () => {
    const html = await render(lang);
    const figures = [...html.matchAll(/<dd class="([^"]*)"([^>]*)>/g)];
    // Collections 2, month 2, year 2, quotations 3, lessees 3.
    expect(figures.length).toBe(12);
    for (const [, cls, attrs] of figures) {
      expect(cls).not.toMatch(/\b(truncate|text-ellipsis|overflow-hidden|whitespace-nowrap)\b/);
      expect(attrs).toContain('data-figure="headline"');
    }
  });
});

test('en: without collections last month there is no change to show', async () => {
  const html = await render('en', { ...data, monthOnMonth: { thisMonth: 1, lastMonth: 0, change: null } });
  expect(html).toContain('Nothing was collected in the previous month');
});
