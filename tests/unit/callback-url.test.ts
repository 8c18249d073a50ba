import { describe, expect, it } from 'vitest';
import { safeCallbackPath } from '@/lib/auth/callback-url';

describe('safeCallbackPath', () => {
  it.each([
    ['/en/dashboard', '/en/dashboard'],
    ['/de/portfolio/summary?cutoff=2026-11-01', '/de/portfolio/summary?cutoff=2026-11-01'],
    ['//evil.example/x', '/en'],
    ['https://evil.example/', '/en'],
    ['/\\evil.example', '/en'],
    ['javascript:alert(1)', '/en'],
    ['', '/en'],
    [null, '/en'],
    ['/en/%0d%0aSet-Cookie:x', '/en/%0d%0aSet-Cookie:x'],
  ])('%s → %s', (raw, expected) => {
    expect(safeCallbackPath(raw, '/en')).toBe(expected);
  });
});
