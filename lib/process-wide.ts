/**
 * One value per process, whichever copy of a module asks for it. Next bundles a module once per layer (the
 * instrumentation hook, the route handlers, the server-rendered pages), so a module-level `const memo = new WeakMap()`
 * exists once per copy: what the start-up warm-up or an API route memoised was not seen by a page, which computed and
 * held the same figures again (the credit states of a day, ≈ 20 MiB on the 100,000-lease book). Kept on globalThis
 * under `__quantum:<name>`; pure otherwise (no I/O).
 */
export function processWide<T>(name: string, make: () => T): T {
  const g = globalThis as unknown as Record<string, unknown>;
  const key = `__quantum:${name}`;
  if (!(key in g)) g[key] = make();
  return g[key] as T;
}
