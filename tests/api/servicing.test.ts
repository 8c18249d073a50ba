import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
const tokens: Record<string, string> = {};
type Who = 'admin' | 'analyst' | 'viewer' | 'client';

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'analyst', 'viewer', 'client'] as const));
});

/* eslint-disable @typescript-eslint/no-explicit-any */
async function call(method: string, path: string, who: Who | null, body?: unknown, contentType = 'application/json') {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...(body !== undefined ? { 'content-type': contentType } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* exports */
  }
  return { status: res.status, json, text, headers: res.headers };
}

const today = new Date().toISOString().slice(0, 10);

/** An active lease of funder 1 with arrears today (from the seeded history). */
async function leaseInArrears(): Promise<{ leaseId: number; contractNumber: string; currency: string; arrearsTotal: number }> {
  const { json } = await call('GET', `/api/servicing/delinquency?sort=arrearsTotal&dir=desc&perPage=50`, 'viewer');
  const row = json.rows.find((r: any) => r.status === 'active' && r.arrearsTotal > 100_00);
  return { leaseId: row.leaseId, contractNumber: row.contractNumber, currency: row.currency, arrearsTotal: row.arrearsTotal };
}

describe('auth', () => {
  it.each([
    ['GET', '/api/payments'],
    ['POST', '/api/payments'],
    ['POST', '/api/payments/1/reverse'],
    ['POST', '/api/payments/import'],
    ['GET', '/api/payments/imports/1'],
    ['POST', '/api/payments/imports/1/lines/1/match'],
    ['GET', '/api/servicing/delinquency'],
    ['GET', '/api/servicing/roll-rates'],
    ['GET', '/api/servicing/behaviour'],
    ['GET', '/api/servicing/behaviour/1'],
  ])('%s %s without a credential is 401', async (method, path) => {
    expect((await call(method, path, null, method === 'POST' ? {} : undefined)).status).toBe(401);
  });

  it('writes need write:funders (viewer and client 403); reads need read:funders (client 403)', async () => {
    const body = { leaseId: 1, receivedOn: today, amount: 100, currency: 'EUR', method: 'transfer' };
    expect((await call('POST', '/api/payments', 'viewer', body)).status).toBe(403);
    expect((await call('POST', '/api/payments/1/reverse', 'viewer', { reversedOn: today })).status).toBe(403);
    expect((await call('GET', '/api/servicing/delinquency', 'client')).status).toBe(403);
  });
});

describe('POST /api/payments and reversal', () => {
  it('201 records a payment; arrears drop by the amount; the reversal recomputes the allocation; twice is 409', async () => {
    const lease = await leaseInArrears();
    const created = await call('POST', '/api/payments', 'analyst', {
      leaseId: lease.leaseId,
      receivedOn: today,
      amount: 5000,
      currency: lease.currency,
      method: 'transfer',
      reference: 'api test',
    });
    expect(created.status).toBe(201);
    expect(created.json.payment).toMatchObject({ leaseId: lease.leaseId, amount: 5000, kind: 'payment' });
    const after = (await call('GET', `/api/servicing/delinquency?q=${lease.contractNumber}`, 'viewer')).json.rows[0];
    expect(lease.arrearsTotal - after.arrearsTotal).toBe(5000);

    const rev = await call('POST', `/api/payments/${created.json.payment.id}/reverse`, 'analyst', { reversedOn: today, note: 'bounced' });
    expect(rev.status).toBe(201);
    expect(rev.json.reversal).toMatchObject({ kind: 'reversal', reversesId: created.json.payment.id, amount: 5000 });
    const back = (await call('GET', `/api/servicing/delinquency?q=${lease.contractNumber}`, 'viewer')).json.rows[0];
    expect(back.arrearsTotal).toBe(lease.arrearsTotal);
    const listed = (await call('GET', `/api/payments?lease=${lease.leaseId}&perPage=100`, 'viewer')).json.payments;
    expect(listed.find((p: any) => p.id === created.json.payment.id).reversedBy).toBe(rev.json.reversal.id);

    expect((await call('POST', `/api/payments/${created.json.payment.id}/reverse`, 'analyst', { reversedOn: today })).status).toBe(409);
    expect((await call('POST', `/api/payments/${rev.json.reversal.id}/reverse`, 'analyst', { reversedOn: today })).status).toBe(409);
  });

  it('400 names the fields; 400 for another currency; 404 unknown lease or payment', async () => {
    const bad = await call('POST', '/api/payments', 'analyst', {
      leaseId: 'x',
      receivedOn: '2026-02-30',
      amount: -1,
      currency: 'XXX',
      method: 'cash',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues.map((i: any) => i.field).sort()).toEqual(['amount', 'currency', 'leaseId', 'method', 'receivedOn']);
    const lease = await leaseInArrears();
    const other = lease.currency === 'EUR' ? 'USD' : 'EUR';
    const cur = await call('POST', '/api/payments', 'analyst', {
      leaseId: lease.leaseId,
      receivedOn: today,
      amount: 100,
      currency: other,
      method: 'transfer',
    });
    expect(cur.status).toBe(400);
    expect(cur.json.error.issues[0].field).toBe('currency');
    expect(
      (
        await call('POST', '/api/payments', 'analyst', {
          leaseId: 99_999_999,
          receivedOn: today,
          amount: 100,
          currency: 'EUR',
          method: 'transfer',
        })
      ).status,
    ).toBe(404);
    expect((await call('POST', '/api/payments/99999999/reverse', 'analyst', { reversedOn: today })).status).toBe(404);
    expect((await call('POST', '/api/payments/abc/reverse', 'analyst', { reversedOn: today })).status).toBe(404);
  });
});

describe('POST /api/payments/import', () => {
  it('imports matched, unmatched and invalid lines in one go; a manual match creates the payment; 409 when matched twice', async () => {
    const lease = await leaseInArrears();
    const csv = [
      'date;amount;currency;reference;contract',
      `${today};12,34;${lease.currency};first;${lease.contractNumber}`,
      `${today};1.000,00;${lease.currency};${lease.contractNumber};`,
      `${today};50,00;${lease.currency};nobody knows;`,
      `31.02.2026;abc;${lease.currency};broken;${lease.contractNumber}`,
    ].join('\n');
    const res = await call('POST', '/api/payments/import?fileName=api.csv', 'analyst', csv, 'text/csv');
    expect(res.status).toBe(201);
    const imp = res.json.import;
    expect(imp.lines.map((l: any) => l.status)).toEqual(['matched', 'matched', 'unmatched', 'invalid']);
    expect(imp.lines.slice(0, 2).map((l: any) => l.amount)).toEqual([1234, 100000]);
    expect([imp.matchedCount, imp.unmatchedCount, imp.invalidCount]).toEqual([2, 1, 1]);

    const got = await call('GET', `/api/payments/imports/${imp.id}`, 'viewer');
    expect(got.json.import.lines).toHaveLength(4);
    const line = imp.lines[2];
    const matched = await call('POST', `/api/payments/imports/${imp.id}/lines/${line.id}/match`, 'analyst', { leaseId: lease.leaseId });
    expect(matched.status).toBe(201);
    expect(matched.json.line).toMatchObject({ status: 'manual' });
    expect(
      (await call('POST', `/api/payments/imports/${imp.id}/lines/${line.id}/match`, 'analyst', { leaseId: lease.leaseId })).status,
    ).toBe(409);
    expect((await call('POST', `/api/payments/imports/${imp.id}/lines/999999/match`, 'analyst', { leaseId: lease.leaseId })).status).toBe(
      404,
    );
    expect((await call('GET', '/api/payments/imports/99999999', 'viewer')).status).toBe(404);

    const json = await call('POST', '/api/payments/import', 'analyst', {
      fileName: 'json.csv',
      csv: `date,amount,currency,contract\n${today},1.00,${lease.currency},${lease.contractNumber}\n`,
    });
    expect(json.status).toBe(201);
  });

  it('400 for a file without the needed header; 413 over 1 MiB', async () => {
    const bad = await call('POST', '/api/payments/import', 'analyst', 'foo;bar\n1;2\n', 'text/csv');
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues[0].field).toBe('csv');
    const big = 'date;amount;currency;reference\n' + `${today};1,00;EUR;x\n`.repeat(80_000);
    expect((await call('POST', '/api/payments/import', 'analyst', big, 'text/csv')).status).toBe(413);
  });
});

describe('servicing reads', () => {
  it('delinquency: summary reconciles to the rows at lease level; lessee level; bad query 400', async () => {
    const all = (await call('GET', '/api/servicing/delinquency?perPage=1', 'viewer')).json;
    expect(all.bucketKeys).toEqual(['current', '1-30', '31-60', '61-90', '91+']);
    expect(all.summary.reduce((n: number, s: any) => n + s.count, 0)).toBe(all.total);
    const lessee = (await call('GET', '/api/servicing/delinquency?level=lessee&perPage=5', 'viewer')).json;
    expect(lessee.rows[0].leaseId).toBeNull();
    const bad = await call('GET', '/api/servicing/delinquency?asOf=2026-13-01&level=x&sort=nope', 'viewer');
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues.map((i: any) => i.field).sort()).toEqual(['asOf', 'level', 'sort']);
  });

  it('roll rates: row counts sum to the leases; from after to is 400', async () => {
    const m = (await call('GET', '/api/servicing/roll-rates', 'viewer')).json;
    expect(m.counts).toHaveLength(5);
    expect(m.rowCounts.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(0);
    expect((await call('GET', '/api/servicing/roll-rates?from=2026-10-01&to=2026-09-01', 'viewer')).status).toBe(400);
  });

  it('behaviour: rows with a 12-month strip; detail of a lessee; 404 unknown lessee', async () => {
    const b = (await call('GET', '/api/servicing/behaviour?sort=onTimeRate&dir=asc&perPage=5', 'viewer')).json;
    expect(b.rows[0].strip).toHaveLength(12);
    const d = await call('GET', `/api/servicing/behaviour/${b.rows[0].lesseeId}`, 'viewer');
    expect(d.status).toBe(200);
    expect(d.json.leases.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/servicing/behaviour/99999999', 'viewer')).status).toBe(404);
  });

  it('exports CSV and XLSX', async () => {
    const csv = await call('GET', '/api/servicing/delinquency/export?format=csv&locale=de', 'viewer');
    expect(csv.status).toBe(200);
    expect(csv.text.split('\n')[0]).toContain('Verzugstage');
    const xlsx = await fetch(`${baseURL}/api/servicing/behaviour/export?format=xlsx`, {
      headers: { authorization: `Bearer ${tokens.viewer}` },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const ledger = await call('GET', '/api/payments/export?format=csv&method=direct_debit', 'viewer');
    expect(ledger.status).toBe(200);
    const lines = ledger.text.trim().split('\n');
    const total = (await call('GET', '/api/payments?method=direct_debit&perPage=1', 'viewer')).json.total;
    expect(lines.length - 1).toBe(total);
    const rr = await call('GET', '/api/servicing/roll-rates/export?format=csv', 'viewer');
    expect(rr.status).toBe(200);
    expect(rr.text.trim().split('\n')).toHaveLength(6);
  });
});

describe('status against DPD (issue #11)', () => {
  it('a default is never typed (400); a lease flagged unlikely to pay carries its derived reason in the Delinquency and register exports', async () => {
    const { json } = await call('GET', `/api/servicing/delinquency?sort=dpd&dir=asc&perPage=100`, 'viewer');
    const inDefault = new Set(
      ((await call('GET', '/api/credit/defaults', 'viewer')).json.defaults as { leaseId: number }[]).map((d) => d.leaseId),
    );
    // Current and still running today (principal outstanding): a lease past its last instalment reads Repaid, whatever the day.
    const current = json.rows.filter(
      (r: any) => r.status === 'active' && r.dpd === 0 && r.outstandingPrincipal > 0 && !inDefault.has(r.leaseId),
    );
    const row = current[0];
    expect(row).toBeTruthy();
    const lease = (await call('GET', `/api/leases/${row.leaseId}`, 'viewer')).json.lease;
    const typed = await call('PATCH', `/api/leases/${row.leaseId}`, 'analyst', { version: lease.version, status: 'defaulted' });
    expect(typed.status).toBe(400);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await call('POST', `/api/leases/${row.leaseId}/unlikely-to-pay`, 'analyst', {
          reason: 'Servicing export test',
          flaggedOn: yesterday,
        })
      ).status,
    ).toBe(201);
    try {
      const reason = /Defaulted since [^:]+: unlikely to pay, flagged by analyst@quantum\.demo: Servicing export test/;
      const delinquency = await call('GET', `/api/servicing/delinquency/export?format=csv&locale=en&q=${row.contractNumber}`, 'viewer');
      expect(delinquency.status).toBe(200);
      const [head, ...lines] = delinquency.text.replace(/^\uFEFF/, '').split('\r\n');
      expect(head).toContain('Status,Status reason');
      const line = lines.find((l) => l.startsWith(`${row.contractNumber},`));
      expect(line).toMatch(reason);

      const register = await call(
        'GET',
        `/api/leases/export?format=csv&locale=en&q=${row.contractNumber}&columns=contractNumber,status`,
        'viewer',
      );
      expect(register.status).toBe(200);
      const [rhead, rline] = register.text.replace(/^\uFEFF/, '').split('\r\n');
      expect(rhead).toBe('Contract,Status,Status reason');
      expect(rline).toMatch(reason);

      // An active lease that is not in default has no reason; its status is the derived one (domain.md §8).
      const other = current[1];
      const plain = await call(
        'GET',
        `/api/leases/export?format=csv&locale=en&q=${other.contractNumber}&columns=contractNumber,status`,
        'viewer',
      );
      expect(plain.text.replace(/^\uFEFF/, '').split('\r\n')[1]).toBe(`${other.contractNumber},Performing,`);
    } finally {
      // Cleared on the day it started: the flag never held, so the shared book is as before.
      expect((await call('DELETE', `/api/leases/${row.leaseId}/unlikely-to-pay?clearedOn=${yesterday}`, 'analyst')).status).toBe(200);
    }
  });
});
