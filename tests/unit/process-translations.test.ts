import { createTranslator } from 'next-intl';
import { describe, expect, test } from 'vitest';
import { getTranslations } from '@/i18n/translations';
import { loadMessages } from '@/i18n/messages';
import { locales } from '@/i18n/routing';

type Loose = (key: string, values?: Record<string, string | number | Date>) => string;

/** Every leaf key of a namespace's messages. */
function keys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('getTranslations (process-wide translators) answers as next-intl does', () => {
  test.each(locales)('%s: every dashboard and portfolio message, with arguments, asked twice', async (locale) => {
    const messages = await loadMessages(locale);
    for (const namespace of ['dashboard', 'portfolio'] as const) {
      const ours = (await getTranslations({ locale, namespace })) as unknown as Loose;
      // A translator of its own for every call, as next-intl makes per request.
      const fresh = () => createTranslator({ locale, messages, namespace, timeZone: 'UTC' }) as unknown as Loose;
      const all = keys(messages[namespace] as Record<string, unknown>);
      expect(all.length).toBeGreaterThan(20);
      for (const key of all) {
        // Every argument the message names, as a number (plurals, selects' other branch, dates as timestamps, texts).
        const text = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], messages[namespace]) as string;
        const values = Object.fromEntries([...text.matchAll(/\{\s*(\w+)/g)].map((m, i) => [m[1]!, 1_764_000_000_000 + i * 7]));
        let expected: string;
        try {
          expected = fresh()(key, values);
        } catch {
          continue; // rich-text messages need tag functions: not what this compares
        }
        expect(ours(key, values)).toBe(expected);
        expect(ours(key, values)).toBe(expected);
      }
    }
  });

  test('one translator per locale and namespace; an unknown locale falls back to the default', async () => {
    expect(await getTranslations({ locale: 'de', namespace: 'dashboard' })).toBe(
      await getTranslations({ locale: 'de', namespace: 'dashboard' }),
    );
    expect(await getTranslations({ locale: 'de', namespace: 'dashboard' })).not.toBe(
      await getTranslations({ locale: 'fr', namespace: 'dashboard' }),
    );
    const unknown = (await getTranslations({ locale: 'xx', namespace: 'dashboard' })) as unknown as Loose;
    const en = (await getTranslations({ locale: 'en', namespace: 'dashboard' })) as unknown as Loose;
    expect(unknown('subtitle', { funder: 'F', cutOff: 'C' })).toBe(en('subtitle', { funder: 'F', cutOff: 'C' }));
    expect(en('subtitle', { funder: 'F', cutOff: 'C' })).toBe('F: the book at C, per currency.');
    const de = (await getTranslations({ locale: 'de', namespace: 'dashboard' })) as unknown as Loose;
    expect(de('charts.currencyLeases', { currency: 'EUR', count: 1, countText: '1' })).not.toBe(
      en('charts.currencyLeases', { currency: 'EUR', count: 1, countText: '1' }),
    );
  });
});
