import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FEATURE_NAMESPACES } from '@/i18n/messages';

type Messages = { [key: string]: string | Messages };

/** The core file plus the feature namespaces, as i18n/messages.ts composes them. */
function load(locale: string): Messages {
  const read = (...parts: string[]) => JSON.parse(readFileSync(path.join(process.cwd(), 'messages', ...parts), 'utf8')) as Messages;
  const core = read(`${locale}.json`);
  for (const ns of FEATURE_NAMESPACES) core[ns] = read(ns, `${locale}.json`);
  return core;
}

const catalogs: Record<string, Messages> = { en: load('en'), de: load('de'), fr: load('fr'), pt: load('pt') };
const translated = ['de', 'fr', 'pt'] as const;

/**
 * Values that are rightly the same as the English text in a language: the brand, and words that are
 * spelled the same there (German "Administrator", French "Modules" …). Keep this list short.
 */
const SAME_AS_ENGLISH: Record<(typeof translated)[number], readonly string[]> = {
  de: [
    'common.appName',
    'common.roles.admin',
    'common.roles.analyst',
    'nav.chat',
    'pages.chat',
    'workspace.chat.chats',
    'workspace.settings.networks.twitter',
    'workspace.settings.networks.facebook',
    'workspace.settings.networks.google',
    'workspace.settings.networks.linkedIn',
    'workspace.settings.networks.instagram',
    'workspace.settings.networks.quora',
    'credit.columns.exposure',
    'credit.columns.status',
    'credit.columns.ecl',
    'credit.export.csv',
    'credit.export.xlsx',
  ],
  fr: [
    'common.appName',
    'common.roles.client',
    'nav.modules',
    'nav.stratification',
    'nav.catalogue',
    'pages.catalogue',
    'workspace.chat.contacts',
    'workspace.chat.message',
    'workspace.settings.email',
    'workspace.profile.email',
    'workspace.register.fields.email',
    'workspace.settings.networks.twitter',
    'workspace.settings.networks.facebook',
    'workspace.settings.networks.google',
    'workspace.settings.networks.linkedIn',
    'workspace.settings.networks.instagram',
    'workspace.settings.networks.quora',
    'credit.ecl.total',
    'credit.columns.date',
    'credit.columns.ecl',
    'credit.columns.actions',
    'credit.export.csv',
    'credit.export.xlsx',
  ],
  pt: [
    'common.appName',
    'workspace.settings.email',
    'workspace.profile.email',
    'workspace.register.fields.email',
    'workspace.settings.networks.twitter',
    'workspace.settings.networks.facebook',
    'workspace.settings.networks.google',
    'workspace.settings.networks.linkedIn',
    'workspace.settings.networks.instagram',
    'workspace.settings.networks.quora',
    'credit.ecl.total',
    'credit.columns.ecl',
    'credit.export.csv',
    'credit.export.xlsx',
  ],
};

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/**
 * ICU argument names (`{name}`, `{count, plural, …}`; `#` and plural branch texts are not arguments)
 * and rich-text tags (`<code>…</code>` → `<code>`), which the code supplies just like arguments.
 */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  for (const m of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*(?:,|\})/g)) names.add(m[1]!);
  for (const m of message.matchAll(/<([A-Za-z][\w-]*)>/g)) names.add(`<${m[1]}>`);
  return [...names].sort();
}

const flat = Object.fromEntries(Object.entries(catalogs).map(([locale, m]) => [locale, flatten(m)])) as Record<string, Map<string, string>>;
const english = flat.en!;

describe('message catalogs', () => {
  test('English has messages and no empty values', () => {
    expect(english.size).toBeGreaterThan(50);
    for (const [key, value] of english) expect(value.trim(), key).not.toBe('');
  });

  test.each(translated)('%s has exactly the English key set', (locale) => {
    expect([...flat[locale]!.keys()].sort()).toEqual([...english.keys()].sort());
  });

  test.each(translated)('%s uses the same ICU placeholders as English for every key', (locale) => {
    const mismatches: string[] = [];
    for (const [key, value] of flat[locale]!) {
      const source = english.get(key);
      if (source === undefined) continue;
      if (placeholders(value).join(',') !== placeholders(source).join(',')) mismatches.push(key);
    }
    expect(mismatches).toEqual([]);
  });

  test.each(translated)('%s translates every value except the allow-listed ones', (locale) => {
    const allowed = new Set(SAME_AS_ENGLISH[locale]);
    const untranslated = [...flat[locale]!].filter(([key, value]) => value === english.get(key) && !allowed.has(key)).map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  test.each(translated)('%s allow-list names only keys that exist and really equal English', (locale) => {
    for (const key of SAME_AS_ENGLISH[locale]) {
      expect(flat[locale]!.get(key), key).toBe(english.get(key));
    }
  });

  test.each(Object.keys(catalogs))('%s has balanced braces in every message', (locale) => {
    for (const [key, value] of flat[locale]!) {
      let depth = 0;
      for (const ch of value) {
        if (ch === '{') depth++;
        if (ch === '}') depth--;
        expect(depth, key).toBeGreaterThanOrEqual(0);
      }
      expect(depth, key).toBe(0);
    }
  });
});

describe('placeholders()', () => {
  test.each([
    ['Hello {name}', ['name']],
    ['{count, plural, one {# lease} other {# leases}}', ['count']],
    ['{a} and {b} and {a}', ['a', 'b']],
    ['No arguments', []],
    ['Password: <code>{password}</code>', ['<code>', 'password']],
  ])('%s → %j', (message, expected) => {
    expect(placeholders(message)).toEqual(expected);
  });
});
