/**
 * The next month's tape of a source rolled forward against the previous one (domain.md §7), over HTTP against the real
 * server: month 1 of a small tape is committed into a new funder; month 2 of the same source (upsert, one month later)
 * has one lease rolled exactly, one with a partial prepayment (a break), one gone and one new. The summary counts and
 * reconciles (opening − scheduled − charged off − gone + appeared + differences = closing); a commit waits while the
 * break is undecided; four eyes keep the uploader from deciding; an accepted break needs a note; a rejected break
 * rejects its row; the roll-forward downloads as CSV; the commit then succeeds and the decisions stay with the import.
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

async function upload(funderId: number, csv: string, fields: Record<string, string>, who: Who = 'analyst') {
  const form = new FormData();
  form.set('file', new Blob([csv]), 'tape.csv');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return fetch(`${baseURL}/api/leases/imports?funderId=${funderId}`, { method: 'POST', headers: as(who), body: form });
}

type ImportBody = {
  import: { status: string; error: unknown; mapping: Record<string, string | null>; counts: Record<string, number> };
  leases: { contractNumber: string; leaseId: number }[];
};

async function until(funderId: number, id: number, statuses: string[]): Promise<ImportBody> {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${baseURL}/api/leases/imports/${id}?funderId=${funderId}`, { headers: as('viewer') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportBody;
    if (statuses.includes(body.import.status)) return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

async function post(path: string, who: Who, body: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { ...as(who), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

type Row = {
  contractNumber: string;
  row: number | null;
  leaseId: number | null;
  currency: string;
  kind: 'rolled' | 'break' | 'appeared' | 'gone';
  previousBalance: number | null;
  scheduled: number;
  chargedOff: number;
  expected: number | null;
  balance: number | null;
  difference: number | null;
  decision: 'accepted' | 'rejected' | null;
  note: string;
  decidedBy: string | null;
  decidedAt: string | null;
};
type Totals = {
  currency: string;
  opening: number;
  scheduled: number;
  chargedOff: number;
  gone: number;
  appeared: number;
  differences: number;
  closing: number;
};
type Summary = {
  previousImportId: number;
  previousTapeDate: string;
  tapeDate: string;
  totals: Totals[];
  counts: { rolled: number; break: number; appeared: number; gone: number; undecided: number };
};
type RollForwardPage = { summary: Summary | null; rows: Row[]; total: number; page: number; perPage: number };

const SOURCE = 'Roll lessor';
const MONTH_1 = '2026-03-31';
const MONTH_2 = '2026-04-30';
const HEADER = 'Contract number;Lessee;Currency;Asset type;Asset price;Term;Rate;Timing;First due date;Cut-off date;Outstanding principal';

/** Minor units as the tape writes them: decimal comma, no grouping (1234567 → "12345,67"). */
const cell = (minor: number) => `${Math.trunc(minor / 100)},${String(Math.abs(minor) % 100).padStart(2, '0')}`;

type Lease = { contract: string; lessee: string; price: number; firstDue: string };
const line = (l: Lease, cutOff: string, balance: number) =>
  `${l.contract};${l.lessee};EUR;vehicle;${cell(l.price)};36;6;arrears;${l.firstDue};${cutOff};${cell(balance)}`;

// Month 1: the first instalments fall due after its cut-off, so each balance is the financed principal (the asset
// price, no down payment) and matches the schedule exactly; month 2's cut-off comes after one instalment of the first
// two leases (15 April) and none of the gone one's (its first is due in June). No due date falls on a cut-off.
const ROLLED: Lease = { contract: 'RF-1', lessee: 'Roll Lessee One', price: 2_400_000, firstDue: '2026-04-15' };
const PREPAID: Lease = { contract: 'RF-2', lessee: 'Roll Lessee Two', price: 1_800_000, firstDue: '2026-04-15' };
const GONE: Lease = { contract: 'RF-3', lessee: 'Roll Lessee Three', price: 1_200_000, firstDue: '2026-06-15' };
const NEW: Lease = { contract: 'RF-4', lessee: 'Roll Lessee Four', price: 900_000, firstDue: '2026-05-15' };
const PREPAYMENT = 200_000;

describe('the roll-forward of the next month’s tape', () => {
  let funderId = 0;
  let month2 = 0;
  /** Principal each month-1 lease's schedule has due between the two cut-offs. */
  const scheduled = new Map<string, number>();
  const rollForwardUrl = (query = '') => `${baseURL}/api/leases/imports/${month2}/roll-forward?funderId=${funderId}${query}`;
  const readRollForward = async (query = '&perPage=500'): Promise<RollForwardPage> => {
    const res = await fetch(rollForwardUrl(query), { headers: as('viewer') });
    expect(res.status).toBe(200);
    return (await res.json()) as RollForwardPage;
  };
  const decide = (who: Who, body: unknown) => post(`/api/leases/imports/${month2}/roll-forward/decisions?funderId=${funderId}`, who, body);
  const commit = (skipRejected = false) => post(`/api/leases/imports/${month2}/commit?funderId=${funderId}`, 'analyst', { skipRejected });

  it('month 1 is committed into a new funder with four eyes, its balances those of the schedules', async () => {
    const created = await post('/api/funders', 'admin', {
      name: `Roll forward ${crypto.randomUUID().slice(0, 8)}`,
      baseCurrency: 'EUR',
      buyRate: 0.05,
      facilityRate: 0.04,
    });
    expect(created.status).toBe(201);
    funderId = created.json!.id as number;
    const funder = await (await fetch(`${baseURL}/api/funders/${funderId}`, { headers: as('viewer') })).json();
    expect(funder.fourEyes).toBe(true);

    const tape = [HEADER, ...[ROLLED, PREPAID, GONE].map((l) => line(l, MONTH_1, l.price))].join('\n');
    const res = await upload(funderId, `${tape}\n`, { source: SOURCE, mode: 'create' });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    const validated = await until(funderId, id, ['validated', 'failed']);
    expect(validated.import.error).toBeNull();
    expect(validated.import.mapping).toMatchObject({ 'Cut-off date': 'tapeDate', 'Outstanding principal': 'tapeOutstanding' });
    expect(validated.import.counts).toMatchObject({ rows: 3, new: 3, rejected: 0 });
    // The tape's balances are the schedules' at the cut-off: nothing to re-base.
    const mismatches = await (
      await fetch(`${baseURL}/api/leases/imports/${id}/exceptions?funderId=${funderId}&rule=outstandingMismatch`, { headers: as('viewer') })
    ).json();
    expect(mismatches.total).toBe(0);
    // The first tape of a source has nothing to roll forward from.
    const first = await (
      await fetch(`${baseURL}/api/leases/imports/${id}/roll-forward?funderId=${funderId}`, { headers: as('viewer') })
    ).json();
    expect(first).toMatchObject({ summary: null, rows: [], total: 0 });

    expect((await post(`/api/leases/imports/${id}/commit?funderId=${funderId}`, 'analyst', { skipRejected: false })).status).toBe(202);
    const committed = await until(funderId, id, ['committed', 'validated']);
    expect(committed.import.status).toBe('committed');
    expect(committed.leases.map((l) => l.contractNumber).sort()).toEqual([ROLLED.contract, PREPAID.contract, GONE.contract]);

    for (const l of committed.leases) {
      const lease = await (await fetch(`${baseURL}/api/leases/${l.leaseId}?funderId=${funderId}`, { headers: as('viewer') })).json();
      const rows = lease.schedule as { dueDate: string; principal: number }[];
      scheduled.set(
        l.contractNumber,
        rows.filter((r) => r.dueDate >= MONTH_1 && r.dueDate < MONTH_2).reduce((s, r) => s + r.principal, 0),
      );
    }
    expect(scheduled.get(ROLLED.contract)).toBeGreaterThan(0);
    expect(scheduled.get(PREPAID.contract)).toBeGreaterThan(0);
    expect(scheduled.get(GONE.contract)).toBe(0);
  });

  it('month 2 (upsert, same source) rolls forward per lease and the totals reconcile', async () => {
    const rolled = ROLLED.price - scheduled.get(ROLLED.contract)!;
    const prepaid = PREPAID.price - scheduled.get(PREPAID.contract)! - PREPAYMENT;
    const tape = [HEADER, line(ROLLED, MONTH_2, rolled), line(PREPAID, MONTH_2, prepaid), line(NEW, MONTH_2, NEW.price)].join('\n');
    const res = await upload(funderId, `${tape}\n`, { source: SOURCE, mode: 'upsert' });
    expect(res.status).toBe(202);
    month2 = (await res.json()).id;
    const validated = await until(funderId, month2, ['validated', 'failed']);
    expect(validated.import.error).toBeNull();
    expect(validated.import.counts).toMatchObject({ rows: 3, rejected: 0 });

    const { summary, rows, total } = await readRollForward();
    expect(summary).not.toBeNull();
    expect(summary).toMatchObject({
      previousTapeDate: MONTH_1,
      tapeDate: MONTH_2,
      counts: { rolled: 1, break: 1, appeared: 1, gone: 1, undecided: 1 },
    });
    expect(total).toBe(4);
    const by = Object.fromEntries(rows.map((r) => [r.contractNumber, r]));
    expect(by[ROLLED.contract]).toMatchObject({
      kind: 'rolled',
      currency: 'EUR',
      previousBalance: ROLLED.price,
      scheduled: scheduled.get(ROLLED.contract),
      chargedOff: 0,
      expected: rolled,
      balance: rolled,
      difference: 0,
      decision: null,
    });
    expect(by[PREPAID.contract]).toMatchObject({
      kind: 'break',
      previousBalance: PREPAID.price,
      scheduled: scheduled.get(PREPAID.contract),
      chargedOff: 0,
      expected: prepaid + PREPAYMENT,
      balance: prepaid,
      difference: -PREPAYMENT,
      decision: null,
      decidedBy: null,
    });
    expect(by[GONE.contract]).toMatchObject({ kind: 'gone', row: null, previousBalance: GONE.price, balance: null });
    expect(by[NEW.contract]).toMatchObject({ kind: 'appeared', previousBalance: null, balance: NEW.price });

    expect(summary!.totals).toHaveLength(1);
    const [eur] = summary!.totals;
    expect(eur).toEqual({
      currency: 'EUR',
      opening: ROLLED.price + PREPAID.price + GONE.price,
      scheduled: scheduled.get(ROLLED.contract)! + scheduled.get(PREPAID.contract)!,
      chargedOff: 0,
      gone: GONE.price,
      appeared: NEW.price,
      differences: -PREPAYMENT,
      closing: rolled + prepaid + NEW.price,
    });
    expect(eur!.opening - eur!.scheduled - eur!.chargedOff - eur!.gone + eur!.appeared + eur!.differences).toBe(eur!.closing);

    // Filters: by kind, and the undecided breaks.
    const breaks = await readRollForward('&kind=break');
    expect(breaks.rows.map((r) => r.contractNumber)).toEqual([PREPAID.contract]);
    expect((await readRollForward('&undecided=true')).total).toBe(1);
    const paged = await readRollForward('&perPage=2&page=2');
    expect(paged).toMatchObject({ total: 4, page: 2, perPage: 2 });
    expect(paged.rows).toHaveLength(2);
  });

  it('a commit waits while the break is undecided', async () => {
    const res = await commit();
    expect(res.status).toBe(409);
    expect((await until(funderId, month2, ['validated', 'failed'])).import.status).toBe('validated');
  });

  it('four eyes: the uploader cannot decide; a viewer has no scope; an accepted break needs a note; only breaks are decided', async () => {
    const byUploader = await decide('analyst', { contractNumbers: [PREPAID.contract], decision: 'accepted', note: 'Prepaid in April.' });
    expect(byUploader.status).toBe(403);
    expect((byUploader.json!.error as { message: string }).message).toMatch(/four eyes/i);
    expect((await decide('viewer', { contractNumbers: [PREPAID.contract], decision: 'rejected' })).status).toBe(403);

    const noNote = await decide('admin', { contractNumbers: [PREPAID.contract], decision: 'accepted' });
    expect(noNote.status).toBe(400);
    expect(noNote.json!.error).toMatchObject({ issues: expect.arrayContaining([expect.objectContaining({ field: 'note' })]) });
    const blank = await decide('admin', { contractNumbers: [PREPAID.contract], decision: 'accepted', note: '   ' });
    expect(blank.status).toBe(400);
    expect((await decide('admin', { decision: 'rejected' })).status).toBe(400);
    const notABreak = await decide('admin', { contractNumbers: [ROLLED.contract], decision: 'accepted', note: 'Rolled anyway.' });
    expect(notABreak.status).toBe(400);
    const unknown = await decide('admin', { contractNumbers: ['NOPE-1'], decision: 'rejected' });
    expect(unknown.status).toBe(400);
    // None of the refused calls decided anything.
    expect((await readRollForward('&undecided=true')).rows.map((r) => r.contractNumber)).toEqual([PREPAID.contract]);
  });

  it("a rejected break rejects its row; accepted with a note, the row is the tape's again", async () => {
    const reject = await decide('admin', { contractNumbers: [PREPAID.contract], decision: 'rejected' });
    expect(reject.status).toBe(200);
    expect(reject.json).toMatchObject({ decided: 1, summary: { counts: { undecided: 0 } } });
    expect((await readRollForward('&kind=break')).rows[0]).toMatchObject({ decision: 'rejected', decidedBy: 'admin@quantum.demo' });
    const rejected = await until(funderId, month2, ['validated']);
    expect(rejected.import.counts.rejected).toBe(1);
    // All or nothing refuses the rejected row.
    expect((await commit(false)).status).toBe(409);

    const note = 'Partial prepayment of €2,000.00 received on 20 April, confirmed by the lessor.';
    const accepted = await decide('admin', { contractNumbers: [PREPAID.contract], decision: 'accepted', note });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ decided: 1, summary: { counts: { break: 1, undecided: 0 } } });
    expect((await until(funderId, month2, ['validated'])).import.counts.rejected).toBe(0);

    const { rows, summary } = await readRollForward('&kind=break');
    expect(summary!.counts.undecided).toBe(0);
    expect(rows[0]).toMatchObject({ contractNumber: PREPAID.contract, decision: 'accepted', note, decidedBy: 'admin@quantum.demo' });
    expect(Number.isNaN(Date.parse(rows[0]!.decidedAt!))).toBe(false);
    expect((await readRollForward('&undecided=true')).total).toBe(0);
  });

  it('the roll-forward downloads as CSV (one row per lease, amounts as decimals, headers in the locale) and XLSX', async () => {
    const res = await fetch(rollForwardUrl('&format=csv&locale=en'), { headers: as('viewer') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((l) => l !== '');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^Contract number,/);
    const prepaid = lines.find((l) => l.startsWith(`${PREPAID.contract},`))!;
    expect(prepaid).toContain('-2000.00');
    expect(prepaid).toContain('admin@quantum.demo');
    expect(prepaid).toContain('20 April');
    for (const l of [ROLLED, GONE, NEW]) expect(lines.some((x) => x.startsWith(`${l.contract},`))).toBe(true);

    const de = await (await fetch(rollForwardUrl('&format=csv&locale=de&kind=break'), { headers: as('viewer') })).text();
    expect(de.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toMatch(/^Vertragsnummer,/);
    expect(de.split(/\r?\n/).filter((l) => l.startsWith(`${PREPAID.contract},`))).toHaveLength(1);

    const xlsx = await fetch(rollForwardUrl('&format=xlsx'), { headers: as('viewer') });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect((await xlsx.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('the commit then succeeds, and the decisions stay with the import', async () => {
    expect((await commit(false)).status).toBe(202);
    const done = await until(funderId, month2, ['committed', 'validated']);
    expect(done.import.status).toBe('committed');
    const kept = await readRollForward();
    expect(kept.summary!.counts).toMatchObject({ rolled: 1, break: 1, appeared: 1, gone: 1, undecided: 0 });
    expect(kept.rows.find((r) => r.contractNumber === PREPAID.contract)).toMatchObject({ decision: 'accepted' });
    // Decided once the dry run is over: 409.
    expect((await decide('admin', { allUndecided: true, decision: 'rejected' })).status).toBe(409);
  });

  it('an unknown import is 404; a bad filter is 400', async () => {
    expect((await fetch(`${baseURL}/api/leases/imports/999999/roll-forward?funderId=${funderId}`, { headers: as('viewer') })).status).toBe(
      404,
    );
    expect(
      (await fetch(`${baseURL}/api/leases/imports/999999/roll-forward?funderId=${funderId}&format=csv`, { headers: as('viewer') })).status,
    ).toBe(404);
    expect((await fetch(rollForwardUrl('&kind=lost'), { headers: as('viewer') })).status).toBe(400);
  });
});
