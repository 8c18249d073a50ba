import { describe, expect, it } from 'vitest';
import { curlFor, fillPath, queryString, shellQuote } from '@/components/develop/curl';
import { matchesFilter } from '@/components/develop/develop-index';
import { constraintPhrases, typeLabel } from '@/components/develop/schema-view';

describe('curl lines of the Develop page', () => {
  it.each([
    ['/api/leases/{id}', { id: '7' }, '/api/leases/7'],
    ['/api/leases/{id}/schedule/export', { id: 'a b' }, '/api/leases/a%20b/schedule/export'],
    ['/api/leases/{id}', {}, '/api/leases/{id}'],
  ])('fillPath(%s, %j) → %s', (path, params, out) => {
    expect(fillPath(path, params)).toBe(out);
  });

  it('queryString keeps non-empty values in order and encodes them', () => {
    expect(queryString({ funderId: '1', q: '', status: 'active,closed', name: 'A&B' })).toBe(
      '?funderId=1&status=active%2Cclosed&name=A%26B',
    );
    expect(queryString({ q: '' })).toBe('');
  });

  it("shellQuote survives a single quote (O'Brien)", () => {
    expect(shellQuote(`{"name":"O'Brien"}`)).toBe(`'{"name":"O'\\''Brien"}'`);
  });

  it('a GET carries the bearer header and the example query; no -X', () => {
    const line = curlFor(
      'get',
      '/api/lessees',
      { 'x-auth': 'read:funders', 'x-example': { query: { funderId: '1', limit: '5' } } },
      'http://h:1',
    );
    expect(line).toBe(`curl \\\n  -H "Authorization: Bearer $TOKEN" \\\n  'http://h:1/api/lessees?funderId=1&limit=5'`);
  });

  it('a POST with a body has -X, the JSON content type and -d; a public one no bearer', () => {
    const line = curlFor('post', '/api/jwt/login', { 'x-auth': 'public', 'x-example': { body: { email: 'a@b.c' } } }, 'https://q.example');
    expect(line).toContain('-X POST');
    expect(line).toContain(`-d '{"email":"a@b.c"}'`);
    expect(line).toContain(`-H 'Content-Type: application/json'`);
    expect(line).not.toContain('Authorization');
    expect(line.endsWith(`'https://q.example/api/jwt/login'`)).toBe(true);
  });
});

describe('the Develop index filter', () => {
  const entry = { id: 'getApiLessees', method: 'get', path: '/api/lessees', summary: 'Search lessees', aliases: [] };
  it.each([
    ['', true],
    ['lessees', true],
    ['GET lessees', true],
    ['post lessees', false],
    ['search', true],
    ['leases', false],
    ['lessee', true],
  ])('%j matches GET /api/lessees: %s', (filter, expected) => {
    expect(matchesFilter(entry, 'Lessees', filter)).toBe(expected);
  });

  it('matches aliases', () => {
    const aliased = { id: 'x', method: 'post', path: '/api/jwt/login', summary: 'Sign in', aliases: ['/jwt/login'] };
    expect(matchesFilter(aliased, 'Auth', '/jwt/login')).toBe(true);
  });
});

describe('schema rendering', () => {
  const t = (key: string, values?: Record<string, string | number>) => `${key}${values ? ` ${JSON.stringify(values)}` : ''}`;
  it.each([
    [{ type: 'integer' }, 'integer'],
    [{ type: 'array', items: { type: 'string' } }, 'string[]'],
    [{ anyOf: [{ type: 'integer' }, { type: 'null' }] }, 'integer | null'],
    [{ $ref: '#/components/schemas/Error' }, 'Error'],
    [{ type: 'string', format: 'binary' }, 'string (binary)'],
    [{ const: 'x' }, '"x"'],
  ])('typeLabel(%j) = %s', (schema, label) => {
    expect(typeLabel(schema)).toBe(label);
  });

  it('names enum, default and bounds', () => {
    expect(constraintPhrases({ type: 'integer', enum: [1, 2], default: 1, minimum: 1, maximum: 100, exclusiveMinimum: 0 }, t)).toEqual([
      'schema.enum 1, 2',
      'schema.default {"value":"1"}',
      'schema.min {"value":1}',
      'schema.max {"value":100}',
      'schema.exclusiveMin {"value":0}',
    ]);
    expect(constraintPhrases({ type: 'string', minLength: 1, maxLength: 40, pattern: '^a' }, t)).toEqual([
      'schema.minLength {"value":1}',
      'schema.maxLength {"value":40}',
      'schema.pattern {"value":"^a"}',
    ]);
  });
});
