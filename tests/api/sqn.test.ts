/**
 * GET /api/sqn/all-total-cash and /api/sqn/total-cash (api-reference §10–11, §14.1–2) against a real
 * server on a freshly seeded database: shapes, minor units, the datatables paging math, filters,
 * the opt-in allData, 400/401/403/404.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
const tokens: Record<string, string> = {};
type Row = Record<string, number | string> & { id: number; prin: number; totalcf: number; cashBeyond: number; lessee: string; fx: string };

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['viewer', 'client'] as const));
});

const get = (path: string, who: string | null = 'viewer') =>
  fetch(`${baseURL}${path}`, { headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });

async function json<T>(path: string): Promise<T> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

type Page = { allData: Row[]; invoices: Row[]; total: number };
const firstOfThisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;

let all: Row[];
beforeAll(async () => {
  all = await json<Row[]>('/api/sqn/all-total-cash');
});

describe('auth', () => {
  it.each(['/api/sqn/all-total-cash', '/api/sqn/total-cash'])(
    '%s answers 401 without a credential and 403 without read:funders',
    async (path) => {
      const anonymous = await get(path, null);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthorized' } });
      const client = await get(path, 'client');
      expect(client.status).toBe(403);
      expect(await client.json()).toMatchObject({ error: { code: 'forbidden' } });
    },
  );
});

describe('GET /api/sqn/all-total-cash', () => {
  it('is a bare array of the documented rows, in id order, amounts in integer minor units', async () => {
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBeGreaterThan(100);
    const keys = [
      'id',
      'prin',
      'sellto4G',
      'npv',
      'delta',
      'check',
      'fx',
      'totalcf',
      'lessee',
      ...Array.from({ length: 61 }, (_, k) => `cash${k + 1}`),
      'cashBeyond',
    ];
    for (const row of all) {
      expect(Object.keys(row)).toEqual(keys);
      for (const k of keys) if (k !== 'fx' && k !== 'lessee') expect(Number.isInteger(row[k]), k).toBe(true);
      let sum = row.cashBeyond;
      for (let k = 1; k <= 61; k++) sum += row[`cash${k}`] as number;
      expect(row.totalcf).toBe(sum);
      expect(row.delta).toBe((row.sellto4G as number) - (row.npv as number));
    }
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => a - b));
  });

  it('defaults to the first day of the current month and echoes the cut-off', async () => {
    const res = await get('/api/sqn/all-total-cash');
    expect(res.headers.get('x-cut-off')).toBe(firstOfThisMonth());
    const explicit = await get(`/api/sqn/all-total-cash?cutOff=${firstOfThisMonth()}`);
    expect(await explicit.json()).toEqual(all);
  });

  it('gross=1 adds VAT to the cash columns, not to the present values', async () => {
    const gross = await json<Row[]>('/api/sqn/all-total-cash?gross=1');
    expect(gross.map((r) => r.id)).toEqual(all.map((r) => r.id));
    const byId = new Map(all.map((r) => [r.id, r]));
    let more = 0;
    for (const g of gross) {
      const n = byId.get(g.id)!;
      expect(g.npv).toBe(n.npv);
      expect(g.prin).toBe(n.prin);
      expect(g.totalcf).toBeGreaterThanOrEqual(n.totalcf);
      if (g.totalcf > n.totalcf) more++;
    }
    expect(more).toBeGreaterThan(0);
  });

  it('a later cut-off has fewer rows (leases that ended are not rows)', async () => {
    const later = await json<Row[]>('/api/sqn/all-total-cash?cutOff=2031-01-01');
    expect(later.length).toBeLessThan(all.length);
    expect(later.every((r) => r.totalcf > 0)).toBe(true);
  });

  it('funder 2 has its own book; an unknown funder is 404', async () => {
    const other = await json<Row[]>('/api/sqn/all-total-cash?funderId=2');
    expect(other.length).toBeGreaterThan(0);
    expect(other.map((r) => r.id).some((id) => all.some((r) => r.id === id))).toBe(false);
    const missing = await get('/api/sqn/all-total-cash?funderId=999');
    expect(missing.status).toBe(404);
  });
});

describe('GET /api/sqn/total-cash', () => {
  it('defaults: page 1 of 10 in id order, total = every row, allData empty unless asked for', async () => {
    const page = await json<Page>('/api/sqn/total-cash');
    expect(Object.keys(page).sort()).toEqual(['allData', 'invoices', 'total']);
    expect(page.allData).toEqual([]);
    expect(page.total).toBe(all.length);
    expect(page.invoices).toEqual(all.slice(0, 10));
  });

  it.each([
    { page: 2, perPage: 10 },
    { page: 3, perPage: 25 },
    { page: 1, perPage: 100 },
  ])('page $page of $perPage is slice((page−1)·perPage, page·perPage)', async ({ page, perPage }) => {
    const body = await json<Page>(`/api/sqn/total-cash?page=${page}&perPage=${perPage}`);
    expect(body.total).toBe(all.length);
    expect(body.invoices.map((r) => r.id)).toEqual(all.slice((page - 1) * perPage, page * perPage).map((r) => r.id));
  });

  it('the last page holds the remainder and a page past the end is empty with the same total', async () => {
    const perPage = 7;
    const last = Math.ceil(all.length / perPage);
    const lastPage = await json<Page>(`/api/sqn/total-cash?page=${last}&perPage=${perPage}`);
    expect(lastPage.invoices.length).toBe(all.length - (last - 1) * perPage);
    const past = await json<Page>(`/api/sqn/total-cash?page=${last + 1}&perPage=${perPage}`);
    expect(past).toEqual({ allData: [], invoices: [], total: all.length });
  });

  it('q filters case-insensitively on the lessee; total is the filtered count', async () => {
    const word = all[0]!.lessee.split(' ')[1]!; // e.g. "Health" of "Iberia Health S.A."
    const expected = all.filter((r) => r.lessee.toLowerCase().includes(word.toLowerCase()));
    const body = await json<Page>(`/api/sqn/total-cash?q=${encodeURIComponent(word.toUpperCase())}&perPage=100`);
    expect(body.total).toBe(expected.length);
    expect(body.invoices.map((r) => r.id)).toEqual(expected.slice(0, 100).map((r) => r.id));
  });

  it('allData=1 returns every row, unfiltered, beside the filtered page', async () => {
    const body = await json<Page>('/api/sqn/total-cash?allData=1&q=zzzz-no-match');
    expect(body.total).toBe(0);
    expect(body.invoices).toEqual([]);
    expect(body.allData).toEqual(all);
  });

  it.each([
    ['currency=GBP', (r: Row) => r.fx === 'GBP'],
    ['currency=EUR,CHF', (r: Row) => r.fx === 'EUR' || r.fx === 'CHF'],
  ])('%s keeps exactly those rows', async (filter, keep) => {
    const body = await json<Page>(`/api/sqn/total-cash?${filter}&perPage=100`);
    const expected = all.filter(keep);
    expect(body.total).toBe(expected.length);
    expect(body.invoices.map((r) => r.id)).toEqual(expected.slice(0, 100).map((r) => r.id));
  });

  it('sorts by any column, ties in id order', async () => {
    const body = await json<Page>('/api/sqn/total-cash?sort=prin&dir=desc&perPage=100');
    const expected = [...all].sort((a, b) => b.prin - a.prin || a.id - b.id).slice(0, 100);
    expect(body.invoices.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    const byMonth = await json<Page>('/api/sqn/total-cash?sort=cash3&perPage=100&page=2');
    const expected3 = [...all].sort((a, b) => (a.cash3 as number) - (b.cash3 as number) || a.id - b.id).slice(100, 200);
    expect(byMonth.invoices.map((r) => r.id)).toEqual(expected3.map((r) => r.id));
  });

  it.each([
    ['perPage=500', 'perPage'],
    ['page=0', 'page'],
    ['cutOff=2026-02-30', 'cutOff'],
    ['perPage=abc', 'perPage'],
    ['sort=colour', 'sort'],
    ['currency=XYZ', 'currency'],
    ['gross=maybe', 'gross'],
    ['funderId=-1', 'funderId'],
  ])('%s answers 400 naming the field', async (qs, field) => {
    const res = await get(`/api/sqn/total-cash?${qs}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('invalid');
    // A list names the offending element (currency.0).
    expect(body.error.issues.some((i: { field: string }) => i.field === field || i.field.startsWith(`${field}.`))).toBe(true);
    expect(body.error.issues.every((i: { message: string }) => i.message.length > 0)).toBe(true);
  });

  it('all-total-cash rejects a bad cut-off too', async () => {
    const res = await get('/api/sqn/all-total-cash?cutOff=2026-02-30');
    expect(res.status).toBe(400);
    expect((await res.json()).error.issues[0].field).toBe('cutOff');
  });
});
