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
