/**
 * Two writers at once on PostgreSQL (#35, item 3). SQLite ran one write transaction at a time; PostgreSQL runs them
 * side by side, each on a pooled connection of its own. Every write that checks and then acts takes its funder's lock
 * first (lockFunder, db/queries/book-changes.ts), so of two writers that would each pass a check alone but not both,
 * exactly one passes and the other gets the same 409 it would have got a moment later; nothing is written twice.
 * Each case starts both writers in the same turn of the event loop, on one pool (as two requests of one server, or of
 * two servers on one database).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Db } from '@/db/client';
import type { PgDb } from '@/db/pg-client';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedFunders } from '@/db/seed/sqlite';
import { seedDemoUsers } from '@/db/seed/users';
import { loadOnPostgres, postgresCopyOf, type TestDatabase } from '../helpers/pg';

const TODAY = '2026-11-21';
const FUNDER = 1;

let dir: string;
let pgDb: PgDb;
let db: Db;
let database: TestDatabase;
let client: pg.Client;
let q: Awaited<ReturnType<typeof loadModules>>;
const users: Record<'admin' | 'admin2' | 'analyst', { userId: number; email: string }> = {} as never;

const loadModules = async () => ({
  payments: await import('@/db/queries/payments'),
  credit: await import('@/db/queries/credit'),
  proposals: await import('@/db/queries/funder-proposals'),
  facilities: await import('@/db/queries/facilities'),
  leases: await import('@/db/queries/leases'),
  funders: await import('@/db/queries/funders'),
  users: await import('@/db/queries/users'),
  journal: await import('@/db/queries/book-changes'),
  handler: await import('@/services/api/handler'),
  transaction: (await import('@/db/transaction')).transaction,
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-writers-'));
  const sqlite = openDb(path.join(dir, 'book.db'));
  runMigrations(sqlite);
  seedDemoUsers(sqlite);
  seedPortfolio(sqlite, { leases: 40, today: TODAY, seed: 11 });
  for (const f of seedFunders(sqlite)) seedPayments(sqlite, { funderId: f.id, today: TODAY });
  ({ database, db: pgDb } = await postgresCopyOf(sqlite.$client, 'writers', 8));
  sqlite.$client.close();
  db = pgDb as unknown as Db;
  q = await loadOnPostgres(database.url, loadModules);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  for (const who of ['admin', 'admin2', 'analyst'] as const) {
    const { rows } = await client.query('select id, email from users where email = $1', [`${who}@quantum.demo`]);
    users[who] = { userId: rows[0].id as number, email: rows[0].email as string };
  }
}, 120_000);

afterAll(async () => {
  await client?.end();
  await pgDb?.$client.end();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Both settled; exactly one fulfilled, the other refused with a Conflict (409). */
function oneWinsOneConflict(results: PromiseSettledResult<unknown>[]): void {
  const fulfilled = results.filter((r) => r.status === 'fulfilled');
  const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(fulfilled, rejected.map((r) => String(r.reason)).join('; ')).toHaveLength(1);
  expect(rejected).toHaveLength(1);
  // The PostgreSQL modules' own Conflict class (they are loaded anew): known by its name.
  expect((rejected[0]!.reason as Error).name, String(rejected[0]!.reason)).toBe('Conflict');
}

async function count(sql: string, params: unknown[]): Promise<number> {
  return (await client.query(`select count(*)::int as n from ${sql}`, params)).rows[0].n as number;
}

async function aLease(offset = 0): Promise<{ id: number; version: number; currency: string }> {
  const { rows } = await client.query(
    'select id, version, currency from leases where funder_id = $1 and written_off_on is null order by id limit 1 offset $2',
    [FUNDER, offset],
  );
  return rows[0];
}

describe('two writers at once on PostgreSQL', () => {
  test('two reversals of one payment: one reverses it, the other is told it is reversed already', async () => {
    const lease = await aLease(0);
    const payment = await q.payments.recordPayment(
      db,
      FUNDER,
      { leaseId: lease.id, receivedOn: TODAY, amount: 12_345, currency: lease.currency, method: 'transfer' },
      users.admin.userId,
    );
    const results = await Promise.allSettled([
      q.payments.reversePayment(db, FUNDER, payment.id, { reversedOn: TODAY }, users.admin.userId),
      q.payments.reversePayment(db, FUNDER, payment.id, { reversedOn: TODAY }, users.admin2.userId),
    ]);
    oneWinsOneConflict(results);
    expect(await count('payments where reverses_id = $1', [payment.id])).toBe(1);
  });

  test('two payments on one lease at once: both kept, and the allocation is the one computed from both', async () => {
    const lease = await aLease(1);
    const pay = (amount: number) =>
      q.payments.recordPayment(
        db,
        FUNDER,
        { leaseId: lease.id, receivedOn: TODAY, amount, currency: lease.currency, method: 'transfer' },
        users.admin.userId,
      );
    await Promise.all([pay(1_000), pay(2_000)]);
    const allocated = async () =>
      (
        await client.query(
          'select payment_id, period, component, amount from payment_allocations where lease_id = $1 order by payment_id, period, component',
          [lease.id],
        )
      ).rows;
    const written = await allocated();
    // The allocation recomputed now, from every payment of the lease, is the one the two writers left.
    await q.transaction(db, async (tx) =>
      q.payments.recomputeLeaseAllocations(tx, (await q.funders.getFunder(tx, FUNDER))!, (await q.leases.getLease(tx, lease.id))!),
    );
    expect(await allocated()).toEqual(written);
    const sums = (
      await client.query(
        `select (select coalesce(sum(amount), 0)::int from payments where lease_id = $1 and kind = 'payment' and reverses_id is null) as paid,
                (select coalesce(sum(amount), 0)::int from payment_allocations where lease_id = $1) as allocated`,
        [lease.id],
      )
    ).rows[0];
    expect(sums.allocated).toBe(sums.paid);
  });

  test('two approvals of one write-off: one approves it, the other finds it decided', async () => {
    const lease = await aLease(2);
    const proposal = await q.credit.proposeWriteOff(
      db,
      { funderId: FUNDER, leaseId: lease.id, writeOffOn: TODAY, amount: 50_000, note: 'concurrency' },
      users.analyst,
      () => undefined,
    );
    const results = await Promise.allSettled([
      q.credit.approveWriteOff(db, proposal.id, null, users.admin, 'first'),
      q.credit.approveWriteOff(db, proposal.id, null, users.admin2, 'second'),
    ]);
    oneWinsOneConflict(results);
    expect(await count(`write_offs where lease_id = $1 and status = 'approved'`, [lease.id])).toBe(1);
  });

  test('two approvals of one settings proposal (four eyes): one applies it, the other finds it decided', async () => {
    const changed = await q.proposals.changeFunderSettings(db, FUNDER, { name: 'Funder renamed at once' }, users.analyst);
    expect(changed.proposal?.status).toBe('pending');
    const id = changed.proposal!.id;
    const results = await Promise.allSettled([
      q.proposals.approveFunderProposal(db, id, users.admin),
      q.proposals.approveFunderProposal(db, id, users.admin2),
    ]);
    oneWinsOneConflict(results);
    expect(await count(`funder_change_proposals where id = $1 and status = 'approved'`, [id])).toBe(1);
  });

  test('two edits of one lease version: one is saved, the other is told the lease changed', async () => {
    const lease = await aLease(3);
    const results = await Promise.allSettled([
      q.leases.updateLease(db, lease.id, lease.version, { assetDescription: 'first editor' }, users.admin.userId),
      q.leases.updateLease(db, lease.id, lease.version, { assetDescription: 'second editor' }, users.admin2.userId),
    ]);
    oneWinsOneConflict(results);
    expect(await count('lease_history where lease_id = $1 and version = $2', [lease.id, lease.version + 1])).toBe(1);
  });

  test('two draws that each fit the availability but not together: one is approved, the other refused', async () => {
    const facility = await q.facilities.createFacility(
      db,
      {
        funderId: FUNDER,
        name: 'Concurrency facility',
        lender: 'Test bank',
        currency: 'EUR',
        commitment: 10_000_000,
        advanceRate: 0.85,
        reserves: 0,
        startDate: '2026-01-01',
        maturityDate: '2029-12-31',
        criteria: [],
        limits: [],
        covenants: [],
      },
      users.admin,
    );
    const outstanding = await q.facilities.facilityOutstanding(db, facility.id);
    const request = (amount: number) =>
      q.facilities.requestDraw(
        db,
        facility.id,
        { type: 'draw', amount, valueDate: TODAY, note: '' },
        outstanding + 1_500_000,
        users.analyst,
      );
    const [a, b] = await Promise.all([request(1_000_000), request(1_000_000)]);
    const results = await Promise.allSettled([
      q.facilities.decideDraw(db, facility.id, a.id, 'approved', outstanding + 1_500_000, users.admin),
      q.facilities.decideDraw(db, facility.id, b.id, 'approved', outstanding + 1_500_000, users.admin2),
    ]);
    oneWinsOneConflict(results);
    expect(await q.facilities.facilityOutstanding(db, facility.id)).toBe(outstanding + 1_000_000);
  });

  test('two new users with one e-mail at once: one is created, the other is answered 409, not 500', async () => {
    const create = () =>
      q.transaction(db, (tx) =>
        q.users.createUser(tx, {
          email: 'twice@quantum.test',
          username: `twice-${Math.random()}`,
          fullName: 'Twice',
          role: 'viewer',
          status: 'active',
          passwordHash: null,
        } as never),
      );
    const results = await Promise.allSettled([create(), create()]);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(q.handler.concurrentWriteOf(rejected[0]!.reason)).toBe('duplicate');
    expect(await count('users where email = $1', ['twice@quantum.test'])).toBe(1);
  });

  test('the change journal becomes visible in seq order: a second writer of the funder waits for the first to commit', async () => {
    const [a, b] = [await aLease(4), await aLease(5)];
    const events: string[] = [];
    const first = q.transaction(db, async (tx) => {
      await q.journal.recordBookChange(tx, FUNDER, 'ledger', a.id);
      events.push('first journalled');
      await new Promise((r) => setTimeout(r, 400));
      events.push('first commits');
    });
    await new Promise((r) => setTimeout(r, 100));
    const second = q.transaction(db, async (tx) => {
      await q.journal.recordBookChange(tx, FUNDER, 'ledger', b.id);
      events.push('second journalled');
    });
    await Promise.all([first, second]);
    // The second took its seq only after the first had committed: a reader that saw the second's row can never meet
    // the first's later, below the seq it read up to.
    expect(events).toEqual(['first journalled', 'first commits', 'second journalled']);
    const { rows } = await client.query<{ lease_id: number }>(
      `select lease_id from book_changes where funder_id = $1 and lease_id = any($2::int8[]) order by seq desc limit 2`,
      [FUNDER, [a.id, b.id]],
    );
    expect(rows.map((r) => r.lease_id)).toEqual([b.id, a.id]);
  });
});
