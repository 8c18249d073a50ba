import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
type Who = 'analyst' | 'viewer' | 'client';
const tokens = {} as Record<Who, string>;
const as = (who: Who) => ({ authorization: `Bearer ${tokens[who]}` });

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['analyst', 'viewer', 'client'] as const));
});

function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Response> {
  return fetch(`${baseURL}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function issueFields(res: Response): Promise<string[]> {
  const body = await res.json();
  expect(body.error.code).toBe('invalid');
  return body.error.issues.map((i: { field: string }) => i.field);
}

const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;
const masterFileView = (name = unique('EUR vehicles')) => ({
  module: 'master-file',
  name,
  columns: ['contractNumber', 'lessee', 'price', 'status'],
  filters: { q: 'alpine', currency: ['EUR'], assetType: ['vehicle'], status: ['active'], sort: 'price', dir: 'desc' },
});

async function create(who: Who, body: unknown) {
  const res = await call('POST', '/api/portfolio-views', as(who), body);
  expect(res.status).toBe(201);
  return res.json();
}

describe('/api/portfolio-views authorization', () => {
  it.each([
    ['GET', '/api/portfolio-views'],
    ['POST', '/api/portfolio-views'],
    ['GET', '/api/portfolio-views/1'],
    ['PATCH', '/api/portfolio-views/1'],
    ['DELETE', '/api/portfolio-views/1'],
  ])('%s %s answers 401 without a credential and 403 without read:funders', async (method, path) => {
    const body = method === 'POST' || method === 'PATCH' ? {} : undefined;
    expect((await call(method, path, {}, body)).status).toBe(401);
    expect((await call(method, path, as('client'), body)).status).toBe(403);
  });
});

describe('CRUD of a user’s saved views', () => {
  it('creates (201), lists by module, reads, renames, edits and deletes (204)', async () => {
    const body = masterFileView();
    const created = await create('viewer', body);
    expect(created).toMatchObject({ module: 'master-file', name: body.name, columns: body.columns, filters: body.filters });

    const mine = await (await call('GET', '/api/portfolio-views?module=master-file', as('viewer'))).json();
    expect(mine.views.map((v: { id: number }) => v.id)).toContain(created.id);
    const tcf = await (await call('GET', '/api/portfolio-views?module=total-cash-flow', as('viewer'))).json();
    expect(tcf.views.map((v: { id: number }) => v.id)).not.toContain(created.id);
    expect(await (await call('GET', `/api/portfolio-views/${created.id}`, as('viewer'))).json()).toEqual(created);

    const renamed = await call('PATCH', `/api/portfolio-views/${created.id}`, as('viewer'), { name: `${body.name} (renamed)` });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).name).toBe(`${body.name} (renamed)`);

    const edited = await call('PATCH', `/api/portfolio-views/${created.id}`, as('viewer'), {
      columns: ['lessee', 'rate'],
      filters: { status: ['defaulted'] },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      name: `${body.name} (renamed)`,
      columns: ['lessee', 'rate'],
      filters: { status: ['defaulted'] },
    });

    expect((await call('DELETE', `/api/portfolio-views/${created.id}`, as('viewer'))).status).toBe(204);
    expect((await call('GET', `/api/portfolio-views/${created.id}`, as('viewer'))).status).toBe(404);
    expect((await call('DELETE', `/api/portfolio-views/${created.id}`, as('viewer'))).status).toBe(404);
  });

  it('answers 409 for a name the user already has in the module, on create and on rename', async () => {
    const name = unique('Duplicate');
    const first = await create('viewer', masterFileView(name));
    const dup = await call('POST', '/api/portfolio-views', as('viewer'), masterFileView(name));
    expect(dup.status).toBe(409);
    expect((await dup.json()).error).toMatchObject({ code: 'conflict', issues: [{ field: 'name' }] });
    // The same name in the other module is another view.
    await create('viewer', { module: 'total-cash-flow', name, columns: ['id', 'npv', 'cash'] });

    const other = await create('viewer', masterFileView());
    const rename = await call('PATCH', `/api/portfolio-views/${other.id}`, as('viewer'), { name });
    expect(rename.status).toBe(409);
    // Renaming a view to its own name is not a conflict.
    expect((await call('PATCH', `/api/portfolio-views/${first.id}`, as('viewer'), { name })).status).toBe(200);
  });

  it.each([
    [{ ...masterFileView(), columns: ['contractNumber', 'npv'] }, ['columns.1']],
    [{ ...masterFileView(), module: 'leases' }, ['module']],
    [{ ...masterFileView(), module: 'total-cash-flow' }, ['columns.0', 'columns.2', 'columns.3', 'filters.sort']],
    [{ ...masterFileView(), columns: [] }, ['columns']],
    [{ ...masterFileView(), filters: { status: ['open'] } }, ['filters.status.0']],
    [{ ...masterFileView(), name: '' }, ['name']],
  ])('POST answers 400 naming the fields for %j', async (body, fields) => {
    const res = await call('POST', '/api/portfolio-views', as('viewer'), body);
    expect(res.status).toBe(400);
    expect(await issueFields(res)).toEqual(fields);
  });

  it('PATCH checks columns and sort against the view’s own module', async () => {
    const view = await create('viewer', { module: 'total-cash-flow', name: unique('TCF'), columns: ['id', 'lessee', 'npv'] });
    const bad = await call('PATCH', `/api/portfolio-views/${view.id}`, as('viewer'), {
      columns: ['id', 'price'],
      filters: { sort: 'cash' },
    });
    expect(bad.status).toBe(400);
    expect(await issueFields(bad)).toEqual(['columns.1', 'filters.sort']);
    const empty = await call('PATCH', `/api/portfolio-views/${view.id}`, as('viewer'), {});
    expect(empty.status).toBe(400);
    expect(
      (
        await call('PATCH', `/api/portfolio-views/${view.id}`, as('viewer'), {
          columns: ['id', 'cash'],
          filters: { sort: 'npv', dir: 'asc' },
        })
      ).status,
    ).toBe(200);
  });

  it.each([
    ['/api/portfolio-views?module=leases', 400],
    ['/api/portfolio-views/abc', 400],
    ['/api/portfolio-views/999999', 404],
  ])('GET %s answers %d', async (path, status) => {
    expect((await call('GET', path, as('viewer'))).status).toBe(status);
  });
});

describe('views are private to their user', () => {
  it('another user neither sees nor changes nor deletes them (404), and may use the same name', async () => {
    const name = unique('Private');
    const mine = await create('viewer', masterFileView(name));

    const theirs = await (await call('GET', '/api/portfolio-views', as('analyst'))).json();
    expect(theirs.views.map((v: { id: number }) => v.id)).not.toContain(mine.id);
    expect((await call('GET', `/api/portfolio-views/${mine.id}`, as('analyst'))).status).toBe(404);
    expect((await call('PATCH', `/api/portfolio-views/${mine.id}`, as('analyst'), { name: 'Hijacked' })).status).toBe(404);
    expect((await call('DELETE', `/api/portfolio-views/${mine.id}`, as('analyst'))).status).toBe(404);

    const same = await create('analyst', masterFileView(name));
    expect(same.id).not.toBe(mine.id);
    // The owner's view is untouched.
    expect(await (await call('GET', `/api/portfolio-views/${mine.id}`, as('viewer'))).json()).toEqual(mine);
  });
});
