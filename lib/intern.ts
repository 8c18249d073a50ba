/**
 * One shared copy of repeated strings read per row from the database (a currency, a status, a frequency, a
 * lessee's name, a date): SQLite hands out a new string per row and column, so a 100,000-lease book held in
 * memory kept 100,000 copies of "EUR", of "active", of each lessee's name… (issue #10: ≈ 45 MiB). `intern`
 * returns the first copy seen of an equal string. Bounded: past MAX_INTERNED distinct strings a new one is
 * returned as is (still correct, only not shared), so unique values (contract numbers) must not be passed.
 */
const pool = new Map<string, string>();
export const MAX_INTERNED = 200_000;

export function intern<T extends string | null>(s: T): T {
  if (s === null) return s;
  const hit = pool.get(s);
  if (hit !== undefined) return hit as T;
  if (pool.size < MAX_INTERNED) pool.set(s, s);
  return s;
}
