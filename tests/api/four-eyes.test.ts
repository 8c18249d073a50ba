/**
 * Four eyes on funder settings and the audit of users (domain.md §12): a change of a funder's settings by one
 * admin is a pending proposal that another admin approves; the proposer's own approval answers 403; a
 * proposal that is no longer pending or whose base changed answers 409; password changes and
 * self-registrations leave an audit row that never holds the password.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens, postJson, uniqueIp } from '../helpers/http';

const baseURL = inject('baseURL');
type Who = 'admin' | 'admin2' | 'analyst' | 'viewer';
const tokens = {} as Record<Who, string>;
const as = (who: Who) => ({ authorization: `Bearer ${tokens[who]}` });

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'admin2', 'analyst', 'viewer'] as const));
});

async function call(method: string, path: string, who: Who | null, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { ...(who ? as(who) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: await res.json().catch(() => null) };
}

// Only funders made here are changed: the seeded funders 1 and 2 carry the other suites' figures.
async function newFunder(extra: Record<string, unknown> = {}): Promise<{ id: number; name: string; dataVersion: number }> {
  const res = await call('POST', '/api/funders', 'admin', {
    name: `Four Eyes ${crypto.randomUUID().slice(0, 8)}`,
    baseCurrency: 'EUR',
    buyRate: 0.05,
    facilityRate: 0.04,
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.json;
}

const funder = async (id: number) => (await call('GET', `/api/funders/${id}`, 'viewer')).json;
const audit = async (query: string) =>
  (await call('GET', `/api/audit?${query}&perPage=100`, 'admin')).json.rows as {
    action: string;
    userEmail: string;
    before: unknown;
    after: unknown;
  }[];

describe('four eyes on funder settings', () => {
  it('is on for the demo funders and for a new funder', async () => {
    expect((await funder(1)).fourEyes).toBe(true);
    expect((await funder(2)).fourEyes).toBe(true);
    expect((await newFunder()).id).toBeGreaterThan(0);
  });

  it('propose (202) → another admin approves → applied, and every step audited', async () => {
    const f = await newFunder();
    const proposed = await call('PATCH', `/api/funders/${f.id}`, 'admin', { graceDays: 5, buyRate: 0.0625 });
    expect(proposed.status).toBe(202);
    const proposal = proposed.json.proposal;
    expect(proposed.headers.get('location')).toBe(`/api/funder-proposals/${proposal.id}`);
    expect(proposal).toMatchObject({
      funderId: f.id,
      status: 'pending',
      proposedByEmail: 'admin@quantum.demo',
      baseDataVersion: f.dataVersion,
      changes: { graceDays: { before: 0, after: 5 }, buyRate: { before: 0.05, after: 0.0625 } },
    });
    // Nothing applied yet.
    expect(await funder(f.id)).toMatchObject({ graceDays: 0, buyRate: 0.05, dataVersion: f.dataVersion });
    const pending = await call('GET', `/api/funder-proposals?funderId=${f.id}`, 'admin2');
    expect(pending.status).toBe(200);
    expect(pending.json.proposals.map((p: { id: number }) => p.id)).toEqual([proposal.id]);

    const approved = await call('POST', `/api/funder-proposals/${proposal.id}/approve`, 'admin2');
    expect(approved.status).toBe(200);
    expect(approved.json.proposal).toMatchObject({ status: 'approved', decidedByEmail: 'admin2@quantum.demo' });
    expect(approved.json.funder).toMatchObject({ graceDays: 5, buyRate: 0.0625, dataVersion: f.dataVersion + 1 });
    expect(await funder(f.id)).toEqual(approved.json.funder);
    expect((await call('GET', `/api/funder-proposals?funderId=${f.id}`, 'admin')).json.proposals).toEqual([]);

    const rows = await audit(`entity=funder&entityId=${f.id}`);
    expect(rows.map((r) => [r.action, r.userEmail])).toEqual([
      ['update', 'admin2@quantum.demo'],
      ['approve', 'admin2@quantum.demo'],
      ['propose', 'admin@quantum.demo'],
      ['create', 'admin@quantum.demo'],
    ]);
    expect(rows[0]!.before).toMatchObject({ graceDays: 0 });
    expect(rows[0]!.after).toMatchObject({ graceDays: 5 });
  });

  it('the proposer approving their own change answers 403 with the reason, and nothing changes', async () => {
    const f = await newFunder();
    const { proposal } = (await call('PATCH', `/api/funders/${f.id}`, 'admin', { graceDays: 3 })).json;
    const self = await call('POST', `/api/funder-proposals/${proposal.id}/approve`, 'admin');
    expect(self.status).toBe(403);
    expect(self.json.error).toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/Four eyes: you proposed this change, so another admin must approve it/),
    });
    expect((await funder(f.id)).graceDays).toBe(0);
    expect((await call('GET', `/api/funder-proposals?funderId=${f.id}`, 'admin')).json.proposals).toHaveLength(1);
  });

  it('a decided or superseded proposal answers 409 (its base is gone)', async () => {
    const f = await newFunder();
    const a = (await call('PATCH', `/api/funders/${f.id}`, 'admin', { graceDays: 3 })).json.proposal;
    const b = (await call('PATCH', `/api/funders/${f.id}`, 'admin', { graceDays: 9 })).json.proposal;
    expect((await call('POST', `/api/funder-proposals/${a.id}/approve`, 'admin2')).status).toBe(200);
    const stale = await call('POST', `/api/funder-proposals/${b.id}/approve`, 'admin2');
    expect(stale.status).toBe(409);
    expect(stale.json.error.message).toMatch(/superseded/);
    expect((await call('POST', `/api/funder-proposals/${a.id}/approve`, 'admin2')).status).toBe(409);
    expect((await funder(f.id)).graceDays).toBe(3);
    const all = (await call('GET', `/api/funder-proposals?funderId=${f.id}&status=all`, 'admin')).json.proposals;
    expect(all.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([
      [b.id, 'superseded'],
      [a.id, 'approved'],
    ]);
  });

  it('a rejected proposal applies nothing; its proposer may withdraw one', async () => {
    const f = await newFunder();
    const a = (await call('PATCH', `/api/funders/${f.id}`, 'admin', { graceDays: 3 })).json.proposal;
    const rejected = await call('POST', `/api/funder-proposals/${a.id}/reject`, 'admin2');
    expect(rejected.status).toBe(200);
    expect(rejected.json.proposal).toMatchObject({ status: 'rejected', decidedByEmail: 'admin2@quantum.demo' });
    expect((await funder(f.id)).graceDays).toBe(0);
    const b = (await call('PATCH', `/api/funders/${f.id}`, 'admin', { graceDays: 4 })).json.proposal;
    expect((await call('POST', `/api/funder-proposals/${b.id}/reject`, 'admin')).json.proposal.status).toBe('rejected');
    expect((await call('POST', `/api/funder-proposals/${b.id}/reject`, 'admin2')).status).toBe(409);
    expect((await audit(`entity=funder&entityId=${f.id}`)).map((r) => r.action)).toEqual([
      'reject',
      'propose',
      'reject',
      'propose',
      'create',
    ]);
  });

  it('turning four eyes off needs another admin; then changes apply directly (200)', async () => {
    const f = await newFunder();
    const off = await call('PATCH', `/api/funders/${f.id}`, 'admin', { fourEyes: false });
    expect(off.status).toBe(202);
    expect(off.json.proposal.changes).toEqual({ fourEyes: { before: true, after: false } });
    expect((await funder(f.id)).fourEyes).toBe(true);
    expect((await call('POST', `/api/funder-proposals/${off.json.proposal.id}/approve`, 'admin2')).json.funder.fourEyes).toBe(false);
    const direct = await call('PATCH', `/api/funders/${f.id}`, 'admin', { graceDays: 2 });
    expect(direct.status).toBe(200);
    expect(direct.json).toMatchObject({ graceDays: 2, fourEyes: false });
  });

  it('a funder created with four eyes off changes directly', async () => {
    const f = await newFunder({ fourEyes: false });
    const res = await call('PATCH', `/api/funders/${f.id}`, 'admin', { graceDays: 6 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ graceDays: 6, dataVersion: f.dataVersion + 1 });
  });

  it.each(['analyst', 'viewer'] as const)('%s may neither list, approve nor reject (403)', async (who) => {
    const f = await newFunder();
    const { proposal } = (await call('PATCH', `/api/funders/${f.id}`, 'admin', { graceDays: 3 })).json;
    expect((await call('GET', '/api/funder-proposals', who)).status).toBe(403);
    expect((await call('POST', `/api/funder-proposals/${proposal.id}/approve`, who)).status).toBe(403);
    expect((await call('POST', `/api/funder-proposals/${proposal.id}/reject`, who)).status).toBe(403);
    expect((await call('GET', '/api/funder-proposals', null)).status).toBe(401);
    expect((await funder(f.id)).graceDays).toBe(0);
  });

  it.each([
    ['GET', '/api/funder-proposals?status=open', 400],
    ['GET', '/api/funder-proposals?funderId=abc', 400],
    ['GET', '/api/funder-proposals?funderId=999999', 404],
    ['POST', '/api/funder-proposals/abc/approve', 400],
    ['POST', '/api/funder-proposals/999999/approve', 404],
    ['POST', '/api/funder-proposals/999999/reject', 404],
  ])('%s %s answers %d', async (method, path, status) => {
    expect((await call(method, path, 'admin2')).status).toBe(status);
  });
});

describe('audit of users', () => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

  it.each(['/jwt/register', '/api/jwt/register'])('a self-registration through %s is audited without the password', async (path) => {
    const email = `audit-${stamp}-${path.length}@example.com`;
    const res = await postJson(
      baseURL,
      path,
      { email, password: 'a-long-password', username: `audit_${stamp}_${path.length}` },
      { 'x-forwarded-for': uniqueIp() },
    );
    expect(res.status).toBe(201);
    const { user } = await res.json();
    const rows = await audit(`entity=user&entityId=${user.id}`);
    expect(rows.map((r) => [r.action, r.userEmail])).toEqual([['register', email]]);
    expect(rows[0]!.after).toEqual({ email, username: `audit_${stamp}_${path.length}`, role: 'client', authProvider: 'credentials' });
    expect(JSON.stringify(rows)).not.toMatch(/a-long-password|argon2/);
  });

  it('a password change is audited (that it happened, never the password or hash)', async () => {
    const email = `audit-pw-${stamp}@example.com`;
    const reg = await postJson(
      baseURL,
      '/jwt/register',
      { email, password: 'first-password', username: `audit_pw_${stamp}` },
      { 'x-forwarded-for': uniqueIp() },
    );
    const { user, accessToken } = await reg.json();
    const auth = { authorization: `Bearer ${accessToken}`, 'x-forwarded-for': uniqueIp() };
    expect(
      (await postJson(baseURL, '/api/account/password', { currentPassword: 'wrong-one', newPassword: 'second-password' }, auth)).status,
    ).toBe(400);
    expect((await audit(`entity=user&entityId=${user.id}`)).map((r) => r.action)).toEqual(['register']);
    expect(
      (await postJson(baseURL, '/api/account/password', { currentPassword: 'first-password', newPassword: 'second-password' }, auth))
        .status,
    ).toBe(200);
    const rows = await audit(`entity=user&entityId=${user.id}`);
    expect(rows.map((r) => [r.action, r.userEmail])).toEqual([
      ['password_change', email],
      ['register', email],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/first-password|second-password|argon2/);
  });
});
