/**
 * The data layer on both engines (#35, ARCHITECTURE.md "Two database engines, one data layer"): the same query
 * functions, the same transactions and the same hand-written SQL run on a real SQLite file and a real PostgreSQL
 * database and answer the same. The PostgreSQL side loads the modules anew with DATABASE_URL naming the server, as a
 * server started on it does (db/tables.ts and db/dialect.ts read the engine when they load).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openDb, runMigrations, type Conn, type Db } from '@/db/client';
import * as sqliteDialect from '@/db/dialect';
import type { PgDb } from '@/db/pg-client';
import { readUntilChange } from '@/db/queries/change-memo';
import * as sqliteHistory from '@/db/queries/history';
import * as sqliteTables from '@/db/tables';
import * as sqliteTransaction from '@/db/transaction';
import type { LeaseSnapshot, MonthAggregates } from '@/lib/history';
import { loadOnPostgres, migratedTestDatabase, type TestDatabase } from '../helpers/pg';

type Engine = {
  name: 'sqlite' | 'postgres';
  db: Db;
  dialect: typeof sqliteDialect;
  history: typeof sqliteHistory;
  tables: typeof sqliteTables;
  transaction: typeof sqliteTransaction;
};

let dir: string;
let sqliteConn: Conn;
let pgDb: PgDb;
let database: TestDatabase;
const engines: Engine[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-layer-'));
  sqliteConn = openDb(path.join(dir, 'layer.db'));
  runMigrations(sqliteConn);
  engines.push({
    name: 'sqlite',
    db: sqliteConn,
    dialect: sqliteDialect,
    history: sqliteHistory,
    tables: sqliteTables,
    transaction: sqliteTransaction,
  });

  ({ database, db: pgDb } = await migratedTestDatabase('layer'));
  engines.push(
    await loadOnPostgres(database.url, async () => ({
      name: 'postgres' as const,
      db: pgDb as unknown as Db,
      dialect: await import('@/db/dialect'),
      history: await import('@/db/queries/history'),
      tables: await import('@/db/tables'),
      transaction: await import('@/db/transaction'),
    })),
  );
});

afterAll(async () => {
  sqliteConn?.$client.close();
  await pgDb?.$client.end();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 11, 3);

async function addFunder(e: Engine, name: string): Promise<number> {
  return await e.transaction.transaction(e.db, async (tx) => {
    const [row] = await tx
      .insert(e.tables.funders)
      .values({ name, buyRate: 0.05, facilityRate: 0.04, createdAt: NOW, updatedAt: NOW })
      .returning({ id: e.tables.funders.id });
    return row!.id;
  });
}

async function funderNames(e: Engine): Promise<string[]> {
  return (await e.db.select({ name: e.tables.funders.name }).from(e.tables.funders).orderBy(e.tables.funders.name)).map((r) => r.name);
}

function snapshot(leaseId: number, balance: number): LeaseSnapshot {
  return {
    leaseId,
    contractNumber: `QL-${leaseId}`,
    currency: 'EUR',
    purchaseDate: '2026-01-15',
    originationDate: '2025-12-01',
    originalPrincipal: 1_000_000,
    inPool: leaseId % 2 === 1,
    startBalance: balance + 10_000,
    balance,
    scheduledPrincipal: 10_000,
    purchasedPrincipal: 0,
    writtenOffPrincipal: 0,
    actualPrincipal: 10_000,
    unscheduledPrincipal: 0,
    interest: 4_321,
    dpd: leaseId % 3 === 0 ? 45 : 0,
    bucket: leaseId % 3 === 0 ? '31-60' : 'current',
    status: 'active',
    firstDefaultDate: null,
    defaultAmount: 0,
    defaultPrincipal: 0,
    writtenOff: 0,
    recoveries: 0,
  };
}

describe.each(['sqlite', 'postgres'] as const)('on %s', (name) => {
  const e = () => engines.find((x) => x.name === name)!;

  test('the modules serve this engine: its tables, its SQL spellings', () => {
    expect(e().tables.tablesEngine).toBe(name);
    expect(e().dialect.onPostgres).toBe(name === 'postgres');
  });

  test('a transaction commits its writes; one that throws leaves nothing behind', async () => {
    await addFunder(e(), `${name} committed`);
    await expect(
      e().transaction.transaction(e().db, async (tx) => {
        await tx
          .insert(e().tables.funders)
          .values({ name: `${name} rolled back`, buyRate: 0.05, facilityRate: 0.04, createdAt: NOW, updatedAt: NOW });
        throw new Error('the body failed');
      }),
    ).rejects.toThrow('the body failed');
    const names = await funderNames(e());
    expect(names).toContain(`${name} committed`);
    expect(names).not.toContain(`${name} rolled back`);
  });

  test('a transaction inside another is a savepoint: its rollback undoes its own writes only', async () => {
    await e().transaction.transaction(e().db, async (tx) => {
      await tx
        .insert(e().tables.funders)
        .values({ name: `${name} outer`, buyRate: 0.05, facilityRate: 0.04, createdAt: NOW, updatedAt: NOW });
      await expect(
        e().transaction.transaction(e().db, async (inner) => {
          await inner
            .insert(e().tables.funders)
            .values({ name: `${name} inner`, buyRate: 0.05, facilityRate: 0.04, createdAt: NOW, updatedAt: NOW });
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
    });
    const names = await funderNames(e());
    expect(names).toContain(`${name} outer`);
    expect(names).not.toContain(`${name} inner`);
  });

  test('a write aside asked for inside a transaction is written with it; one that fails does not undo it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await e().transaction.transaction(e().db, async (tx) => {
        await tx
          .insert(e().tables.funders)
          .values({ name: `${name} main`, buyRate: 0.05, facilityRate: 0.04, createdAt: NOW, updatedAt: NOW });
        e().transaction.writeAside(e().db, async (t) => {
          await t
            .insert(e().tables.funders)
            .values({ name: `${name} aside`, buyRate: 0.05, facilityRate: 0.04, createdAt: NOW, updatedAt: NOW });
        });
        e().transaction.writeAside(e().db, async (t) => {
          // No such funder: a foreign key refuses it.
          await t
            .insert(e().tables.snapshotMonths)
            .values({ funderId: 999_999, month: '2026-01', monthEnd: '2026-01-31', leaseCount: 0, aggregates: '{}', builtAt: NOW });
        });
      });
    } finally {
      warn.mockRestore();
    }
    const names = await funderNames(e());
    expect(names).toEqual(expect.arrayContaining([`${name} main`, `${name} aside`]));
  });

  test('hand-written SQL: ? placeholders (not inside quotes), rows as objects or arrays, a value, a column, changed rows', async () => {
    const d = e().dialect;
    const funderId = await addFunder(e(), `${name} sql`);
    expect(await d.valueOf<string>(e().db, `select name from funders where id = ? and name <> '?'`, [funderId])).toBe(`${name} sql`);
    expect(await d.firstOf(e().db, `select id, name as "funderName" from funders where id = ?`, [funderId])).toEqual({
      id: funderId,
      funderName: `${name} sql`,
    });
    expect(await d.arraysOf(e().db, `select id, name from funders where id = ?`, [funderId])).toEqual([[funderId, `${name} sql`]]);
    expect(await d.columnOf(e().db, `select id from funders where id in (?, ?) order by id`, [funderId, -1])).toEqual([funderId]);
    // Sums and counts arrive as numbers on both (PostgreSQL's int8 and numeric are parsed once, db/pg-client.ts).
    expect(await d.firstOf(e().db, `select count(*) as n, sum(id) as total from funders where id = ?`, [funderId])).toEqual({
      n: 1,
      total: funderId,
    });
    expect(await d.valueOf(e().db, `select 1 from funders where id = ?`, [-1])).toBeUndefined();
    const changed = await e().transaction.transaction(e().db, (tx) =>
      d.executeSql(tx, `update funders set grace_days = ? where id = ?`, [3, funderId]),
    );
    expect(changed).toBe(1);
    const r = await e().transaction.transaction(e().db, (tx) =>
      tx.update(e().tables.funders).set({ graceDays: 4 }).where(eq(e().tables.funders.id, funderId)),
    );
    expect(d.rowsChanged(r)).toBe(1);
  });

  test('the fragments spelled per engine: JSON text, case-insensitive LIKE, an id list as one parameter', async () => {
    const d = e().dialect;
    const funderId = await addFunder(e(), `${name} Fragments`);
    await e().transaction.transaction(e().db, (tx) =>
      d.executeSql(tx, `update funders set provision_matrix = ? where id = ?`, [
        JSON.stringify({ status: ['active', 'defaulted'] }),
        funderId,
      ]),
    );
    expect(
      await d.valueOf(e().db, `select ${d.jsonTextSql('provision_matrix', ['status', 1])} from funders where id = ?`, [funderId]),
    ).toBe('defaulted');
    expect(
      await d.valueOf(e().db, `select ${d.jsonTextSql('provision_matrix', ['nothing'])} from funders where id = ?`, [funderId]),
    ).toBeNull();
    expect(
      (
        await e().db.select({ id: e().tables.funders.id }).from(e().tables.funders).where(d.likeText(e().tables.funders.name, `%fragments`))
      ).map((row) => row.id),
    ).toEqual([funderId]);
    expect(await d.columnOf(e().db, `select id from funders where id ${d.idListSql}`, [d.idListParam([funderId, -5])])).toEqual([funderId]);
    expect(
      (
        await e()
          .db.select({ id: e().tables.funders.id })
          .from(e().tables.funders)
          .where(d.inIdList(e().tables.funders.id, [funderId, -5]))
      ).map((row) => row.id),
    ).toEqual([funderId]);
    expect(await d.columnOf(e().db, `select id from funders where ${d.NO_INDEX}id = ?`, [funderId])).toEqual([funderId]);
  });

  test('reads kept until the database changes: on SQLite read once; on PostgreSQL every time (other servers write too)', () => {
    let reads = 0;
    const read = () => ++reads;
    readUntilChange(e().db, `layer-test:${name}`, read);
    readUntilChange(e().db, `layer-test:${name}`, read);
    expect(reads).toBe(name === 'postgres' ? 2 : 1);
  });

  test('the month-end snapshot queries store and read a month the same way', async () => {
    const h = e().history;
    const funderId = await addFunder(e(), `${name} history`);
    const rows = [snapshot(1, 500_000), snapshot(2, 250_000), snapshot(3, 0)];
    const aggregates = { pool: { EUR: { balance: 750_000 } } } as unknown as MonthAggregates;
    expect(await h.insertSnapshotMonth(e().db, funderId, '2026-10', '2026-10-31', rows, aggregates, NOW)).toBe(true);
    expect(await h.insertSnapshotMonth(e().db, funderId, '2026-10', '2026-10-31', rows, aggregates, NOW)).toBe(false);
    expect(await h.hasSnapshotMonth(e().db, funderId, '2026-10')).toBe(true);
    expect(await h.snapshotMonthNamesIn(e().db, funderId, '2026-01', '2026-12')).toEqual(['2026-10']);
    expect(await h.leaseSnapshotPage(e().db, funderId, '2026-10', 1, 2)).toEqual(rows.slice(0, 2));
    expect(await h.leaseSnapshotPage(e().db, funderId, '2026-10', 2, 2)).toEqual(rows.slice(2));
    // A staged month (rows first, then the month row) is finished only with every row there.
    expect(await h.insertSnapshotRows(e().db, funderId, '2026-11', rows.slice(0, 2), true)).toBe(true);
    expect(await h.finishSnapshotMonth(e().db, funderId, '2026-11', '2026-11-30', 3, aggregates, NOW)).toBe(false);
    expect(await h.insertSnapshotRows(e().db, funderId, '2026-11', rows.slice(2), false)).toBe(true);
    expect(await h.finishSnapshotMonth(e().db, funderId, '2026-11', '2026-11-30', 3, aggregates, NOW)).toBe(true);
    expect(await h.snapshotMonthNamesIn(e().db, funderId, '2026-01', '2026-12')).toEqual(['2026-10', '2026-11']);
  });
});

describe('on PostgreSQL, transactions run at once', () => {
  test('each on its own connection: one waiting does not hold the other, and neither sees the other before it commits', async () => {
    const e = engines.find((x) => x.name === 'postgres')!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const first = e.transaction.transaction(e.db, async (tx) => {
      await tx
        .insert(e.tables.funders)
        .values({ name: 'concurrent first', buyRate: 0.05, facilityRate: 0.04, createdAt: NOW, updatedAt: NOW });
      started();
      await held;
    });
    await firstStarted;
    await e.transaction.transaction(e.db, async (tx) => {
      await tx
        .insert(e.tables.funders)
        .values({ name: 'concurrent second', buyRate: 0.05, facilityRate: 0.04, createdAt: NOW, updatedAt: NOW });
    });
    const whileOpen = await funderNames(e);
    expect(whileOpen).toContain('concurrent second');
    expect(whileOpen).not.toContain('concurrent first');
    release();
    await first;
    expect(await funderNames(e)).toEqual(expect.arrayContaining(['concurrent first', 'concurrent second']));
  });
});
