/**
 * The navbar search over the domain (GET /api/main-search/data), called through its route handler with a bearer
 * token on a real SQLite file seeded like the demo: two funders with their books, payments, defaults and write-offs,
 * the demo facilities (covenants, an issued certificate), and a tape import, a bank-statement import and a kept report
 * per funder. Pins that the domain's words find their page and records in the user's language, that every funder the
 * user may access is searched (the current one first, each hit naming its funder) and no other, and that short and
 * wildcard queries are harmless.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { assignFunders } from '@/db/queries/funder-access';
import { createReportFile } from '@/db/queries/report-files';
import { createUser, getUserByEmail } from '@/db/queries/users';
import { seedCredit } from '@/db/seed/credit';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { seedDemoFacilities } from '@/services/facilities/demo';

const TODAY = '2026-11-21';
const g = globalThis as unknown as { __quantumDb?: Conn };

type Hit = {
  id: number;
  key?: string;
  title: string;
  subtitle?: string;
  link: string;
  funderId?: number;
  funderName?: string;
  target?: string;
};
type Group = { groupKey: string; groupTitle: string; searchLimit: number; count?: number; countCapped?: boolean; data: Hit[] };
type Answer = {
  searchArr: Group[];
  scope?: { currentFunderId: number; funders: { id: number; name: string }[] } | null;
  tooShort?: boolean;
};

let dir: string;
let db: Conn;
let GET: (req: NextRequest) => Promise<Response>;
let signAccessToken: typeof import('@/services/auth/tokens').signAccessToken;
const bearer = new Map<string, string>();

const FUNDER_NAMES = { 1: 'Atlântico Capital Funding', 2: 'Nordlicht Leasing Bank' } as const;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET = 'unit-test-secret-search-0123456789abcdef0123';
  dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-search-'));
  db = openDb(path.join(dir, 'search.db'));
  runMigrations(db);
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 200, today: TODAY, seed: 4 });
  for (const funderId of [1, 2]) {
    seedPayments(db, { funderId, today: TODAY, seed: 4 });
    seedCredit(db, { funderId, today: TODAY });
  }
  await seedDemoFacilities(db, TODAY);
  const sqlite = db.$client;
  const now = Date.parse(`${TODAY}T10:00:00Z`);
  for (const funderId of [1, 2]) {
    const source = sqlite
      .prepare(`insert into tape_import_sources (funder_id, name, created_at, updated_at) values (?, ?, ?, ?)`)
      .run(funderId, `Servicer ${funderId === 1 ? 'Lisboa' : 'Hamburg'}`, now, now).lastInsertRowid;
    sqlite
      .prepare(
        `insert into tape_imports (funder_id, source_id, file_name, sha256, size, format, mode, status, created_at) values (?, ?, ?, 'x', 1, 'csv', 'upsert', 'committed', ?)`,
      )
      .run(funderId, source, `tape-2026-10-funder${funderId}.csv`, now);
    sqlite
      .prepare(
        `insert into payment_imports (funder_id, file_name, line_count, matched_count, unmatched_count, invalid_count, created_at) values (?, ?, 1, 1, 0, 0, ?)`,
      )
      .run(funderId, `statement-2026-11-funder${funderId}.csv`, now);
    // A proposed write-off per funder (the demo's credit seed writes some off only in a larger book).
    const lease = sqlite.prepare('select id, currency from leases where funder_id = ? order by id limit 1').get(funderId) as {
      id: number;
      currency: string;
    };
    sqlite
      .prepare(
        `insert into write_offs (funder_id, lease_id, write_off_on, amount, currency, status, proposed_at) values (?, ?, '2026-11-02', 100000, ?, 'proposed', ?)`,
      )
      .run(funderId, lease.id, lease.currency, now);
    await createReportFile(
      db,
      {
        funderId,
        kind: 'collections',
        period: '2026-10',
        format: 'csv',
        params: {},
        fileName: `collections-2026-10-funder${funderId}.csv`,
        contentType: 'text/csv',
        sha256: 'x',
        data: Buffer.from('a,b\n'),
        createdBy: null,
      },
      now,
    );
  }
  // A facility whose name holds a literal '%': a wildcard query must not match it, the literal one must.
  sqlite
    .prepare(
      `insert into facilities (funder_id, name, lender, currency, commitment, advance_rate, start_date, maturity_date, created_at, updated_at) values (1, 'Mezzanine 5% tranche', 'Test Bank', 'EUR', 100, 0.5, '2026-01-01', '2030-01-01', ?, ?)`,
    )
    .run(now, now);

  // The demo analyst works on both funders; a second analyst on funder 1 only.
  const analyst = (await getUserByEmail(db, 'analyst@quantum.demo'))!;
  const solo = await createUser(db, { email: 'solo@quantum.demo', username: 'solo', fullName: 'Solo Analyst', role: 'analyst' });
  await assignFunders(
    db,
    [
      { userId: analyst.id, funderId: 1 },
      { userId: analyst.id, funderId: 2 },
      { userId: solo.id, funderId: 1 },
    ],
    null,
  );
  const client = (await getUserByEmail(db, 'client@quantum.demo'))!;
  g.__quantumDb = db;
  ({ signAccessToken } = await import('@/services/auth/tokens'));
  for (const [name, user] of [
    ['analyst', analyst],
    ['solo', solo],
    ['client', client],
  ] as const) {
    bearer.set(name, await signAccessToken({ userId: user.id, sessionVersion: user.sessionVersion }, 600));
  }
  ({ GET } = (await import('@/app/api/(compat)/main-search/data/route')) as unknown as { GET: typeof GET });
}, 120_000);

afterAll(() => {
  if (g.__quantumDb === db) delete g.__quantumDb;
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

async function search(
  params: Record<string, string>,
  user: 'analyst' | 'solo' | 'client' = 'analyst',
): Promise<{ status: number; body: Answer }> {
  const url = `http://localhost/api/main-search/data?${new URLSearchParams(params).toString()}`;
  const res = await GET(new NextRequest(url, { headers: { authorization: `Bearer ${bearer.get(user)}` } }));
  return { status: res.status, body: (await res.json()) as Answer };
}

async function ok(params: Record<string, string>, user: 'analyst' | 'solo' | 'client' = 'analyst'): Promise<Answer> {
  const { status, body } = await search(params, user);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

const groupOf = (a: Answer, key: string) => a.searchArr.find((gr) => gr.groupKey === key);
const recordHits = (a: Answer) => a.searchArr.filter((gr) => gr.groupKey !== 'pages').flatMap((gr) => gr.data);

describe('the domain words find their page and records', () => {
  it.each([
    ['facility', 'en', 'facilities', 'facilities'],
    ['borrowing', 'en', 'facilities', 'certificates'],
    ['covenant', 'en', 'facilities', 'covenants'],
    ['write-off', 'en', 'creditLosses', 'writeOffs'],
    ['Abschreibung', 'de', 'creditLosses', 'writeOffs'],
    ['Kreditauflage', 'de', 'facilities', 'covenants'],
    ['Beleihungsgrenze', 'de', 'facilities', 'certificates'],
    ['impayé', 'fr', 'delinquency', null],
    ['inadimplência', 'pt', 'delinquency', null],
    ['bank statement', 'en', 'payments', 'imports'],
    ['collections', 'en', 'reportCollections', 'reports'],
  ] as const)('%s (%s) → page %s and %s', async (q, locale, page, kind) => {
    const answer = await ok({ q, locale, funderId: '1' });
    expect(groupOf(answer, 'pages')?.data.map((p) => p.target)).toContain(page);
    expect(groupOf(answer, 'pages')!.data.find((p) => p.target === page)!.link).toMatch(new RegExp(`^/${locale}/`));
    if (kind === null) return;
    const records = groupOf(answer, kind);
    expect(records?.data.length, `${kind} of ${q}`).toBeGreaterThan(0);
    expect(records!.count).toBeGreaterThanOrEqual(records!.data.length);
    // Both funders hold the kind's records: the current funder's come first, each names its funder.
    for (const hit of records!.data) {
      expect(hit.link).toMatch(new RegExp(`^/${locale}/`));
      expect(hit.funderName).toBe(FUNDER_NAMES[hit.funderId as 1 | 2]);
    }
    expect(records!.data[0]!.funderId).toBe(1);
  });

  it('"facility" lists the facilities by name and "covenant" names the metric and its facility', async () => {
    const facility = groupOf(await ok({ q: 'facility', funderId: '1' }), 'facilities')!;
    expect(facility.data.map((h) => h.title)).toEqual(expect.arrayContaining(['Atlântico Capital Funding senior facility']));
    const covenant = groupOf(await ok({ q: 'covenant', funderId: '2', limit: '20' }), 'covenants')!;
    expect(covenant.data[0]).toMatchObject({ funderId: 2, subtitle: 'Nordlicht Leasing Bank senior facility' });
    expect(covenant.data[0]!.link).toMatch(/^\/en\/portfolio\/facilities\/\d+#cov-\d+$/);
    expect(covenant.data.map((h) => h.funderId ?? 0)).toEqual([...covenant.data.map((h) => h.funderId ?? 0)].sort((a, b) => b - a));
  });

  it('a page found by a synonym says which synonym matched; its title stays the page title', async () => {
    const pages = groupOf(await ok({ q: 'Abschreibung', locale: 'de' }), 'pages')!;
    expect(pages.data.find((p) => p.target === 'creditLosses')).toMatchObject({ title: 'Ausfälle & Verluste', matched: 'Abschreibung' });
  });
});

describe('scope: every funder the user may access, the current one first', () => {
  const contractOf = (funderId: number) =>
    db.$client.prepare('select id, contract_number from leases where funder_id = ? order by id desc limit 1').get(funderId) as {
      id: number;
      contract_number: string;
    };

  it("a contract number of the user's second funder is found and names that funder", async () => {
    const lease = contractOf(2);
    const answer = await ok({ q: lease.contract_number, funderId: '1' });
    expect(groupOf(answer, 'leases')!.data[0]).toMatchObject({
      id: lease.id,
      title: lease.contract_number,
      funderId: 2,
      funderName: 'Nordlicht Leasing Bank',
      link: `/en/master-file/${lease.id}`,
    });
    expect(answer.scope).toEqual({
      currentFunderId: 1,
      funders: [
        { id: 1, name: FUNDER_NAMES[1] },
        { id: 2, name: FUNDER_NAMES[2] },
      ],
    });
  });

  it('with funder 2 current, its hits come first', async () => {
    const answer = await ok({ q: 'write-off', funderId: '2', limit: '20' });
    const ids = groupOf(answer, 'writeOffs')!.data.map((h) => h.funderId ?? 0);
    expect(ids[0]).toBe(2);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(answer.scope!.funders.map((f) => f.id)).toEqual([2, 1]);
  });

  it.each([
    ['its contract number', () => contractOf(2).contract_number],
    ["its contracts' prefix", () => 'NL-'],
    ['the kind of record', () => 'write-off'],
    ['its facility', () => 'Nordlicht'],
    ['its files', () => 'funder2'],
  ])("a user with access to one funder never gets another funder's record (%s)", async (_, q) => {
    const answer = await ok({ q: q(), funderId: '1', limit: '20' }, 'solo');
    for (const hit of recordHits(answer)) expect(hit.funderId, JSON.stringify(hit)).toBe(1);
    expect(groupOf(answer, 'leases')?.data.some((h) => h.title.startsWith('NL-')) ?? false).toBe(false);
    expect(answer.scope).toEqual({ currentFunderId: 1, funders: [{ id: 1, name: FUNDER_NAMES[1] }] });
  });

  it.each([
    ['solo', '2', 403],
    ['analyst', '99', 404],
  ] as const)('%s asking for funder %s → %i', async (user, funderId, status) => {
    expect((await search({ q: 'NL-', funderId }, user)).status).toBe(status);
  });

  it('a user without read:funders gets pages only, and no scope', async () => {
    const answer = await ok({ q: 'facility' }, 'client');
    expect(answer.searchArr.map((gr) => gr.groupKey)).toEqual([]);
    expect(answer.scope).toBeNull();
  });
});

describe('short and literal queries', () => {
  it('an empty query lists pages, then the current funder’s first lessees and leases', async () => {
    const answer = await ok({ q: '', funderId: '2' });
    expect(answer.searchArr.map((gr) => gr.groupKey)).toEqual(['pages', 'lessees', 'leases']);
    for (const hit of recordHits(answer)) expect(hit.funderId).toBe(2);
    expect(groupOf(answer, 'leases')!.data).toHaveLength(4);
    expect(answer.tooShort).toBe(false);
  });

  it.each(['N', 'q', '%', '_'])('a one-character query %j searches pages only and says it is too short', async (q) => {
    const answer = await ok({ q, funderId: '1' });
    expect(answer.searchArr.filter((gr) => gr.groupKey !== 'pages')).toEqual([]);
    expect(answer.tooShort).toBe(true);
  });

  it.each([
    ['%%', 0],
    ['Q_-', 0],
    ['_L-', 0],
    ['QL%', 0],
    ['5_', 0],
    ["' or 1=1 --", 0],
    ['5%', 1],
  ])('%j is matched literally: %i record(s)', async (q, n) => {
    const answer = await ok({ q, funderId: '1', limit: '20' });
    const hits = recordHits(answer);
    expect(hits, JSON.stringify(hits)).toHaveLength(n);
    if (n === 1) expect(hits[0]).toMatchObject({ title: 'Mezzanine 5% tranche', funderId: 1 });
  });

  it.each([
    ['limit', '21'],
    ['q', 'x'.repeat(101)],
    ['funderId', 'abc'],
    ['locale', 'es'],
  ])('%s=%s is refused (400)', async (field, value) => {
    const { status, body } = await search({ [field]: value });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(field);
  });

  it('"QL-" finds no page, and every record it finds opens a lease (the e2e test walks to the last one)', async () => {
    const answer = await ok({ q: 'QL-', funderId: '1' });
    expect(groupOf(answer, 'pages')).toBeUndefined();
    expect(groupOf(answer, 'leases')!.data).toHaveLength(4);
    for (const hit of recordHits(answer)) expect(hit.link).toMatch(/^\/en\/master-file\/\d+$/);
  });

  it('each group lists at most `limit` hits and counts the matches', async () => {
    const answer = await ok({ q: 'QL-', funderId: '1', limit: '3' });
    const leases = groupOf(answer, 'leases')!;
    expect(leases.data).toHaveLength(3);
    expect(leases.count).toBeGreaterThan(3);
    expect(leases.data.every((h) => h.title.startsWith('QL-'))).toBe(true);
    expect(groupOf(answer, 'pages')).toBeUndefined();
  });
});
