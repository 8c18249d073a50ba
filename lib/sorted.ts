/**
 * Binary search over a sorted array: the first index whose element is not `before` the sought place, for an
 * array in which every element `before` it comes first (e.g. `(l) => l.id < id` on leases in id order is the
 * lower bound of `id`; with `<=` the upper bound). O(log n); `a.length` when every element is before.
 */
export function partitionPoint<T>(a: readonly T[], before: (t: T) => boolean): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(a[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Positions by id of an array kept in ascending id order: what a Map<id, index> answered, without the Map. */
export type IdIndex = {
  /** The index of the element with this id, undefined when there is none. */
  get(id: number): number | undefined;
  has(id: number): boolean;
  /** [id, index] of every element, in index order. */
  entries(): IterableIterator<[number, number]>;
  readonly size: number;
};

/**
 * An IdIndex over `items` (ascending ids, unique), read live: elements spliced into or out of the array keep their
 * order and need no reindexing. A binary search, and O(1) for the element after the last one found (passes over a
 * whole book ask in id order). A Map<number, number> of a 100,000-lease book held ≈ 3.5 MiB; the packed books kept
 * one each and rewrote the tail of it on every insert or removal (issue #10, #13).
 */
export function idIndex<T>(items: readonly T[], idOf: (t: T) => number): IdIndex {
  let at = 0;
  const find = (id: number): number => {
    const n = items.length;
    if (at < n && idOf(items[at]!) === id) return at;
    if (at + 1 < n && idOf(items[at + 1]!) === id) return ++at;
    const lo = partitionPoint(items, (t) => idOf(t) < id);
    if (lo < n && idOf(items[lo]!) === id) return (at = lo);
    return -1;
  };
  return {
    get: (id) => {
      const i = find(id);
      return i < 0 ? undefined : i;
    },
    has: (id) => find(id) >= 0,
    entries: () => items.map((t, i): [number, number] => [idOf(t), i]).values(),
    get size() {
      return items.length;
    },
  };
}

/** The elements by id of an array kept in ascending id order, read live: what a Map<id, element> answered. */
export type IdLookup<T> = {
  get(id: number): T | undefined;
  has(id: number): boolean;
  keys(): IterableIterator<number>;
  values(): IterableIterator<T>;
  entries(): IterableIterator<[number, T]>;
  readonly size: number;
};

/** An IdLookup over `items` (ascending ids, unique), by the same search as idIndex. */
export function idLookup<T>(items: readonly T[], idOf: (t: T) => number): IdLookup<T> {
  const index = idIndex(items, idOf);
  return {
    get: (id) => {
      const i = index.get(id);
      return i === undefined ? undefined : items[i];
    },
    has: (id) => index.has(id),
    keys: () => items.map(idOf).values(),
    values: () => items.values(),
    entries: () => items.map((t): [number, T] => [idOf(t), t]).values(),
    get size() {
      return items.length;
    },
  };
}
