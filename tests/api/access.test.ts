import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens, postJson, uniqueIp } from '../helpers/http';

const baseURL = inject('baseURL');
const tokens = {} as Record<'admin' | 'analyst' | 'viewer' | 'funder2', string>;
let funder2UserId = 0;
const stamp = Date.now().toString(36);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes
async function call(method: string, path: string, who: keyof typeof tokens, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens[who]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'analyst', 'viewer'] as const));
  // An analyst assigned to funder 2 only.
  const user = {
    fullName: 'Funder Two Analyst',
    username: `f2${stamp}`,
    email: `f2${stamp}@example.com`,
    role: 'analyst',
    password: 'a-good-password',
  };
  const created = await postJson(baseURL, '/apps/users/add-user', user, { authorization: `Bearer ${tokens.admin}` });
  expect(created.status).toBe(201);
  funder2UserId = (await created.json()).user.id;
  expect((await call('PUT', `/api/users/${funder2UserId}/funders`, 'admin', { funderIds: [2] })).status).toBe(200);
  const login = await postJson(baseURL, '/jwt/login', { email: user.email, password: user.password }, { 'x-forwarded-for': uniqueIp() });
  tokens.funder2 = (await login.json()).accessToken;
});

describe('per-funder access (domain.md §12)', () => {
  it('GET/PUT /api/users/{id}/funders: admin only; the assignment reads back; unknown funder 404', async () => {
    expect(await call('GET', `/api/users/${funder2UserId}/funders`, 'admin')).toMatchObject({
      status: 200,
      json: { userId: funder2UserId, allFunders: false, funderIds: [2] },
    });
    expect((await call('GET', `/api/users/${funder2UserId}/funders`, 'analyst')).status).toBe(403);
    expect((await call('PUT', `/api/users/${funder2UserId}/funders`, 'admin', { funderIds: [999999] })).status).toBe(404);
    expect((await call('PUT', `/api/users/${funder2UserId}/funders`, 'admin', { funderIds: ['x'] })).status).toBe(400);
    expect((await call('GET', '/api/users/99999999/funders', 'admin')).status).toBe(404);
  });

  it.each([
    ['/api/leases?funderId=1'],
    ['/api/leases'],
    ['/api/quotations?funderId=1'],
    ['/api/payments?funderId=1'],
    ['/api/sqn/total-cash?funderId=1'],
    ['/api/leases/export?funderId=1&format=csv'],
  ])('a user assigned only to funder 2 gets 403 on the list %s', async (path) => {
    const res = await call('GET', path, 'funder2');
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('forbidden');
  });

  it('a user assigned only to funder 2 gets 404 on funder 1 records, and reads funder 2', async () => {
    const lease1 = (await call('GET', '/api/leases?funderId=1&perPage=1', 'viewer')).json.leases[0];
    const lease2 = (await call('GET', '/api/leases?funderId=2&perPage=1', 'viewer')).json.leases[0];
    expect((await call('GET', `/api/leases/${lease1.id}?funderId=1`, 'funder2')).status).toBe(404);
    expect((await call('PATCH', `/api/leases/${lease1.id}?funderId=1`, 'funder2', { version: 1, rate: 0.05 })).status).toBe(404);
    expect((await call('GET', '/api/funders/1', 'funder2')).status).toBe(404);
    expect((await call('GET', `/api/leases/${lease2.id}?funderId=2`, 'funder2')).status).toBe(200);
    expect((await call('GET', '/api/leases?funderId=2', 'funder2')).status).toBe(200);
    expect((await call('GET', '/api/funders/2', 'funder2')).status).toBe(200);
  });

  it('the funder switch lists and accepts only assigned funders; the active funder falls back to an assigned one', async () => {
    expect((await call('GET', '/api/funders', 'funder2')).json.funders.map((f: { id: number }) => f.id)).toEqual([2]);
    expect((await call('GET', '/api/funders/active', 'funder2')).json.id).toBe(2);
    expect((await call('POST', '/api/funders/active', 'funder2', { funderId: 1 })).status).toBe(403);
    expect((await call('POST', '/api/funders/active', 'funder2', { funderId: 2 })).status).toBe(200);
  });

  it('an admin sees every funder without assignments; the demo viewer keeps both demo funders', async () => {
    const all = (await call('GET', '/api/funders', 'admin')).json.funders.map((f: { id: number }) => f.id);
    expect(all).toEqual(expect.arrayContaining([1, 2]));
    expect((await call('GET', `/api/users/1/funders`, 'admin')).json.allFunders).toBe(true);
    expect((await call('GET', '/api/leases?funderId=1', 'admin')).status).toBe(200);
    expect((await call('GET', '/api/funders', 'viewer')).json.funders.map((f: { id: number }) => f.id)).toEqual(
      expect.arrayContaining([1, 2]),
    );
  });
});

describe('audit trail', () => {
  it('records the assignment change with who and before → after; GET /api/audit is admin-only and filters', async () => {
    const res = await call('GET', `/api/audit?entity=funder_assignment&entityId=${funder2UserId}`, 'admin');
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(1);
    expect(res.json.rows[0]).toMatchObject({
      userEmail: 'admin@quantum.demo',
      action: 'update',
      before: { funderIds: [] },
      after: { funderIds: [2] },
    });
    expect((await call('GET', '/api/audit', 'analyst')).status).toBe(403);
    expect((await call('GET', '/api/audit?entity=nope', 'admin')).status).toBe(400);
  });

  it('a lease created and edited leaves one audit row per change, a refused (stale) edit none', async () => {
    const lessee = (await call('GET', '/api/lessees?funderId=1&limit=1', 'viewer')).json.lessees[0];
    const nextYear = new Date().getUTCFullYear() + 1;
    const terms = {
      lesseeId: lessee.id,
      assetType: 'machinery',
      assetDescription: 'Audit test press',
      currency: 'EUR',
      price: 8_000_000,
      downPayment: 800_000,
      residual: 400_000,
      term: 48,
      rate: 0.055,
      timing: 'arrears',
      firstDueDate: `${nextYear}-03-01`,
      purchaseDate: `${nextYear}-01-15`,
    };
    const created = await call('POST', '/api/leases', 'analyst', terms);
    expect(created.status).toBe(201);
    const lease = created.json.lease;
    const count = async () => (await call('GET', `/api/audit?entity=lease&entityId=${lease.id}`, 'admin')).json.total as number;
    expect(await count()).toBe(1);
    expect((await call('PATCH', `/api/leases/${lease.id}?funderId=1`, 'analyst', { version: 7, assetDescription: 'stale' })).status).toBe(
      409,
    );
    expect(await count()).toBe(1);
    expect(
      (await call('PATCH', `/api/leases/${lease.id}?funderId=1`, 'analyst', { version: 1, assetDescription: `audited ${stamp}` })).status,
    ).toBe(200);
    expect(await count()).toBe(2);
    const row = (await call('GET', `/api/audit?entity=lease&entityId=${lease.id}&perPage=1`, 'admin')).json.rows[0];
    expect(row).toMatchObject({
      userEmail: 'analyst@quantum.demo',
      funderId: 1,
      action: 'update',
      after: { assetDescription: `audited ${stamp}` },
    });
  });

  it('exports the filtered trail as CSV', async () => {
    const res = await fetch(`${baseURL}/api/audit/export?format=csv&entity=funder_assignment`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(await res.text()).toMatch(/funder_assignment/);
  });

  it("exports the screen's words in the requested locale, the stored codes beside them", async () => {
    const res = await fetch(`${baseURL}/api/audit/export?format=csv&entity=funder_assignment&entityId=${funder2UserId}&locale=de`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/[\u00a0\u202f]/g, ' ');
    // Entity, action and the change as Settings › Audit trail shows them (services/audit/trail.ts describeAuditEntry).
    expect(text).toContain('Finanziererzuordnung');
    expect(text).toContain('Geändert');
    expect(text).toContain('Finanzierer: (leer) → 2');
    expect(text).toContain('funder_assignment');
    expect(text).toContain('{""funderIds"":[2]}');
  });
});
