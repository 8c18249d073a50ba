/**
 * Paging of the apps lists (api-reference.md §1.5): `total` is always the number of FILTERED rows,
 * before paging; without `perPage` the whole filtered list is one page. A page past the end is empty.
 */
export type PageRequest = { page?: number; perPage?: number };

/** LIMIT/OFFSET of a page, or null for "the whole list". */
export function pageWindow({ page, perPage }: PageRequest): { limit: number; offset: number } | null {
  if (perPage === undefined) return null;
  return { limit: perPage, offset: ((page ?? 1) - 1) * perPage };
}

/** The original's paginateArray: array.slice((page - 1) * perPage, page * perPage). */
export function paginate<T>(rows: readonly T[], req: PageRequest): T[] {
  const w = pageWindow(req);
  return w ? rows.slice(w.offset, w.offset + w.limit) : [...rows];
}

/** Toggles `item` in a list: added (at the end) when absent, removed when present. */
export function toggleInList<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/** JSON text of a list column, read back defensively (a malformed value reads as empty). */
export function parseJsonList<T>(text: string): T[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}
