import { beforeAll, describe, expect, inject, it } from 'vitest';
import { postJson, demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
const tokens: Record<string, string> = {};

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['viewer', 'client'] as const));
});

const terms = {
  currency: 'EUR',
  price: 5_000_000,
  downPayment: 500_000,
  residual: 500_000,
  term: 60,
  rate: 0.06,
  timing: 'advance',
  firstDueDate: '2026-01-01',
};
const as = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });

describe('POST /api/calculators/*', () => {
  it.each(['schedule', 'rate', 'npv-irr', 'price'])('%s answers 401 without a credential and 403 without read:funders', async (name) => {
    expect((await postJson(baseURL, `/api/calculators/${name}`, {})).status).toBe(401);
    const forbidden = await postJson(baseURL, `/api/calculators/${name}`, {}, as('client'));
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('schedule returns the rows and totals in minor units', async () => {
    const res = await postJson(baseURL, '/api/calculators/schedule', terms, as('viewer'));
    expect(res.status).toBe(200);
    const s = await res.json();
    expect(s.instalment).toBe(79_434);
    expect(s.rows).toHaveLength(60);
    expect(s.totals.principal + s.residual).toBe(4_500_000);
  });

  it('schedule answers 400 with the field and a message', async () => {
    const res = await postJson(baseURL, '/api/calculators/schedule', { ...terms, term: -3, residual: 9_000_000 }, as('viewer'));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('invalid');
    const fields = body.error.issues.map((i: { field: string }) => i.field);
    expect(fields).toContain('term');
    expect(body.error.issues.every((i: { message: string }) => i.message.length > 0)).toBe(true);
  });

  it('rate solves the rate of an instalment', async () => {
    const { rate: _drop, ...rest } = terms;
    const res = await postJson(baseURL, '/api/calculators/rate', { terms: rest, instalment: 79_434 }, as('viewer'));
    expect(res.status).toBe(200);
    expect((await res.json()).rate).toBeCloseTo(0.06, 5);
  });

  it('npv-irr answers IRR and XIRR, and null with a reason when there is no solution', async () => {
    const ok = await postJson(
      baseURL,
      '/api/calculators/npv-irr',
      { rate: 0.1, periodsPerYear: 1, flows: [{ amount: -100 }, { amount: 60 }, { amount: 60 }] },
      as('viewer'),
    );
    const body = await ok.json();
    expect(body.irr.periodic).toBeCloseTo(0.130662, 5);
    expect(body.npv).toBeCloseTo(-100 / 1.1 + 60 / 1.21 + 60 / 1.331, 8);
    const none = await postJson(baseURL, '/api/calculators/npv-irr', { flows: [{ amount: 5 }, { amount: 6 }] }, as('viewer'));
    expect((await none.json()).irrError).toBe('no_solution');
  });

  it('price values the lease at the buy rate', async () => {
    const res = await postJson(baseURL, '/api/calculators/price', { terms, cutOff: '2026-01-01', buyRate: 0.05 }, as('viewer'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ price: 4_616_407, npv: 4_500_000, delta: 116_407, check: 0 });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await postJson(baseURL, '/api/calculators/price', '{nope', as('viewer'));
    expect(res.status).toBe(400);
  });
});

describe('GET /api/calculators/schedule/export', () => {
  const query = 'price=50000&downPayment=5000&residual=5000&term=60&rate=6&timing=advance&firstDueDate=2026-01-01';

  it('answers 401 anonymous and 403 without read:funders', async () => {
    expect((await fetch(`${baseURL}/api/calculators/schedule/export?format=csv&${query}`)).status).toBe(401);
    expect((await fetch(`${baseURL}/api/calculators/schedule/export?format=csv&${query}`, { headers: as('client') })).status).toBe(403);
  });

  it('answers 400 with the field for an unknown format and for a bad term', async () => {
    const bad = await fetch(`${baseURL}/api/calculators/schedule/export?format=pdf&${query}`, { headers: as('viewer') });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.issues[0].field).toBe('format');
    const term = await fetch(`${baseURL}/api/calculators/schedule/export?format=csv&${query.replace('term=60', 'term=-2')}`, {
      headers: as('viewer'),
    });
    expect(term.status).toBe(400);
  });

  it('exports the schedule as CSV with a header and one row per instalment', async () => {
    const res = await fetch(`${baseURL}/api/calculators/schedule/export?format=csv&${query}`, { headers: as('viewer') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="schedule-.*\.csv"/);
    const lines = (await res.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe('period,due_date,instalment,interest,principal,vat,fee,gross,balance_after');
    expect(lines).toHaveLength(61);
    expect(lines[1]!.split(',').slice(2, 5)).toEqual(['794.34', '0.00', '794.34']);
  });
});
