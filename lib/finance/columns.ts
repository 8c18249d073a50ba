/**
 * Growable and spliceable typed-array columns: the one pair of helpers behind the packed books
 * (LeasePortfolio, the servicing book store, the pool columns of a cached valuation).
 */
export type NumberColumn = Int32Array | Float64Array | Uint8Array;

function allocLike<T extends NumberColumn>(a: T, size: number): T {
  return new (a.constructor as new (length: number) => T)(size);
}

/** A copy of `a` with room for `size` entries: a new tail is zero; a smaller size keeps the first `size` entries. */
export function growColumn<T extends NumberColumn>(a: T, size: number): T {
  const b = allocLike(a, size);
  b.set(size < a.length ? a.subarray(0, size) : a);
  return b;
}

/** A copy of the first `n` entries of `a` with a zero slot opened at p (`insert`) or the slot at p removed. */
export function spliceSlot<T extends NumberColumn>(a: T, n: number, p: number, insert: boolean): T {
  if (insert) {
    const b = allocLike(a, n + 1);
    b.set(a.subarray(0, p));
    b.set(a.subarray(p, n), p + 1);
    return b;
  }
  const b = allocLike(a, Math.max(0, n - 1));
  b.set(a.subarray(0, p));
  b.set(a.subarray(p + 1, n), p);
  return b;
}
