import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

/** The documented lease-combined endpoints (api-reference.md §6, §10: "same shapes as users"). */
const baseURL = inject('baseURL');
const tokens: Record<string, string> = {};
type Who = 'analyst' | 'viewer' | 'client';

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['analyst', 'viewer', 'client'] as const));
});

async function call(method: string, path: string, who: Who | null, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

type Row = {
  id: number;
  contractNumber: string;
  status: string;
  firstDueDate: string;
  residual: number;
  total: number;
  client: { idODOO: string; name: string };
};

const nextYear = new Date().getUTCFullYear() + 1;
async function newLeaseBody() {
  const lessee = (await call('GET', '/api/lessees?limit=1', 'viewer')).json.lessees[0];
  return {
    lesseeId: lessee.id,
    assetType: 'vehicle',
    currency: 'EUR',
    price: 4_500_000,
    residual: 900_000,
    term: 36,
    rate: 0.049,
    timing: 'advance',
    firstDueDate: `${nextYear}-06-01`,
    purchaseDate: `${nextYear}-05-20`,
  };
}

describe('scopes', () => {
  it.each([
    ['GET', '/api/lease-combined/list/all-data'],
    ['GET', '/api/lease-combined/list/data'],
    ['GET', '/api/lease-combined/user?id=1'],
  ])('%s %s: 401 without a credential, 403 for a client', async (method, path) => {
    expect((await call(method, path, null)).status).toBe(401);
    expect((await call(method, path, 'client')).status).toBe(403);
  });

  it.each([
    ['POST', '/apps/lease-combined/add-user'],
    ['DELETE', '/apps/lease-combined/delete?id=1'],
  ])('%s %s: a viewer cannot write (403)', async (method, path) => {
    expect((await call(method, path, 'viewer', method === 'POST' ? {} : undefined)).status).toBe(403);
  });
});

describe('GET /api/lease-combined/list/all-data', () => {
  it('is a bare array of the funder’s leases, newest first, with client and total', async () => {
    const { status, json } = await call('GET', '/api/lease-combined/list/all-data', 'viewer');
    expect(status).toBe(200);
    expect(Array.isArray(json)).toBe(true);
    const rows = json as Row[];
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(rows.every((r) => typeof r.client.name === 'string' && r.client.name.length > 0 && 'idODOO' in r.client)).toBe(true);
    expect(rows.every((r) => Number.isInteger(r.total) && r.total >= r.residual)).toBe(true);
    const other = (await call('GET', '/api/lease-combined/list/all-data?funderId=2', 'viewer')).json as Row[];
    expect(other.length).toBeGreaterThan(0);
    expect(other.every((r) => r.contractNumber.startsWith('NL-'))).toBe(true);
    expect(other.some((r) => rows.some((x) => x.id === r.id))).toBe(false);
  });

  it('total is the schedule’s instalments + fees + residual (net of VAT)', async () => {
    const rows = (await call('GET', '/api/lease-combined/list/all-data', 'viewer')).json as Row[];
    const sample = rows.find((r) => r.residual > 0)!;
    const { json } = await call('GET', `/api/leases/${sample.id}`, 'viewer');
    const expected =
      json.schedule.reduce((s: number, r: { instalment: number; fee: number }) => s + r.instalment + r.fee, 0) + sample.residual;
    expect(sample.total).toBe(expected);
  });
});

describe('GET /api/lease-combined/list/data', () => {
  it.each([
    { query: '', perPage: 10, page: 1 },
    { query: 'page=3', perPage: 10, page: 3 },
    { query: 'perPage=25&page=2', perPage: 25, page: 2 },
    { query: 'perPage=100&page=1&status=active', perPage: 100, page: 1, status: 'active' },
    { query: 'status=closed&perPage=7&page=2', perPage: 7, page: 2, status: 'closed' },
    { query: 'q=atlas', perPage: 10, page: 1, q: 'atlas' },
    { query: 'page=9999', perPage: 10, page: 9999 },
  ])('?$query pages the filtered list and answers total = the filtered count', async ({ query, perPage, page, status, q }) => {
    const all = (await call('GET', '/api/lease-combined/list/all-data', 'viewer')).json as Row[];
    const filtered = all.filter(
      (r) =>
        (!status || r.status === status) && (!q || r.contractNumber.toLowerCase().includes(q) || r.client.name.toLowerCase().includes(q)),
    );
    const res = await call('GET', `/api/lease-combined/list/data?${query}`, 'viewer');
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['total', 'users']);
    expect(res.json.total).toBe(filtered.length);
    expect(res.json.users.map((u: Row) => u.id)).toEqual(filtered.slice((page - 1) * perPage, page * perPage).map((r) => r.id));
  });

  it('matches q against the contract number too', async () => {
    const one = ((await call('GET', '/api/lease-combined/list/all-data', 'viewer')).json as Row[])[3]!;
    const res = await call('GET', `/api/lease-combined/list/data?q=${encodeURIComponent(one.contractNumber)}`, 'viewer');
    expect(res.json).toMatchObject({ total: 1, users: [{ id: one.id }] });
  });

  it.each([
    ['perPage=101', 'perPage'],
    ['perPage=0', 'perPage'],
    ['page=0', 'page'],
    ['page=two', 'page'],
    ['status=pending', 'status'],
  ])('answers 400 with the field for %s', async (query, field) => {
    const res = await call('GET', `/api/lease-combined/list/data?${query}`, 'viewer');
    expect(res.status).toBe(400);
    // A list parameter names the offending element (status.0).
    expect(res.json.error.issues.map((i: { field: string }) => i.field.split('.')[0])).toContain(field);
  });
});

describe('GET /api/lease-combined/user', () => {
  it('answers { user } or 404', async () => {
    const one = ((await call('GET', '/api/lease-combined/list/all-data', 'viewer')).json as Row[])[0]!;
    expect((await call('GET', `/api/lease-combined/user?id=${one.id}`, 'viewer')).json).toEqual({ user: one });
    expect((await call('GET', '/api/lease-combined/user?id=99999999', 'viewer')).status).toBe(404);
    expect((await call('GET', `/api/lease-combined/user?id=${one.id}&funderId=2`, 'viewer')).status).toBe(404);
    const missing = await call('GET', '/api/lease-combined/user', 'viewer');
    expect(missing.status).toBe(400);
    expect(missing.json.error.issues[0].field).toBe('id');
  });
});

describe('POST /apps/lease-combined/add-user', () => {
  it.each(['/apps/lease-combined/add-user', '/api/apps/lease-combined/add-user'])('%s creates a real lease: 201 { user }', async (path) => {
    const body = await newLeaseBody();
    const res = await call('POST', path, 'analyst', body);
    expect(res.status).toBe(201);
    expect(Object.keys(res.json)).toEqual(['user']);
    const user = res.json.user as Row & { instalment: number; principal: number };
    expect(user).toMatchObject({ status: 'active', principal: 4_500_000, firstDueDate: `${nextYear}-06-01` });
    const lease = (await call('GET', `/api/leases/${user.id}`, 'viewer')).json;
    expect(lease.schedule).toHaveLength(36);
    expect(user.total).toBe(
      lease.schedule.reduce((s: number, r: { instalment: number; fee: number }) => s + r.instalment + r.fee, 0) + 900_000,
    );
    expect((await call('GET', `/api/lease-combined/user?id=${user.id}`, 'viewer')).json.user.id).toBe(user.id);
  });

  it('answers 400 with the fields', async () => {
    const res = await call('POST', '/apps/lease-combined/add-user', 'analyst', {
      ...(await newLeaseBody()),
      price: -1,
      timing: 'sometimes',
    });
    expect(res.status).toBe(400);
    expect(res.json.error.issues.map((i: { field: string }) => i.field)).toEqual(expect.arrayContaining(['price', 'timing']));
  });
});

describe('DELETE /apps/lease-combined/delete', () => {
  it('deletes by query or JSON body; 404 unknown; 409 for a lease with a payment history', async () => {
    const a = (await call('POST', '/apps/lease-combined/add-user', 'analyst', await newLeaseBody())).json.user as Row;
    const b = (await call('POST', '/apps/lease-combined/add-user', 'analyst', await newLeaseBody())).json.user as Row;
    expect(await call('DELETE', `/apps/lease-combined/delete?id=${a.id}`, 'analyst')).toEqual({ status: 200, json: { deleted: a.id } });
    expect(await call('DELETE', '/api/apps/lease-combined/delete', 'analyst', { id: b.id })).toEqual({
      status: 200,
      json: { deleted: b.id },
    });
    expect((await call('GET', `/api/lease-combined/user?id=${a.id}`, 'viewer')).status).toBe(404);
    expect((await call('DELETE', `/apps/lease-combined/delete?id=${a.id}`, 'analyst')).status).toBe(404);
    expect((await call('DELETE', '/apps/lease-combined/delete', 'analyst')).status).toBe(400);

    // Leases with recorded payments (the seeded ledger) keep their history.
    const all = (await call('GET', '/api/lease-combined/list/all-data', 'viewer')).json as Row[];
    const withPayments = async (status: string) => {
      for (const r of all.filter((x) => x.status === status)) {
        if ((await call('GET', `/api/payments?lease=${r.id}&perPage=1`, 'viewer')).json.total > 0) return r;
      }
      throw new Error(`no ${status} lease with payments`);
    };
    const closed = await withPayments('closed');
    const running = await withPayments('active');
    for (const r of [closed, running]) {
      const res = await call('DELETE', `/apps/lease-combined/delete?id=${r.id}`, 'analyst');
      expect(res.status).toBe(409);
      expect(res.json.error.code).toBe('conflict');
    }
    expect((await call('GET', `/api/lease-combined/user?id=${closed.id}`, 'viewer')).status).toBe(200);
  });
});
