/**
 * One glossary per language for the domain words: each term has one translation, and its synonyms may not appear
 * anywhere in that language's message catalogues (a new analyst met "Gesamt-Cashflow" and "Gesamtzahlungsstrom"
 * for the same screen). Add a row when a term gets a second name somewhere; the scan tells where.
 */
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

type Locale = 'en' | 'de' | 'fr' | 'pt';
type Term = { term: string; use: string; forbidden: RegExp };

export const GLOSSARY: Record<Locale, Term[]> = {
  en: [
    { term: 'cash flow', use: 'cash flow', forbidden: /\bcash-flows?\b|\bcashflows?\b/i },
    { term: 'lessee', use: 'lessee', forbidden: /\blease[- ]?taker/i },
  ],
  de: [
    { term: 'cash flow', use: 'Cashflow', forbidden: /zahlungsstr[oö]m/i },
    { term: 'master file', use: 'Stammdatei', forbidden: /vertragsbestand/i },
    { term: 'lessee', use: 'Leasingnehmer', forbidden: /\bMieter|Leasingkunde/ },
  ],
  fr: [
    { term: 'cash flow', use: 'flux de trésorerie', forbidden: /\bcash[- ]?flow/i },
    { term: 'lessee', use: 'preneur', forbidden: /\blocataires?\b/i },
  ],
  pt: [
    { term: 'cash flow', use: 'fluxo de caixa', forbidden: /\bcash[- ]?flow/i },
    { term: 'lessee', use: 'locatário', forbidden: /arrendatári[oa]/i },
  ],
};

/** Every catalogue of a locale: messages/<locale>.json and messages/<namespace>/<locale>.json, as flattened key → text. */
function catalogue(locale: Locale): Map<string, string> {
  const root = path.join(process.cwd(), 'messages');
  const files = [path.join(root, `${locale}.json`)];
  for (const name of readdirSync(root)) {
    const dir = path.join(root, name);
    if (statSync(dir).isDirectory()) files.push(path.join(dir, `${locale}.json`));
  }
  const out = new Map<string, string>();
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') out.set(key, value);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
  };
  for (const file of files) walk(JSON.parse(readFileSync(file, 'utf8')), path.relative(root, file).replace(/\.json$/, ''));
  return out;
}

describe.each(Object.keys(GLOSSARY).map((l) => [l as Locale]))('glossary of %s', (locale) => {
  const texts = catalogue(locale);

  test.each(GLOSSARY[locale].map((t) => [t.term, t]))('"%s" has one name', (_term, { use, forbidden }) => {
    // The navbar search's synonyms are the other words people type for a page (navbarSearch: synonyms, kindSynonyms):
    // they hold the forbidden variants on purpose, and are never shown as a name.
    const offenders = [...texts]
      .filter(([key, text]) => !/^navbarSearch\/\w+\.(synonyms|kindSynonyms)\./.test(key) && forbidden.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offenders, `use "${use}"`).toEqual([]);
  });

  test.each(GLOSSARY[locale].map((t) => [t.term, t]))('"%s" is used under its chosen name', (_term, { use }) => {
    expect([...texts.values()].some((text) => text.toLowerCase().includes(use.toLowerCase()))).toBe(true);
  });
});
