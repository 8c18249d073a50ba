import { processState } from './views';

/**
 * One shared copy of repeated strings read per row from the database (a currency, a status, a frequency, a
 * lessee's name, a date): SQLite hands out a new string per row and column, so a 100,000-lease book held in
 * memory kept 100,000 copies of "EUR", of "active", of each lessee's name… (issue #10: ≈ 45 MiB). `intern`
 * returns the first copy seen of an equal string. Bounded: past MAX_INTERNED distinct strings a new one is
 * returned as is (still correct, only not shared), so unique values (contract numbers) must not be passed.
 */
export const MAX_INTERNED = 200_000;
// Process-wide (lib/views.ts): one pool for every bundled copy of this module, or the pages, the route handlers and
// the warm-up would each keep their own copy of every string they intern.
const pool = processState(
  'interned',
  'one copy of each repeated string read from the database',
  `${MAX_INTERNED} strings`,
  () => new Map<string, string>(),
);

export function intern<T extends string | null>(s: T): T {
  if (s === null) return s;
  const hit = pool.get(s);
  if (hit !== undefined) return hit as T;
  if (pool.size < MAX_INTERNED) pool.set(s, s);
  return s;
}

/**
 * `x` itself, written so that V8 keeps an integer of 31 bits as a small integer inside the object that holds it.
 * Amounts computed from Float64Array columns arrive as doubles even when whole (0, 17725156): stored as such they
 * turn the field of every object of that shape into a boxed number of its own (16 bytes more per field and object:
 * ≈ 35 MiB over a few servicing books at 100k). Equal values; -0 becomes 0.
 */
export function wholeNumber(x: number): number {
  return (x | 0) === x ? x | 0 : x;
}
