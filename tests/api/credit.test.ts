/**
 * Credit (domain.md §8) over HTTP: derived defaults, unlikely-to-pay flags, write-offs under four eyes (self-approval
 * 403, a second user approves, a decided one 409), recoveries (a payment on a written-off lease becomes one), the loss
 * ledger and the ECL. Leases are created here on funder 1 so the seeded figures of other suites are not touched.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
type Who = 'admin' | 'analyst' | 'viewer' | 'client';
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'analyst', 'viewer', 'client'] as const));
});

async function call(method: string, path: string, who: Who | null, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(text);
  } catch {
    /* a file */
  }
  return { status: res.status, json, text };
}

const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const monthsAgo = (n: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 10);
};

/** A lessee of funder 1 with no lease in default (so lessee contagion cannot put a new lease of it in default). */
async function cleanLessee(): Promise<{ id: number }> {
  const defaulted = new Set(
    ((await call('GET', '/api/credit/defaults?funderId=1', 'viewer')).json.defaults as { lesseeId: number }[]).map((d) => d.lesseeId),
  );
  const lessees = (await call('GET', '/api/lessees?funderId=1&limit=50', 'viewer')).json.lessees as { id: number }[];
  return lessees.find((l) => !defaulted.has(l.id))!;
}

/** A lease on funder 1 that never paid: first due 13 months ago, so it is more than 90 days past due on a material amount. */
async function overdueLease(): Promise<{ id: number; contractNumber: string; currency: string }> {
  const lessee = (await call('GET', '/api/lessees?funderId=1&limit=1', 'viewer')).json.lessees[0];
  const created = await call('POST', '/api/leases', 'analyst', {
    lesseeId: lessee.id,
    assetType: 'machinery',
    assetDescription: 'Credit API test press',
    currency: 'EUR',
    price: 6_000_000,
    downPayment: 0,
    residual: 0,
    term: 36,
    rate: 0.06,
    timing: 'arrears',
    firstDueDate: monthsAgo(13),
    purchaseDate: monthsAgo(14),
  });
  expect(created.status).toBe(201);
  return created.json.lease;
}

describe('scopes', () => {
  it.each([
    ['GET', '/api/credit/defaults'],
    ['GET', '/api/credit/write-offs'],
    ['GET', '/api/credit/recoveries'],
    ['GET', '/api/credit/loss-ledger'],
    ['GET', '/api/credit/ecl'],
    ['GET', '/api/credit/measures'],
    ['GET', '/api/credit/settings'],
  ])('%s %s: 401 without a credential, 403 without read:funders', async (method, path) => {
    expect((await call(method, path, null)).status).toBe(401);
    expect((await call(method, path, 'client')).status).toBe(403);
  });

  it('writes need write:funders', async () => {
    expect((await call('POST', '/api/credit/write-offs', 'viewer', { leaseId: 1, writeOffOn: today })).status).toBe(403);
    expect((await call('POST', '/api/leases/1/unlikely-to-pay', 'viewer', { reason: 'x' })).status).toBe(403);
    expect(
      (await call('POST', '/api/credit/recoveries', 'viewer', { leaseId: 1, receivedOn: today, amount: 1, kind: 'other' })).status,
    ).toBe(403);
  });
});

describe('write-off under four eyes', () => {
  it('a lease that never paid is in default by its DPD; one user proposes, the same user cannot approve (403), another approves, a second decision is 409', async () => {
    const lease = await overdueLease();
    const defaults = await call('GET', '/api/credit/defaults?funderId=1', 'viewer');
    expect(defaults.status).toBe(200);
    const row = defaults.json.defaults.find((d: { leaseId: number }) => d.leaseId === lease.id);
    expect(row).toMatchObject({ why: 'dpd', currency: 'EUR' });
    expect(row.creditDpd).toBeGreaterThan(90);
    expect(row.exposure).toBeGreaterThan(0);
    // More than the exposure on the date is refused on the field amount (a partial write-off is any amount up to it).
    const above = await call('POST', '/api/credit/write-offs?funderId=1', 'analyst', {
      leaseId: lease.id,
      writeOffOn: today,
      amount: row.exposure + 1,
    });
    expect(above.status).toBe(400);
    expect(above.json.error.issues.map((i: { field: string }) => i.field)).toEqual(['amount']);

    const proposed = await call('POST', '/api/credit/write-offs?funderId=1', 'analyst', {
      leaseId: lease.id,
      writeOffOn: today,
      note: 'API test',
    });
    expect(proposed.status).toBe(201);
    const w = proposed.json.writeOff;
    // The default amount is the exposure on the date: outstanding principal + arrears net of VAT.
    expect(w).toMatchObject({ leaseId: lease.id, status: 'proposed', amount: row.exposure, currency: 'EUR' });
    expect((await call('POST', '/api/credit/write-offs?funderId=1', 'analyst', { leaseId: lease.id, writeOffOn: today })).status).toBe(409);

    const self = await call('POST', `/api/credit/write-offs/${w.id}/approve`, 'analyst');
    expect(self.status).toBe(403);
    const approved = await call('POST', `/api/credit/write-offs/${w.id}/approve`, 'admin');
    expect(approved.status).toBe(200);
    expect(approved.json.writeOff).toMatchObject({ status: 'approved' });
    expect((await call('POST', `/api/credit/write-offs/${w.id}/approve`, 'admin')).status).toBe(409);
    expect((await call('POST', `/api/credit/write-offs/${w.id}/reject`, 'admin')).status).toBe(409);

    // Its remaining flows leave the portfolio cash flow from the write-off date on (domain.md §8): out of the pool at
    // a later cut-off; a cut-off before the write-off (last month's) still counts it.
    const later = await call('GET', `/api/leases/${lease.id}?funderId=1&cutOff=${monthsAgo(-1)}`, 'viewer');
    expect(later.json.valuation).toMatchObject({ inPool: false, totalcf: 0, prin: 0 });
    const earlier = await call('GET', `/api/leases/${lease.id}?funderId=1&cutOff=${monthsAgo(1)}`, 'viewer');
    expect(earlier.json.valuation).toMatchObject({ inPool: true });
    expect(earlier.json.valuation.totalcf).toBeGreaterThan(0);
    // The loss ledger has it.
    const ledger = (await call('GET', '/api/credit/loss-ledger?funderId=1', 'viewer')).json.entries as {
      kind: string;
      id: number;
      amount: number;
    }[];
    expect(ledger.find((e) => e.kind === 'write_off' && e.id === w.id)?.amount).toBe(w.amount);

    // A payment recorded on the written-off lease is a recovery, not an allocation.
    const paid = await call('POST', '/api/payments?funderId=1', 'analyst', {
      leaseId: lease.id,
      receivedOn: today,
      amount: 12_345,
      currency: 'EUR',
      method: 'transfer',
      reference: 'late',
    });
    expect(paid.status).toBe(201);
    expect(paid.json.recovery).toMatchObject({ leaseId: lease.id, amount: 12_345, kind: 'late_collection' });
    expect(paid.json.payment).toBeUndefined();
    const recovered = await call('POST', '/api/credit/recoveries?funderId=1', 'analyst', {
      leaseId: lease.id,
      receivedOn: today,
      amount: 100_000,
      kind: 'asset_sale',
      reference: 'auction',
    });
    expect(recovered.status).toBe(201);
    const entries = (await call('GET', '/api/credit/loss-ledger?funderId=1', 'viewer')).json.entries as {
      kind: string;
      leaseId: number;
      amount: number;
      balance: number;
      currency: string;
    }[];
    const mine = entries.filter((e) => e.leaseId === lease.id);
    expect(mine.map((e) => e.kind)).toEqual(['write_off', 'recovery', 'recovery']);
    const eur = entries.filter((e) => e.currency === 'EUR');
    const sum = eur.reduce((s, e) => s + (e.kind === 'write_off' ? e.amount : -e.amount), 0);
    expect(eur.at(-1)!.balance).toBe(sum);

    const audit = (await call('GET', `/api/audit?entity=write_off&entityId=${w.id}&perPage=100`, 'admin')).json.rows as {
      action: string;
      userEmail: string;
    }[];
    expect(audit.map((r) => [r.action, r.userEmail])).toEqual([
      ['approve', 'admin@quantum.demo'],
      ['propose', 'analyst@quantum.demo'],
    ]);
  });

  it('refuses a performing lease (409), an unknown lease or write-off (404) and an invalid body (400)', async () => {
    const lessee = await cleanLessee();
    const nextYear = new Date().getUTCFullYear() + 1;
    const fresh = await call('POST', '/api/leases', 'analyst', {
      lesseeId: lessee.id,
      assetType: 'it',
      currency: 'EUR',
      price: 1_000_000,
      term: 24,
      rate: 0.05,
      timing: 'arrears',
      firstDueDate: `${nextYear}-03-01`,
      purchaseDate: today,
    });
    expect(fresh.status).toBe(201);
    expect(
      (await call('POST', '/api/credit/write-offs?funderId=1', 'analyst', { leaseId: fresh.json.lease.id, writeOffOn: today })).status,
    ).toBe(409);
    expect((await call('POST', '/api/credit/write-offs?funderId=1', 'analyst', { leaseId: 99_999_999, writeOffOn: today })).status).toBe(
      404,
    );
    expect((await call('POST', '/api/credit/write-offs/99999999/approve', 'admin')).status).toBe(404);
    expect((await call('POST', '/api/credit/write-offs/abc/approve', 'admin')).status).toBe(404);
    const bad = await call('POST', '/api/credit/write-offs?funderId=1', 'analyst', { leaseId: 'x', writeOffOn: '2026-02-30', amount: -5 });
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues.map((i: { field: string }) => i.field).sort()).toEqual(['amount', 'leaseId', 'writeOffOn']);
    const rec = await call('POST', '/api/credit/recoveries?funderId=1', 'analyst', {
      leaseId: fresh.json.lease.id,
      receivedOn: today,
      amount: 100,
      kind: 'asset_sale',
    });
    expect(rec.status).toBe(409);
  });
});

describe('unlikely to pay', () => {
  it('flags (201) with a reason, defaults the lease with DPD 0 and says why; a second flag 409; unflag 200, again 404; an empty reason 400', async () => {
    const lessee = await cleanLessee();
    const nextYear = new Date().getUTCFullYear() + 1;
    const lease = (
      await call('POST', '/api/leases', 'analyst', {
        lesseeId: lessee.id,
        assetType: 'it',
        currency: 'EUR',
        price: 2_000_000,
        term: 24,
        rate: 0.05,
        timing: 'arrears',
        firstDueDate: `${nextYear}-03-01`,
        purchaseDate: today,
      })
    ).json.lease;
    const empty = await call('POST', `/api/leases/${lease.id}/unlikely-to-pay?funderId=1`, 'analyst', { reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.json.error.issues[0].field).toBe('reason');
    // The preview writes nothing and names the leases the flag would default by lessee contagion: the POST's list.
    const preview = await call('GET', `/api/leases/${lease.id}/unlikely-to-pay?funderId=1&flaggedOn=${yesterday}`, 'viewer');
    expect(preview.status).toBe(200);
    expect(preview.json.flaggedOn).toBe(yesterday);
    const flagged = await call('POST', `/api/leases/${lease.id}/unlikely-to-pay?funderId=1`, 'analyst', {
      reason: 'Insolvency filing',
      flaggedOn: yesterday,
    });
    expect(flagged.status).toBe(201);
    expect(flagged.json.contagion).toEqual(preview.json.contagion);
    expect(flagged.json.flag).toMatchObject({ leaseId: lease.id, kind: 'utp', flaggedOn: yesterday, reason: 'Insolvency filing' });
    expect((await call('POST', `/api/leases/${lease.id}/unlikely-to-pay?funderId=1`, 'analyst', { reason: 'again' })).status).toBe(409);
    const row = (await call('GET', '/api/credit/defaults?funderId=1', 'viewer')).json.defaults.find(
      (d: { leaseId: number }) => d.leaseId === lease.id,
    );
    expect(row).toMatchObject({
      why: 'utp',
      creditDpd: 0,
      defaultSince: yesterday,
      utpReason: 'Insolvency filing',
      utpBy: 'analyst@quantum.demo',
    });
    expect((await call('DELETE', `/api/leases/${lease.id}/unlikely-to-pay?funderId=1`, 'analyst')).status).toBe(200);
    expect((await call('DELETE', `/api/leases/${lease.id}/unlikely-to-pay?funderId=1`, 'analyst')).status).toBe(404);
    // Unflagged today (flagged since yesterday): in probation, still in default and the reason says so.
    const after = (await call('GET', '/api/credit/defaults?funderId=1', 'viewer')).json.defaults.find(
      (d: { leaseId: number }) => d.leaseId === lease.id,
    );
    expect(after).toMatchObject({ why: 'probation' });
    expect((await call('POST', '/api/leases/99999999/unlikely-to-pay?funderId=1', 'analyst', { reason: 'x' })).status).toBe(404);
  });
});

describe('credit-risk flag (IFRS 9 stage 2)', () => {
  it('moves a current lease to stage 2 while flagged', async () => {
    const lessee = await cleanLessee();
    const nextYear = new Date().getUTCFullYear() + 1;
    const lease = (
      await call('POST', '/api/leases', 'analyst', {
        lesseeId: lessee.id,
        assetType: 'it',
        currency: 'EUR',
        price: 3_000_000,
        term: 24,
        rate: 0.05,
        timing: 'arrears',
        firstDueDate: `${nextYear}-03-01`,
        purchaseDate: yesterday,
      })
    ).json.lease;
    const stage2 = async () =>
      ((await call('GET', '/api/credit/ecl?funderId=1', 'viewer')).json.rows as { currency: string; stage: number; leases: number }[])
        .filter((r) => r.currency === 'EUR' && r.stage === 2)
        .reduce((n, r) => n + r.leases, 0);
    const before = await stage2();
    expect(
      (
        await call('POST', `/api/leases/${lease.id}/credit-risk-flag?funderId=1`, 'analyst', {
          reason: 'Sector downgrade',
          flaggedOn: yesterday,
        })
      ).status,
    ).toBe(201);
    expect(await stage2()).toBe(before + 1);
    expect((await call('DELETE', `/api/leases/${lease.id}/credit-risk-flag?funderId=1&clearedOn=${yesterday}`, 'analyst')).status).toBe(
      200,
    );
    expect(await stage2()).toBe(before);
  });
});

describe('ECL and measures', () => {
  it('ECL rows are exposure × rate per cell and the totals their sums; a bad asOf is 400', async () => {
    const res = await call('GET', `/api/credit/ecl?funderId=1&asOf=${today}`, 'viewer');
    expect(res.status).toBe(200);
    const rows = res.json.rows as { currency: string; stage: number; bucket: string; exposure: number; rate: number; ecl: number }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.ecl).toBe(Math.round(r.exposure * r.rate));
    for (const t of res.json.totals as { currency: string; ecl: number }[]) {
      expect(t.ecl).toBe(rows.filter((r) => r.currency === t.currency).reduce((s, r) => s + r.ecl, 0));
    }
    expect(rows.filter((r) => r.stage === 3).every((r) => r.bucket === 'default')).toBe(true);
    expect((await call('GET', '/api/credit/ecl?funderId=1&asOf=2026-13-01', 'viewer')).status).toBe(400);
    const measures = await call('GET', '/api/credit/measures?funderId=1', 'viewer');
    expect(measures.status).toBe(200);
    for (const m of measures.json.measures as { grossLoss: number; recoveries: number; netLoss: number }[])
      expect(m.netLoss).toBe(m.grossLoss - m.recoveries);
  });

  it('exports every table as CSV and XLSX', async () => {
    for (const table of ['defaults', 'flags', 'writeOffs', 'recoveries', 'ledger', 'measures', 'ecl']) {
      const csv = await fetch(`${baseURL}/api/credit/export?funderId=1&table=${table}&format=csv&locale=de`, {
        headers: { authorization: `Bearer ${tokens.viewer}` },
      });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const xlsx = await fetch(`${baseURL}/api/credit/export?funderId=1&table=${table}&format=xlsx`, {
        headers: { authorization: `Bearer ${tokens.viewer}` },
      });
      expect(xlsx.status).toBe(200);
    }
  });

  it('credit settings read, and change through the funder four-eyes path (202 for a four-eyes funder)', async () => {
    const got = await call('GET', '/api/credit/settings?funderId=1', 'viewer');
    expect(got.json.settings).toMatchObject({
      creditAbsRetail: 10000,
      creditAbsOther: 50000,
      creditRelative: 0.01,
      creditProbationMonths: 3,
      creditContagion: 0.2,
    });
    expect((await call('PATCH', '/api/credit/settings?funderId=1', 'analyst', { creditProbationMonths: 6 })).status).toBe(403);
    expect((await call('PATCH', '/api/credit/settings?funderId=1', 'admin', { creditProbationMonths: 99 })).status).toBe(400);
    const funder = (
      await call('POST', '/api/funders', 'admin', {
        name: `Credit ${crypto.randomUUID().slice(0, 8)}`,
        baseCurrency: 'EUR',
        buyRate: 0.05,
        facilityRate: 0.04,
      })
    ).json;
    const proposed = await call('PATCH', `/api/credit/settings?funderId=${funder.id}`, 'admin', {
      creditProbationMonths: 6,
      provisionMatrix: { EUR: { current: 0.01 } },
    });
    expect(proposed.status).toBe(202);
    expect(proposed.json.proposal.changes).toMatchObject({ creditProbationMonths: { before: 3, after: 6 } });
  });
});

describe('lessee kind (retail / non-retail: the absolute materiality threshold)', () => {
  it('an analyst sets it (200, one audit row), a viewer cannot (403); a bad kind is 400, an unknown lessee 404', async () => {
    const lessee = await cleanLessee();
    const path = `/api/lessees/${lessee.id}?funderId=1`;
    expect((await call('PATCH', path, 'viewer', { kind: 'retail' })).status).toBe(403);
    expect((await call('PATCH', path, null, { kind: 'retail' })).status).toBe(401);
    const bad = await call('PATCH', path, 'analyst', { kind: 'consumer' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues[0]).toMatchObject({ field: 'kind' });
    expect((await call('PATCH', '/api/lessees/999999?funderId=1', 'analyst', { kind: 'retail' })).status).toBe(404);
    const set = await call('PATCH', path, 'analyst', { kind: 'retail' });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ lessee: { id: lessee.id, kind: 'retail' }, changed: true });
    expect((await call('PATCH', path, 'analyst', { kind: 'retail' })).json.changed).toBe(false);
    const back = await call('PATCH', path, 'analyst', { kind: 'corporate' });
    expect(back.json).toMatchObject({ lessee: { kind: 'corporate' }, changed: true });
  });
});
