import { createElement, type ComponentProps, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { NextIntlClientProvider, useTranslations as nextUseTranslations } from 'next-intl';
import { describe, expect, test, vi } from 'vitest';
import { useTranslations } from '@/i18n/use-translations';
import { loadMessages } from '@/i18n/messages';
import { locales } from '@/i18n/routing';
import { pickMessages } from '@/lib/i18n/pick-messages';

type Loose = (key: string, values?: Record<string, string | number | Date>) => string;
type Hook = (namespace?: string) => unknown;

/** Every leaf key of a namespace's messages. */
function keys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** Every argument a message names, as a number (plurals, selects' other branch, dates as timestamps, texts). */
function valuesOf(text: string): Record<string, number> {
  return Object.fromEntries([...text.matchAll(/\{\s*(\w+)/g)].map((m, i) => [m[1]!, 1_764_000_000_000 + i * 7]));
}

/** A component that translates `asked` through `hook` and lists the results (or the error a message throws). */
function lister(hook: Hook, namespace: string, asked: { key: string; values: Record<string, number> }[]) {
  return function List(): ReactNode {
    const t = hook(namespace) as Loose;
    return createElement(
      'ol',
      null,
      asked.map(({ key, values }) => {
        let text: string;
        try {
          text = t(key, values);
        } catch (e) {
          text = `threw ${(e as Error).message}`;
        }
        return createElement('li', { key }, `${key}=${text}`);
      }),
    );
  };
}

function render(
  hook: Hook,
  locale: string,
  messages: Record<string, unknown> | undefined,
  namespace: string,
  asked: { key: string; values: Record<string, number> }[],
): string {
  const props = { locale, messages, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>;
  return renderToString(createElement(NextIntlClientProvider, props, createElement(lister(hook, namespace, asked))));
}

describe("useTranslations (translators kept per namespace messages, through next-intl's public API) answers as next-intl does", () => {
  test.each(locales)('%s: every message of the client namespaces, with arguments, rendered twice', async (locale) => {
    const messages = (await loadMessages(locale)) as Record<string, unknown>;
    for (const namespace of ['dashboard', 'portfolio', 'servicing', 'settings', 'facilities', 'access']) {
      const tree = messages[namespace] as Record<string, unknown>;
      const asked = keys(tree).map((key) => ({
        key,
        values: valuesOf(key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], tree) as string),
      }));
      expect(asked.length).toBeGreaterThan(10);
      // A fresh copy of the picked messages for each render, as the server's payload gives each request.
      const picked = () => structuredClone(pickMessages(messages, [namespace]));
      const expected = render(nextUseTranslations as Hook, locale, picked(), namespace, asked);
      expect(expected).toContain(`${asked[0]!.key}=`);
      expect(render(useTranslations as Hook, locale, picked(), namespace, asked)).toBe(expected);
      expect(render(useTranslations as Hook, locale, picked(), namespace, asked)).toBe(expected);
    }
  });

  test('a provider holding part of a namespace, or no messages: the same fallbacks as next-intl', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const messages = (await loadMessages('de')) as Record<string, unknown>;
      // Keys inside the part and outside it (a text of the namespace the part leaves out), and one that is nowhere.
      const outside = keys(messages.settings as Record<string, unknown>).filter((k) => !k.startsWith('funderSwitch.'));
      expect(outside.length).toBeGreaterThan(5);
      const asked = [
        ...keys((messages.settings as Record<string, Record<string, unknown>>).funderSwitch!, 'funderSwitch.'),
        ...outside.slice(0, 5),
        'nothing.here',
      ].map((key) => ({ key, values: {} }));
      for (const provided of [pickMessages(messages, ['settings.funderSwitch']), undefined]) {
        const expected = render(nextUseTranslations as Hook, 'de', provided, 'settings', asked);
        expect(render(useTranslations as Hook, 'de', provided, 'settings', asked)).toBe(expected);
      }
      // The full namespace first (its formats kept), then a part of it: the part's fallbacks, not the full namespace's texts.
      const full = render(useTranslations as Hook, 'de', pickMessages(messages, ['settings']), 'settings', asked);
      const part = render(useTranslations as Hook, 'de', pickMessages(messages, ['settings.funderSwitch']), 'settings', asked);
      expect(part).not.toBe(full);
      expect(part).toBe(render(nextUseTranslations as Hook, 'de', pickMessages(messages, ['settings.funderSwitch']), 'settings', asked));
    } finally {
      errors.mockRestore();
    }
  });

  test('providers holding the same catalogue namespace share one translator (its messages compiled once); another locale or copy does not', async () => {
    const messages = (await loadMessages('fr')) as Record<string, unknown>;
    const seen: unknown[] = [];
    const Probe = (): ReactNode => {
      seen.push(useTranslations('dashboard'));
      return null;
    };
    const renderWith = (locale: string, provided: Record<string, unknown>) =>
      renderToString(
        createElement(
          NextIntlClientProvider,
          { locale, messages: provided, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>,
          createElement(Probe),
        ),
      );
    renderWith('fr', pickMessages(messages, ['dashboard', 'portfolio']));
    renderWith('fr', pickMessages(messages, ['dashboard']));
    renderWith('de', pickMessages(messages, ['dashboard']));
    renderWith('fr', structuredClone(pickMessages(messages, ['dashboard'])));
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[0]);
    expect(seen[3]).not.toBe(seen[0]);
  });
});
