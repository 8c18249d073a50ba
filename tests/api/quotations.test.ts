import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
const tokens: Record<string, string> = {};
type Who = 'admin' | 'analyst' | 'viewer' | 'client';

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'analyst', 'viewer', 'client'] as const));
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

const nextYear = new Date().getUTCFullYear() + 1;
async function body(extra: Record<string, unknown> = {}) {
  const lessee = (await call('GET', '/api/lessees?limit=1', 'viewer')).json.lessees[0];
  return {
    lesseeId: lessee.id,
    assetType: 'medical',
    assetDescription: 'Ultrasound',
    currency: 'EUR',
    price: 9_000_000,
    term: 60,
    rate: 0.052,
    timing: 'advance',
    firstDueDate: `${nextYear}-02-01`,
    ...extra,
  };
}

async function newDraft() {
  const res = await call('POST', '/api/quotations', 'analyst', await body());
  expect(res.status).toBe(201);
  return res.json.quotation as { id: number; version: number; status: string; instalment: number };
}

/** The analyst prepares; four eyes (on for the demo funders) has another user approve: the admin. */
const move = (id: number, status: string, note?: string, who: Who = status === 'approved' ? 'admin' : 'analyst') =>
  call('PATCH', `/api/quotations/${id}/status`, who, { status, ...(note ? { note } : {}) });

describe('scopes', () => {
  it.each([
    ['GET', '/api/quotations'],
    ['GET', '/api/quotations/1'],
    ['GET', '/api/quotations/export'],
  ])('%s %s: 401 without a credential, 403 for a client', async (method, path) => {
    expect((await call(method, path, null)).status).toBe(401);
    expect((await call(method, path, 'client')).status).toBe(403);
  });

  it.each([
    ['POST', '/api/quotations'],
    ['PATCH', '/api/quotations/1'],
    ['PATCH', '/api/quotations/1/status'],
    ['POST', '/api/quotations/1/sync'],
  ])('%s %s: a viewer cannot write (403)', async (method, path) => {
    expect((await call(method, path, 'viewer', {})).status).toBe(403);
  });
});

describe('quotations', () => {
  it('creates a draft (201) with the instalment computed, and keeps the creation in the history', async () => {
    const q = await newDraft();
    expect(q).toMatchObject({ status: 'draft', version: 1 });
    expect(q.instalment).toBeGreaterThan(0);
    const read = await call('GET', `/api/quotations/${q.id}`, 'viewer');
    expect(read.json.history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'draft', userName: 'Ana Analyst' })]);
  });

  it.each([
    [{ price: 0 }, 'price'],
    [{ term: 700 }, 'term'],
    [{ firstDueDate: 'tomorrow' }, 'firstDueDate'],
    [{ assetType: 'boat' }, 'assetType'],
  ])('answers 400 naming the field for %j', async (patch, field) => {
    const res = await call('POST', '/api/quotations', 'analyst', await body(patch));
    expect(res.status).toBe(400);
    expect(res.json.error.issues.map((i: { field: string }) => i.field)).toContain(field);
  });

  it('lists with the status filter; total is the filtered count', async () => {
    await newDraft();
    const submitted = await newDraft();
    await move(submitted.id, 'submitted');
    const all = await call('GET', '/api/quotations?perPage=100', 'viewer');
    const drafts = await call('GET', '/api/quotations?status=draft&perPage=100', 'viewer');
    expect(drafts.json.total).toBe(all.json.quotations.filter((q: { status: string }) => q.status === 'draft').length);
    expect(drafts.json.quotations.every((q: { status: string }) => q.status === 'draft')).toBe(true);
    const page = await call('GET', '/api/quotations?perPage=1&page=2', 'viewer');
    expect(page.json.quotations.map((q: { id: number }) => q.id)).toEqual([all.json.quotations[1].id]);
    expect(page.json.total).toBe(all.json.total);
    expect((await call('GET', '/api/quotations?status=lost', 'viewer')).status).toBe(400);
  });

  it('edits a draft with its version; a stale version or a non-draft answers 409', async () => {
    const q = await newDraft();
    const edited = await call('PATCH', `/api/quotations/${q.id}`, 'analyst', { version: 1, rate: 0.061 });
    expect(edited.status).toBe(200);
    expect(edited.json.quotation).toMatchObject({ version: 2, rate: 0.061 });
    expect(edited.json.quotation.instalment).toBeGreaterThan(q.instalment);
    expect((await call('PATCH', `/api/quotations/${q.id}`, 'analyst', { version: 1, rate: 0.07 })).status).toBe(409);
    const invalid = await call('PATCH', `/api/quotations/${q.id}`, 'analyst', { version: 2, downPayment: 9_000_000 });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.issues[0].field).toBe('downPayment');
    await move(q.id, 'submitted');
    const notDraft = await call('PATCH', `/api/quotations/${q.id}`, 'analyst', { version: 3, rate: 0.05 });
    expect(notDraft.status).toBe(409);
    expect(notDraft.json.error.message).toContain('only a draft');
  });

  it('goes draft → submitted → approved → converted, creating the lease; every other move answers 409', async () => {
    const q = await newDraft();
    const skip = await move(q.id, 'approved');
    expect(skip.status).toBe(409);
    expect(skip.json.error.message).toMatch(/draft quotation cannot become approved/);
    expect((await move(q.id, 'submitted', 'complete file')).json.quotation.status).toBe('submitted');
    expect((await move(q.id, 'converted')).status).toBe(409);
    expect((await move(q.id, 'approved')).json.quotation.status).toBe('approved');
    const converted = await move(q.id, 'converted');
    expect(converted.status).toBe(200);
    const { quotation, lease } = converted.json;
    expect(quotation).toMatchObject({ status: 'converted', leaseId: lease.id, leaseContractNumber: lease.contractNumber });
    expect(lease).toMatchObject({ price: 9_000_000, term: 60, rate: 0.052, instalment: q.instalment, status: 'active' });
    expect((await call('GET', `/api/leases/${lease.id}`, 'viewer')).status).toBe(200);
    for (const to of ['draft', 'submitted', 'approved', 'rejected', 'converted']) expect((await move(q.id, to)).status).toBe(409);
    const history = (await call('GET', `/api/quotations/${q.id}`, 'viewer')).json.history;
    expect(history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['draft', 'submitted', 'approved', 'converted']);
    expect(history[1]).toMatchObject({ fromStatus: 'draft', note: 'complete file', userName: 'Ana Analyst' });
  });

  it('four eyes: the submitter cannot approve (403 with the reason); another user can', async () => {
    const q = await newDraft();
    await move(q.id, 'submitted');
    const self = await move(q.id, 'approved', undefined, 'analyst');
    expect(self.status).toBe(403);
    expect(self.json.error.message).toMatch(/you submitted quotation \d+, so another user must approve it/);
    expect((await call('GET', `/api/quotations/${q.id}`, 'viewer')).json.quotation.status).toBe('submitted');
    expect((await move(q.id, 'approved', undefined, 'admin')).json.quotation.status).toBe('approved');
  });

  it('rejects from submitted only, and a rejected quotation is final', async () => {
    const q = await newDraft();
    expect((await move(q.id, 'rejected')).status).toBe(409);
    await move(q.id, 'submitted');
    expect((await move(q.id, 'rejected')).json.quotation.status).toBe('rejected');
    expect((await move(q.id, 'approved')).status).toBe(409);
  });

  it('answers 400 for an unknown status and 404 for an unknown quotation', async () => {
    const q = await newDraft();
    const bad = await move(q.id, 'archived');
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues[0].field).toBe('status');
    expect((await move(99999999, 'submitted')).status).toBe(404);
    expect((await call('GET', '/api/quotations/99999999', 'viewer')).status).toBe(404);
    expect((await call('GET', `/api/quotations/${q.id}?funderId=2`, 'viewer')).status).toBe(404);
  });

  it('sync answers 501 not_implemented while no ERP is configured (404 for an unknown quotation)', async () => {
    const q = await newDraft();
    const res = await call('POST', `/api/quotations/${q.id}/sync`, 'analyst');
    expect(res.status).toBe(501);
    expect(res.json.error.code).toBe('not_implemented');
    expect(res.json.error.message).toMatch(/^No ERP is configured: set ODOO_URL, ODOO_DB, ODOO_USER, ODOO_API_KEY/);
    expect((await call('POST', '/api/quotations/99999999/sync', 'analyst')).status).toBe(404);
  });

  it('exports the filtered list as CSV', async () => {
    const res = await fetch(`${baseURL}/api/quotations/export?format=csv&status=converted`, {
      headers: { authorization: `Bearer ${tokens.viewer}` },
    });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]!.split(',')[0]).toBe('Quotation');
    expect(lines.slice(1).every((l) => l.includes('Converted'))).toBe(true);
  });
});
