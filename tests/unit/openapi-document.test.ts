import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  buildOpenApiDocument,
  operationIdOf,
  TAG_DESCRIPTIONS,
  pathTemplateNames,
  type OpenApiDocument,
  type OpenApiOperation,
} from '@/lib/openapi/document';
import { coreRoutes } from '@/lib/openapi/docs/core';
import { defineRoutes, type HttpMethod } from '@/lib/openapi/registry';
import { ROUTE_DOCS } from '@/lib/openapi/routes';
import { leaseListQuery } from '@/lib/validations/leases';

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

function operations(doc: OpenApiDocument): { path: string; method: HttpMethod; op: OpenApiOperation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method]! })),
  );
}

/** Every "$ref" anywhere in a JSON value. */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

/** Resolves a local JSON pointer ('#/components/schemas/Error') in the document. */
function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), doc);
}

/** The OpenAPI 3.1 rules this document must keep; returns the violations. */
function violations(doc: OpenApiDocument): string[] {
  const out: string[] = [];
  if (doc.openapi !== '3.1.0') out.push(`openapi is ${doc.openapi}`);
  if (!doc.info?.title || !doc.info?.version) out.push('info needs title and version');
  const ids = new Map<string, string>();
  const tagNames = new Set(doc.tags.map((t) => t.name));
  const schemes = new Set(Object.keys(doc.components.securitySchemes));
  for (const { path, method, op } of operations(doc)) {
    const where = `${method.toUpperCase()} ${path}`;
    if (!path.startsWith('/')) out.push(`${where}: path must start with /`);
    if (ids.has(op.operationId)) out.push(`${where}: operationId ${op.operationId} also used by ${ids.get(op.operationId)}`);
    ids.set(op.operationId, where);
    if (Object.keys(op.responses).length === 0) out.push(`${where}: no response`);
    for (const status of Object.keys(op.responses)) {
      if (!/^[1-5]\d\d$/.test(status)) out.push(`${where}: bad status ${status}`);
      if (!op.responses[status]!.description) out.push(`${where}: response ${status} has no description`);
    }
    const declared = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
    for (const name of pathTemplateNames(path)) if (!declared.includes(name)) out.push(`${where}: path parameter {${name}} not declared`);
    for (const name of declared)
      if (!pathTemplateNames(path).includes(name)) out.push(`${where}: path parameter ${name} not in the template`);
    for (const p of op.parameters) if (p.in === 'path' && !p.required) out.push(`${where}: path parameter ${p.name} must be required`);
    const keys = op.parameters.map((p) => `${p.in}:${p.name}`);
    if (new Set(keys).size !== keys.length) out.push(`${where}: duplicate parameters`);
    for (const tag of op.tags) if (!tagNames.has(tag)) out.push(`${where}: tag ${tag} not declared`);
    for (const req of op.security)
      for (const name of Object.keys(req)) if (!schemes.has(name)) out.push(`${where}: unknown security scheme ${name}`);
    if ((method === 'get' || method === 'delete') && op.requestBody?.required) out.push(`${where}: required body on ${method}`);
  }
  for (const ref of refsIn(doc)) if (resolvePointer(doc, ref) === undefined) out.push(`unresolved $ref ${ref}`);
  return out;
}

const doc = buildOpenApiDocument();

describe('the OpenAPI document', () => {
  it('keeps the OpenAPI 3.1 rules (refs resolve, path parameters declared, unique operationIds, responses)', () => {
    expect(violations(doc)).toEqual([]);
  });

  it('documents every RouteDoc and every alias as a path', () => {
    for (const d of ROUTE_DOCS) {
      expect(doc.paths[d.path]?.[d.method], `${d.method} ${d.path}`).toBeDefined();
      for (const alias of d.aliases ?? []) expect(doc.paths[alias]?.[d.method]?.['x-alias-of']).toBe(d.path);
    }
    expect(doc.paths['/jwt/login']?.post).toBeDefined();
    expect(doc.paths['/apps/lease-combined/add-user']?.post).toBeDefined();
  });

  it('has the bearer JWT and cookie schemes; public operations need none, others name their scope', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.components.securitySchemes.cookieSession).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.paths['/api/jwt/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);
    const create = doc.paths['/api/leases']!.post!;
    expect(create['x-required-scope']).toBe('write:funders');
    expect(create.security).toEqual([{ bearerAuth: ['write:funders'] }, { cookieSession: ['write:funders'] }]);
    expect(doc.paths['/api/me']!.get!['x-auth']).toBe('signed-in');
    expect(doc.paths['/api/me']!.get!['x-required-scope']).toBeUndefined();
  });

  it("GET /api/leases's parameters match leaseListQuery (perPage max 100 default 25, sort enum, list filters)", () => {
    const params = doc.paths['/api/leases']!.get!.parameters;
    const byName = Object.fromEntries(params.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(Object.keys(leaseListQuery.shape).sort());
    expect(byName.perPage!.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
    expect(byName.perPage!.required).toBe(false);
    expect(byName.sort!.schema.enum).toEqual(leaseListQuery.shape.sort.unwrap().options);
    expect(byName.status!.schema).toEqual({
      type: 'array',
      items: { type: 'string', enum: ['performing', 'defaulted', 'cured', 'written_off', 'repaid', 'closed', 'terminated', 'active'] },
    });
    expect(byName.status!.explode).toBe(true);
    expect(byName.perPage!.example).toBe('10');
  });

  it('request bodies come from the handler schema, with the example', () => {
    const body = doc.paths['/api/jwt/login']!.post!.requestBody!.content['application/json']!;
    expect(body.schema).toMatchObject({ type: 'object', required: ['email', 'password'] });
    expect(body.example).toEqual({ email: 'analyst@quantum.demo', password: 'quantum-demo' });
  });

  it('error responses point at the shared Error schema', () => {
    const op = doc.paths['/api/leases/{id}']!.patch!;
    for (const status of ['400', '401', '403', '404', '409', '413']) {
      expect(op.responses[status]?.content?.['application/json']?.schema, status).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['error'] });
  });

  it('file downloads are described by their content type', () => {
    const ok = doc.paths['/api/leases/export']!.get!.responses['200']!;
    expect(ok.content?.['text/csv']?.schema).toEqual({ type: 'string', format: 'binary' });
  });

  it('every tag of the core routes has its own description (not the fallback)', () => {
    const coreTags = new Set(coreRoutes.map((d) => d.tag));
    expect([...coreTags].filter((tag) => !TAG_DESCRIPTIONS[tag])).toEqual([]);
    expect(doc.tags.find((t) => t.name === 'Leases')?.description).toBe(TAG_DESCRIPTIONS.Leases);
  });

  it('every example is accepted by the schema it illustrates', () => {
    const rejected: string[] = [];
    for (const d of ROUTE_DOCS) {
      const where = `${d.method.toUpperCase()} ${d.path}`;
      const checks: [string, z.ZodType | undefined, unknown][] = [
        ['body', d.body, d.example?.body],
        ['query', d.query, d.example?.query],
        ['params', d.params, d.example?.params],
      ];
      for (const [part, schema, value] of checks) {
        if (!schema || value === undefined) continue;
        const parsed = schema.safeParse(value);
        if (!parsed.success)
          rejected.push(`${where} ${part}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      }
      if (d.params && !d.example?.params) rejected.push(`${where}: no example for the path parameters`);
    }
    expect(rejected).toEqual([]);
  });

  it('the example check catches a bad example', () => {
    expect(leaseListQuery.safeParse({ perPage: '500' }).success).toBe(false);
  });
});

describe('the structure check itself', () => {
  it('reports an undeclared path parameter, a duplicate operationId and a dangling $ref', () => {
    const routes = defineRoutes([
      {
        method: 'get',
        path: '/api/things/{id}',
        tag: 'T',
        summary: 's',
        auth: null,
        responses: { 200: { description: 'ok', schema: z.object({}) } },
      },
      {
        method: 'get',
        path: '/api/things/{id}',
        tag: 'T',
        summary: 's',
        auth: null,
        params: z.object({ id: z.string() }),
        responses: { 200: { description: 'ok' } },
      },
    ]);
    const broken = buildOpenApiDocument(routes);
    broken.paths['/api/other'] = { get: { ...broken.paths['/api/things/{id}']!.get!, parameters: [] } };
    (broken.components.schemas as Record<string, unknown>).Loop = { $ref: '#/components/schemas/Missing' };
    const found = violations(broken);
    expect(found).toContain('GET /api/other: operationId getApiThingsById also used by GET /api/things/{id}');
    expect(found).toContain('unresolved $ref #/components/schemas/Missing');
    const noParams = buildOpenApiDocument([routes[0]!]);
    expect(violations(noParams)).toContain('GET /api/things/{id}: path parameter {id} not declared');
  });

  it('derives operationIds from method and path', () => {
    expect(operationIdOf('post', '/api/leases/{id}/schedule/export')).toBe('postApiLeasesByIdScheduleExport');
    expect(operationIdOf('get', '/api/openapi.json')).toBe('getApiOpenapiJson');
    expect(operationIdOf('post', '/jwt/refresh-token')).toBe('postJwtRefreshToken');
  });
});
