/** The URL param that lists a table's visible columns (comma-separated). */
export const COLUMNS_PARAM = 'cols';

/** The visible column ids from the URL param, in the table's order, or the default. Unknown ids are ignored. */
export function visibleColumnIds(param: string | null, all: readonly string[], defaults: readonly string[]): string[] {
  if (!param) return [...defaults];
  const wanted = new Set(param.split(','));
  const ids = all.filter((id) => wanted.has(id));
  return ids.length ? ids : [...defaults];
}
