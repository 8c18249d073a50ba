/**
 * The book engine on both engines (#35): the servicing book, the credit states and the valuation of the same book,
 * seeded into a real SQLite file and copied into a real PostgreSQL database (db/copy.ts), are the same figures; and
 * after a payment and a lease edit written to both with their journal rows, each engine's views catch up lease by lease
 * (the journal read through the async data layer) and still agree, with a rebuild from scratch on PostgreSQL.
 * The PostgreSQL side loads the modules anew with DATABASE_URL naming the server, as a server started on it does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn, type Db } from '@/db/client';
import type { PgDb } from '@/db/pg-client';
import * as sqliteDialect from '@/db/dialect';
import { LOCK_FUNDER_SQL, INSERT_BOOK_CHANGE_SQL } from '@/db/queries/book-changes';
import { seedCredit } from '@/db/seed/credit';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedFunders } from '@/db/seed/sqlite';
import { seedDemoUsers } from '@/db/seed/users';
import * as sqliteServicing from '@/services/servicing/book';
import * as sqliteCredit from '@/services/credit/book';
import * as sqliteValuation from '@/services/portfolio/valuation';
import * as sqlitePayments from '@/db/queries/payments';
import { loadOnPostgres, postgresCopyOf, type TestDatabase } from '../helpers/pg';

const TODAY = '2026-11-21';
const DATES = ['2026-06-30', TODAY];

type Engine = {
  name: 'sqlite' | 'postgres';
  db: Db;
  dialect: typeof sqliteDialect;
  servicing: typeof sqliteServicing;
  credit: typeof sqliteCredit;
  valuation: typeof sqliteValuation;
  payments: typeof sqlitePayments;
};

let dir: string;
let sqliteConn: Conn;
let pgDb: PgDb;
let database: TestDatabase;
let funderIds: number[];
const engines: Engine[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-engine-'));
  sqliteConn = openDb(path.join(dir, 'book.db'));
  runMigrations(sqliteConn);
  seedDemoUsers(sqliteConn);
  seedPortfolio(sqliteConn, { leases: 160, today: TODAY, seed: 7 });
  funderIds = seedFunders(sqliteConn).map((f) => f.id);
  for (const id of funderIds) seedPayments(sqliteConn, { funderId: id, today: TODAY });
  for (const id of funderIds) seedCredit(sqliteConn, { funderId: id, today: TODAY });
  engines.push({
    name: 'sqlite',
    db: sqliteConn,
    dialect: sqliteDialect,
    servicing: sqliteServicing,
    credit: sqliteCredit,
    valuation: sqliteValuation,
    payments: sqlitePayments,
  });

  ({ database, db: pgDb } = await postgresCopyOf(sqliteConn.$client, 'engine'));
  engines.push(
    await loadOnPostgres(database.url, async () => ({
      name: 'postgres' as const,
      db: pgDb as unknown as Db,
      dialect: await import('@/db/dialect'),
      servicing: await import('@/services/servicing/book'),
      credit: await import('@/services/credit/book'),
      valuation: await import('@/services/portfolio/valuation'),
      payments: await import('@/db/queries/payments'),
    })),
  );
}, 120_000);

afterAll(async () => {
  sqliteConn?.$client.close();
  await pgDb?.$client.end();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every figure of the views at the dates, as plain data. */
async function figures(e: Engine) {
  const out = [];
  for (const funderId of funderIds)
    for (const asOf of DATES) {
      const valued = await e.valuation.valueBook(e.db, funderId, asOf);
      out.push({
        funderId,
        asOf,
        servicing: (await e.servicing.getServicingBook(e.db, funderId, asOf)).leases.map((s) => ({ ...s })),
        credit: (await e.credit.creditStatesAt(e.db, funderId, asOf)).states.map((s) => ({ ...s })),
        prin: Array.from(valued.valuation.prin),
        npv: Array.from(valued.valuation.npv),
        inPool: Array.from(valued.valuation.inPool),
      });
    }
  return out;
}

const [sqlite, postgres] = [() => engines[0]!, () => engines[1]!];

describe('the book engine on SQLite and on PostgreSQL', () => {
  test('the copied book gives the same servicing book, credit states and valuation on both engines', async () => {
    const a = await figures(sqlite());
    const b = await figures(postgres());
    expect(a.some((f) => f.servicing.some((s) => s.dpd > 0))).toBe(true);
    expect(a.some((f) => f.credit.some((s) => s.status === 'defaulted'))).toBe(true);
    expect(b).toEqual(a);
  });

  test('a payment and a lease edit written with their journal rows: both engines catch up lease by lease and agree', async () => {
    await figures(sqlite());
    await figures(postgres());
    const funderId = funderIds[0]!;
    const s = sqlite();
    const [leaseId, currency] = (
      await s.dialect.arraysOf<[number, string]>(
        s.db,
        `select id, currency from leases where funder_id = ? and status = 'active' order by id limit 1`,
        [funderId],
      )
    )[0]!;
    const versionsBefore = await Promise.all(engines.map(async (e) => (await e.servicing.servicingStores(e.db, funderId)).entry.version));
    for (const e of engines) {
      // A payment (a ledger change) and a residual edit (a lease change), each with the funder's lock and its journal row.
      await e.dialect.executeSql(
        e.db as never,
        `insert into payments (funder_id, lease_id, kind, received_on, amount, currency, method, reference, note, created_at)
         values (?, ?, 'payment', ?, ?, ?, 'transfer', 'engine test', '', ?)`,
        [funderId, leaseId, TODAY, 123_456, currency, Date.UTC(2026, 10, 21)],
      );
      await e.dialect.executeSql(e.db as never, LOCK_FUNDER_SQL.other, [funderId]);
      await e.dialect.executeSql(e.db as never, INSERT_BOOK_CHANGE_SQL, [funderId, 'ledger', leaseId]);
      await e.dialect.executeSql(e.db as never, `update leases set residual = residual + 100 where id = ?`, [leaseId]);
      await e.dialect.executeSql(e.db as never, LOCK_FUNDER_SQL.terms, [funderId]);
      await e.dialect.executeSql(e.db as never, INSERT_BOOK_CHANGE_SQL, [funderId, 'lease', leaseId]);
    }
    const a = await figures(sqlite());
    const b = await figures(postgres());
    expect(b).toEqual(a);
    // Lease by lease, not rebuilt: the stores' version moved, their rebuild mark did not.
    for (const [k, e] of engines.entries()) {
      const { entry } = await e.servicing.servicingStores(e.db, funderId);
      expect(entry.version).toBeGreaterThan(versionsBefore[k]!);
      expect(entry.rebuiltAt).toBeLessThanOrEqual(versionsBefore[k]!);
    }
    // The payment is in the servicing book of today on PostgreSQL.
    const paid = (await postgres().servicing.getServicingBook(postgres().db, funderId, TODAY)).byLeaseId.get(leaseId);
    expect(paid?.lastPaymentOn).toBe(TODAY);
  });

  test('a payment and its reversal recorded through the data layer: the same allocation rows on both engines, and the views agree', async () => {
    const funderId = funderIds[0]!;
    const s = sqlite();
    const [leaseId, currency] = (
      await s.dialect.arraysOf<[number, string]>(
        s.db,
        `select id, currency from leases where funder_id = ? and status = 'active' order by id desc limit 1`,
        [funderId],
      )
    )[0]!;
    const allocation = (e: Engine) =>
      e.dialect.arraysOf<[number, string, number]>(
        e.db,
        `select period, component, amount from payment_allocations where lease_id = ? order by payment_id, period, component`,
        [leaseId],
      );
    const input = { leaseId, receivedOn: TODAY, amount: 250_000, currency, method: 'transfer' as const, reference: 'both engines' };
    const paid = [];
    for (const e of engines) paid.push(await e.payments.recordPayment(e.db, funderId, input, null));
    expect(paid[1]!.amount).toBe(paid[0]!.amount);
    expect(await allocation(postgres())).toEqual(await allocation(sqlite()));
    expect(await figures(postgres())).toEqual(await figures(sqlite()));
    for (const [k, e] of engines.entries())
      await e.payments.reversePayment(e.db, funderId, paid[k]!.id, { reversedOn: TODAY, note: 'bounced' }, null);
    expect(await allocation(postgres())).toEqual(await allocation(sqlite()));
    expect(await figures(postgres())).toEqual(await figures(sqlite()));
    // The journal and the audit trail have the rows on PostgreSQL too.
    const p = postgres();
    expect(
      await p.dialect.valueOf<number>(p.db, `select count(*) from audit_log where entity = 'payment' and entity_id = ?`, [
        String(paid[1]!.id),
      ]),
    ).toBe(2);
  });

  test('concurrent reads of one funder on PostgreSQL share one catch-up and give the same book', async () => {
    const e = postgres();
    const funderId = funderIds[1]!;
    await e.dialect.executeSql(e.db as never, LOCK_FUNDER_SQL.other, [funderId]);
    const books = await Promise.all(Array.from({ length: 6 }, () => e.servicing.getServicingBook(e.db, funderId, TODAY)));
    for (const b of books) expect(b.leases).toEqual(books[0]!.leases);
  });
});
