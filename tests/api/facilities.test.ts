/**
 * Funding facilities over HTTP (domain.md §11): CRUD with validation, the borrowing-base endpoint and its
 * identity, a draw above availability refused with 409 and the figure, four-eyes refusals on draws and
 * certificates, the eligibility CSV, and the issued certificate's PDF read back as text.
 */
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
type Who = 'admin' | 'analyst' | 'viewer' | 'client';
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'analyst', 'viewer', 'client'] as const));
});

async function call(method: string, path: string, who: Who | null, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  const json = type.includes('json') ? await res.json().catch(() => null) : null;
  return { status: res.status, headers: res.headers, json, res };
}

const BODY = {
  funderId: 1,
  name: 'API test facility',
  lender: 'Test Bank',
  currency: 'EUR',
  commitment: 100_000_000_00,
  advanceRate: 0.8,
  reserves: 1_000_00,
  startDate: '2025-01-01',
  maturityDate: '2029-12-31',
  criteria: [
    { kind: 'notInDefault' },
    { kind: 'maxDpd', value: 30 },
    { kind: 'countryIn', values: ['Germany', 'Portugal', 'France', 'Spain'] },
  ],
  limits: [{ group: 'lessee', kind: 'percent', value: 0.03 }],
  covenants: [
    {
      metric: 'defaultRatio',
      operator: 'lt',
      steps: [
        { fromMonth: 0, threshold: 0.05 },
        { fromMonth: 13, threshold: 0.08 },
      ],
      warningMargin: 0.01,
    },
  ],
};

async function created(): Promise<{ id: number }> {
  const r = await call('POST', '/api/facilities', 'analyst', { ...BODY, name: `API ${crypto.randomUUID().slice(0, 8)}` });
  expect(r.status).toBe(201);
  return r.json.facility;
}

describe('facilities API', () => {
  it('lists the seeded demo facility with its figures; a client has no scope', async () => {
    const list = await call('GET', '/api/facilities?funderId=1', 'viewer');
    expect(list.status).toBe(200);
    expect(list.json.facilities.length).toBeGreaterThan(0);
    const f = list.json.facilities[0];
    expect(f).toMatchObject({ funderId: 1, currency: expect.any(String) });
    expect(f.availability).toBe(Math.max(0, Math.min(f.borrowingBase, f.commitment)) - f.outstanding);
    expect((await call('GET', '/api/facilities', 'client')).status).toBe(403);
    expect((await call('GET', '/api/facilities', null)).status).toBe(401);
  });

  it('creates (201), reads, patches with an audit row; validation 400 names the field; unknown 404', async () => {
    const f = await created();
    const got = await call('GET', `/api/facilities/${f.id}`, 'viewer');
    expect(got.status).toBe(200);
    expect(got.json.facility.criteria.map((c: { kind: string }) => c.kind)).toEqual(['notInDefault', 'maxDpd', 'countryIn']);
    const patched = await call('PATCH', `/api/facilities/${f.id}`, 'analyst', { reserves: 0, limits: [] });
    expect(patched.status).toBe(200);
    expect(patched.json.facility).toMatchObject({ reserves: 0, limits: [] });
    const bad = await call('POST', '/api/facilities', 'analyst', { ...BODY, advanceRate: 1.5, criteria: [{ kind: 'maxDpd' }] });
    expect(bad.status).toBe(400);
    const fields = bad.json.error.issues.map((i: { field: string }) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['advanceRate', 'criteria.0.value']));
    expect((await call('GET', '/api/facilities/999999', 'viewer')).status).toBe(404);
    expect((await call('POST', '/api/facilities', 'admin', { ...BODY, funderId: 999_999 })).status).toBe(404);
    expect((await call('PATCH', `/api/facilities/${f.id}`, 'viewer', { reserves: 1 })).status).toBe(403);
    const audit = await call('GET', `/api/audit?entity=facility&entityId=${f.id}&perPage=20`, 'admin');
    expect(audit.json.rows.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(['create', 'update']));
  });

  it('borrowing base: BB = advance × (eligible − Σ excess) − reserves, availability = min(BB, commitment) − outstanding', async () => {
    const f = await created();
    const r = await call('GET', `/api/facilities/${f.id}/borrowing-base?asOf=2026-06-30`, 'viewer');
    expect(r.status).toBe(200);
    const b = r.json;
    expect(b).toMatchObject({
      facilityId: f.id,
      asOf: '2026-06-30',
      currency: 'EUR',
      commitment: BODY.commitment,
      advanceRate: 0.8,
      reserves: BODY.reserves,
    });
    expect(b.collateralBalance).toBe(b.eligibleBalance + b.ineligibleBalance);
    expect(Math.abs(b.borrowingBase - (0.8 * (b.eligibleBalance - b.excess.total) - b.reserves))).toBeLessThanOrEqual(0.5);
    expect(b.excess.total).toBe(b.excess.groups.reduce((s: number, g: { excess: number }) => s + g.excess, 0));
    expect(b.availability).toBe(b.maximumAdvance - b.outstanding);
    expect((await call('GET', `/api/facilities/${f.id}/borrowing-base?asOf=2026-02-30`, 'viewer')).status).toBe(400);
  });

  it('draws: above availability 409 with the figure; four eyes self 403, decided 409; the outstanding moves', async () => {
    const f = await created();
    const today = new Date().toISOString().slice(0, 10);
    const before = (await call('GET', `/api/facilities/${f.id}/borrowing-base?asOf=${today}`, 'viewer')).json;
    expect(before.availability, JSON.stringify({ ...before, excess: before.excess.total })).toBeGreaterThan(0);
    const tooMuch = await call('POST', `/api/facilities/${f.id}/draws`, 'analyst', { amount: before.availability + 1, valueDate: today });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.error.message).toContain(String(before.availability));
    const draw = await call('POST', `/api/facilities/${f.id}/draws`, 'analyst', { amount: 1_000_00, valueDate: today, note: 'API' });
    expect(draw.status).toBe(201);
    const id = draw.json.draw.id;
    expect((await call('POST', `/api/facilities/${f.id}/draws/${id}/approve`, 'analyst')).status).toBe(403);
    expect((await call('POST', `/api/facilities/${f.id}/draws/${id}/approve`, 'viewer')).status).toBe(403);
    const ok = await call('POST', `/api/facilities/${f.id}/draws/${id}/approve`, 'admin');
    expect(ok.status).toBe(200);
    expect(ok.json.draw).toMatchObject({ status: 'approved', decidedByEmail: 'admin@quantum.demo' });
    expect((await call('POST', `/api/facilities/${f.id}/draws/${id}/reject`, 'admin')).status).toBe(409);
    const after = (await call('GET', `/api/facilities/${f.id}/borrowing-base?asOf=${today}`, 'viewer')).json;
    expect(after.outstanding).toBe(before.outstanding + 1_000_00);
    expect((await call('GET', `/api/facilities/${f.id}/draws`, 'viewer')).json.draws).toHaveLength(1);
  });

  it('eligibility: paged JSON and a CSV with failed criteria', async () => {
    const f = await created();
    const page = await call('GET', `/api/facilities/${f.id}/eligibility?asOf=2026-06-30&filter=ineligible&perPage=5`, 'viewer');
    expect(page.status).toBe(200);
    expect(page.json.rows.length).toBeLessThanOrEqual(5);
    for (const r of page.json.rows) expect(r.failed.length).toBeGreaterThan(0);
    const csv = await call('GET', `/api/facilities/${f.id}/eligibility?asOf=2026-06-30&format=csv&filter=ineligible`, 'viewer');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.res.text();
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Failed criteria');
    expect(lines.length - 1).toBe(page.json.total);
  });

  it('certificates: prepare, self-approval 403, issue, PDF read back, issued 409', async () => {
    const f = await created();
    const prepared = await call('POST', `/api/facilities/${f.id}/certificates`, 'analyst', { asOf: '2026-06-30' });
    expect(prepared.status).toBe(201);
    const id = prepared.json.certificate.id;
    expect((await call('POST', `/api/facilities/${f.id}/certificates/${id}/approve`, 'analyst')).status).toBe(403);
    const issued = await call('POST', `/api/facilities/${f.id}/certificates/${id}/approve`, 'admin');
    expect(issued.status).toBe(200);
    expect(issued.json.certificate.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await call('POST', `/api/facilities/${f.id}/certificates/${id}/reject`, 'admin')).status).toBe(409);
    const pdf = await call('GET', `/api/facilities/${f.id}/certificates/${id}/file?format=pdf`, 'viewer');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('x-content-sha256')).toBe(issued.json.certificate.pdfSha256);
    const text = (await extractText(new Uint8Array(await pdf.res.arrayBuffer()), { mergePages: true })).text;
    expect(text).toContain('Borrowing base certificate');
    expect(text).toContain('2026-06-30');
    expect(text).toContain('Prepared by analyst@quantum.demo');
    const xlsx = await call('GET', `/api/facilities/${f.id}/certificates/${id}/file?format=xlsx`, 'viewer');
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('a certificate prepared with locale fr reads in French; an unknown locale is a 400 naming the field', async () => {
    const f = await created();
    const bad = await call('POST', `/api/facilities/${f.id}/certificates`, 'analyst', { asOf: '2026-06-30', locale: 'xx' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('locale');
    const prepared = await call('POST', `/api/facilities/${f.id}/certificates`, 'analyst', { asOf: '2026-06-30', locale: 'fr' });
    expect(prepared.status).toBe(201);
    expect(prepared.json.certificate.summary.locale).toBe('fr');
    const id = prepared.json.certificate.id;
    expect((await call('POST', `/api/facilities/${f.id}/certificates/${id}/approve`, 'admin')).status).toBe(200);
    const pdf = await call('GET', `/api/facilities/${f.id}/certificates/${id}/file?format=pdf`, 'viewer');
    const text = (await extractText(new Uint8Array(await pdf.res.arrayBuffer()), { mergePages: true })).text;
    expect(text).toContain('Certificat de base d’emprunt');
    expect(text).toContain('Préparé par analyst@quantum.demo');
    expect(text).not.toContain('Prepared by');
  });

  it('the Liability CF of a facility: its balance is the facility outstanding on the cut-off, Σ principal repays it; another funder 404', async () => {
    const list = await call('GET', '/api/facilities?funderId=1', 'viewer');
    const demo = list.json.facilities[0];
    const asOf = new Date().toISOString().slice(0, 8) + '01';
    const base = await call('GET', `/api/facilities/${demo.id}/borrowing-base?asOf=${asOf}`, 'viewer');
    expect(base.status).toBe(200);
    const cf = await call('GET', `/api/reports/liability/principal?funderId=1&asOf=${asOf}&facilityId=${demo.id}`, 'viewer');
    expect(cf.status).toBe(200);
    expect(cf.json.lines).toHaveLength(1);
    const line = cf.json.lines[0];
    expect(line.currency).toBe(demo.currency);
    expect(line.balance).toBe(base.json.outstanding);
    expect(line.total).toBe(base.json.outstanding);
    expect(line.periods.reduce((s: number, v: number) => s + v, 0) + line.beyond).toBe(line.total);
    const other = await call('GET', `/api/reports/liability/principal?funderId=2&asOf=${asOf}&facilityId=${demo.id}`, 'admin');
    expect([404, 403]).toContain(other.status);
    expect((await call('GET', `/api/reports/liability/principal?funderId=1&facilityId=999999`, 'viewer')).status).toBe(404);
    expect((await call('GET', `/api/reports/liability/principal?funderId=1&facilityId=abc`, 'viewer')).status).toBe(400);
    // The table as a CSV: a header, 61 periods, beyond and the total, one amount column (the facility's currency).
    const csv = await call(
      'GET',
      `/api/reports/liability/principal?funderId=1&asOf=${asOf}&facilityId=${demo.id}&format=csv&locale=de`,
      'viewer',
    );
    expect(csv.status).toBe(200);
    const text = await csv.res.text();
    const rows = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows).toHaveLength(64);
    expect(rows[0]).toContain(demo.currency);
    expect(rows[0]).toContain('Periode');
  });

  it('covenants: results per month with the threshold step in month 13', async () => {
    const f = await created();
    const r = await call('GET', `/api/facilities/${f.id}/covenants?asOf=2026-03-31&months=6`, 'viewer');
    expect(r.status).toBe(200);
    const months = r.json.covenants[0].months as { monthEnd: string; ageMonths: number; threshold: number; status: string }[];
    expect(months.map((m) => m.monthEnd)).toEqual(['2025-10-31', '2025-11-30', '2025-12-31', '2026-01-31', '2026-02-28', '2026-03-31']);
    expect(months.find((m) => m.monthEnd === '2026-01-31')).toMatchObject({ ageMonths: 12, threshold: 0.05 });
    expect(months.find((m) => m.monthEnd === '2026-02-28')).toMatchObject({ ageMonths: 13, threshold: 0.08 });
    const exp = await call('GET', `/api/facilities/${f.id}/export?table=covenants&format=xlsx&asOf=2026-03-31`, 'viewer');
    expect(exp.status).toBe(200);
  });
});
