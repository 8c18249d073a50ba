/**
 * A seasoned book comes in with its state (domain.md §7), over HTTP against the real server: funder 1's Tape at a
 * cut-off, imported into an empty funder, gives the same Total Cash Flow rows, the same DPD, arrears and bucket per
 * lease and per bucket on Delinquency, the same leases in default with the same exposure, and the same ECL — to the
 * cent. Before opening positions, the same import put 579 of 580 leases in default.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
const tokens: Record<string, string> = {};
type Who = 'admin' | 'analyst' | 'viewer';
beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'analyst', 'viewer'] as const));
});
const as = (who: Who) => ({ authorization: `Bearer ${tokens[who]}` });

async function get<T = Record<string, unknown>>(path: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { headers: as('viewer') });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

type ImportBody = {
  import: { status: string; error: unknown; counts: { rejected: number }; stateFields: string[] };
};

async function until(funderId: number, id: number, statuses: string[]): Promise<ImportBody> {
  for (let i = 0; i < 900; i++) {
    const body = await get<ImportBody>(`/api/leases/imports/${id}?funderId=${funderId}`);
    if (statuses.includes(body.import.status)) return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

/** The cut-off: a past month end, so the demo book has payments, arrears and defaults by then. */
const CUT_OFF = '2026-10-31';

async function emptyFunderLike(sourceId: number): Promise<number> {
  const source = await get<Record<string, unknown>>(`/api/funders/${sourceId}`);
  const created = await fetch(`${baseURL}/api/funders`, {
    method: 'POST',
    headers: { ...as('admin'), 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Seasoned ${Date.now()}`,
      ...Object.fromEntries(
        [
          'baseCurrency',
          'buyRate',
          'discountRate',
          'discountConvention',
          'rateConvention',
          'facilityRate',
          'advanceRate',
          'vatDefault',
        ].map((k) => [k, source[k]]),
      ),
    }),
  });
  expect(created.status).toBe(201);
  return (await created.json()).id as number;
}

type DelinquencyRow = {
  contractNumber: string;
  dpd: number;
  bucket: string;
  arrearsNet: number;
  arrearsVat: number;
  arrearsTotal: number;
  outstandingPrincipal: number;
  shownStatus: string;
};

describe('round trip with state', () => {
  it("funder 1's Tape into an empty funder: same rows, arrears per DPD bucket, defaults and ECL", async () => {
    const target = await emptyFunderLike(1);
    const tape = await fetch(`${baseURL}/api/reports/tape?funderId=1&asOf=${CUT_OFF}&format=csv`, { headers: as('viewer') });
    expect(tape.status).toBe(200);
    const form = new FormData();
    form.set('file', await tape.blob(), 'tape.csv');
    form.set('source', 'QUANTUM export with state');
    form.set('mode', 'create');
    const res = await fetch(`${baseURL}/api/leases/imports?funderId=${target}`, { method: 'POST', headers: as('analyst'), body: form });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    const validated = await until(target, id, ['validated', 'failed']);
    expect(validated.import.error).toBeNull();
    expect(validated.import.counts.rejected).toBe(0);
    // The tape carries its leases' state: the dry run names the state fields it read.
    expect(validated.import.stateFields).toEqual(expect.arrayContaining(['arrearsBalance', 'daysInArrears', 'status', 'defaultDate']));
    const commit = await fetch(`${baseURL}/api/leases/imports/${id}/commit?funderId=${target}`, {
      method: 'POST',
      headers: { ...as('analyst'), 'content-type': 'application/json' },
      body: '{"skipRejected":false}',
    });
    expect(commit.status).toBe(202);
    expect((await until(target, id, ['committed', 'validated'])).import.status).toBe('committed');

    // Total Cash Flow rows (and so the Summary): the same, lease by lease.
    const rows = async (funderId: number) =>
      (await get<Record<string, unknown>[]>(`/api/sqn/all-total-cash?funderId=${funderId}&cutOff=${CUT_OFF}`))
        .map(({ id: _id, lessee: _l, ...r }) => r)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const [ra, rb] = [await rows(1), await rows(target)];
    expect(rb.length).toBeGreaterThan(100);
    expect(rb).toEqual(ra);

    // Delinquency at the cut-off: each lease's DPD, bucket, arrears and status, and the totals per bucket.
    const delinquency = async (funderId: number) => {
      const page = (n: number) =>
        get<{ summary: unknown[]; rows: DelinquencyRow[]; total: number }>(
          `/api/servicing/delinquency?funderId=${funderId}&asOf=${CUT_OFF}&perPage=100&page=${n}&sort=dpd`,
        );
      const d = await page(1);
      for (let n = 2; (n - 1) * 100 < d.total; n++) d.rows.push(...(await page(n)).rows);
      expect(d.rows.length).toBe(d.total);
      const perLease = d.rows
        .map((r) => ({
          contractNumber: r.contractNumber,
          dpd: r.dpd,
          bucket: r.bucket,
          arrearsNet: r.arrearsNet,
          arrearsVat: r.arrearsVat,
          arrearsTotal: r.arrearsTotal,
          outstandingPrincipal: r.outstandingPrincipal,
          // Not the shown status: a tape has no cure date (a cured lease comes in performing) and its DFLT hides a
          // hand-set "closed" (a closed lease in default by lessee contagion comes in active, in default as reported).
          // Which leases are in default, and their exposure, is compared on Defaults & losses below.
        }))
        .sort((a, b) => a.contractNumber.localeCompare(b.contractNumber));
      return { summary: d.summary, perLease };
    };
    const [da, db] = [await delinquency(1), await delinquency(target)];
    expect(db.perLease.filter((r) => r.dpd > 0).length).toBeGreaterThan(0);
    expect(db.perLease).toEqual(da.perLease);
    expect(db.summary).toEqual(da.summary);

    // The leases in default on Defaults & losses, with their exposure, and the ECL.
    const defaults = async (funderId: number) =>
      (
        await get<{ defaults: { contractNumber: string; exposure: number }[] }>(`/api/credit/defaults?funderId=${funderId}&asOf=${CUT_OFF}`)
      ).defaults
        .map((d) => ({ contractNumber: d.contractNumber, exposure: d.exposure }))
        .sort((a, b) => a.contractNumber.localeCompare(b.contractNumber));
    const [fa, fb] = [await defaults(1), await defaults(target)];
    expect(fa.length).toBeGreaterThan(0);
    expect(fb).toEqual(fa);
    const ecl = async (funderId: number) => {
      const e = await get<{ rows: unknown[]; totals: unknown[] }>(`/api/credit/ecl?funderId=${funderId}&asOf=${CUT_OFF}`);
      return { rows: e.rows, totals: e.totals };
    };
    expect(await ecl(target)).toEqual(await ecl(1));
  });
});
