import { createElement, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { flattenNav } from '@/lib/navigation';

/**
 * The Help centre's guides to the money screens (/help/<topic>): every topic has its title, summary and body in each
 * language with the same keys, each guide renders as the server renders it with no message key on screen and with
 * links to its screens (hrefs of the menu), the index lists every guide, and the "?" HelpLink names where it leads.
 */

let locale = 'en';
vi.mock('next-intl/server', () => ({ getLocale: async () => locale }));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ children, href, ...rest }: { children: ReactNode; href: string }) => createElement('a', { ...rest, href }, children),
}));

const { HELP_TOPICS, HELP_SECTIONS, helpHref } = await import('@/components/help/topics');
const { HelpTopicView } = await import('@/components/help/help-topic-view');
const { HelpTopicIndex } = await import('@/components/help/help-topic-index');
const { HelpLink } = await import('@/components/help/help-link');

const LOCALES = ['en', 'de', 'fr', 'pt'] as const;
type Messages = { [key: string]: string | Messages };

function catalogue(lang: string): Messages {
  return JSON.parse(readFileSync(path.join(process.cwd(), 'messages', 'help', `${lang}.json`), 'utf8')) as Messages;
}

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else for (const [k, v] of flatten(value, at)) out.set(k, v);
  }
  return out;
}

/** The locale is set before the server component runs: it asks for it on its first line. */
async function render(lang: string, element: () => Promise<ReactElement> | ReactElement): Promise<string> {
  locale = lang;
  const props = { locale: lang, messages: {}, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>;
  return renderToString(createElement(NextIntlClientProvider, props, await element()));
}

const MENU_HREFS = new Set<string>(flattenNav().map((item) => item.href));
const hrefsIn = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!);

afterEach(() => vi.restoreAllMocks());

describe('help messages', () => {
  const english = flatten(catalogue('en'));

  test('the topics of the catalogue are exactly the guides', () => {
    expect(Object.keys(catalogue('en').topics as Messages).sort()).toEqual(HELP_TOPICS.map((t) => t.key).sort());
  });

  test.each(LOCALES)('%s: every topic has a title, a summary and a non-empty body in every section', (lang) => {
    const flat = flatten(catalogue(lang));
    for (const { key } of HELP_TOPICS) {
      expect(flat.get(`topics.${key}.title`)?.trim(), `${lang} ${key} title`).toBeTruthy();
      expect(flat.get(`topics.${key}.summary`)?.trim(), `${lang} ${key} summary`).toBeTruthy();
      for (const section of HELP_SECTIONS) {
        const paragraphs = [...flat].filter(([k]) => k.startsWith(`topics.${key}.body.${section}.`));
        expect(paragraphs.length, `${lang} ${key} ${section}`).toBeGreaterThan(0);
        for (const [k, text] of paragraphs) expect(text.trim().length, k).toBeGreaterThan(20);
      }
    }
  });

  test.each(LOCALES.filter((l) => l !== 'en'))('%s has the same keys as English', (lang) => {
    expect([...flatten(catalogue(lang)).keys()].sort()).toEqual([...english.keys()].sort());
  });
});

describe.each(LOCALES)('%s: the guides', (lang) => {
  test.each(HELP_TOPICS.map((t) => [t.slug, t] as const))('/help/%s renders its texts and links to its screens', async (_slug, topic) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = await render(lang, () => HelpTopicView({ topic }));
    const flat = flatten(catalogue(lang));
    expect(errors).not.toHaveBeenCalled();
    // No raw message key on screen (next-intl prints the key path of a missing message).
    expect(html).not.toMatch(/\b(help\.)?(topics|article|index)\.\w+/);
    expect(html).toContain(escape(flat.get(`topics.${topic.key}.title`)!));
    for (const section of HELP_SECTIONS) expect(html).toContain(`data-testid="help-section-${section}"`);
    const screens = hrefsIn(html).filter((href) => href !== '/help');
    expect(screens.length).toBeGreaterThan(0);
    for (const href of screens) expect(MENU_HREFS.has(href), href).toBe(true);
    expect(new Set(screens)).toEqual(new Set(topic.screens.map((key) => flattenNav().find((i) => i.key === key)!.href)));
  });

  test('the Help centre index lists every guide', async () => {
    const html = await render(lang, () => HelpTopicIndex());
    expect(html).not.toMatch(/\b(topics|index)\.\w+\.\w+/);
    expect(hrefsIn(html)).toEqual(HELP_TOPICS.map((t) => helpHref(t.slug)));
  });

  test('HelpLink opens the guide and names it', async () => {
    const html = await render(lang, () => HelpLink({ topic: 'tape-import' }));
    const title = flatten(catalogue(lang)).get('topics.tapeImport.title')!;
    const label = flatten(catalogue(lang)).get('article.linkLabel')!.replace('{topic}', title);
    expect(hrefsIn(html)).toEqual(['/help/tape-import']);
    expect(html).toContain(`aria-label="${escape(label)}"`);
    expect(html).toMatch(/focus-visible:outline/);
  });
});

test('en: the HelpLink of tape import is named "Help: Tape import"', async () => {
  expect(await render('en', () => HelpLink({ topic: 'tape-import' }))).toContain('aria-label="Help: Tape import"');
});

/** React's attribute and text escaping of the characters our messages use. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
