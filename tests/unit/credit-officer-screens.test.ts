import { createElement, type ComponentProps, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { createTranslator } from 'next-intl';
import { formatIsoMonth, localeFormatter } from '@/lib/format';
import type { DirectoryUser } from '@/lib/validations/users';

/**
 * Small things of the issue "Screens a credit officer can read and trust": no "IFRS⏎9" nor "Sept.⏎2026" broken over
 * two lines, recoveries not in the danger colour, no "Row 0" for a problem of the whole tape file, a visible focus
 * ring on the active (violet) menu item, and no template plan on funder staff.
 */

vi.mock('@/i18n/navigation', () => ({
  Link: ({ children, href: _href, ...rest }: { children: ReactNode; href: unknown }) => createElement('a', rest, children),
  usePathname: () => '/dashboard',
  useRouter: () => ({ push() {}, replace() {}, refresh() {} }),
}));

const LOCALES = ['en', 'de', 'fr', 'pt'] as const;
const MESSAGES = path.join(process.cwd(), 'messages');

/** One namespace's messages in a locale, as the page's provider holds them. */
const namespace = (ns: string, locale: string): Record<string, unknown> => ({
  [ns]: JSON.parse(readFileSync(path.join(MESSAGES, ns, `${locale}.json`), 'utf8')) as unknown,
});

function messageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return messageFiles(full);
    return name.endsWith('.json') ? [full] : [];
  });
}

function leaves(node: unknown, key = ''): [string, string][] {
  if (typeof node === 'string') return [[key, node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => leaves(v, key ? `${key}.${k}` : k));
  return [];
}

describe('"IFRS 9" never breaks between its words', () => {
  test.each(messageFiles(MESSAGES).map((f) => [path.relative(MESSAGES, f), f]))('%s', (_name, file) => {
    const broken = leaves(JSON.parse(readFileSync(file, 'utf8'))).filter(([, text]) => /IFRS[^\S\u00a0]+9/.test(text));
    expect(broken.map(([key]) => key)).toEqual([]);
  });
});

describe('a month label ("Sept. 2026") never breaks between month and year', () => {
  test.each(LOCALES.flatMap((l) => (['short', 'long'] as const).map((m) => [l, m] as const)))('%s, %s month', (locale, month) => {
    const f = localeFormatter(locale);
    for (const iso of ['2026-09-01', '2026-12', '2027-05-31']) {
      const text = formatIsoMonth(f, iso, month);
      expect(text).toMatch(/2026|2027/);
      expect(text).not.toMatch(/[^\S\u00a0]/);
    }
  });

  test('the German short September reads "Sept. 2026" with a non-breaking space', () => {
    expect(formatIsoMonth(localeFormatter('de'), '2026-09-15')).toBe('Sept.\u00a02026');
  });
});

const provider = (locale: string, messages: Record<string, unknown>, child: ReturnType<typeof createElement>) =>
  createElement(NextIntlClientProvider, { locale, messages, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>, child);

describe('a recovery is money coming back, never in the danger colour', () => {
  test.each([
    { name: 'a recovery in the loss ledger (minus: it lowers the loss)', minor: -125_000, inflow: true, danger: false, success: true },
    { name: 'a positive recovery', minor: 125_000, inflow: true, danger: false, success: true },
    { name: 'any other negative amount stays distinct', minor: -125_000, inflow: false, danger: true, success: false },
  ])('$name', async ({ minor, inflow, danger, success }) => {
    const { Amount } = await import('@/components/ui/amount');
    const html = renderToString(provider('en', {}, createElement(Amount, { minor, currency: 'EUR', inflow })));
    expect(html.includes('text-danger-text')).toBe(danger);
    expect(html.includes('text-success-text')).toBe(success);
  });
});

describe('a problem of the whole tape file shows no "Row 0"', () => {
  const FILE = { en: 'File', de: 'Datei', fr: 'Fichier', pt: 'Ficheiro' } as const;
  test.each(LOCALES)('%s', async (locale) => {
    const { ExceptionsTable } = await import('@/components/tape-import/exceptions-table');
    const messages = namespace('tapeImport', locale);
    const rows = [
      { id: 1, row: 0, column: '', field: 'currency', value: '', rule: 'required', severity: 'error', message: 'No column gives Currency' },
      { id: 2, row: 7, column: 'Rate', field: 'rate', value: 'x', rule: 'number', severity: 'error', message: 'Not a number' },
    ];
    const html = renderToString(provider(locale, messages, createElement(ExceptionsTable, { rows })));
    const cells = [...html.matchAll(/<tr class="h-8"><td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells).toEqual([FILE[locale], '7']);
    expect(html).not.toMatch(/tapeImport\./);
  });
});

describe('the active (violet) menu item has its own visible focus ring', () => {
  test.each([
    ['a white ring inside the violet (≥ 4.7:1)', /(^|\s)focus-visible:ring-white(\s|$)/],
    ['of visible width', /(^|\s)focus-visible:ring-2(\s|$)/],
    ['a dark outline outside, not the violet default', /(^|\s)focus-visible:outline-heading(\s|$)/],
  ])('%s', async (_name, pattern) => {
    const { ACTIVE_ROW } = await import('@/components/shell/sidebar');
    expect(ACTIVE_ROW).toMatch(/bg-linear-72/);
    expect(ACTIVE_ROW).toMatch(pattern);
  });
});

describe('funder staff have no plan', () => {
  const user = (role: DirectoryUser['role']) =>
    ({
      id: 1,
      fullName: 'Ana Lima',
      username: 'ana',
      email: 'ana@example.com',
      company: 'Funder',
      country: 'Portugal',
      contact: '',
      role,
      currentPlan: 'enterprise',
    }) as DirectoryUser;

  test.each([
    { role: 'admin', plan: false },
    { role: 'analyst', plan: false },
    { role: 'viewer', plan: false },
    { role: 'client', plan: true },
  ] as const)('$role: plan line shown $plan', async ({ role, plan }) => {
    const { profileLines } = await import('@/components/access/user-detail');
    const t = createTranslator({ locale: 'en', messages: namespace('access', 'en') as never, namespace: 'access' as never });
    const labels = profileLines(t as never, user(role)).map(([label]) => label);
    expect(labels).toContain('Email address');
    expect(labels.includes('Plan')).toBe(plan);
  });
});
