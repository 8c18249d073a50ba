import { transaction } from '@/db/transaction';
/**
 * The Master File register's outstanding principal (issue "Screens a credit officer can read and trust"), on the demo
 * book as `npm start` seeds it (leases, payments, defaults, a write-off), in a database file of its own:
 * - each row's figure at the register's cut-off is the book engine's (§3's prin: the valued book the lease page,
 *   Total Cash Flow and Summary read, lib/finance outstandingPrincipalOn), to the cent; none for a lease outside the
 *   pool at that date (terminated, written off, bought later); 0 for a repaid or closed one;
 * - the per-currency totals are the sum of the rows, filtered or not, and unfiltered they are the pool's (domain.md §14);
 * - sorting by it orders the whole filtered set, page after page;
 * - the CSV export has the column, headed with the cut-off, with the same figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { recordBookChange } from '@/db/queries/book-changes';
import { updateLease } from '@/db/queries/leases';
import { seedIfEmpty } from '@/db/seed';
import { csvText } from '@/lib/exports';
import { outstandingPrincipalOn } from '@/lib/finance';
import { addDays, firstOfMonth, parseDate } from '@/lib/finance/dates';
import { minorUnitDigits } from '@/lib/format';
import { scopesForRole } from '@/lib/auth/scopes';
import { todayIso } from '@/lib/clock';
import { liveIndices } from '@/lib/portfolio/cash-flow-table';
import { leaseExportQuery, leaseListQuery, MASTER_FILE_COLUMN_IDS } from '@/lib/validations/leases';
import type { Principal } from '@/services/auth/principal';
import { leaseExportColumns } from '@/services/master-file/lease-columns';
import { leaseScreen } from '@/services/master-file/lease-screen';
import { registerExport, registerScreen, type RegisterRow } from '@/services/master-file/register-screen';
import { poolBook, valueBook } from '@/services/portfolio/valuation';
import type { User } from '@/db/schema/auth';
import { collectBatches } from '../helpers/batches';

const F = 1;
const TODAY = todayIso();
const CUT_OFF = firstOfMonth(TODAY);
const clock = { today: TODAY };
let db: Conn;
let dir: string;
let admin: Principal;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-register-outstanding-'));
  db = openDb(path.join(dir, 'book.db'));
  runMigrations(db);
  seedIfEmpty(db, { leases: 600 });
  const user = db.$client.prepare("select * from users where username = 'admin'").get() as { id: number };
  admin = { user: { ...user } as unknown as User, scopes: scopesForRole('admin'), via: 'session' };
  // The demo book is seeded around today: make sure it holds a terminated lease and one written off before the cut-off.
  const sql = db.$client;
  const active = sql.prepare(`select id, version from leases where funder_id = ? and status = 'active' order by id`).all(F) as {
    id: number;
    version: number;
  }[];
  if (!sql.prepare(`select 1 from leases where funder_id = ? and status = 'terminated'`).get(F)) {
    await updateLease(db, active[0]!.id, active[0]!.version, { status: 'terminated' }, null);
  }
  if (!sql.prepare(`select 1 from leases where funder_id = ? and written_off_on < ?`).get(F, CUT_OFF)) {
    await transaction(db, async (tx) => {
      sql.prepare(`update leases set written_off_on = ? where id = ?`).run(addDays(CUT_OFF, -20), active[1]!.id);
      await recordBookChange(tx, F, 'lease', active[1]!.id);
    });
  }
}, 120_000);

afterAll(() => {
  db?.$client.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const query = (q: Record<string, string> = {}) => leaseListQuery.parse({ funderId: String(F), perPage: '100', ...q });

/** Every row of the filtered register, page after page. */
async function allRows(q: Record<string, string> = {}): Promise<RegisterRow[]> {
  const rows: RegisterRow[] = [];
  for (let page = 1; ; page++) {
    const screen = await registerScreen(db, admin, query({ ...q, page: String(page) }), clock);
    rows.push(...screen.rows);
    if (rows.length >= screen.total || screen.rows.length === 0) return rows;
  }
}

/** The engine's figure of a lease at the cut-off: the valued book's prin when the lease is in the pool then, else none. */
async function engineFigure(leaseId: number): Promise<number | null> {
  const book = await valueBook(db, F, CUT_OFF);
  const i = book.indexById.get(leaseId);
  return i === undefined || book.valuation.inPool[i] !== 1 ? null : book.valuation.prin[i]!;
}

function sumByCurrency(rows: readonly RegisterRow[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r.currency, (m.get(r.currency) ?? 0) + (r.outstandingPrincipal ?? 0));
  return m;
}

describe('the register at its cut-off', () => {
  test("the register's cut-off is the default one (the first of today's month), as on the lease page", async () => {
    const screen = await registerScreen(db, admin, query(), clock);
    expect(screen.cutOff).toBe(CUT_OFF);
    expect((await leaseScreen(db, admin, { funderId: F, id: screen.rows[0]!.id }, clock))!.cutOff).toBe(CUT_OFF);
  });

  test("every row's outstanding principal is the engine's figure for that lease at the cut-off, to the cent", async () => {
    const rows = await allRows();
    expect(rows.length).toBeGreaterThan(300);
    for (const r of rows) expect(r.outstandingPrincipal, r.contractNumber).toBe(await engineFigure(r.id));
    expect(rows.filter((r) => (r.outstandingPrincipal ?? 0) > 0).length).toBeGreaterThan(100);
  });

  const kinds = [
    {
      name: 'a lease with principal left after the cut-off',
      pick: (rows: RegisterRow[]) => rows.filter((r) => r.status === 'active' && (r.outstandingPrincipal ?? 0) > 0).slice(0, 3),
    },
    {
      name: 'a closed lease whose last flow fell before the cut-off (repaid)',
      pick: (rows: RegisterRow[]) => rows.filter((r) => r.status === 'closed' && lastFlow(r.id) < CUT_OFF).slice(0, 2),
      expected: 0,
    },
    {
      name: 'a terminated lease (not in the book)',
      pick: (rows: RegisterRow[]) => rows.filter((r) => r.status === 'terminated').slice(0, 1),
      expected: null,
    },
    {
      name: 'a written-off lease (out of the pool)',
      pick: (rows: RegisterRow[]) => rows.filter((r) => r.writtenOffOn !== null && r.writtenOffOn <= CUT_OFF).slice(0, 1),
      expected: null,
    },
    {
      name: 'a lease bought after the cut-off',
      pick: (rows: RegisterRow[]) => rows.filter((r) => r.purchaseDate > CUT_OFF).slice(0, 1),
      expected: null,
    },
  ];

  test.each(kinds)('$name: the register shows what the lease page shows at the cut-off', async ({ pick, expected }) => {
    const picked = pick(await allRows());
    expect(picked.length).toBeGreaterThan(0);
    const book = await valueBook(db, F, CUT_OFF);
    for (const r of picked) {
      const page = (await leaseScreen(db, admin, { funderId: F, id: r.id }, clock))!;
      const onPage = page.valuation?.inPool ? page.valuation.prin : null;
      expect(r.outstandingPrincipal, r.contractNumber).toBe(onPage);
      if (expected !== undefined) expect(r.outstandingPrincipal, r.contractNumber).toBe(expected);
      const i = book.indexById.get(r.id);
      if (r.outstandingPrincipal !== null)
        expect(outstandingPrincipalOn(book.portfolio, i!, parseDate(CUT_OFF))).toBe(r.outstandingPrincipal);
    }
  });
});

function lastFlow(leaseId: number): string {
  return (db.$client.prepare('select max(due_date) from schedule_rows where lease_id = ?').pluck().get(leaseId) as string) ?? '';
}

describe('the per-currency totals', () => {
  test.each<{ name: string; q: Record<string, string> }>([
    { name: 'the whole register', q: {} },
    { name: 'EUR leases', q: { currency: 'EUR' } },
    { name: 'vehicles and IT', q: { assetType: 'vehicle,it' } },
    { name: 'defaulted leases', q: { status: 'defaulted' } },
    { name: 'a search', q: { q: 'a' } },
  ])('$name: each currency total is the sum of the rows', async ({ q }) => {
    const rows = await allRows(q);
    const { totals, total } = await registerScreen(db, admin, query(q), clock);
    expect(rows.length).toBe(total);
    const sums = sumByCurrency(rows);
    expect(totals.map((t) => t.currency)).toEqual([...sums.keys()].sort());
    for (const t of totals) expect(t.outstandingPrincipal, t.currency).toBe(sums.get(t.currency));
  });

  test("unfiltered, they are the pool's outstanding principal at the cut-off (Total Cash Flow, Summary)", async () => {
    const book = await poolBook(db, F, CUT_OFF, false, TODAY);
    const pool = new Map<string, number>();
    for (const i of liveIndices(book))
      pool.set(book.leases[i]!.currency, (pool.get(book.leases[i]!.currency) ?? 0) + book.valuation.prin[i]!);
    const { totals } = await registerScreen(db, admin, query(), clock);
    for (const t of totals) expect(t.outstandingPrincipal, t.currency).toBe(pool.get(t.currency) ?? 0);
  });
});

describe('sorting by outstanding principal', () => {
  test.each(['asc', 'desc'] as const)('%s: the whole filtered set in order, ties by id, page after page', async (dir) => {
    const q = { sort: 'outstandingPrincipal', dir, currency: 'EUR,GBP' };
    const rows = await allRows(q);
    const unsorted = await allRows({ currency: 'EUR,GBP' });
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(unsorted.map((r) => r.id).sort((a, b) => a - b));
    const key = (r: RegisterRow) => r.outstandingPrincipal ?? -1;
    for (let k = 1; k < rows.length; k++) {
      const [a, b] = [rows[k - 1]!, rows[k]!];
      const order = dir === 'asc' ? key(a) - key(b) : key(b) - key(a);
      expect(order < 0 || (order === 0 && a.id < b.id), `${a.contractNumber} before ${b.contractNumber}`).toBe(true);
    }
    const first = await registerScreen(db, admin, query({ ...q, perPage: '10' }), clock);
    expect(first.rows.map((r) => r.id)).toEqual(rows.slice(0, 10).map((r) => r.id));
  });
});

describe('the export', () => {
  const t = (key: string, values?: Record<string, string | number>) => (values ? `${key}(${Object.values(values).join(' ')})` : key);

  test('has the column, headed with the cut-off, with the figures the register shows', async () => {
    const q = leaseExportQuery.parse({ funderId: String(F), sort: 'outstandingPrincipal', dir: 'desc' });
    const exported = await registerExport(db, admin, q, clock);
    expect(exported.cutOff).toBe(CUT_OFF);
    const cols = leaseExportColumns(t, ['contractNumber', 'currency', 'outstandingPrincipal'], { cutOff: exported.cutOff });
    const lines = csvText(cols, (await collectBatches(exported.batches)).flat())
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(`columns.contractNumber,columns.currency,export.outstandingPrincipalAt(${CUT_OFF})`);
    const onScreen = new Map((await allRows({ sort: 'outstandingPrincipal', dir: 'desc' })).map((r) => [r.contractNumber, r]));
    expect(lines.length - 1).toBe(onScreen.size);
    for (const line of lines.slice(1)) {
      const [contract, currency, amount] = line.split(',');
      const row = onScreen.get(contract!)!;
      const minor = amount === '' ? null : Math.round(Number(amount) * 10 ** minorUnitDigits(currency!));
      expect(minor, contract).toBe(row.outstandingPrincipal);
      expect(minor, contract).toBe(await engineFigure(row.id));
    }
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([...onScreen.keys()]);
  });

  test('every column of the register is exported, the outstanding principal among them', () => {
    expect(MASTER_FILE_COLUMN_IDS).toContain('outstandingPrincipal');
    expect(leaseExportColumns(t, MASTER_FILE_COLUMN_IDS).map((c) => c.id)).toContain('outstandingPrincipal');
  });
});
