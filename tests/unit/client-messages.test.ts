import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '@/lib/i18n/pick-messages';
import { FEATURE_NAMESPACES } from '@/i18n/messages';

/**
 * Each route sends the client only the message namespaces its client components use (see
 * app/[locale]/client-messages.tsx). A static scan: from every page, layout, error, not-found and
 * loading file under app/[locale], follow the value imports; every module reached at or below a
 * 'use client' module is client code, and each of its useTranslations('ns') calls must be covered
 * by the namespaces of the nearest <ClientMessages namespaces={[…]}> — the file's own, else the
 * nearest enclosing layout's.
 */

const ROOT = process.cwd();
const APP = 'app/[locale]';
const ENTRY = /^(page|layout|error|not-found|loading|template)\.tsx$/;

const sourceCache = new Map<string, string>();
function source(file: string): string {
  let s = sourceCache.get(file);
  if (s === undefined) {
    s = readFileSync(path.join(ROOT, file), 'utf8');
    sourceCache.set(file, s);
  }
  return s;
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = spec.slice(2);
  else if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const full = path.join(ROOT, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return null;
}

/** Value imports (static, dynamic, re-exports) of a module, resolved to our files; type-only imports carry no code. */
function importsOf(file: string): string[] {
  const out: string[] = [];
  const re = /(?:^|\n)\s*(import\s+type\s|export\s+type\s)?[^\n'"`]*?(?:from\s+|import\s*\(\s*|import\s+)(['"])([^'"\n]+)\2/g;
  for (const m of source(file).matchAll(re)) {
    if (m[1]) continue;
    const target = resolve(file, m[3]!);
    if (target && /\.(ts|tsx)$/.test(target)) out.push(target);
  }
  return out;
}

const isClientModule = (file: string) => /^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*['"]use client['"]/.test(source(file));

/** The namespaces a module translates with; a call without a literal namespace is reported as such. */
function namespacesUsed(file: string): string[] {
  const src = source(file);
  const out: string[] = [];
  for (const m of src.matchAll(/\buseTranslations\(\s*([^)]*?)\s*\)/g)) {
    const lit = /^(['"])([\w.]+)\1$/.exec(m[1]!);
    out.push(lit ? lit[2]! : `<non-literal in ${file}: useTranslations(${m[1]})>`);
  }
  return out;
}

/** Namespaces used by the client modules an entry file reaches, with the module that uses each. */
function clientNamespaces(entry: string): Map<string, string> {
  const used = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string, inClient: boolean) => {
    const client = inClient || isClientModule(file);
    const key = `${file}:${client}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (client) for (const ns of namespacesUsed(file)) if (!used.has(ns)) used.set(ns, file);
    for (const target of importsOf(file)) visit(target, client);
  };
  visit(entry, false);
  return used;
}

/** The namespaces listed by a file's own <ClientMessages namespaces={[…]}>, or null when it has none. */
function providedBy(file: string): string[] | null {
  const src = source(file);
  const m = /<ClientMessages\s+namespaces=\{(?:\[([^\]]*)\]|(\w+))\}/.exec(src);
  if (!m) return null;
  // A list named by a constant of the same file.
  const list = m[1] ?? new RegExp(`const ${m[2]}\\b[^=]*=\\s*\\[([^\\]]*)\\]`).exec(src)?.[1] ?? '';
  return [...list.matchAll(/(['"])([\w.]+)\1/g)].map((x) => x[2]!);
}

/** The provider that covers an entry: its own, else the nearest layout's (a layout's own does not cover itself twice). */
function providerOf(entry: string): { file: string; namespaces: string[] } | null {
  const own = providedBy(entry);
  if (own) return { file: entry, namespaces: own };
  let dir = path.posix.dirname(entry);
  // A layout sits outside its own directory's other entries, so its provider comes from a parent.
  if (path.posix.basename(entry) === 'layout.tsx') dir = path.posix.dirname(dir);
  for (; dir.startsWith(APP); dir = path.posix.dirname(dir)) {
    const layout = `${dir}/layout.tsx`;
    if (existsSync(path.join(ROOT, layout))) {
      const ns = providedBy(layout);
      if (ns) return { file: layout, namespaces: ns };
    }
  }
  return null;
}

function entries(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return entries(rel);
    return ENTRY.test(name) ? [rel] : [];
  });
}

const covers = (provided: readonly string[], ns: string) => provided.some((p) => ns === p || ns.startsWith(`${p}.`));

function catalogue(): Record<string, unknown> {
  const core = JSON.parse(readFileSync(path.join(ROOT, 'messages/en.json'), 'utf8')) as Record<string, unknown>;
  for (const ns of FEATURE_NAMESPACES) core[ns] = JSON.parse(readFileSync(path.join(ROOT, `messages/${ns}/en.json`), 'utf8'));
  return core;
}

const ENTRIES = entries(APP);

describe('client messages per route', () => {
  it('finds the routes and their client components (the scan itself)', () => {
    expect(ENTRIES).toContain(`${APP}/(app)/portfolio/total-cash-flow/page.tsx`);
    expect([...clientNamespaces(`${APP}/(app)/portfolio/total-cash-flow/page.tsx`).keys()]).toContain('portfolio.table');
    expect([...clientNamespaces(`${APP}/(app)/layout.tsx`).keys()]).toEqual(expect.arrayContaining(['nav', 'shell']));
  });

  it.each(ENTRIES)('%s: every namespace its client components translate with is sent to the client', (entry) => {
    const used = clientNamespaces(entry);
    const provider = providerOf(entry);
    const missing = [...used].filter(([ns]) => !provider || !covers(provider.namespaces, ns)).map(([ns, file]) => `${ns} (${file})`);
    expect(missing, `not provided by ${provider?.file ?? 'any <ClientMessages>'}`).toEqual([]);
  });

  it.each(ENTRIES.filter((e) => providedBy(e)))('%s: lists only namespaces that exist', (entry) => {
    const all = catalogue();
    expect(providedBy(entry)!.filter((ns) => Object.keys(pickMessages(all, [ns])).length === 0)).toEqual([]);
  });

  it('the root layout does not send the whole catalogue', () => {
    const root = providedBy(`${APP}/layout.tsx`);
    expect(root).not.toBeNull();
    expect(root!.length).toBeLessThan(Object.keys(catalogue()).length / 2);
  });
});

describe('pickMessages', () => {
  const messages = { a: { x: 1, y: { z: 2 } }, b: { w: 3 }, c: 'text' };
  it.each([
    { names: ['a'], expected: { a: { x: 1, y: { z: 2 } } } },
    { names: ['a.y'], expected: { a: { y: { z: 2 } } } },
    { names: ['a.y', 'b'], expected: { a: { y: { z: 2 } }, b: { w: 3 } } },
    { names: ['a.y', 'a'], expected: { a: { x: 1, y: { z: 2 } } } },
    { names: ['a', 'a.y'], expected: { a: { x: 1, y: { z: 2 } } } },
    { names: ['missing', 'a.nope'], expected: {} },
    { names: [], expected: {} },
  ])('picks $names', ({ names, expected }) => {
    expect(pickMessages(messages, names)).toEqual(expected);
  });
});
