import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, runMigrations } from '@/db/client';
import { listFunders } from '@/db/queries/funders';
import { loadServicingLedgers } from '@/db/queries/servicing';
import { bulkLoad, RowBuffer } from '@/db/seed/bulk';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { createTestDb } from '../helpers/test-db';

const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-seed-bulk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fileDb = (name: string) => {
  const db = openDb(path.join(dir, name));
  runMigrations(db);
  return db;
};
const indexNames = (db: ReturnType<typeof createTestDb>, table: string) =>
  db.$client
    .prepare(`select name from sqlite_master where type = 'index' and tbl_name = ? and sql is not null order by name`)
    .pluck()
    .all(table) as string[];

describe('RowBuffer', () => {
  it.each([
    ['fewer rows than a batch', 5, 8],
    ['exactly one batch', 8, 8],
    ['several batches and a remainder', 21, 8],
  ])('%s: every row in order, the same rowids as row-by-row inserts', (_, rows, batch) => {
    const db = createTestDb();
    const sqlite = db.$client;
    sqlite.exec('create table t (a integer, b text, c real)');
    sqlite.exec('create table u (a integer, b text, c real)');
    const buffer = new RowBuffer(sqlite, 'insert into t (a, b, c)', 3, batch);
    const one = sqlite.prepare('insert into u (a, b, c) values (?, ?, ?)');
    for (let i = 0; i < rows; i++) {
      buffer.push(i * 7, `row ${i}`, i / 3);
      one.run(i * 7, `row ${i}`, i / 3);
    }
    // Whole batches are written as they fill; the remainder waits for flush.
    expect(sqlite.prepare('select count(*) from t').pluck().get()).toBe(rows - (rows % batch));
    buffer.flush();
    buffer.flush();
    const read = (table: string) => sqlite.prepare(`select rowid, a, b, c from ${table} order by rowid`).raw().all();
    expect(read('t')).toEqual(read('u'));
    expect(read('t')).toHaveLength(rows);
  });

  it('a buffer of child rows flushes the buffer of their parents first (foreign keys on): every parent is written before its children', () => {
    const db = createTestDb();
    const sqlite = db.$client;
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    sqlite.exec('create table p (id integer primary key autoincrement, v text)');
    sqlite.exec('create table c (p_id integer not null references p (id), n integer)');
    const write = (linked: boolean) => {
      const parents = new RowBuffer(sqlite, 'insert into p (id, v)', 2, 50);
      const children = new RowBuffer(sqlite, 'insert into c (p_id, n)', 2, 4, linked ? parents : undefined);
      const base = (sqlite.prepare('select coalesce(max(id), 0) from p').pluck().get() as number) + 1;
      for (let i = 0; i < 30; i++) {
        parents.push(base + i, `parent ${i}`);
        children.push(base + i, 1);
        children.push(base + i, 2);
      }
      parents.flush();
      children.flush();
    };
    expect(() => write(false)).toThrow(/FOREIGN KEY/);
    sqlite.exec('delete from c; delete from p');
    write(true);
    expect(sqlite.prepare('select count(*) from c join p on p.id = c.p_id').pluck().get()).toBe(60);
  });
});

describe('bulkLoad', () => {
  it("drops the filled tables' secondary indexes inside a fill and has them back after it, through a rollback journal restored to WAL", () => {
    const db = fileDb('fill.db');
    const before = indexNames(db, 'schedule_rows');
    expect(before).toEqual(expect.arrayContaining(['schedule_rows_due_idx', 'schedule_rows_servicing_cover_idx']));
    const seen = bulkLoad(db, (fill) => {
      const journal = db.$client.pragma('journal_mode', { simple: true });
      const inside = fill(['schedule_rows'], () => indexNames(db, 'schedule_rows'));
      return { journal, inside, after: indexNames(db, 'schedule_rows') };
    });
    expect(seen.journal).toBe('delete');
    // The unique primary-key index stays (it guards the data); the explicit ones are gone while filling.
    expect(seen.inside).toEqual([]);
    expect(seen.after).toEqual(before);
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    db.$client.close();
  });

  it("builds a fill's indexes with a small page cache and file-backed sorting on helper threads, and gives the connection its own settings back after the load", () => {
    const db = fileDb('settings.db');
    const sqlite = db.$client;
    const setting = (name: string) => sqlite.pragma(name, { simple: true });
    const own = {
      cache_size: setting('cache_size'),
      temp_store: setting('temp_store'),
      threads: setting('threads'),
      synchronous: setting('synchronous'),
    };
    // What the connection says while an index is created: read through the one statement a build runs.
    const during: { cache: unknown; temp: unknown; threads: unknown }[] = [];
    const exec = sqlite.exec.bind(sqlite);
    sqlite.exec = (sql: string) => {
      if (/^CREATE INDEX/i.test(sql))
        during.push({ cache: setting('cache_size'), temp: setting('temp_store'), threads: setting('threads') });
      return exec(sql);
    };
    const filling = bulkLoad(db, (fill) =>
      fill(['schedule_rows'], () => {
        seedPortfolio(db, { leases: 20, today: '2026-11-21', seed: 5 });
        return { cache: setting('cache_size'), temp: setting('temp_store') };
      }),
    );
    sqlite.exec = exec;
    // The rows go in under the load's large cache; the sorter's runs are the page cache's size (16 MiB), in files.
    expect(filling).toEqual({ cache: -524288, temp: 1 });
    expect(during).toHaveLength(2);
    for (const d of during) expect(d).toEqual({ cache: -16384, temp: 1, threads: 2 });
    expect({
      cache_size: setting('cache_size'),
      temp_store: setting('temp_store'),
      threads: setting('threads'),
      synchronous: setting('synchronous'),
    }).toEqual(own);
    db.$client.close();
  });

  it('leaves the database as it was when the load fails half-way, indexes included', () => {
    const db = fileDb('fail.db');
    const before = indexNames(db, 'leases');
    expect(() =>
      bulkLoad(db, (fill) =>
        fill(['leases'], () => {
          seedPortfolio(db, { leases: 10, today: '2026-11-21', seed: 3 });
          throw new Error('killed');
        }),
      ),
    ).toThrow('killed');
    expect(db.$client.prepare('select count(*) from leases').pluck().get()).toBe(0);
    expect(indexNames(db, 'leases')).toEqual(before);
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    db.$client.close();
  });
});

describe('bulkLoad foreign keys', () => {
  it('checks them once at the end: a row naming a missing parent rolls the whole load back, and the check is on again after', () => {
    const db = fileDb('fk.db');
    expect(() =>
      bulkLoad(db, (fill) =>
        fill(['schedule_rows'], () => {
          seedPortfolio(db, { leases: 5, today: '2026-11-21', seed: 3 });
          db.$client
            .prepare(
              `insert into schedule_rows (lease_id, period, due_date, instalment, interest, principal, vat, fee, gross, balance_after) values (999999, 1, '2026-01-01', 1, 0, 1, 0, 0, 1, 0)`,
            )
            .run();
        }),
      ),
    ).toThrow(/schedule_rows .* missing leases row/);
    expect(db.$client.prepare('select count(*) from leases').pluck().get()).toBe(0);
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    db.$client.close();
  });
});

describe('the seed hands its book on instead of reading it back', () => {
  it('the book seedPortfolio keeps is the book loadServicingLedgers reads, funder by funder', async () => {
    const db = createTestDb();
    const { ledgers } = seedPortfolio(db, { leases: 120, today: '2026-11-21', seed: 9, keepLedgers: true });
    const funders = await listFunders(db);
    expect(funders).toHaveLength(2);
    for (const f of funders) {
      const read = loadServicingLedgers(db, f.id, null);
      expect(read.length).toBeGreaterThan(0);
      expect(ledgers!.get(f.id)).toEqual(read);
    }
  });

  it('seedPayments returns the ledgers as they read back after it, and writes the same history given the kept book', async () => {
    const kept = createTestDb();
    const read = createTestDb();
    const { ledgers } = seedPortfolio(kept, { leases: 80, today: '2026-11-21', seed: 5, keepLedgers: true });
    seedPortfolio(read, { leases: 80, today: '2026-11-21', seed: 5 });
    for (const f of await listFunders(kept)) {
      const a = seedPayments(kept, { funderId: f.id, today: '2026-11-21', ledgers: ledgers!.get(f.id) });
      const b = seedPayments(read, { funderId: f.id, today: '2026-11-21' });
      expect(a.payments).toBeGreaterThan(0);
      expect(a).toEqual(b);
      // The scan returns a lease's entries in the order of the index it uses; seedPayments keeps id order.
      const inIdOrder = (ls: typeof a.ledgers) =>
        ls.map((l) => ({ ...l, entries: [...l.entries].sort((x, y) => Number(x.id) - Number(y.id)) }));
      expect(a.ledgers).toEqual(inIdOrder(loadServicingLedgers(kept, f.id, null)));
      expect(a.ledgers.some((l) => l.entries.length > 3)).toBe(true);
    }
    const rows = (db: typeof kept, sql: string) => db.$client.prepare(sql).raw().all();
    expect(
      rows(kept, 'select id, lease_id, kind, reverses_id, received_on, amount, method, reference, note from payments order by id'),
    ).toEqual(rows(read, 'select id, lease_id, kind, reverses_id, received_on, amount, method, reference, note from payments order by id'));
    expect(rows(kept, 'select rowid, * from payment_allocations order by rowid')).toEqual(
      rows(read, 'select rowid, * from payment_allocations order by rowid'),
    );
  });
});
