import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
const tokens = {} as Record<'admin' | 'analyst' | 'viewer' | 'client', string>;
const as = (who: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[who]}` });
const get = (path: string, who: keyof typeof tokens = 'viewer') => fetch(`${baseURL}${path}`, { headers: as(who) });
const del = (path: string, who: keyof typeof tokens = 'admin', body?: unknown) =>
  fetch(`${baseURL}${path}`, {
    method: 'DELETE',
    headers: { ...as(who), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

type Invoice = {
  id: number;
  invoiceStatus: string;
  client: { name: string; companyEmail: string; company: string };
  total: number;
  balance: number;
  currency: string;
  service: string;
};
type ListBody = { allData: Invoice[]; invoices: Invoice[]; total: number };

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'analyst', 'viewer', 'client'] as const));
});

const list = async (query = ''): Promise<ListBody> => (await get(`/apps/invoice/invoices${query}`)).json();

describe('invoices: who may call', () => {
  it.each(['/apps/invoice/invoices', '/api/apps/invoice/invoices', '/api/invoice/invoices/4987', '/api/invoice/clients'])(
    '%s: 401 without a credential, 403 for a client',
    async (path) => {
      expect((await fetch(`${baseURL}${path}`)).status).toBe(401);
      expect((await get(path, 'client')).status).toBe(403);
      expect((await get(path, 'viewer')).status).not.toBe(403);
    },
  );

  it.each(['analyst', 'viewer', 'client'] as const)('DELETE needs admin: %s gets 403', async (who) => {
    expect((await del('/apps/invoice/delete?id=4987', who)).status).toBe(403);
  });
});

describe('GET /apps/invoice/invoices', () => {
  it('seeds realistic invoices of the funder to its lessees', async () => {
    const { allData } = await list();
    expect(allData.length).toBeGreaterThanOrEqual(30);
    expect(allData.every((i) => Number.isInteger(i.total) && Number.isInteger(i.balance) && i.balance <= i.total)).toBe(true);
    expect(allData.some((i) => i.service.startsWith('Rental instalment'))).toBe(true);
    expect(allData.filter((i) => i.invoiceStatus === 'Paid').every((i) => i.balance === 0)).toBe(true);
  });

  it('allData is unfiltered in storage order; invoices are newest id first; total is the filtered count', async () => {
    const body = await list('?status=paid&perPage=3');
    const ids = body.allData.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const paid = body.allData.filter((i) => i.invoiceStatus === 'Paid');
    expect(body.total).toBe(paid.length);
    expect(body.invoices.map((i) => i.id)).toEqual(
      paid
        .map((i) => i.id)
        .sort((a, b) => b - a)
        .slice(0, 3),
    );
  });

  it.each(['Past Due', 'past due', 'PAST DUE'])('status %s matches case-insensitively', async (status) => {
    const body = await list(`?status=${encodeURIComponent(status)}&perPage=100`);
    expect(body.invoices.every((i) => i.invoiceStatus === 'Past Due')).toBe(true);
    expect(body.total).toBe(body.allData.filter((i) => i.invoiceStatus === 'Past Due').length);
  });

  it('an empty or missing status means no filter', async () => {
    const a = await list('?status=');
    const b = await list();
    expect(a.total).toBe(a.allData.length);
    expect(b.total).toBe(a.total);
  });

  it('q matches the client name or company e-mail, not the company name', async () => {
    const { allData } = await list();
    const sample = allData[0]!;
    const first = sample.client.name.split(' ')[0]!.toLowerCase();
    const byName = await list(`?q=${encodeURIComponent(first.toUpperCase())}&perPage=100`);
    expect(byName.total).toBe(
      allData.filter((i) => i.client.name.toLowerCase().includes(first) || i.client.companyEmail.toLowerCase().includes(first)).length,
    );
    const domain = sample.client.companyEmail.split('@')[1]!;
    const byMail = await list(`?q=${encodeURIComponent(domain)}&perPage=100`);
    expect(byMail.invoices.every((i) => i.client.companyEmail.includes(domain))).toBe(true);
    expect(byMail.total).toBeGreaterThan(0);
    const byCompany = await list(`?q=${encodeURIComponent(sample.client.company)}`);
    expect(byCompany.total).toBe(0);
  });

  it('pages: page 2 continues page 1, a page past the end is empty', async () => {
    const p1 = await list('?perPage=4&page=1');
    const p2 = await list('?perPage=4&page=2');
    const all = await list('?perPage=8');
    expect([...p1.invoices, ...p2.invoices].map((i) => i.id)).toEqual(all.invoices.map((i) => i.id));
    expect((await list('?perPage=10&page=999')).invoices).toEqual([]);
  });

  it.each([
    ['status=lost', 'status'],
    ['perPage=101', 'perPage'],
    ['page=0', 'page'],
    ['page=x', 'page'],
  ])('400 for %s', async (query, field) => {
    const res = await get(`/apps/invoice/invoices?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.issues[0].field).toBe(field);
  });
});

describe('GET /api/invoice/invoices/{id} and clients', () => {
  it('answers the invoice and where to pay it', async () => {
    const { allData } = await list();
    const inv = allData[0]!;
    const res = await get(`/api/invoice/invoices/${inv.id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.invoice).toEqual(inv);
    expect(body.paymentDetails).toMatchObject({ totalDue: inv.balance, currency: inv.currency });
    expect(body.paymentDetails.iban).toMatch(/^[A-Z]{2}\d{2}/);
  });

  it.each([
    ['99999999', 404],
    ['abc', 400],
    ['1.5', 400],
  ])('/api/invoice/invoices/%s answers %i', async (id, status) => {
    expect((await get(`/api/invoice/invoices/${id}`)).status).toBe(status);
  });

  it('clients: a bare array of at most five distinct clients', async () => {
    const clients = (await (await get('/api/invoice/clients')).json()) as { companyEmail: string }[];
    expect(clients.length).toBe(5);
    expect(new Set(clients.map((c) => c.companyEmail)).size).toBe(5);
  });
});

describe('DELETE /apps/invoice/delete', () => {
  it('deletes by query or body id, 404 for an unknown id, and nothing else goes', async () => {
    const before = (await list()).allData;
    const [a, b] = [before[before.length - 1]!, before[before.length - 2]!];
    expect((await del(`/apps/invoice/delete?id=${a.id}`)).status).toBe(200);
    expect((await del('/api/apps/invoice/delete', 'admin', { id: b.id })).status).toBe(200);
    const after = (await list()).allData;
    expect(after.map((i) => i.id)).toEqual(before.filter((i) => i.id !== a.id && i.id !== b.id).map((i) => i.id));
    expect((await del(`/apps/invoice/delete?id=${a.id}`)).status).toBe(404);
    expect((await get(`/api/invoice/invoices/${a.id}`)).status).toBe(404);
    expect((await list()).allData.length).toBe(after.length);
  });

  it.each([
    ['', 400],
    ['?id=abc', 400],
  ])('DELETE%s answers %i', async (query, status) => {
    expect((await del(`/apps/invoice/delete${query}`)).status).toBe(status);
  });
});
