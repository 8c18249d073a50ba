import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
type Who = 'admin' | 'analyst' | 'viewer' | 'client';
const tokens = {} as Record<Who, string>;
const as = (who: Who) => ({ authorization: `Bearer ${tokens[who]}` });

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'analyst', 'viewer', 'client'] as const));
});

function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Response> {
  return fetch(`${baseURL}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;
const stress = (name = unique('Stress')) => ({ funderId: 1, name, cpr: 0.06, cdr: 0.05, severity: 0.4, lagMonths: 6 });

async function create(body: unknown): Promise<{ id: number; name: string }> {
  const res = await call('POST', '/api/scenarios', as('analyst'), body);
  expect(res.status).toBe(201);
  return res.json();
}

async function issueFields(res: Response): Promise<string[]> {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error.code).toBe('invalid');
  return body.error.issues.map((i: { field: string }) => i.field);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The cells of one CSV line (RFC 4180 quoting: a lessee's name may hold a comma). */
function cellsOf(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') cell += line[++i];
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out;
}

describe('/api/scenarios authorization', () => {
  it.each([
    ['GET', '/api/scenarios', 'client'],
    ['POST', '/api/scenarios', 'viewer'],
    ['GET', '/api/scenarios/1', 'client'],
    ['PATCH', '/api/scenarios/1', 'viewer'],
    ['DELETE', '/api/scenarios/1', 'viewer'],
    ['GET', '/api/scenarios/1/cash-flow', 'client'],
    ['GET', '/api/scenarios/1/cash-flow/export?format=csv', 'client'],
  ] as const)('%s %s answers 401 without a credential and 403 without the scope', async (method, path, who) => {
    const body = method === 'POST' || method === 'PATCH' ? {} : undefined;
    expect((await call(method, path, {}, body)).status).toBe(401);
    expect((await call(method, path, as(who), body)).status).toBe(403);
  });
});

describe('CRUD of a funder’s scenarios', () => {
  it('creates (201, Location), lists, reads, edits, deletes (204), each change with one audit row', async () => {
    const body = stress();
    const created = await create(body);
    expect(created).toMatchObject({ ...body });
    const list = (await (await call('GET', '/api/scenarios?funderId=1', as('viewer'))).json()) as { scenarios: { id: number }[] };
    expect(list.scenarios.map((s) => s.id)).toContain(created.id);
    expect(await (await call('GET', `/api/scenarios/${created.id}`, as('viewer'))).json()).toMatchObject(body);

    const patched = await call('PATCH', `/api/scenarios/${created.id}`, as('analyst'), { cdr: 0.08, name: `${body.name} v2` });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ cdr: 0.08, name: `${body.name} v2`, cpr: 0.06 });

    expect((await call('DELETE', `/api/scenarios/${created.id}`, as('analyst'))).status).toBe(204);
    expect((await call('GET', `/api/scenarios/${created.id}`, as('viewer'))).status).toBe(404);
    expect((await call('DELETE', `/api/scenarios/${created.id}`, as('analyst'))).status).toBe(404);

    const audit = await call('GET', `/api/audit?entity=scenario&entityId=${created.id}&perPage=10`, as('admin'));
    expect(audit.status).toBe(200);
    const rows = ((await audit.json()) as { rows: { action: string }[] }).rows;
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('answers 409 for a name the funder already uses (create and rename), not for another funder', async () => {
    const a = await create(stress());
    const b = await create(stress());
    const dup = await call('POST', '/api/scenarios', as('analyst'), stress(a.name));
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.issues[0].field).toBe('name');
    expect((await call('PATCH', `/api/scenarios/${b.id}`, as('analyst'), { name: a.name })).status).toBe(409);
    // Renaming to its own name is no conflict.
    expect((await call('PATCH', `/api/scenarios/${a.id}`, as('analyst'), { name: a.name })).status).toBe(200);
    const other = await call('POST', '/api/scenarios', as('analyst'), { ...stress(a.name), funderId: 2 });
    expect(other.status).toBe(201);
  });

  it.each([
    ['a rate above 1', { cpr: 1.5 }, 'cpr'],
    ['a negative default rate', { cdr: -0.01 }, 'cdr'],
    ['severity as text', { severity: '40%' }, 'severity'],
    ['a fractional lag', { lagMonths: 1.5 }, 'lagMonths'],
    ['a lag over 120 months', { lagMonths: 121 }, 'lagMonths'],
    ['an empty name', { name: '   ' }, 'name'],
    ['an unknown field', { extra: 1 }, ''],
  ])('rejects %s with 400 naming the field', async (_case, patch, field) => {
    const fields = await issueFields(await call('POST', '/api/scenarios', as('analyst'), { ...stress(), ...patch }));
    expect(fields.some((f) => f.startsWith(field))).toBe(true);
  });

  it('rejects an empty PATCH, a bad id (400) and an unknown id (404)', async () => {
    const a = await create(stress());
    expect((await call('PATCH', `/api/scenarios/${a.id}`, as('analyst'), {})).status).toBe(400);
    expect((await call('GET', '/api/scenarios/abc', as('viewer'))).status).toBe(400);
    expect((await call('GET', '/api/scenarios/99999999', as('viewer'))).status).toBe(404);
    expect((await call('GET', '/api/scenarios/99999999/cash-flow', as('viewer'))).status).toBe(404);
  });

  it('answers 404 for a funder that does not exist (an admin may name any funder), and saves nothing', async () => {
    const res = await call('POST', '/api/scenarios', as('admin'), { ...stress(), funderId: 2112195292 });
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe('Funder 2112195292 does not exist.');
    const list = await (await call('GET', '/api/scenarios?funderId=2112195292', as('admin'))).json();
    expect(list.scenarios).toEqual([]);
  });
});

describe('the portfolio under a scenario', () => {
  it('a zero-rate scenario equals the contractual case to the cent; a stress scenario reconciles and differs', async () => {
    const zero = await create({ ...stress(unique('Zero')), cpr: 0, cdr: 0 });
    const s = await create(stress());
    const z = await (await call('GET', `/api/scenarios/${zero.id}/cash-flow?cutOff=2026-11-01`, as('viewer'))).json();
    expect(z.cutOff).toBe('2026-11-01');
    expect(z.months).toHaveLength(61);
    for (const c of z.currencies) {
      expect(c.scenario.periods.cash).toEqual(c.contractual.cash);
      expect(c.difference).toEqual({ totalcf: 0, sellto4G: 0, npv: 0 });
    }
    const res = await call('GET', `/api/scenarios/${s.id}/cash-flow?cutOff=2026-11-01`, as('viewer'));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cut-off')).toBe('2026-11-01');
    const body = await res.json();
    expect(body.currencies.length).toBeGreaterThan(0);
    for (const c of body.currencies) {
      const p = c.scenario.periods;
      expect(sum(p.cash)).toBe(c.scenario.totalcf);
      expect(sum(c.contractual.cash)).toBe(c.contractual.totalcf);
      expect(sum(p.scheduledPrincipal) + sum(p.prepayment) + sum(p.default)).toBe(c.prin);
      expect(sum(p.loss) + sum(p.recovery)).toBe(sum(p.default));
      expect(c.difference.totalcf).toBe(c.scenario.totalcf - c.contractual.totalcf);
      expect(c.scenario.loss).toBeGreaterThan(0);
    }
    // The Total CF API's own totals are the contractual case.
    const sqn = await (await call('GET', '/api/sqn/all-total-cash?funderId=1&cutOff=2026-11-01', as('viewer'))).json();
    const eur = body.currencies.find((c: { currency: string }) => c.currency === 'EUR');
    if (eur) {
      const rows = (sqn.allData ?? sqn) as { fx: string; totalcf: number }[];
      expect(sum(rows.filter((r) => r.fx === 'EUR').map((r) => r.totalcf))).toBe(eur.contractual.totalcf);
    }
  });

  it('the Total Cash Flow export under a scenario carries its rows: a zero-rate scenario gives the contractual file, a stress scenario its totals', async () => {
    const zero = await create({ ...stress(unique('Zero')), cpr: 0, cdr: 0 });
    const s = await create(stress());
    const file = async (query: string) => {
      const res = await call('GET', `/api/portfolio/total-cash-flow/export?funderId=1&cutOff=2026-11-01&format=csv${query}`, as('viewer'));
      expect(res.status).toBe(200);
      return (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
    };
    const contractual = await file('');
    expect(await file(`&scenario=${zero.id}`)).toEqual(contractual);
    const stressed = await file(`&scenario=${s.id}`);
    expect(stressed).toHaveLength(contractual.length);
    expect(stressed).not.toEqual(contractual);
    // Σ of the rows' total CF per currency = the scenario's total CF (the same projection as the comparison).
    const head = cellsOf(stressed[0]!);
    const fx = head.indexOf('fx');
    const total = head.findIndex((h) => h.startsWith('totalcf'));
    expect(fx).toBeGreaterThanOrEqual(0);
    expect(total).toBeGreaterThanOrEqual(0);
    const body = await (await call('GET', `/api/scenarios/${s.id}/cash-flow?cutOff=2026-11-01`, as('viewer'))).json();
    for (const c of body.currencies as { currency: string; scenario: { totalcf: number } }[]) {
      const rows = stressed
        .slice(1)
        .map(cellsOf)
        .filter((cells) => cells[fx] === c.currency);
      expect(Math.round(rows.reduce((a, cells) => a + Number(cells[total]) * 100, 0))).toBe(c.scenario.totalcf);
    }
    expect((await call('GET', '/api/portfolio/total-cash-flow/export?funderId=1&format=csv&scenario=99999999', as('viewer'))).status).toBe(
      404,
    );
  });

  it('exports the comparison as CSV and XLSX', async () => {
    const s = await create(stress());
    const csv = await call('GET', `/api/scenarios/${s.id}/cash-flow/export?format=csv&cutOff=2026-11-01`, as('viewer'));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('contractual_cash');
    expect(lines.length).toBeGreaterThan(62);
    const xlsx = await call('GET', `/api/scenarios/${s.id}/cash-flow/export?format=xlsx`, as('viewer'));
    expect(xlsx.status).toBe(200);
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    expect((await call('GET', `/api/scenarios/${s.id}/cash-flow/export?format=pdf`, as('viewer'))).status).toBe(400);
  });
});
