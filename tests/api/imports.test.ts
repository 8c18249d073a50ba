/**
 * Tape import over HTTP against the real server: an exported tape re-imported into an empty funder
 * gives the same Total Cash Flow rows; the static segments `imports` and `import-sources` win over
 * /api/leases/[id]; and every bad request gets its status (400, 403, 404, 409, 413), never a 500.
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

async function upload(funderId: number, file: Blob, fields: Record<string, string>, who: Who = 'analyst') {
  const form = new FormData();
  form.set('file', file, 'tape.csv');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return fetch(`${baseURL}/api/leases/imports?funderId=${funderId}`, { method: 'POST', headers: as(who), body: form });
}

async function until(funderId: number, id: number, statuses: string[]) {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${baseURL}/api/leases/imports/${id}?funderId=${funderId}`, { headers: as('viewer') });
    expect(res.status).toBe(200);
    const body = await res.json();
    if (statuses.includes(body.import.status)) return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

const CUT_OFF = '2026-07-01';

describe('round trip over HTTP', () => {
  it('Tape CSV of funder 1 → empty funder → same Total Cash Flow rows', async () => {
    const source = await (await fetch(`${baseURL}/api/funders/1`, { headers: as('viewer') })).json();
    const created = await fetch(`${baseURL}/api/funders`, {
      method: 'POST',
      headers: { ...as('admin'), 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Round trip ${Date.now()}`,
        baseCurrency: source.baseCurrency,
        buyRate: source.buyRate,
        discountRate: source.discountRate,
        discountConvention: source.discountConvention,
        rateConvention: source.rateConvention,
        facilityRate: source.facilityRate,
        advanceRate: source.advanceRate,
        vatDefault: source.vatDefault,
      }),
    });
    expect(created.status).toBe(201);
    const target = (await created.json()).id as number;
    const tape = await fetch(`${baseURL}/api/reports/tape?funderId=1&asOf=${CUT_OFF}&format=csv`, { headers: as('viewer') });
    expect(tape.status).toBe(200);
    const res = await upload(target, await tape.blob(), { source: 'QUANTUM export', mode: 'create' });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    const validated = await until(target, id, ['validated', 'failed']);
    expect(validated.import.error).toBeNull();
    expect(validated.import.counts.rejected).toBe(0);
    const commit = await fetch(`${baseURL}/api/leases/imports/${id}/commit?funderId=${target}`, {
      method: 'POST',
      headers: { ...as('analyst'), 'content-type': 'application/json' },
      body: '{"skipRejected":false}',
    });
    expect(commit.status).toBe(202);
    expect((await until(target, id, ['committed', 'validated'])).import.status).toBe('committed');

    const rows = async (funderId: number) => {
      const all = (await (
        await fetch(`${baseURL}/api/sqn/all-total-cash?funderId=${funderId}&cutOff=${CUT_OFF}`, { headers: as('viewer') })
      ).json()) as Record<string, unknown>[];
      return all.map(({ id: _id, lessee: _l, ...r }) => r).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    };
    const [a, b] = [await rows(1), await rows(target)];
    expect(b.length).toBe(a.length);
    expect(b).toEqual(a);

    const again = await fetch(`${baseURL}/api/leases/imports/${id}/commit?funderId=${target}`, {
      method: 'POST',
      headers: { ...as('analyst'), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(again.status).toBe(409);
  });
});

describe('routing and errors', () => {
  it('GET /api/leases/imports is the history, not /api/leases/[id]', async () => {
    const res = await fetch(`${baseURL}/api/leases/imports?funderId=1`, { headers: as('viewer') });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ page: 1, perPage: 20 });
  });

  it('a saved source mapping round-trips; an unknown source is 404', async () => {
    const put = await fetch(`${baseURL}/api/leases/import-sources/${encodeURIComponent('Muster Leasing')}/mapping?funderId=1`, {
      method: 'PUT',
      headers: { ...as('analyst'), 'content-type': 'application/json' },
      body: JSON.stringify({ mapping: { Vertragsnummer: 'contractNumber', Notiz: null } }),
    });
    expect(put.status).toBe(200);
    const get = await fetch(`${baseURL}/api/leases/import-sources/${encodeURIComponent('Muster Leasing')}/mapping?funderId=1`, {
      headers: as('viewer'),
    });
    expect(await get.json()).toEqual({ source: 'Muster Leasing', mapping: { Vertragsnummer: 'contractNumber', Notiz: null }, fixed: {} });
    expect((await fetch(`${baseURL}/api/leases/import-sources/nobody/mapping?funderId=1`, { headers: as('viewer') })).status).toBe(404);
    const bad = await fetch(`${baseURL}/api/leases/import-sources/x/mapping?funderId=1`, {
      method: 'PUT',
      headers: { ...as('analyst'), 'content-type': 'application/json' },
      body: JSON.stringify({ mapping: { A: 'notAField' } }),
    });
    expect(bad.status).toBe(400);
  });

  it.each([
    ['no file', 400, () => upload(1, new Blob([]), { source: 'X' })],
    ['no source', 400, () => upload(1, new Blob(['a;b\n1;2']), {})],
    ['a bad mode', 400, () => upload(1, new Blob(['a;b\n1;2']), { source: 'X', mode: 'replace' })],
    ['bad mapping JSON', 400, () => upload(1, new Blob(['a;b\n1;2']), { source: 'X', mapping: '{' })],
    ['a source with a control character', 400, () => upload(1, new Blob(['a;b\n1;2']), { source: 'Muster\u0000Leasing' })],
    ['a source that walks up a path', 400, () => upload(1, new Blob(['a;b\n1;2']), { source: '../Muster' })],
    ['a source with a URL escape', 400, () => upload(1, new Blob(['a;b\n1;2']), { source: '%2e%2e%2f' })],
    ['a viewer', 403, () => upload(1, new Blob(['a;b\n1;2']), { source: 'X' }, 'viewer')],
    [
      'not multipart',
      400,
      () =>
        fetch(`${baseURL}/api/leases/imports?funderId=1`, {
          method: 'POST',
          headers: { ...as('analyst'), 'content-type': 'application/json' },
          body: '{}',
        }),
    ],
    ['a file over the limit', 413, () => upload(1, new Blob([new Uint8Array(51 * 1024 * 1024)]), { source: 'X' })],
    ['an unknown import', 404, () => fetch(`${baseURL}/api/leases/imports/999999?funderId=1`, { headers: as('viewer') })],
    ['a malformed import id', 404, () => fetch(`${baseURL}/api/leases/imports/abc?funderId=1`, { headers: as('viewer') })],
  ])('%s → %i', async (_name, status, send) => {
    const res = await send();
    expect(res.status).toBe(status);
  });

  it('a commit before validation or of a rejected tape is 409; the exceptions download is CSV', async () => {
    const res = await upload(
      1,
      new Blob([
        'Contract number;Lessee;Asset type;Currency;Asset price;Term;Rate;Timing;First due date\nZ-1;A;rocket;EUR;100.00;12;5%;advance;2025-01-01\n',
      ]),
      { source: 'Bad' },
    );
    const { id } = await res.json();
    const done = await until(1, id, ['validated', 'failed']);
    expect(done.import.counts).toMatchObject({ rows: 1, rejected: 1 });
    const commit = await fetch(`${baseURL}/api/leases/imports/${id}/commit?funderId=1`, {
      method: 'POST',
      headers: { ...as('analyst'), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(commit.status).toBe(409);
    const csv = await fetch(`${baseURL}/api/leases/imports/${id}/exceptions?funderId=1&format=csv&locale=de`, { headers: as('viewer') });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(await csv.text()).toContain('„rocket“ ist keiner von');
    const json = await (
      await fetch(`${baseURL}/api/leases/imports/${id}/exceptions?funderId=1&rule=enum`, { headers: as('viewer') })
    ).json();
    expect(json.rows).toEqual([expect.objectContaining({ row: 1, column: 'Asset type', value: 'rocket', rule: 'enum' })]);
  });
});

describe('source names are printable text', () => {
  const sourceUrl = (segment: string) => `${baseURL}/api/leases/import-sources/${segment}/mapping?funderId=1`;
  const put = (segment: string) =>
    fetch(sourceUrl(segment), {
      method: 'PUT',
      headers: { ...as('analyst'), 'content-type': 'application/json' },
      body: JSON.stringify({ mapping: { Vertragsnummer: 'contractNumber' } }),
    });

  it.each([
    ['a NUL character', '%00'],
    ['an escape sequence', '%1B%5B31m'],
    ['a path decoded twice', '%252e%252e%252f'],
    ['a slash decoded twice', 'Muster%252fLeasing'],
    ['a backslash', 'Muster%5CLeasing'],
    ['two dots', '..Muster'],
  ])('%s in the path → 400 naming `source`, and nothing is stored', async (_name, segment) => {
    const res = await put(segment);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'source' })]));
    const get = await fetch(sourceUrl(segment), { headers: as('viewer') });
    expect([400, 404]).toContain(get.status);
  });

  it('the segment is decoded once: "../" reached by a double escape was never stored', async () => {
    await put('%252e%252e%252f');
    // The name a second decode would have stored.
    const get = await fetch(sourceUrl(encodeURIComponent('../')), { headers: as('viewer') });
    expect([400, 404]).toContain(get.status);
  });

  it('a name with an escaped space or an umlaut is still a name', async () => {
    const name = `Bäcker Leasing ${Date.now()}`;
    const res = await put(encodeURIComponent(name));
    expect(res.status).toBe(200);
    expect((await res.json()).source).toBe(name);
  });
});

describe('values for every row, the reading of the file and messages in money', () => {
  it('a currency no column gives is one value for every row, kept with the import and the source', async () => {
    const source = `Fixed values ${Date.now()}`;
    const res = await upload(
      1,
      new Blob([
        `Contract number;Lessee;Asset type;Asset price;Term;Rate;Timing;First due date\nFX-${Date.now()};A;vehicle;10000,00;12;5;arrears;2026-01-01\n`,
      ]),
      { source },
    );
    expect(res.status).toBe(202);
    const { id } = await res.json();
    const first = await until(1, id, ['validated', 'failed']);
    expect(first.missingRequired).toContain('currency');

    const csv = await fetch(`${baseURL}/api/leases/imports/${id}/exceptions?funderId=1&format=csv&locale=en`, { headers: as('viewer') });
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines.some((l) => l.startsWith('File,') && l.includes('No column gives Currency'))).toBe(true);
    expect(lines.some((l) => l.startsWith('0,'))).toBe(false);

    const change = await fetch(`${baseURL}/api/leases/imports/${id}/mapping?funderId=1`, {
      method: 'PUT',
      headers: { ...as('analyst'), 'content-type': 'application/json' },
      body: JSON.stringify({ fixed: { currency: 'EUR' } }),
    });
    expect(change.status).toBe(202);
    const again = await until(1, id, ['validated', 'failed']);
    expect(again.import.fixed).toEqual({ currency: 'EUR' });
    expect(again.missingRequired).not.toContain('currency');
    expect(again.import.counts.rejected).toBe(0);
    // How the file was read: "5" is a rate in percent; no tape date column (the upload day); no state columns.
    expect(again.import.rateReadings).toEqual({ rate: 'percent' });
    expect(again.import.tapeDate.from).toBe('upload');
    expect(again.import.stateFields).toEqual([]);

    const saved = await fetch(`${baseURL}/api/leases/import-sources/${encodeURIComponent(source)}/mapping?funderId=1`, {
      headers: as('viewer'),
    });
    expect((await saved.json()).fixed).toEqual({ currency: 'EUR' });

    const bad = await fetch(`${baseURL}/api/leases/imports/${id}/mapping?funderId=1`, {
      method: 'PUT',
      headers: { ...as('analyst'), 'content-type': 'application/json' },
      body: JSON.stringify({ fixed: { notAField: 'x' } }),
    });
    expect(bad.status).toBe(400);
  });

  it("the instalment check's amounts read as money in the reader's locale, never in minor units", async () => {
    const res = await upload(
      1,
      new Blob([
        `Contract number;Lessee;Asset type;Currency;Asset price;Term;Rate;Timing;First due date;Instalment\nMX-${Date.now()};A;vehicle;EUR;10000,00;12;5;arrears;2026-01-01;999,00\n`,
      ]),
      { source: `Money ${Date.now()}` },
    );
    const { id } = await res.json();
    const done = await until(1, id, ['validated', 'failed']);
    expect(done.import.instalmentCheck).toMatchObject({ rows: 1, beyond: 1 });
    const json = await (
      await fetch(`${baseURL}/api/leases/imports/${id}/exceptions?funderId=1&rule=instalmentMismatch&locale=en`, { headers: as('viewer') })
    ).json();
    expect(json.rows.length).toBe(1);
    const [e] = json.rows;
    expect(e.params.currency).toBe('EUR');
    expect(e.message).toMatch(/€\d{3}\.\d{2}/);
    expect(e.message).not.toContain(e.params.expected);
    expect(e.message).toMatch(/%/);
    const csv = await (
      await fetch(`${baseURL}/api/leases/imports/${id}/exceptions?funderId=1&rule=instalmentMismatch&format=csv&locale=de`, {
        headers: as('viewer'),
      })
    ).text();
    expect(csv).toMatch(/\d{3},\d{2}\s€/);
    expect(csv).not.toContain(e.params.expected);
  });
});
