/**
 * How the navbar search matches words it holds in memory (page titles, their synonyms, the names of the record kinds,
 * covenant metrics and reports): case, accents, hyphens and spaces do not count, so "write off" finds "Write-off",
 * "impaye" finds "Impayés" and "kreditauflage" finds "Kreditauflage". Pure: no database, no Intl.
 */

/** Lower case without accents, every run of spaces, hyphens, dashes, underscores, dots and slashes one space. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[\s\-‐-―_./]+/gu, ' ')
    .trim();
}

/**
 * Whether `term` matches the query: the term contains it ("borrow" → "borrowing base"), or the query contains a term
 * of four characters or more ("covenants" → "covenant", "facility covenant" → "covenant"). Shorter terms ("VAT",
 * "CDR") only match by containing the query, so a contract number never matches a short synonym.
 */
export function matchesTerm(term: string, query: string): boolean {
  const t = normalizeSearchText(term);
  const q = normalizeSearchText(query);
  if (!t || !q) return false;
  return t.includes(q) || (t.length >= 4 && q.includes(t));
}

/** The terms of a synonyms message: "borrowing base|credit line|…" (one message per page, in each language). */
export function splitTerms(message: string | undefined): string[] {
  return (message ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** The first of the terms that matches the query, if any. */
export function firstMatch(terms: readonly string[], query: string): string | undefined {
  return terms.find((term) => matchesTerm(term, query));
}
