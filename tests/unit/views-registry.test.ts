import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

describe('lib/views: the registry of what is kept across requests', () => {
  it('gives every copy of a module the same state (Next bundles a module once per layer)', async () => {
    const first = await import('@/lib/views');
    const a = first.processState('test:memo', 'a test memo', 'none', () => new WeakMap<object, number>());
    // A second copy of the module, as in another bundle: its own module scope, the same process.
    vi.resetModules();
    const second = await import('@/lib/views');
    expect(second).not.toBe(first);
    const b = second.processState('test:memo', 'a test memo', 'none', () => new WeakMap<object, number>());
    expect(b).toBe(a);
    const key = {};
    a.set(key, 1);
    expect(b.get(key)).toBe(1);
    // Another name is another value; the factory runs once per name.
    const make = vi.fn(() => ({ n: 0 }));
    const c1 = second.processState('test:counter', 'a counter', 'one', make);
    const c2 = first.processState('test:counter', 'a counter', 'one', make);
    expect(c1).toBe(c2);
    expect(c1).not.toBe(a);
    expect(make).toHaveBeenCalledTimes(1);
    // Both copies list what was declared, once.
    expect(second.views().filter((v) => v.name === 'test:counter')).toHaveLength(1);
  });

  it('keeps a derived view per source object, at most perSource keys, the least recently used dropped first', async () => {
    const { derivedView, derivedValue, views } = await import('@/lib/views');
    const view = derivedView<object, number>('test:derived', 'squares', 2);
    const source = {};
    const make = vi.fn((n: number) => n * n);
    expect(view.get(source, '2', () => make(2))).toBe(4);
    expect(view.get(source, '3', () => make(3))).toBe(9);
    expect(view.get(source, '2', () => make(2))).toBe(4); // kept; now the most recent
    expect(view.get(source, '4', () => make(4))).toBe(16); // drops '3'
    expect(view.peek(source, '3')).toBeUndefined();
    expect(view.peek(source, '2')).toBe(4);
    expect(make).toHaveBeenCalledTimes(3);
    // Another source object has its own values.
    expect(view.peek({}, '2')).toBeUndefined();
    const one = derivedValue<object, string>('test:value', 'a text');
    const calls = vi.fn(() => 'made');
    expect(one.get(source, calls)).toBe('made');
    expect(one.get(source, calls)).toBe('made');
    expect(calls).toHaveBeenCalledTimes(1);
    one.delete(source);
    expect(one.peek(source)).toBeUndefined();
    expect(views().find((v) => v.name === 'test:derived')).toMatchObject({ about: 'squares', bound: 'per source, at most 2' });
  });

  it('keeps a database state per file path (every connection shares it) and per in-memory connection', async () => {
    const { databaseState } = await import('@/lib/views');
    const state = databaseState('test:db', 'per database', 'one', () => new Map<number, string>());
    state.of('/tmp/a.db').set(1, 'a');
    expect(state.of('/tmp/a.db').get(1)).toBe('a');
    expect(state.of('/tmp/b.db').get(1)).toBeUndefined();
    const conn = {};
    state.of(conn).set(1, 'memory');
    expect(state.of(conn).get(1)).toBe('memory');
    expect([...state.files()]).toHaveLength(2);
  });

  it('numbers servicing book lineages from one counter across copies of the module', async () => {
    vi.resetModules();
    await import('@/services/servicing/book');
    const counter = (globalThis as unknown as Record<string, { n: number }>)['__quantum:servicingLineages'];
    expect(counter).toEqual({ n: 0 });
    vi.resetModules();
    await import('@/services/servicing/book');
    expect((globalThis as unknown as Record<string, unknown>)['__quantum:servicingLineages']).toBe(counter);
  });

  it('interns strings into one pool across copies of lib/intern (the bound counts every copy)', async () => {
    vi.resetModules();
    const a = await import('@/lib/intern');
    vi.resetModules();
    const b = await import('@/lib/intern');
    expect(b).not.toBe(a);
    const pool = (globalThis as unknown as Record<string, Map<string, string>>)['__quantum:interned']!;
    const size = pool.size;
    const text = `process-wide ${Math.random()}`;
    expect(a.intern(text)).toBe(text);
    expect(pool.size).toBe(size + 1);
    expect(b.intern(text)).toBe(text);
    expect(pool.size).toBe(size + 1);
  });

  it('is the only place that keeps state across requests: no module of lib/, services/ or db/ holds a cache of its own', () => {
    const root = path.resolve(__dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = path.join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(name)) files.push(p);
      }
    };
    for (const dir of ['lib', 'services', 'db']) walk(path.join(root, dir));
    // Allowed: the registry itself, and the server's connection (db/index.ts: tests put theirs there).
    const allowed: Record<string, RegExp> = { 'lib/views.ts': /./, 'db/index.ts': /__quantumDb/ };
    const offenders: string[] = [];
    for (const file of files) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      const text = readFileSync(file, 'utf8');
      for (const [n, line] of text.split('\n').entries()) {
        if (!/globalThis|__quantum/.test(line)) continue;
        if (allowed[rel]?.test(line)) continue;
        offenders.push(`${rel}:${n + 1}: ${line.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
