import { describe, expect, it, vi } from 'vitest';

describe('processWide', () => {
  it('gives every copy of a module the same value (Next bundles a module once per layer)', async () => {
    const first = await import('@/lib/process-wide');
    const a = first.processWide('test:memo', () => new WeakMap<object, number>());
    // A second copy of the module, as in another bundle: its own module scope, the same process.
    vi.resetModules();
    const second = await import('@/lib/process-wide');
    expect(second).not.toBe(first);
    const b = second.processWide('test:memo', () => new WeakMap<object, number>());
    expect(b).toBe(a);
    const key = {};
    a.set(key, 1);
    expect(b.get(key)).toBe(1);
    // Another name is another value; the factory runs once per name.
    const make = vi.fn(() => ({ n: 0 }));
    const c1 = second.processWide('test:counter', make);
    const c2 = first.processWide('test:counter', make);
    expect(c1).toBe(c2);
    expect(c1).not.toBe(a);
    expect(make).toHaveBeenCalledTimes(1);
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
});
