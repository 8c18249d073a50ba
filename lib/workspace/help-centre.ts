/** Pure helpers of the Help centre, Pricing and News screens (no database, no React). */

export type FaqEntry = { question: string; ans: string };
export type FaqGroup = { slug: string; title: string; subtitle: string; qandA: FaqEntry[] };

/** Case-insensitive "contains" for any script (toLocaleLowerCase folds non-ASCII letters too). */
function contains(text: string, q: string): boolean {
  return text.toLocaleLowerCase().includes(q.toLocaleLowerCase());
}

/**
 * The FAQ groups whose question **or answer** contains `q` (trimmed), each with only its matching entries;
 * groups without a match are left out. An empty `q` keeps everything.
 */
export function filterFaq(groups: readonly FaqGroup[], rawQ: string): FaqGroup[] {
  const q = rawQ.trim();
  if (q === '') return [...groups];
  return groups
    .map((g) => ({ ...g, qandA: g.qandA.filter((e) => contains(e.question, q) || contains(e.ans, q)) }))
    .filter((g) => g.qandA.length > 0);
}

/** `text` cut into the runs that match `q` (case-insensitive) and those that do not, for highlighting. */
export function highlightParts(text: string, rawQ: string): { text: string; match: boolean }[] {
  const q = rawQ.trim();
  if (q === '') return text === '' ? [] : [{ text, match: false }];
  const lower = text.toLocaleLowerCase();
  const needle = q.toLocaleLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let from = 0;
  // Lower-casing can change a string's length (e.g. 'İ'); then fall back to no highlighting.
  if (lower.length !== text.length) return [{ text, match: false }];
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** Items grouped by their `category`, groups in order of first appearance. */
export function groupByCategory<T extends { category: string }>(items: readonly T[]): { category: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.category);
    if (list) list.push(item);
    else groups.set(item.category, [item]);
  }
  return [...groups].map(([category, list]) => ({ category, items: list }));
}

/** An anchor id for a category name ('Getting started' → 'getting-started'); non-Latin letters are kept. */
export function anchorOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLocaleLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The paragraphs of stored article HTML as plain text (tags dropped, basic entities decoded), empty ones left out. */
export function paragraphsOf(html: string): string[] {
  return html
    .split(/<\/p>|<br\s*\/?>/i)
    .map((chunk) =>
      chunk
        .replace(/<[^>]*>/g, '')
        .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
        .trim(),
    )
    .filter((p) => p !== '');
}

/** One page of a list (1-based, clamped to the last page) with the page count. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  perPage: number,
): { items: T[]; page: number; pageCount: number; total: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  return { items: items.slice((current - 1) * perPage, current * perPage), page: current, pageCount, total: items.length };
}

/** Text for HTML element content and double-quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A news body as the editor writes it (paragraphs separated by blank lines; a single line break is a space) to the
 * stored HTML, one escaped <p> per paragraph; paragraphsOf reads it back.
 */
export function htmlOfParagraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
}

/** A URL slug of a title: lower-case ASCII letters and digits joined by dashes (accents dropped), at most 80 characters. */
export function slugOfTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'article';
}
