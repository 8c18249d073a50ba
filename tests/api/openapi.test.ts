import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fillPath, queryString } from '@/components/develop/curl';
import { coreRoutes } from '@/lib/openapi/docs/core';
import type { RouteDoc } from '@/lib/openapi/registry';
import {
  jwtLoginErrorResponse,
  jwtRefreshErrorResponse,
  registerDuplicateResponse,
  registerInvalidResponse,
} from '@/lib/openapi/responses-core';
import { demoTokens, uniqueIp } from '../helpers/http';

const baseURL = inject('baseURL');
const tokens: Record<string, string> = {};

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'client'] as const));
});

const as = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });

describe('GET /api/openapi.json', () => {
  it('answers 401 without a credential', async () => {
    const res = await fetch(`${baseURL}/api/openapi.json`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('answers the OpenAPI 3.1 document to any bearer token, even without scopes', async () => {
    const res = await fetch(`${baseURL}/api/openapi.json`, { headers: as('client') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/jwt/login'].post).toBeDefined();
    expect(doc.paths['/api/jwt/login'].post.security).toEqual([]);
    expect(doc.paths['/apps/lease-combined/add-user'].post['x-alias-of']).toBe('/api/apps/lease-combined/add-user');
    expect(doc.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
  });
});

const docOf = (method: RouteDoc['method'], path: string) => coreRoutes.find((d) => d.method === method && d.path === path)!;

function successStatus(d: RouteDoc): number {
  return Number(Object.keys(d.responses).find((s) => Number(s) >= 200 && Number(s) < 300));
}

/** Calls a documented operation with its example (params overridable) and checks status and response schema. */
async function callExample(d: RouteDoc, params: Record<string, string> = {}, query: Record<string, string> = {}) {
  const url = `${baseURL}${fillPath(d.path, { ...d.example?.params, ...params })}${queryString({ ...d.example?.query, ...query })}`;
  const headers: Record<string, string> = { 'x-forwarded-for': uniqueIp() };
  if (d.auth !== 'public') Object.assign(headers, as('admin'));
  const body = d.example?.body;
  const res =
    body !== undefined
      ? await fetch(url, {
          method: d.method.toUpperCase(),
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      : await fetch(url, { method: d.method.toUpperCase(), headers });
  const status = successStatus(d);
  expect(
    res.status,
    await res
      .clone()
      .text()
      .then((t) => t.slice(0, 300)),
  ).toBe(status);
  const doc = d.responses[status]!;
  if (doc.schema) {
    const json: unknown = await res.json();
    const parsed = doc.schema.safeParse(json);
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 5), 'response schema').toEqual([]);
    return json as Record<string, unknown>;
  }
  if (doc.contentType) expect(res.headers.get('content-type')).toContain(doc.contentType);
  await res.arrayBuffer();
  return null;
}

/** Ids of what the write examples created, for the reads of one item. */
const created: Record<string, string> = {};

/**
 * The documented examples work and the documented response schemas fit the real answers. The write
 * examples run first (they create what the item reads need, and delete the leases they create).
 */
describe('documented write examples against the running server', () => {
  it('POST /api/portfolio-views creates the example view', async () => {
    const view = await callExample(docOf('post', '/api/portfolio-views'));
    created['/api/portfolio-views/{id}'] = String(view!.id);
  });

  it('POST /api/quotations creates the example draft', async () => {
    const { quotation } = (await callExample(docOf('post', '/api/quotations'))) as { quotation: { id: number } };
    created['/api/quotations/{id}'] = String(quotation.id);
  });

  it('POST /api/leases creates the example lease and DELETE /api/leases/{id} removes it', async () => {
    const { lease } = (await callExample(docOf('post', '/api/leases'))) as { lease: { id: number } };
    const deleted = await callExample(docOf('delete', '/api/leases/{id}'), { id: String(lease.id) });
    expect(deleted).toEqual({ deleted: lease.id });
  });

  it('POST /apps/lease-combined/add-user creates the example lease and DELETE /apps/lease-combined/delete removes it', async () => {
    const { user } = (await callExample(docOf('post', '/api/apps/lease-combined/add-user'))) as { user: { id: number } };
    const deleted = await callExample(docOf('delete', '/api/apps/lease-combined/delete'), {}, { id: String(user.id) });
    expect(deleted).toEqual({ deleted: user.id });
  });
});

const SAFE_POSTS = new Set([
  '/api/calculators/schedule',
  '/api/calculators/rate',
  '/api/calculators/npv-irr',
  '/api/calculators/price',
  '/api/jwt/login',
]);
const safe = coreRoutes.filter((d) => d.method === 'get' || (d.method === 'post' && SAFE_POSTS.has(d.path)));

describe('documented read examples against the running server', () => {
  it('covers the safe operations', () => {
    expect(safe.length).toBeGreaterThan(20);
  });

  it.each(safe.map((d) => [`${d.method.toUpperCase()} ${d.path}`, d] as const))('%s answers as documented', async (_name, d) => {
    await callExample(d, created[d.path] ? { id: created[d.path]! } : {});
  });
});

describe('documented non-error-shape answers of /jwt/*', () => {
  const json = { 'content-type': 'application/json' };
  it.each([
    ['/jwt/login', { email: 'nobody@quantum.demo', password: 'wrong' }, 400, jwtLoginErrorResponse],
    ['/jwt/refresh-token', { refreshToken: 'not-a-token' }, 401, jwtRefreshErrorResponse],
    ['/jwt/register', { email: 'admin@quantum.demo', password: 'long-enough-1', username: 'someone_new' }, 200, registerDuplicateResponse],
    ['/jwt/register', { email: 'not-an-email', password: 'x', username: '!' }, 400, registerInvalidResponse],
  ] as const)('%s answers %j with %i in the documented shape', async (path, body, status, schema) => {
    const res = await fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { ...json, 'x-forwarded-for': uniqueIp() },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(status);
    const parsed = schema.safeParse(await res.json());
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });
});
