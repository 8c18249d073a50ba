/**
 * Growable and spliceable typed-array columns: the one pair of helpers behind the packed books
 * (LeasePortfolio, the servicing book store, the pool columns of a cached valuation).
 */
export type NumberColumn = Int16Array | Int32Array | Float64Array | Uint8Array;

function allocLike<T extends NumberColumn>(a: T, size: number): T {
  return new (a.constructor as new (length: number) => T)(size);
}

/** A copy of `a` with room for `size` entries: a new tail is zero; a smaller size keeps the first `size` entries. */
export function growColumn<T extends NumberColumn>(a: T, size: number): T {
  if (isZeroColumn(a)) return zeroColumn(size) as NumberColumn as T;
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

/**
 * A column of integer minor units: an Int32Array (4 bytes a value) while every value fits, a Float64Array once one
 * does not (an instalment of more than 21,474,836.47 in its currency, or a value that is not an integer): the packed
 * books hold millions of instalments, and a Float64 column of them is twice the memory for values that fit.
 *
 * The same column starts one step narrower for day numbers and month indexes (dayColumn): an Int16Array (2 bytes a
 * value) holds every due day from 1880 to 18 September 2059 and every month index to the year 2730; a later day
 * widens it to Int32 like an amount widens to Float64 (issue #13: the two packed schedules of a 100,000-lease book hold
 * three such columns of 4.3 million rows).
 */
export type AmountColumn = Int16Array | Int32Array | Float64Array;

/** Whether `v` can be stored in an Int16Array unchanged (an integer in [−2¹⁵, 2¹⁵ − 1]). */
export function fitsInt16(v: number): boolean {
  return (v << 16) >> 16 === v;
}

/** Whether column `a` holds `v` unchanged. */
export function holds(a: AmountColumn, v: number): boolean {
  return a instanceof Float64Array || (a instanceof Int32Array ? fitsInt32(v) : fitsInt16(v));
}

/** `a` copied into the narrowest wider kind that holds `v` (Int16 → Int32 → Float64). */
function widenedFor(a: AmountColumn, v: number): AmountColumn {
  return a instanceof Int16Array && fitsInt32(v) ? Int32Array.from(a) : Float64Array.from(a);
}

/** `a` copied into the next wider kind (Int16 → Int32, Int32 → Float64; a Float64Array is itself). */
export function widenedStep(a: AmountColumn): AmountColumn {
  return a instanceof Int16Array ? Int32Array.from(a) : widened(a);
}

/** An empty column of `size` day numbers or month indexes (Int16 until a value needs more; see AmountColumn). */
export function dayColumn(size: number): AmountColumn {
  return new Int16Array(size);
}

/** Whether `v` can be stored in an Int32Array unchanged (an integer in [−2³¹, 2³¹ − 1]). */
export function fitsInt32(v: number): boolean {
  return (v | 0) === v;
}

/** `a` as a Float64Array of the same length and values (itself when it is one already). */
export function widened(a: AmountColumn): Float64Array {
  return a instanceof Float64Array ? a : Float64Array.from(a);
}

/** An empty amount column of `size` entries of the same kind as `like` (Int32 unless `like` is another kind). */
export function amountColumn(size: number, like?: AmountColumn): AmountColumn {
  return like instanceof Float64Array ? new Float64Array(size) : like instanceof Int16Array ? new Int16Array(size) : new Int32Array(size);
}

/** Sets one value of column `key` of `cols`, widening the column first when `v` does not fit it. */
export function setAmount<K extends string>(cols: Record<K, AmountColumn>, key: K, at: number, v: number): void {
  if (isZeroColumn(cols[key])) {
    if (v === 0) return;
    cols[key] = ownColumn(cols[key]);
  }
  if (!holds(cols[key], v)) cols[key] = widenedFor(cols[key], v);
  cols[key][at] = v;
}

/** Copies the first `n` values of `from` into column `key` of `cols` at `at`, widening the column first as far as one needs. */
export function setAmounts<K extends string>(cols: Record<K, AmountColumn>, key: K, at: number, from: AmountColumn, n = from.length): void {
  if (isZeroColumn(cols[key])) {
    if (from.subarray(0, n).every((v) => v === 0)) return;
    cols[key] = ownColumn(cols[key]);
  }
  let col = cols[key];
  for (let k = 0; k < n && !(col instanceof Float64Array); k++) if (!holds(col, from[k]!)) col = widenedFor(col, from[k]!);
  cols[key] = col;
  col.set(from.subarray(0, n), at);
}

/**
 * All-zero columns. A column that holds nothing but zeros (the fee column of a schedule store whose leases charge no
 * fee with their instalments: most books) is a view of one shared zero block instead of a block of its own. The block
 * is allocated zero-filled and never written, so the system backs its pages with its single zero page: a
 * 100,000-lease store's fee column costs no memory instead of ≈ 16.5 MiB (issue #13). A writer must give such a column
 * memory of its own first (ownColumn); setAmount, setAmounts and growColumn do, and a reader sees zeros.
 */
let zeroBlock = new ArrayBuffer(0);
const zeroBlocks = new WeakSet<ArrayBufferLike>([zeroBlock]);

/** An all-zero Int32 column of `size` entries (a view of the shared zero block; see above). */
export function zeroColumn(size: number): Int32Array {
  if (zeroBlock.byteLength < size * 4) {
    zeroBlock = new ArrayBuffer(Math.max(size * 4, zeroBlock.byteLength * 2, 4096));
    zeroBlocks.add(zeroBlock);
  }
  return new Int32Array(zeroBlock, 0, size);
}

/** Whether `a` is an all-zero column (a view of the shared zero block, never to be written). */
export function isZeroColumn(a: NumberColumn): boolean {
  return zeroBlocks.has(a.buffer);
}

/** `a` itself, or for an all-zero column a column of its own of the same length (all zeros, writable). */
export function ownColumn<T extends NumberColumn>(a: T): T {
  return isZeroColumn(a) ? (new Int32Array(a.length) as NumberColumn as T) : a;
}
