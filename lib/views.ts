/**
 * The registry of everything QUANTUM keeps in memory across requests. Each derived view of the book (a valued book's
 * summary, a servicing book's KPI sums, the credit states of a day…) and each other process-wide value is declared
 * here once, by name, with what it is derived from and how much of it is kept, and `views()` lists them. Nothing else
 * keeps state beyond a request: tests/unit/views-registry.test.ts fails on a module-level cache declared elsewhere.
 *
 * A derived view is a pure function of its source object, memoised: the book engine never changes a source object
 * in place (a write makes a new valued book, a new servicing book, new credit states), so a value kept under its
 * source is never stale, and it is freed with the source (a WeakMap). Per source at most `perSource` keys are kept,
 * the least recently used dropped first: the bounded memory policy, one for every view.
 *
 * Values live on globalThis under `__quantum:<name>`: Next bundles a module once per layer (the instrumentation hook,
 * the route handlers, the server-rendered pages), and a module-level WeakMap would exist once per copy — what the
 * warm-up or an API route kept would not be seen by a page. Pure otherwise (no I/O).
 */

export type ViewInfo = {
  name: string;
  /** What it holds and what it is derived from. */
  about: string;
  /** How much is kept: "per source, at most N" or the state's own bound. */
  bound: string;
};

function slot<T>(name: string, make: () => T): T {
  const g = globalThis as unknown as Record<string, unknown>;
  const key = `__quantum:${name}`;
  if (!(key in g)) g[key] = make();
  return g[key] as T;
}

const registry = slot('registry', () => new Map<string, ViewInfo>());

function declare(info: ViewInfo): void {
  registry.set(info.name, info);
}

/** Every view and state declared so far (in the order the modules declaring them were loaded). */
export function views(): ViewInfo[] {
  return [...registry.values()];
}

/**
 * A process-wide value that is not a view of a source object: the book engine's per-funder entries, a string pool,
 * a counter, the import jobs. `bound` says what limits it.
 */
export function processState<T>(name: string, about: string, bound: string, make: () => T): T {
  declare({ name, about, bound });
  return slot(name, make);
}

export interface DerivedView<S extends object, V> {
  /** The value kept under `source` and `key`, or `make()`'s, kept. */
  get(source: S, key: string, make: () => V): V;
  /** get(), for a value made by awaiting (kept once made). */
  getAsync(source: S, key: string, make: () => Promise<V>): Promise<V>;
  peek(source: S, key: string): V | undefined;
  set(source: S, key: string, value: V): void;
}

/**
 * A view derived from source objects (see the module doc): per source, values by key, at most `perSource` of them
 * (the least recently used dropped first), freed with the source.
 */
export function derivedView<S extends object, V>(name: string, about: string, perSource = 8): DerivedView<S, V> {
  declare({ name, about, bound: `per source, at most ${perSource}` });
  const memo = slot(name, () => new WeakMap<S, Map<string, V>>());
  const set = (source: S, key: string, value: V) => {
    let byKey = memo.get(source);
    if (!byKey) memo.set(source, (byKey = new Map()));
    else byKey.delete(key);
    byKey.set(key, value);
    while (byKey.size > perSource) byKey.delete(byKey.keys().next().value!);
  };
  /** The value kept under `source` and `key`, marked as the most recently used (dropped last), or undefined. */
  const touch = (source: S, key: string): { hit: V } | undefined => {
    const byKey = memo.get(source);
    if (!byKey?.has(key)) return undefined;
    const hit = byKey.get(key)!;
    if (byKey.size > 1) {
      byKey.delete(key);
      byKey.set(key, hit);
    }
    return { hit };
  };
  return {
    get(source, key, make) {
      const kept = touch(source, key);
      if (kept) return kept.hit;
      const value = make();
      set(source, key, value);
      return value;
    },
    async getAsync(source, key, make) {
      const kept = touch(source, key);
      if (kept) return kept.hit;
      const value = await make();
      set(source, key, value);
      return value;
    },
    peek: (source, key) => memo.get(source)?.get(key),
    set,
  };
}

export interface DerivedValue<S extends object, V> {
  /** The value kept for `source`, or `make()`'s, kept. */
  get(source: S, make: () => V): V;
  peek(source: S): V | undefined;
  set(source: S, value: V): void;
  delete(source: S): void;
}

/** A view with one value per source object (no key): held directly, freed with the source. */
export function derivedValue<S extends object, V>(name: string, about: string): DerivedValue<S, V> {
  declare({ name, about, bound: 'one per source' });
  const memo = slot(name, () => new WeakMap<S, V>());
  return {
    get(source, make) {
      let v = memo.get(source);
      if (v === undefined && !memo.has(source)) memo.set(source, (v = make()));
      return v as V;
    },
    peek: (source) => memo.get(source),
    set: (source, value) => void memo.set(source, value),
    delete: (source) => void memo.delete(source),
  };
}

/** What is kept about one database: a file by its path (every connection to it shares it), an in-memory one by its connection. */
export type DatabaseKey = string | object;

export interface DatabaseState<V> {
  /** The state kept for the database, made on first use. */
  of(database: DatabaseKey): V;
  /** The states kept for database files (an in-memory database's is reached only through its connection). */
  files(): Iterable<V>;
}

/**
 * A process-wide state per database (the book engine's per-funder entries, per-database memos): declared like a view,
 * held per file path or in-memory connection.
 */
export function databaseState<V>(name: string, about: string, bound: string, make: () => V): DatabaseState<V> {
  declare({ name, about, bound: `per database: ${bound}` });
  const held = slot(name, () => ({ files: new Map<string, V>(), memory: new WeakMap<object, V>() }));
  return {
    of(database) {
      if (typeof database === 'string') {
        let v = held.files.get(database);
        if (v === undefined) held.files.set(database, (v = make()));
        return v;
      }
      let v = held.memory.get(database);
      if (v === undefined) held.memory.set(database, (v = make()));
      return v;
    },
    files: () => held.files.values(),
  };
}

/**
 * Catch-ups of a view with the database, one at a time per database and funder. A view's catch-up reads the book
 * change journal and then the rows it names, awaiting each read: two catch-ups at once could apply an older read of a
 * lease after a newer one, or the same change twice. A caller arriving while one runs waits for it and then runs its
 * own (cheap when nothing changed), which sees every write committed before the caller asked.
 */
export interface CatchUps {
  run<T>(db: DatabaseKey, funderId: number, catchUp: () => Promise<T>): Promise<T>;
}

export function catchUps(name: string, about: string): CatchUps {
  const flights = databaseState(
    name,
    about,
    'per funder, the promise of the catch-up in flight',
    () => new Map<number, Promise<unknown>>(),
  );
  return {
    async run<T>(db: DatabaseKey, funderId: number, catchUp: () => Promise<T>): Promise<T> {
      const map = flights.of(db);
      for (let f = map.get(funderId); f; f = map.get(funderId)) await f.catch(() => undefined);
      const run = catchUp();
      map.set(funderId, run);
      try {
        return await run;
      } finally {
        if (map.get(funderId) === run) map.delete(funderId);
      }
    },
  };
}
