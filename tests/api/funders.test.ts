import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
type Who = 'admin' | 'analyst' | 'viewer' | 'client';
const tokens = {} as Record<Who, string>;
const as = (who: Who) => ({ authorization: `Bearer ${tokens[who]}` });

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'analyst', 'viewer', 'client'] as const));
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
  for (const i of body.error.issues) expect(i.message.length).toBeGreaterThan(0);
  return body.error.issues.map((i: { field: string }) => i.field);
}

// Tests write only funders they create: the seeded funders 1 and 2 belong to the other suites' figures.
const unique = () => `Test Funder ${crypto.randomUUID().slice(0, 8)}`;
const minimal = () => ({ name: unique(), baseCurrency: 'EUR', buyRate: 0.05, facilityRate: 0.04 });

describe('GET /api/funders', () => {
  it('answers 401 without a credential and 403 without read:funders', async () => {
    expect((await call('GET', '/api/funders')).status).toBe(401);
    const res = await call('GET', '/api/funders', as('client'));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('lists the funders with their parameters for a viewer', async () => {
    const res = await call('GET', '/api/funders', as('viewer'));
    expect(res.status).toBe(200);
    const { funders } = await res.json();
    expect(funders.length).toBeGreaterThanOrEqual(2);
    expect(funders[0]).toMatchObject({
      id: 1,
      name: 'Atlântico Capital Funding',
      baseCurrency: 'EUR',
      advanceRate: 0.9,
      allocationOrder: ['vat', 'fee', 'interest', 'principal'],
      bucketEdges: [30, 60, 90],
    });
    expect(typeof funders[0].buyRate).toBe('number');
    expect(typeof funders[0].dataVersion).toBe('number');
  });
});

describe('GET /api/funders/[id]', () => {
  it.each([
    ['/api/funders/2', 200],
    ['/api/funders/999999', 404],
    ['/api/funders/abc', 400],
    ['/api/funders/0', 400],
  ])('%s answers %d', async (path, status) => {
    const res = await call('GET', path, as('viewer'));
    expect(res.status).toBe(status);
    if (status === 200) expect((await res.json()).name).toBe('Nordlicht Leasing Bank');
    if (status === 404) expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    if (status === 400) expect(await issueFields(res)).toEqual(['id']);
  });
});

describe('POST /api/funders', () => {
  it.each(['analyst', 'viewer', 'client'] as const)('is admin-only: %s gets 403', async (who) => {
    const res = await call('POST', '/api/funders', as(who), minimal());
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('creates a funder with defaults (201), and refuses its name again in any case (409)', async () => {
    const body = minimal();
    const res = await call('POST', '/api/funders', as('admin'), body);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(res.headers.get('location')).toBe(`/api/funders/${created.id}`);
    expect(created).toMatchObject({
      ...body,
      discountRate: null,
      advanceRate: 1,
      allocationOrder: ['vat', 'fee', 'interest', 'principal'],
      bucketEdges: [30, 60, 90],
      materialityTolerance: 100,
      graceDays: 0,
      importInstalmentTolerance: 0.02,
      dataVersion: 0,
    });
    expect((await call('GET', `/api/funders/${created.id}`, as('viewer'))).status).toBe(200);

    const again = await call('POST', '/api/funders', as('admin'), { ...minimal(), name: body.name.toUpperCase() });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({ code: 'conflict', issues: [{ field: 'name' }] });
  });

  it.each([
    [{}, ['name', 'baseCurrency', 'buyRate', 'facilityRate']],
    [{ baseCurrency: 'XYZ' }, ['baseCurrency']],
    [{ buyRate: 6.25 }, ['buyRate']],
    [{ advanceRate: 0 }, ['advanceRate']],
    [{ bucketEdges: [30, 90, 60] }, ['bucketEdges.2']],
    [{ allocationOrder: ['vat', 'vat', 'interest', 'principal'] }, ['allocationOrder']],
    [{ materialityTolerance: 1.5 }, ['materialityTolerance']],
    [{ importInstalmentTolerance: 0.6 }, ['importInstalmentTolerance']],
    [{ dataVersion: 5 }, ['(root)']],
  ])('answers 400 naming the fields for %j', async (patch, fields) => {
    const body = Object.keys(patch).length === 0 ? {} : { ...minimal(), ...patch };
    const res = await call('POST', '/api/funders', as('admin'), body);
    expect(res.status).toBe(400);
    expect(await issueFields(res)).toEqual(fields);
  });
});

describe('PATCH /api/funders/[id]', () => {
  let id: number;
  let name: string;
  // Without four eyes a change applies at once; with it (the default) see tests/api/four-eyes.test.ts.
  beforeAll(async () => {
    const res = await call('POST', '/api/funders', as('admin'), { ...minimal(), fourEyes: false });
    ({ id, name } = await res.json());
  });

  it.each(['analyst', 'viewer', 'client'] as const)('is admin-only: %s gets 403 and nothing changes', async (who) => {
    const res = await call('PATCH', `/api/funders/${id}`, as(who), { buyRate: 0.09 });
    expect(res.status).toBe(403);
    expect((await (await call('GET', `/api/funders/${id}`, as('viewer'))).json()).buyRate).toBe(0.05);
  });

  it('changes parameters and moves the data version', async () => {
    const before = await (await call('GET', `/api/funders/${id}`, as('viewer'))).json();
    const res = await call('PATCH', `/api/funders/${id}`, as('admin'), {
      buyRate: 0.0625,
      discountRate: 0.07,
      bucketEdges: [15, 45, 90, 180],
      allocationOrder: ['principal', 'interest', 'fee', 'vat'],
      importInstalmentTolerance: 0.035,
    });
    expect(res.status).toBe(200);
    const after = await res.json();
    expect(after).toMatchObject({
      name,
      buyRate: 0.0625,
      discountRate: 0.07,
      bucketEdges: [15, 45, 90, 180],
      allocationOrder: ['principal', 'interest', 'fee', 'vat'],
      importInstalmentTolerance: 0.035,
      facilityRate: 0.04,
    });
    expect(after.dataVersion).toBe(before.dataVersion + 1);
    expect(await (await call('GET', `/api/funders/${id}`, as('viewer'))).json()).toEqual(after);
    // Back to "each lease's contract rate".
    expect((await (await call('PATCH', `/api/funders/${id}`, as('admin'), { discountRate: null })).json()).discountRate).toBeNull();
  });

  it.each([
    [{ buyRate: '6,25' }, ['buyRate']],
    [{ facilityRate: -0.01, graceDays: 400 }, ['facilityRate', 'graceDays']],
    [{ bucketEdges: [60, 30] }, ['bucketEdges.1']],
    [{ advanceRate: 1.2 }, ['advanceRate']],
    [{ importInstalmentTolerance: -0.01 }, ['importInstalmentTolerance']],
    [{ importInstalmentTolerance: '2 %' }, ['importInstalmentTolerance']],
    [{ allocationOrder: ['vat', 'fee', 'interest'] }, ['allocationOrder']],
    [{}, ['(root)']],
    [{ name: '' }, ['name']],
  ])('answers 400 naming the fields for %j', async (patch, fields) => {
    const res = await call('PATCH', `/api/funders/${id}`, as('admin'), patch);
    expect(res.status).toBe(400);
    expect(await issueFields(res)).toEqual(fields);
  });

  it('answers 404 for an unknown funder and 409 for another funder’s name', async () => {
    const missing = await call('PATCH', '/api/funders/999999', as('admin'), { buyRate: 0.05 });
    expect(missing.status).toBe(404);
    const taken = await call('PATCH', `/api/funders/${id}`, as('admin'), { name: 'nordlicht leasing bank' });
    expect(taken.status).toBe(409);
    // Its own name in another case is not a conflict.
    expect((await call('PATCH', `/api/funders/${id}`, as('admin'), { name: name.toLowerCase() })).status).toBe(200);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await fetch(`${baseURL}/api/funders/${id}`, {
      method: 'PATCH',
      headers: { ...as('admin'), 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
  });
});

describe('the active funder (navbar switch)', () => {
  it('POST sets the HttpOnly cookie quantum.funder for a valid funder', async () => {
    const res = await call('POST', '/api/funders/active', as('viewer'), { funderId: 2 });
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(2);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('quantum.funder='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/^quantum\.funder=2;/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
  });

  it.each([
    [undefined, 1],
    ['quantum.funder=2', 2],
    ['quantum.funder=999999', 1],
    ['quantum.funder=abc', 1],
  ])('GET with cookie %j is funder %d', async (cookie, expected) => {
    const res = await call('GET', '/api/funders/active', { ...as('viewer'), ...(cookie ? { cookie } : {}) });
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(expected);
  });

  it.each([
    [{ funderId: 999999 }, 404, null],
    [{ funderId: 'two' }, 400, ['funderId']],
    [{}, 400, ['funderId']],
    [{ funderId: 1.5 }, 400, ['funderId']],
  ])('POST %j answers %d and sets no cookie', async (body, status, fields) => {
    const res = await call('POST', '/api/funders/active', as('viewer'), body);
    expect(res.status).toBe(status);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('quantum.funder='))).toBe(false);
    if (fields) expect(await issueFields(res)).toEqual(fields);
  });

  it('needs read:funders', async () => {
    expect((await call('POST', '/api/funders/active', {}, { funderId: 1 })).status).toBe(401);
    expect((await call('POST', '/api/funders/active', as('client'), { funderId: 1 })).status).toBe(403);
  });
});
