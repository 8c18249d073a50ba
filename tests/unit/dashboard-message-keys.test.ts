import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { FEATURE_NAMESPACES } from '@/i18n/messages';
import { ASSET_TYPES } from '@/lib/domain/enums';
import { INSIGHT_PERIODS } from '@/services/dashboard/insights';

/**
 * Every message the Dashboard asks for exists, as a text, in all four languages.
 *
 * tests/unit/messages.test.ts only checks that the four catalogues have the same keys, and
 * tests/unit/client-messages.test.ts that a route sends the client the namespaces it uses; neither reads the keys a
 * server component passes to t(), and the translator is not typed against the catalogue (no next-intl AppConfig),
 * so `t('month.title')` against `"month": "Month"` printed "dashboard.insights.month.title" on screen in every
 * language. This scan reads the Dashboard's files: each `const t = await getTranslations('ns')` (or
 * useTranslations) and every `t('key')` / `t(`key.${…}`)` of that translator.
 */

type Messages = { [key: string]: string | Messages };

const ROOT = process.cwd();
const LOCALES = ['en', 'de', 'fr', 'pt'] as const;

function load(locale: string): Messages {
  const read = (...parts: string[]) => JSON.parse(readFileSync(path.join(ROOT, 'messages', ...parts), 'utf8')) as Messages;
  const core = read(`${locale}.json`);
  for (const ns of FEATURE_NAMESPACES) core[ns] = read(ns, `${locale}.json`);
  return core;
}

const catalogues = Object.fromEntries(LOCALES.map((l) => [l, load(l)])) as Record<(typeof LOCALES)[number], Messages>;

/** The text at a dotted path, or undefined when the path is missing or names a group rather than a text. */
function textAt(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function leaves(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));
}

type Use = { file: string; key: string; dynamic: boolean };

/** The translation keys a source file asks for, with their namespace; `${…}` parts of a template key become `*`. */
function keysUsed(file: string, src: string): { uses: Use[]; unresolved: string[] } {
  const translators = new Map<string, string>();
  for (const m of src.matchAll(/\bconst\s+(\w+)\s*=\s*(?:await\s+)?(?:getTranslations|useTranslations)\(\s*(['"])([\w.]+)\2\s*\)/g))
    translators.set(m[1]!, m[3]!);
  const uses: Use[] = [];
  const unresolved: string[] = [];
  for (const [name, ns] of translators) {
    for (const m of src.matchAll(new RegExp(`(?<![\\w.])${name}(?:\\.(?:rich|markup|has))?\\(\\s*([^,)]*)`, 'g'))) {
      const arg = m[1]!.trim();
      const literal = /^(['"])([\w.-]+)\1$/.exec(arg);
      const template = /^`([^`]*)`$/.exec(arg);
      if (literal) uses.push({ file, key: `${ns}.${literal[2]}`, dynamic: false });
      else if (template)
        uses.push({ file, key: `${ns}.${template[1]!.replace(/\$\{[^}]*\}/g, '*')}`, dynamic: template[1]!.includes('${') });
      else unresolved.push(`${file}: ${name}(${arg})`);
    }
  }
  return { uses, unresolved };
}

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir))
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => `${dir}/${f}`);
}

/** The Dashboard's own files (its view components and screen functions) and its page. */
const FILES = [...sources('components/dashboard'), ...sources('services/dashboard'), 'app/[locale]/(app)/dashboard/page.tsx'];
const scanned = FILES.map((file) => keysUsed(file, readFileSync(path.join(ROOT, file), 'utf8')));
const USES = scanned.flatMap((s) => s.uses);

describe('the scan', () => {
  test('finds the Insights view and its keys, literal and templated', () => {
    const insights = USES.filter((u) => u.file === 'components/dashboard/insights-view.tsx').map((u) => u.key);
    expect(insights).toEqual(
      expect.arrayContaining([
        'dashboard.insights.month.title',
        'dashboard.insights.month.subtitle',
        'dashboard.insights.month.change',
        'dashboard.insights.collections.title',
        'dashboard.insights.periods.*',
        'dashboard.insights.charts.*',
      ]),
    );
  });

  test('reads namespaces, rich and template keys, and reports a key it cannot read', () => {
    const src = [
      "const t = await getTranslations('a.b');",
      "const u = useTranslations('c');",
      "t('x.y'); t.rich('r', {}); t(`p.${k}`); u('z', { n: 1 }); t(name); other.t('no'); format('no');",
    ].join('\n');
    const { uses, unresolved } = keysUsed('f.tsx', src);
    expect(uses.map((u) => u.key)).toEqual(['a.b.x.y', 'a.b.r', 'a.b.p.*', 'c.z']);
    expect(unresolved).toEqual(['f.tsx: t(name)']);
  });
});

describe('keys the scan cannot read', () => {
  test('are only the known ones (a key made from data, checked by its own screen)', () => {
    expect(scanned.flatMap((s) => s.unresolved).sort()).toEqual([
      'app/[locale]/(app)/dashboard/page.tsx: ta(a.assetType)',
      'components/dashboard/dashboard-tabs.tsx: t(tab)',
    ]);
  });
});

describe.each(LOCALES)('%s: every key the Dashboard asks for is a message', (locale) => {
  const messages = catalogues[locale];

  test('literal keys name a text (not a missing key, not a group)', () => {
    const missing = USES.filter((u) => !u.dynamic && textAt(messages, u.key) === undefined).map((u) => `${u.key} (${u.file})`);
    expect(missing).toEqual([]);
  });

  test('templated keys match the same texts as in English', () => {
    const all = leaves(messages);
    const english = leaves(catalogues.en);
    for (const u of USES.filter((x) => x.dynamic)) {
      const pattern = new RegExp(`^${u.key.replace(/\./g, '\\.').replace(/\*/g, '[^.]+')}$`);
      const here = all.filter((k) => pattern.test(k));
      expect(here.length, `${u.key} (${u.file})`).toBeGreaterThan(0);
      expect(here, `${u.key} (${u.file})`).toEqual(english.filter((k) => pattern.test(k)));
    }
  });

  test('the keys made from values: every period, chart, tab and asset type has its label', () => {
    const charts = ['principalOriginated', 'interestIncome', 'collectedByMonth', 'newLeases'];
    const wanted = [
      ...INSIGHT_PERIODS.map((p) => `dashboard.insights.periods.${p}`),
      ...charts.map((c) => `dashboard.insights.charts.${c}`),
      ...['overview', 'insights'].map((tab) => `dashboard.insights.tabs.${tab}`),
      ...ASSET_TYPES.map((a) => `portfolio.assetTypes.${a}`),
    ];
    expect(wanted.filter((k) => textAt(messages, k) === undefined)).toEqual([]);
  });
});
