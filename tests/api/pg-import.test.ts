/**
 * The tape import on PostgreSQL (#35): the same tapes imported through the service functions into a SQLite book and
 * into its PostgreSQL copy (db/copy.ts) give the same rows — leases, lessees, schedules, history, audit, journal, opening
 * positions, the import's rows and roll-forward — and the same book-engine figures: a new book, a seasoned tape rolled
 * forward against the source's previous one, and an update of existing leases. On PostgreSQL a dry run writes nothing,
 * a commit that meets a conflict after some of its batches were written, or a failing statement in its last batch,
 * leaves nothing written, and a payment and a lease edit made while a large tape commits complete before its COMMIT.
 * The PostgreSQL side loads the modules anew with DATABASE_URL naming the server, as a server started on it does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn, type Db } from '@/db/client';
import type { PgDb } from '@/db/pg-client';
import * as sqliteDialect from '@/db/dialect';
import { createUser } from '@/db/queries/users';
import * as sqliteLeases from '@/db/queries/leases';
import * as sqliteTransaction from '@/db/transaction';
import { INSERT_BOOK_CHANGE_SQL, LEASE_LOCK_WAIT_MS, LOCK_FUNDER_SQL } from '@/db/queries/book-changes';
import { concurrentWriteOf } from '@/services/api/handler';
import * as sqlitePayments from '@/db/queries/payments';
import * as sqliteService from '@/services/imports/service';
import * as sqliteRollForward from '@/services/imports/roll-forward';
import * as sqliteServicing from '@/services/servicing/book';
import * as sqliteCredit from '@/services/credit/book';
import * as sqliteValuation from '@/services/portfolio/valuation';
import { createImportBook, createImportFunder } from '../helpers/import-book';
import { loadOnPostgres, postgresCopyOf, type TestDatabase } from '../helpers/pg';

type Engine = {
  name: 'sqlite' | 'postgres';
  db: Db;
  dialect: typeof sqliteDialect;
  service: typeof sqliteService;
  rollForward: typeof sqliteRollForward;
  leases: typeof sqliteLeases;
  transaction: typeof sqliteTransaction;
  payments: typeof sqlitePayments;
  servicing: typeof sqliteServicing;
  credit: typeof sqliteCredit;
  valuation: typeof sqliteValuation;
};

let dir: string;
let sqliteConn: Conn;
let pgDb: PgDb;
let database: TestDatabase;
const engines: Engine[] = [];
const F = { book: 0, fresh: 0, seasoned: 0, big: 0 };
let uploader = 0;
let checker = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-pg-import-'));
  sqliteConn = openDb(path.join(dir, 'book.db'));
  runMigrations(sqliteConn);
  const user = async (email: string) =>
    (
      await createUser(sqliteConn, {
        email,
        username: email.split('@')[0]!,
        fullName: 'Test',
        passwordHash: 'x',
        status: 'active',
        role: 'analyst',
        currentPlan: 'basic',
        authProvider: 'credentials',
      } as never)
    ).id;
  uploader = await user('uploader@example.com');
  checker = await user('checker@example.com');
  F.book = (await createImportFunder(sqliteConn, 'Book')).id;
  await createImportBook(sqliteConn, F.book, 40);
  F.fresh = (await createImportFunder(sqliteConn, 'Fresh')).id;
  F.seasoned = (await createImportFunder(sqliteConn, 'Seasoned')).id;
  F.big = (await createImportFunder(sqliteConn, 'Big')).id;
  await createImportBook(sqliteConn, F.big, 12, 11);
  engines.push({
    name: 'sqlite',
    db: sqliteConn,
    dialect: sqliteDialect,
    service: sqliteService,
    rollForward: sqliteRollForward,
    leases: sqliteLeases,
    transaction: sqliteTransaction,
    payments: sqlitePayments,
    servicing: sqliteServicing,
    credit: sqliteCredit,
    valuation: sqliteValuation,
  });

  ({ database, db: pgDb } = await postgresCopyOf(sqliteConn.$client, 'imports', 8));
  engines.push(
    await loadOnPostgres(database.url, async () => ({
      name: 'postgres' as const,
      db: pgDb as unknown as Db,
      dialect: await import('@/db/dialect'),
      service: await import('@/services/imports/service'),
      rollForward: await import('@/services/imports/roll-forward'),
      leases: await import('@/db/queries/leases'),
      transaction: await import('@/db/transaction'),
      payments: await import('@/db/queries/payments'),
      servicing: await import('@/services/servicing/book'),
      credit: await import('@/services/credit/book'),
      valuation: await import('@/services/portfolio/valuation'),
    })),
  );
}, 180_000);

afterAll(async () => {
  // The uploads a dry run kept (on PostgreSQL in the data folder): removed with the test's imports.
  const pg = engines[1];
  if (pg) {
    const files = await pg.dialect.columnOf<string>(pg.db, 'select file_path from tape_imports where file_path is not null');
    for (const f of files) rmSync(f, { force: true });
  }
  sqliteConn?.$client.close();
  await pgDb?.$client.end();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const [sqlite, postgres] = [() => engines[0]!, () => engines[1]!];

const TODAY = '2026-12-02';

test('the rows of a bulk writer go by COPY with every character of a text, its nulls and its numbers kept (PgBatchSink)', async () => {
  const e = postgres();
  const { PgBatchSink } = await import('@/db/write-worker');
  const texts = ['tab\there', 'line\nbreak', 'cr\rlf\r\n', 'back\\slash \\N', '\\N', '', 'ünïcödé €', `quote "' ;,{}`];
  const rows = await e.transaction.transaction(e.db, async (tx) => {
    await e.dialect.executeSql(
      tx,
      'create temporary table copy_probe (id bigint primary key, t text, n bigint, f double precision) on commit drop',
    );
    const sink = new PgBatchSink(e.dialect.pgClientOf(tx) as never);
    sink.prepare('probe', 'insert into copy_probe (id, t, n, f) values (?, ?, ?, ?)');
    texts.forEach((t, i) => sink.run('probe', [i, t, i % 2 ? null : -9_007_199_254_740_991, 0.25 + i]));
    sink.run('probe', [99, null, 0, null]);
    await sink.flush();
    return await e.dialect.arraysOf(tx, 'select id, t, n, f from copy_probe order by id');
  });
  expect(rows).toEqual([...texts.map((t, i) => [i, t, i % 2 ? null : -9_007_199_254_740_991, 0.25 + i]), [99, null, 0, null]]);
});

/**
 * A lease edit as the lease form writes it at the row level, in one transaction: the lease's new version, the funder's
 * lock and the journal row. (updateLease itself does not run on PostgreSQL yet: db/queries/leases.ts applyLeaseUpdate
 * ends its UPDATE … RETURNING with a LIMIT, which PostgreSQL's UPDATE has not.)
 */
async function editLease(e: Engine, funderId: number, leaseId: number): Promise<void> {
  await e.transaction.transaction(e.db, async (tx) => {
    await e.dialect.executeSql(tx, 'update leases set residual = 0, version = version + 1 where id = ?', [leaseId]);
    await e.dialect.executeSql(tx, LOCK_FUNDER_SQL.terms, [funderId]);
    await e.dialect.executeSql(tx, INSERT_BOOK_CHANGE_SQL, [funderId, 'lease', leaseId]);
  });
}

async function upload(e: Engine, funderId: number, source: string, lines: string[], mode: 'create' | 'upsert') {
  const imp = await e.service.startImport(e.db, {
    funderId,
    source,
    mode,
    fileName: 'tape.csv',
    bytes: new TextEncoder().encode(lines.join('\n')),
    userId: uploader,
    today: TODAY,
  });
  const done = await e.service.waitForImport(e.db, funderId, imp.id);
  expect(done.status).toBe('validated');
  return done;
}

async function commit(e: Engine, funderId: number, id: number, skipRejected = false) {
  await e.service.commitImport(e.db, funderId, id, skipRejected, uploader);
  return await e.service.waitForImport(e.db, funderId, id);
}

/** Values that are the clock's (when the rows were written), not the import's. */
const CLOCK = new Set(['created_at', 'updated_at', 'at', 'decided_at', 'committed_at', 'validated_at', 'createdAt', 'updatedAt']);

function strip(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (CLOCK.has(k)) continue;
    if ((k === 'before' || k === 'after') && typeof v === 'string') out[k] = strip(JSON.parse(v) as Record<string, unknown>);
    else if (typeof v === 'boolean') out[k] = v ? 1 : 0;
    else out[k] = v;
  }
  return out;
}

/** The rows an import writes for a funder, as plain data (ids included: both engines number them alike). */
async function written(e: Engine, funderId: number) {
  const rows = async (text: string, params: unknown[] = [funderId]) =>
    (await e.dialect.rowsOf<Record<string, unknown>>(e.db, text, params)).map(strip);
  return {
    lessees: await rows('select * from lessees where funder_id = ? order by id'),
    leases: await rows('select * from leases where funder_id = ? order by id'),
    schedules: await rows(
      `select s.lease_id, s.period, s.due_date, s.instalment, s.interest, s.principal, s.vat, s.fee, s.gross, s.balance_after
         from schedule_rows s join leases l on l.id = s.lease_id where l.funder_id = ? order by s.lease_id, s.period`,
    ),
    history: await rows(
      'select h.lease_id, h.version, h.action, h.changes, h.user_id from lease_history h join leases l on l.id = h.lease_id where l.funder_id = ? order by h.id',
    ),
    audit: await rows(
      "select id, user_id, user_email, funder_id, entity, entity_id, action, before, after from audit_log where funder_id = ? and entity = 'lease' order by id",
    ),
    journal: await rows('select seq, funder_id, kind, lease_id from book_changes where funder_id = ? order by seq'),
    openings: await rows('select * from opening_positions where funder_id = ? order by lease_id'),
    imports: await rows(
      `select id, status, progress, new_count, updated_count, unchanged_count, rejected_count, warning_count, error_code, roll_forward, previous_import_id, tape_date
         from tape_imports where funder_id = ? order by id`,
    ),
    importRows: await rows(
      'select r.import_id, r.row, r.action, r.contract_number, r.lease_id, r.result from tape_import_rows r join tape_imports i on i.id = r.import_id where i.funder_id = ? order by r.import_id, r.row',
    ),
    rollForward: await rows(
      `select f.* from tape_import_roll_forward f join tape_imports i on i.id = f.import_id where i.funder_id = ? order by f.import_id, f.contract_number`,
    ),
  };
}

/** The book engine's figures of a funder at the dates. */
async function figures(e: Engine, funderId: number, dates: string[]) {
  const out = [];
  for (const asOf of dates) {
    const valued = await e.valuation.valueBook(e.db, funderId, asOf);
    out.push({
      asOf,
      servicing: (await e.servicing.getServicingBook(e.db, funderId, asOf)).leases.map((s) => ({ ...s })),
      credit: (await e.credit.creditStatesAt(e.db, funderId, asOf)).states.map((s) => ({ ...s })),
      prin: Array.from(valued.valuation.prin),
      npv: Array.from(valued.valuation.npv),
    });
  }
  return out;
}

const NEW_HEADER =
  'Contract number,Lessee,Lessee ID,Tax ID,Country,Currency,Asset type,Asset price,Down payment,Residual value,Term,Interest rate,Timing,Frequency,First due date';
function newBookLines(prefix: string, n: number): string[] {
  const lines = [NEW_HEADER];
  for (let i = 0; i < n; i++) {
    const freq = ['monthly', 'quarterly', 'monthly', 'annual'][i % 4];
    const day = ['05', '15', '28', '31'][i % 4] === '31' ? '30' : ['05', '15', '28'][i % 3];
    lines.push(
      [
        `${prefix}-${i + 1}`,
        `${prefix} Lessee ${i % 37}`,
        `EXT-${prefix}-${i % 37}`,
        `TX-${prefix}-${i % 37}`,
        ['DE', 'FR', 'PT', 'AT'][i % 4],
        ['EUR', 'EUR', 'GBP'][i % 3],
        ['vehicle', 'machinery', 'it'][i % 3],
        (10_000 + ((i * 7919) % 90_000) + (i % 100) / 100).toFixed(2),
        i % 5 === 0 ? '1000.00' : '0',
        i % 3 === 0 ? '1500.00' : '0',
        String([24, 36, 48, 60][i % 4]),
        (0.03 + (i % 9) / 200).toFixed(4),
        i % 2 ? 'advance' : 'arrears',
        freq,
        `202${5 + (i % 2)}-${String((i % 12) + 1).padStart(2, '0')}-${day}`,
      ].join(','),
    );
  }
  return lines;
}

/** An upsert tape of every lease of the funder, every other one at a rate 1 point higher. */
async function updateTape(e: Engine, funderId: number) {
  const leases = await e.dialect.rowsOf<Record<string, string | number>>(
    e.db,
    `select l.contract_number, s.name, l.currency, l.asset_type, l.price, l.term, l.rate, l.timing, l.first_due_date
       from leases l join lessees s on s.id = l.lessee_id where l.funder_id = ? order by l.id`,
    [funderId],
  );
  return [
    'Contract number,Lessee,Currency,Asset type,Asset price,Term,Interest rate,Timing,First due date',
    ...leases.map((l, i) =>
      [
        l.contract_number,
        l.name,
        l.currency,
        l.asset_type,
        (Number(l.price) / 100).toFixed(2),
        l.term,
        (Number(l.rate) + (i % 2 ? 0.01 : 0)).toFixed(6),
        l.timing,
        l.first_due_date,
      ].join(','),
    ),
  ];
}

describe('the tape import on SQLite and on PostgreSQL', () => {
  test('a new book: the dry run writes nothing; the commit writes the same rows and the book engine gives the same figures', async () => {
    const lines = newBookLines('N', 260);
    for (const e of engines) {
      const before = await written(e, F.fresh);
      const imp = await upload(e, F.fresh, 'New lessor', lines, 'create');
      expect(imp.newCount).toBe(260);
      // The dry run: the import and its rows, no lease, lessee, schedule, journal or audit row.
      const dry = await written(e, F.fresh);
      expect({ ...dry, imports: [], importRows: [] }).toEqual({ ...before, imports: [], importRows: [] });
      expect((await commit(e, F.fresh, imp.id)).status).toBe('committed');
    }
    const a = await written(sqlite(), F.fresh);
    expect(a.leases).toHaveLength(260);
    expect(a.lessees).toHaveLength(37);
    // A bulk import (above BULK_IMPORT leases) journals the whole book once: every view rebuilds from it.
    expect(a.journal.map((r) => [r.kind, r.lease_id])).toEqual([['book', null]]);
    expect(await written(postgres(), F.fresh)).toEqual(a);
    const dates = ['2026-06-30', TODAY];
    expect(await figures(postgres(), F.fresh, dates)).toEqual(await figures(sqlite(), F.fresh, dates));
  });

  test('a seasoned tape and the next month rolled forward: the same openings, roll-forward, decisions and figures', async () => {
    const header =
      'Contract number,Lessee,Currency,Asset type,Asset price,Term,Interest rate,Timing,First due date,Cut-off date,Outstanding principal,Arrears balance,Days in arrears,Account status,Default date';
    const march = [
      header,
      'S-1,Alpha Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-03-31,10900.00,0,0,PERF,',
      'S-2,Beta Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-03-31,10900.00,1500.00,51,ARRE,',
      'S-3,Gamma Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-03-31,10900.00,9000.00,140,DFLT,2026-02-12',
      'S-4,Delta Ltd,EUR,vehicle,18000.00,24,0.06,arrears,2025-06-15,2026-03-31,9000.00,0,0,PERF,',
    ];
    const april = [
      header,
      'S-1,Alpha Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-04-30,10300.00,0,0,PERF,',
      // A partial prepayment the schedule does not know: a break.
      'S-2,Beta Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-04-30,8000.00,0,0,PERF,',
      'S-3,Gamma Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-04-30,10900.00,9000.00,170,DFLT,2026-02-12',
      'S-5,Epsilon Ltd,EUR,machinery,12000.00,24,0.07,advance,2026-04-01,2026-04-30,12000.00,0,0,PERF,',
    ];
    const pages: Awaited<ReturnType<Engine['rollForward']['rollForwardPage']>>[] = [];
    for (const e of engines) {
      const first = await upload(e, F.seasoned, 'Seasoned lessor', march, 'create');
      expect((await commit(e, F.seasoned, first.id, true)).status).toBe('committed');
      const next = await upload(e, F.seasoned, 'Seasoned lessor', april, 'upsert');
      const page = await e.rollForward.rollForwardPage(e.db, F.seasoned, next.id, { page: 1, perPage: 50 });
      expect(page.summary).not.toBeNull();
      pages.push(page);
      const undecided = page.summary!.counts.undecided;
      if (undecided > 0) {
        await expect(e.service.commitImport(e.db, F.seasoned, next.id, false, uploader)).rejects.toThrow(/undecided/);
        await e.rollForward.decideRollForward(
          e.db,
          F.seasoned,
          next.id,
          { allUndecided: true, decision: 'accepted', note: 'Prepaid' },
          { userId: checker, email: 'checker@example.com' },
        );
      }
      const batches = [];
      for await (const b of e.rollForward.iterateRollForward(e.db, F.seasoned, next.id, {})) batches.push(...b);
      expect(batches).toHaveLength(page.total);
      expect((await commit(e, F.seasoned, next.id, true)).status).toBe('committed');
    }
    const strippedPage = (p: (typeof pages)[number]) => ({ ...p, rows: p.rows.map((r) => ({ ...r, decidedAt: null })) });
    expect(strippedPage(pages[1]!)).toEqual(strippedPage(pages[0]!));
    expect(pages[0]!.rows.some((r) => r.kind === 'break')).toBe(true);
    const a = await written(sqlite(), F.seasoned);
    expect(a.openings.length).toBeGreaterThan(0);
    expect(a.rollForward.length).toBeGreaterThan(0);
    expect(await written(postgres(), F.seasoned)).toEqual(a);
    const dates = ['2026-03-31', '2026-04-30', TODAY];
    expect(await figures(postgres(), F.seasoned, dates)).toEqual(await figures(sqlite(), F.seasoned, dates));
  });

  /** An upsert tape of the funder's leases with a new rate for every other one (read from `e`: the same on both). */
  test('an update of existing leases: the same versions, schedules, history, audit and journal rows, the same figures', async () => {
    const lines = await updateTape(sqlite(), F.book);
    for (const e of engines) {
      const imp = await upload(e, F.book, 'Book lessor', lines, 'upsert');
      expect(imp.updatedCount).toBeGreaterThan(10);
      expect((await commit(e, F.book, imp.id, true)).status).toBe('committed');
    }
    const a = await written(sqlite(), F.book);
    expect(a.history.some((h) => h.version === 2)).toBe(true);
    expect(await written(postgres(), F.book)).toEqual(a);
    const dates = ['2026-06-30', TODAY];
    expect(await figures(postgres(), F.book, dates)).toEqual(await figures(sqlite(), F.book, dates));
  });

  test('a lease edited since the dry run: the commit writes nothing and asks for a new validation, as on SQLite', async () => {
    const outcomes = [];
    for (const e of engines) {
      const lines = await updateTape(e, F.book);
      const imp = await upload(e, F.book, 'Book lessor', lines, 'upsert');
      expect(imp.updatedCount).toBeGreaterThan(0);
      // The last lease of the tape is edited after the dry run: its version moved.
      const id = (await e.dialect.valueOf<number>(e.db, 'select id from leases where funder_id = ? order by id desc limit 1', [F.book]))!;
      await editLease(e, F.book, id);
      const before = await written(e, F.book);
      const done = await commit(e, F.book, imp.id);
      expect([done.status, done.errorCode]).toEqual(['validated', 'versionMoved']);
      const after = await written(e, F.book);
      // Nothing of the commit: the same leases, schedules, history, audit and journal as before it.
      expect({ ...after, imports: [], importRows: [] }).toEqual({ ...before, imports: [], importRows: [] });
      outcomes.push(done.updatedCount);
    }
    expect(outcomes[1]).toBe(outcomes[0]);
  });
});

describe('a large tape committing on PostgreSQL', () => {
  test('a conflict found after batches were written leaves nothing written', async () => {
    const e = postgres();
    const lines = newBookLines('K', 2_400);
    const imp = await upload(e, F.big, 'Conflicting lessor', lines, 'create');
    expect(imp.newCount).toBe(2_400);
    // The contract number of the tape's last row is taken meanwhile: the commit meets it after two chunks were written.
    const lessee = (await e.dialect.valueOf<number>(e.db, 'select id from lessees where funder_id = ? order by id limit 1', [F.big]))!;
    await e.leases.createLease(
      e.db,
      {
        funderId: F.big,
        lesseeId: lessee,
        contractNumber: 'K-2400',
        assetType: 'vehicle',
        assetDescription: '',
        condition: 'new',
        currency: 'EUR',
        price: 1_000_000,
        downPayment: 0,
        residual: 0,
        fee: 0,
        feeFinanced: false,
        term: 24,
        rate: 0.05,
        timing: 'advance',
        frequency: 'monthly',
        firstDueDate: '2026-01-15',
        vatRate: 0.19,
        vatRegime: 'per-instalment',
        purchaseDate: '2026-01-01',
        agreedPurchasePrice: null,
        status: 'active',
      },
      null,
    );
    const before = await written(e, F.big);
    const seqBefore = await e.dialect.valueOf<number>(e.db, 'select count(*) from book_changes');
    const done = await commit(e, F.big, imp.id);
    expect([done.status, done.errorCode]).toEqual(['validated', 'versionMoved']);
    const after = await written(e, F.big);
    expect({ ...after, imports: [], importRows: [] }).toEqual({ ...before, imports: [], importRows: [] });
    expect(await e.dialect.valueOf<number>(e.db, 'select count(*) from book_changes')).toBe(seqBefore);
    expect(await e.dialect.valueOf<number>(e.db, "select count(*) from leases where contract_number like 'K-%'")).toBe(1);
  }, 180_000);

  test('a statement failing in the last batch, before the COMMIT, leaves nothing written and the import to commit again', async () => {
    const e = postgres();
    const imp = await upload(e, F.big, 'Failing lessor', newBookLines('Z', 1_200), 'create');
    const before = await written(e, F.big);
    // The journal rows are the commit's last writes: refused there, after every lease and schedule batch was written.
    await e.dialect.executeSql(
      e.db as never,
      `create function refuse_journal() returns trigger language plpgsql as $$ begin raise exception 'journal refused'; end $$`,
    );
    await e.dialect.executeSql(
      e.db as never,
      'create trigger refuse_journal before insert on book_changes for each statement execute function refuse_journal()',
    );
    try {
      const done = await commit(e, F.big, imp.id);
      expect([done.status, done.errorCode]).toEqual(['validated', 'commitFailed']);
      expect(done.error).toMatch(/journal refused/);
    } finally {
      await e.dialect.executeSql(e.db as never, 'drop trigger refuse_journal on book_changes');
      await e.dialect.executeSql(e.db as never, 'drop function refuse_journal()');
    }
    const after = await written(e, F.big);
    expect({ ...after, imports: [], importRows: [] }).toEqual({ ...before, imports: [], importRows: [] });
    expect(await e.dialect.valueOf<number>(e.db, "select count(*) from leases where contract_number like 'Z-%'")).toBe(0);
    // Committed again once the database takes it.
    expect((await commit(e, F.big, imp.id)).status).toBe('committed');
    expect(await e.dialect.valueOf<number>(e.db, "select count(*) from leases where contract_number like 'Z-%'")).toBe(1_200);
  }, 180_000);

  test('a payment and a lease edit made while it commits complete before its COMMIT', async () => {
    const e = postgres();
    const n = 3_000;
    const imp = await upload(e, F.big, 'Large lessor', newBookLines('L', n), 'create');
    expect(imp.newCount).toBe(n);
    const [leaseId, currency] = (
      await e.dialect.arraysOf<[number, string]>(
        e.db,
        `select id, currency from leases where funder_id = ? and contract_number like 'C-0%' and status = 'active' order by id limit 1`,
        [F.big],
      )
    )[0]!;
    const status = async () => await e.dialect.valueOf<string>(e.db, 'select status from tape_imports where id = ?', [imp.id]);
    const order: string[] = [];
    await e.service.commitImport(e.db, F.big, imp.id, false, uploader);
    const imported = e.service.waitForImport(e.db, F.big, imp.id).then((r) => {
      order.push('import');
      return r;
    });
    // Wait until the commit is well under way (its first chunk of 1,000 rows written in its transaction), then write beside it.
    for (let i = 0; i < 4_000 && (await e.service.readImport(e.db, F.big, imp.id)).progress < 0.4; i++)
      await new Promise((r) => setTimeout(r, 5));
    expect((await e.service.readImport(e.db, F.big, imp.id)).progress).toBeGreaterThan(0.4);
    expect(await status()).toBe('committing');
    const payment = e.payments
      .recordPayment(
        e.db,
        F.big,
        { leaseId, receivedOn: TODAY, amount: 12_345, currency, method: 'transfer', reference: 'during the import' },
        null,
      )
      .then((p) => {
        order.push('payment');
        return p;
      });
    const edit = editLease(e, F.big, leaseId + 1).then(() => order.push('edit'));
    await Promise.all([payment, edit]);
    // Both done while the import's transaction is still open: its rows are not visible yet.
    expect(await status()).toBe('committing');
    expect(await e.dialect.valueOf<number>(e.db, "select count(*) from leases where contract_number like 'L-%'")).toBe(0);
    const done = await imported;
    expect(done.status).toBe('committed');
    expect([...order].sort()).toEqual(['edit', 'import', 'payment']);
    expect(order[2]).toBe('import');
    expect(await e.dialect.valueOf<number>(e.db, "select count(*) from leases where contract_number like 'L-%'")).toBe(n);
    // The journal: the payment's and the edit's rows before the import's, which is one `book` row (a bulk write: every
    // view rebuilds the book) — taken with the funder's lock just before the COMMIT, so after theirs.
    const journal = await e.dialect.arraysOf<[string, number | null]>(
      e.db,
      'select kind, lease_id from book_changes where funder_id = ? order by seq desc limit 3',
      [F.big],
    );
    expect(journal[0]).toEqual(['book', null]);
    expect(
      journal
        .slice(1)
        .map(([kind]) => kind)
        .sort(),
    ).toEqual(['lease', 'ledger']);
  }, 300_000);

  test('an edit of a lease the commit is updating waits for it a few seconds at most, and never deadlocks it', async () => {
    const e = postgres();
    const lines = (await updateTape(e, F.big)).filter((l, i) => i === 0 || l.startsWith('L-'));
    const imp = await upload(e, F.big, 'Large lessor', lines, 'upsert');
    expect(imp.updatedCount).toBeGreaterThan(1_000);
    // The tape's first lease: its row is locked by the commit's first chunk until the COMMIT.
    const [leaseId, version] = (
      await e.dialect.arraysOf<[number, number]>(
        e.db,
        `select id, version from leases where funder_id = ? and contract_number like 'L-%' order by id limit 1`,
        [F.big],
      )
    )[0]!;
    await e.service.commitImport(e.db, F.big, imp.id, false, uploader);
    const imported = e.service.waitForImport(e.db, F.big, imp.id);
    for (let i = 0; i < 4_000 && (await e.service.readImport(e.db, F.big, imp.id)).progress < 0.4; i++)
      await new Promise((r) => setTimeout(r, 5));
    const t0 = Date.now();
    const edit = await e.leases.updateLease(e.db, leaseId, version, { assetDescription: 'edited during the import' }, null).then(
      () => 'saved',
      (err: unknown) => concurrentWriteOf(err) ?? (err as Error).name,
    );
    const waited = Date.now() - t0;
    // The import is not the one given up: lease rows, then the funder's lock, in that order by every writer.
    expect((await imported).status).toBe('committed');
    // The edit either waited out its few seconds and was told to try again, or met the committed import's new version.
    expect(['busy', 'Conflict']).toContain(edit);
    expect(waited).toBeLessThan(LEASE_LOCK_WAIT_MS + 3_000);
  }, 300_000);
});
