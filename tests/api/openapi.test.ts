import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fillPath, queryString } from '@/components/develop/curl';
import { coreRoutes } from '@/lib/openapi/docs/core';
import type { RouteDoc } from '@/lib/openapi/registry';
import { demoTokens, postJson, uniqueIp } from '../helpers/http';

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

/**
 * The documented examples work and the documented response schemas fit the real answers: every safe
 * core operation (GET, and the stateless calculator and sign-in POSTs) is called with its example and
 * must answer its documented success status with a body its response schema accepts.
 */
const SAFE_POSTS = new Set(['/api/calculators/schedule', '/api/calculators/rate', '/api/calculators/npv-irr', '/api/calculators/price', '/api/jwt/login']);
const safe = coreRoutes.filter((d) => d.method === 'get' || (d.method === 'post' && SAFE_POSTS.has(d.path)));

function successStatus(d: RouteDoc): number {
  return Number(Object.keys(d.responses).find((s) => Number(s) >= 200 && Number(s) < 300));
}

describe('documented examples against the running server', () => {
  it('covers the safe operations', () => {
    expect(safe.length).toBeGreaterThan(20);
  });

  it.each(safe.map((d) => [`${d.method.toUpperCase()} ${d.path}`, d] as const))('%s answers as documented', async (_name, d) => {
    const url = `${baseURL}${fillPath(d.path, d.example?.params ?? {})}${queryString(d.example?.query ?? {})}`;
    const headers: Record<string, string> = { 'x-forwarded-for': uniqueIp() };
    if (d.auth !== 'public') Object.assign(headers, as('admin'));
    const res = d.method === 'get' ? await fetch(url, { headers }) : await postJson(baseURL, url.slice(baseURL.length), d.example?.body ?? {}, headers);
    const status = successStatus(d);
    expect(res.status, await res.clone().text().then((t) => t.slice(0, 300))).toBe(status);
    const doc = d.responses[status]!;
    if (doc.schema) {
      const parsed = doc.schema.safeParse(await res.json());
      expect(parsed.success ? [] : parsed.error.issues.slice(0, 5), 'response schema').toEqual([]);
    } else if (doc.contentType) {
      expect(res.headers.get('content-type')).toContain(doc.contentType);
      await res.arrayBuffer();
    }
  });
});
