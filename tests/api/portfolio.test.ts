/**
 * GET /api/portfolio/total-cash-flow/export against a real server: the whole filtered table as CSV and
 * XLSX (same rows and figures as /api/sqn, major units in the file), saved views, 400/401/403/404.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDb, type Conn } from '@/db/client';
import { createPortfolioView } from '@/db/queries/portfolio-views';
import { postJson, uniqueIp } from '../helpers/http';

const baseURL = inject('baseURL');
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
type Row = Record<string, number | string> & { id: number; fx: string; lessee: string };

let db: Conn;
beforeAll(async () => {
  for (const who of ['viewer', 'analyst', 'client']) {
    const res = await postJson(
      baseURL,
      '/jwt/login',
      { email: `${who}@quantum.demo`, password: 'quantum-demo' },
      { 'x-forwarded-for': uniqueIp() },
    );
    const body = await res.json();
    tokens[who] = body.accessToken;
    userIds[who] = body.userData.id;
  }
  db = openDb(inject('dbPath'));
});
afterAll(() => db.$client.close());

const get = (path: string, who: string | null = 'viewer') =>
  fetch(`${baseURL}${path}`, { headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
const EXPORT = '/api/portfolio/total-cash-flow/export';

/** RFC 4180 reader (quoted fields, doubled quotes), enough for our own files. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** The file's text after checking the UTF-8 byte-order mark (Response.text() would strip it silently). */
async function csvText(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
}

const minorToText = (minor: number, fx: string) => (fx === 'JPY' ? String(minor) : (minor / 100).toFixed(2));

async function sqnRows(qs: string): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await get(`/api/sqn/total-cash?${qs}&perPage=100&page=${page}`);
    const body = await res.json();
    total = body.total;
    rows.push(...body.invoices);
    if (body.invoices.length < 100) break;
  }
  return { rows, total };
}

describe('auth and validation', () => {
  it('answers 401 without a credential and 403 without read:funders', async () => {
    expect((await get(`${EXPORT}?format=csv`, null)).status).toBe(401);
    expect((await get(`${EXPORT}?format=csv`, 'client')).status).toBe(403);
  });

  it.each([
    ['', 'format'],
    ['format=pdf', 'format'],
    ['format=csv&cutOff=2026-02-30', 'cutOff'],
    ['format=csv&sort=colour', 'sort'],
    ['format=csv&view=abc', 'view'],
  ])('"%s" answers 400 naming %s', async (qs, field) => {
    const res = await get(`${EXPORT}?${qs}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.issues.map((i: { field: string }) => i.field)).toContain(field);
  });

  it("an unknown view, or another user's, is 404", async () => {
    expect((await get(`${EXPORT}?format=csv&view=987654`)).status).toBe(404);
    const theirs = await createPortfolioView(db, userIds.analyst!, {
      module: 'total-cash-flow',
      name: `private ${Date.now()}`,
      columns: [],
      filters: {},
    });
    expect((await get(`${EXPORT}?format=csv&view=${theirs.id}`, 'viewer')).status).toBe(404);
    expect((await get(`${EXPORT}?format=csv&view=${theirs.id}`, 'analyst')).status).toBe(200);
  });
});

describe('CSV', () => {
  it('is the whole filtered, sorted table with the rows and figures of /api/sqn, in major units', async () => {
    const qs = 'currency=GBP,CHF&sort=npv&dir=desc';
    const res = await get(`${EXPORT}?format=csv&${qs}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="total-cash-flow_funder-1_\d{4}-\d{2}-01\.csv"$/);
    const [header, ...lines] = parseCsv(await csvText(res));
    expect(header!.slice(0, 12)).toEqual([
      'id',
      'contractNumber',
      'lessee',
      'fx',
      'assetType',
      'status',
      'prin',
      'sellto4G',
      'npv',
      'delta',
      'check',
      'totalcf',
    ]);
    expect(header![12]).toMatch(/^cash1 \(\d{4}-\d{2}\)$/);
    expect(header!.at(-1)).toBe('cashBeyond');
    const { rows, total } = await sqnRows(qs);
    expect(lines.length).toBe(total);
    expect(res.headers.get('x-total-count')).toBe(String(total));
    expect(lines.map((l) => Number(l[0]))).toEqual(rows.map((r) => r.id));
    lines.forEach((line, n) => {
      const r = rows[n]!;
      expect(line[2]).toBe(r.lessee);
      expect(line[3]).toBe(r.fx);
      expect(line[6]).toBe(minorToText(r.prin as number, r.fx));
      expect(line[8]).toBe(minorToText(r.npv as number, r.fx));
      expect(line[12]).toBe(minorToText(r.cash1 as number, r.fx));
      expect(line.at(-1)).toBe(minorToText(r.cashBeyond as number, r.fx));
    });
  });

  it('gross=1 exports the gross cash columns', async () => {
    const net = parseCsv(await csvText(await get(`${EXPORT}?format=csv&currency=GBP`)));
    const gross = parseCsv(await csvText(await get(`${EXPORT}?format=csv&currency=GBP&gross=1`)));
    expect(gross.length).toBe(net.length);
    const totalcf = (rows: string[][]) => rows.slice(1).reduce((s, l) => s + Number(l[11]), 0);
    expect(totalcf(gross)).toBeGreaterThan(totalcf(net));
  });

  it('a saved view applies its filters and columns; the URL overrides its filters', async () => {
    const view = await createPortfolioView(db, userIds.viewer!, {
      module: 'total-cash-flow',
      name: `GBP principal ${Date.now()}`,
      columns: ['prin', 'npv', 'cash1'],
      filters: { currency: 'GBP', sort: 'prin', dir: 'desc' },
    });
    const [header, ...lines] = parseCsv(await csvText(await get(`${EXPORT}?format=csv&view=${view.id}`)));
    expect(header!.slice(0, 8)).toEqual(['id', 'contractNumber', 'lessee', 'fx', 'assetType', 'status', 'prin', 'npv']);
    expect(header).toHaveLength(9);
    const { rows } = await sqnRows('currency=GBP&sort=prin&dir=desc');
    expect(lines.map((l) => Number(l[0]))).toEqual(rows.map((r) => r.id));
    const overridden = parseCsv(await csvText(await get(`${EXPORT}?format=csv&view=${view.id}&currency=CHF`)));
    expect(new Set(overridden.slice(1).map((l) => l[3]))).toEqual(new Set(['CHF']));
  });
});

describe('XLSX', () => {
  it('holds the same rows as numbers in major units, and per-currency totals that equal their sums', async () => {
    const res = await get(`${EXPORT}?format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Total cash flow')!;
    const totalsSheet = wb.getWorksheet('Totals')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const all = (await (await get('/api/sqn/all-total-cash')).json()) as Row[];
    expect(sheet.rowCount - 1).toBe(all.length);
    const row2 = sheet.getRow(2);
    expect(row2.getCell(1).value).toBe(all[0]!.id);
    expect(row2.getCell(col('prin')).value).toBeCloseTo((all[0]!.prin as number) / 100, 9);
    const sums = new Map<string, { count: number; prin: number; totalcf: number }>();
    for (const r of all) {
      const s = sums.get(r.fx) ?? { count: 0, prin: 0, totalcf: 0 };
      s.count++;
      s.prin += r.prin as number;
      s.totalcf += r.totalcf as number;
      sums.set(r.fx, s);
    }
    const tHeader = (totalsSheet.getRow(1).values as unknown[]).slice(1);
    const seen: string[] = [];
    totalsSheet.eachRow((row, n) => {
      if (n === 1) return;
      const fx = row.getCell(1).value as string;
      seen.push(fx);
      const s = sums.get(fx)!;
      expect(row.getCell(2).value).toBe(s.count);
      expect(row.getCell(tHeader.indexOf('prin') + 1).value).toBeCloseTo(s.prin / 100, 6);
      expect(row.getCell(tHeader.indexOf('totalcf') + 1).value).toBeCloseTo(s.totalcf / 100, 6);
    });
    expect(seen.sort()).toEqual([...sums.keys()].sort());
    expect(totalsSheet.getRow(2).getCell(1).value as string).toBe('EUR');
  });
});
