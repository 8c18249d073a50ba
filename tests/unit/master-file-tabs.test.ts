import { createElement, type ComponentProps, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, test, vi } from 'vitest';

/** The Master File's imports tab is named for what its reader can do there: import a tape, or read the imports' history. */

let locale = 'en';
vi.mock('next-intl/server', () => ({ getLocale: async () => locale }));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ children, href, ...rest }: { children: ReactNode; href: string }) => createElement('a', { ...rest, href }, children),
}));

const { MasterFileTabs } = await import('@/components/master-file/master-file-tabs');

async function tabs(lang: string, canImport: boolean): Promise<string[]> {
  locale = lang;
  const props = { locale: lang, messages: {}, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>;
  const html = renderToString(createElement(NextIntlClientProvider, props, await MasterFileTabs({ active: 'register', canImport })));
  return [...html.matchAll(/<a[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
}

describe('Master File tabs', () => {
  test.each([
    ['en', true, ['Lease register', 'Onboarding', 'Import tape']],
    ['en', false, ['Lease register', 'Onboarding', 'Import history']],
    ['de', true, ['Leasingregister', 'Onboarding', 'Tape importieren']],
    ['de', false, ['Leasingregister', 'Onboarding', 'Importverlauf']],
  ] as const)('%s, may import a tape: %s → %j', async (lang, canImport, expected) => {
    const names = await tabs(lang, canImport);
    expect(names.slice(2)).toEqual(expected.slice(2));
    expect(names).toHaveLength(3);
  });
});
