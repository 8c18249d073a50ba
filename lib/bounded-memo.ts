/**
 * `make()` kept in `cache` under `key`. The cache is emptied when it holds `max` entries: a guard, for caches whose
 * keys are bounded by what the code asks (option sets, class strings, dates shown) but not by a type.
 */
export function keptIn<V>(cache: Map<string, V>, key: string, max: number, make: () => V): V {
  let v = cache.get(key);
  if (v === undefined) {
    v = make();
    if (cache.size >= max) cache.clear();
    cache.set(key, v);
  }
  return v;
}
