/**
 * /api/reports/* against a real server: shapes, 400 (unknown dimension / kind / month, with the field),
 * 401/403, 404 (unknown or another funder's file), kept-file download headers and byte identity of a
 * regenerated file, and the streamed tape CSV's row count = the book's lease count.
 */
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDb, type Conn } from '@/db/client';
import { demoTokens, postJson } from '../helpers/http';

const baseURL = inject('baseURL');
let tokens: Record<'viewer' | 'analyst' | 'client', string>;
let db: Conn;
beforeAll(async () => {
  tokens = await demoTokens(baseURL, ['viewer', 'analyst', 'client'] as const);
  db = openDb(inject('dbPath'));
});
afterAll(() => db.$client.close());

const as = (who: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[who]}` });
const get = (path: string, who: keyof typeof tokens | null = 'viewer') => fetch(`${baseURL}${path}`, { headers: who ? as(who) : {} });
/**
 * Funder 1's leases in the pool at `cutOff` (domain.md §3, §8, §14): the Total Cash Flow's rows then — purchased on or
 * before it, not terminated, not written off by then, and not repaid. The tape has the same number of rows (§14).
 */
const poolAt = async (cutOff: string) =>
  ((await (await get(`/api/reports/cash-flow/lease?funderId=1&asOf=${cutOff}&perPage=1`)).json()) as { total: number }).total;
const sha = (b: ArrayBuffer) => createHash('sha256').update(Buffer.from(b)).digest('hex');
const MONTH = (() => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
})();

describe('authorization', () => {
  it.each([
    '/api/reports/stratification',
    '/api/reports/tape',
    '/api/reports/customers',
    '/api/reports/delinquency/resume',
    '/api/reports/servicing/collections',
    '/api/reports/liability/principal',
    '/api/reports/cash-flow/portfolio',
    '/api/reports/files',
  ])('%s: 401 without a credential, 403 without read:funders', async (path) => {
    expect((await get(path, null)).status).toBe(401);
    expect((await get(path, 'client')).status).toBe(403);
  });

  it('generating a kept file needs write:funders', async () => {
    const res = await postJson(baseURL, '/api/reports/files', { kind: 'vat', month: MONTH, format: 'csv' }, as('viewer'));
    expect(res.status).toBe(403);
  });
});

describe('400 names the field', () => {
  it.each([
    ['/api/reports/stratification?dimension=colour', 'dimension'],
    ['/api/reports/servicing/payroll', 'kind'],
    ['/api/reports/servicing/vat?month=2026-13', 'month'],
    ['/api/reports/tape?perPage=500', 'perPage'],
    ['/api/reports/customers?sort=age', 'sort'],
    ['/api/reports/delinquency/summary', 'view'],
    ['/api/reports/delinquency/detail', 'leaseId'],
    ['/api/reports/liability/fees', 'component'],
    ['/api/reports/files?kind=tape', 'kind'],
    ['/api/reports/files/abc', 'id'],
  ])('%s → %s', async (path, field) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('invalid');
    expect(body.error.issues.map((i: { field: string }) => i.field)).toContain(field);
  });

  it('POST with an unknown kind or a bad month', async () => {
    for (const [body, field] of [
      [{ kind: 'payroll', month: MONTH, format: 'csv' }, 'kind'],
      [{ kind: 'vat', month: '202610', format: 'csv' }, 'month'],
      [{ kind: 'vat', month: MONTH, format: 'pdf' }, 'format'],
    ] as const) {
      const res = await postJson(baseURL, '/api/reports/files', body, as('analyst'));
      expect(res.status).toBe(400);
      expect((await res.json()).error.issues.map((i: { field: string }) => i.field)).toContain(field);
    }
  });
});

describe('shapes', () => {
  it('stratification: totals per currency equal the portfolio summary (cash-flow/portfolio)', async () => {
    const strat = await (await get('/api/reports/stratification?dimension=rate')).json();
    const portfolio = await (await get('/api/reports/cash-flow/portfolio')).json();
    expect(strat.currencies.length).toBeGreaterThan(0);
    for (const c of strat.currencies) {
      const line = portfolio.lines.find((l: { currency: string }) => l.currency === c.currency);
      expect(c.total.outstanding).toBe(line.prin);
      expect(c.total.count).toBe(line.leases);
      expect(c.buckets.reduce((s: number, b: { outstanding: number }) => s + b.outstanding, 0)).toBe(line.prin);
      expect(c.top10.length).toBeLessThanOrEqual(10);
    }
  });

  it('stratification by delinquency bucket uses the servicing book’s buckets', async () => {
    const res = await get('/api/reports/stratification?dimension=delinquency');
    expect(res.status).toBe(200);
    const strat = await res.json();
    for (const c of strat.currencies) for (const b of c.buckets) expect(b.key).toMatch(/^(current|\d+-\d+|\d+\+)$/);
  });

  // Issue #11: the tape holds the leases in the pool at its cut-off (purchased on or before it), not the whole book.
  it('tape page: ESMA columns and one row per lease in the pool at the cut-off in total', async () => {
    const body = await (await get('/api/reports/tape?perPage=5&page=2')).json();
    const leases = await poolAt(body.cutOff);
    expect(body.total).toBe(leases);
    expect(body.rows).toHaveLength(5);
    expect(body.columns.find((c: { id: string }) => c.id === 'currentPrincipal')).toMatchObject({
      esma: 'LESL28',
      header: 'LESL28 Current Principal Balance',
    });
  });

  it('customers: a page, sorted by outstanding descending, with totals', async () => {
    const body = await (await get('/api/reports/customers?perPage=10')).json();
    expect(body.rows).toHaveLength(10);
    for (let k = 1; k < body.rows.length; k++) expect(body.rows[k - 1].outstanding).toBeGreaterThanOrEqual(body.rows[k].outstanding);
    expect(body.totals.length).toBeGreaterThan(0);
  });

  it.each(['draws', 'distributions', 'collections', 'liability', 'vat', 'total-cf'])('servicing/%s for a month', async (kind) => {
    const res = await get(`/api/reports/servicing/${kind}?month=${MONTH}`);
    expect(res.status).toBe(200);
    const r = await res.json();
    expect(r).toMatchObject({ kind, month: MONTH });
    expect(Array.isArray(r.lines) && Array.isArray(r.totals) && Array.isArray(r.columns)).toBe(true);
  });

  it('delinquency resume, view and detail', async () => {
    const resume = await (await get('/api/reports/delinquency/resume')).json();
    expect(resume.bucketKeys[0]).toBe('current');
    const view = await (await get('/api/reports/delinquency/view?perPage=3')).json();
    expect(view.rows.length).toBeLessThanOrEqual(3);
    const leaseId = view.rows[0].leaseId;
    const detail = await (await get(`/api/reports/delinquency/detail?leaseId=${leaseId}`)).json();
    expect(detail.leaseId).toBe(leaseId);
    expect(detail.instalments.length).toBeGreaterThan(0);
    expect((await get('/api/reports/delinquency/detail?leaseId=99999999')).status).toBe(404);
  });

  it('liability component: 61 periods per currency', async () => {
    const body = await (await get('/api/reports/liability/interest')).json();
    for (const l of body.lines) expect(l.periods).toHaveLength(61);
  });
});

describe('kept files', () => {
  it.each(['csv', 'xlsx'] as const)('%s: 201, listed, downloadable with headers; regenerated bytes are identical', async (format) => {
    const create = () => postJson(baseURL, '/api/reports/files', { kind: 'collections', month: MONTH, format }, as('analyst'));
    const res = await create();
    expect(res.status).toBe(201);
    const rec = await res.json();
    expect(rec).toMatchObject({ kind: 'collections', period: MONTH, format, createdByName: expect.any(String) });
    const list = await (await get('/api/reports/files?kind=collections')).json();
    expect(list.rows.map((r: { id: number }) => r.id)).toContain(rec.id);
    const dl = await get(`/api/reports/files/${rec.id}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe(
      format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="${rec.fileName}"`);
    const bytes = await dl.arrayBuffer();
    expect(sha(bytes)).toBe(rec.sha256);
    const again = await (await create()).json();
    expect(again.id).not.toBe(rec.id);
    expect(again.sha256).toBe(rec.sha256);
    if (format === 'xlsx') {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(bytes);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Lines', 'Totals']);
    }
  });

  it('404 for an unknown id and for another funder’s file', async () => {
    const rec = await (await postJson(baseURL, '/api/reports/files', { kind: 'vat', month: MONTH, format: 'csv' }, as('analyst'))).json();
    expect((await get(`/api/reports/files/${rec.id}?funderId=2`)).status).toBe(404);
    expect((await get('/api/reports/files/99999999')).status).toBe(404);
  });
});

describe('streamed tape export', () => {
  it('CSV: header + one line per lease in the pool at the cut-off', async () => {
    const res = await get('/api/reports/tape?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tape-f1-\d{4}-\d{2}-\d{2}\.csv"$/);
    const cutOff = /tape-f1-(\d{4}-\d{2}-\d{2})\.csv/.exec(res.headers.get('content-disposition')!)![1]!;
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    const leases = await poolAt(cutOff);
    expect(lines).toHaveLength(leases + 1);
    expect(lines[0]).toContain('LESL1 Unique Identifier');
  });

  it('XLSX: one sheet with a row per lease in the pool at the cut-off', async () => {
    const res = await get('/api/reports/tape?format=xlsx');
    expect(res.status).toBe(200);
    const cutOff = /tape-f1-(\d{4}-\d{2}-\d{2})\.xlsx/.exec(res.headers.get('content-disposition')!)![1]!;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const leases = await poolAt(cutOff);
    expect(wb.worksheets[0]!.actualRowCount).toBe(leases + 1);
  });

  it('stratification and customers export as CSV', async () => {
    for (const path of ['/api/reports/stratification?dimension=assetType&format=csv', '/api/reports/customers?format=csv']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect((await res.text()).split('\r\n').filter(Boolean).length).toBeGreaterThan(2);
    }
  });
});
