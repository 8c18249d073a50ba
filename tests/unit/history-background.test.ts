/**
 * Month-end snapshots built in the background (services/history/background.ts): the same rows and
 * aggregates as a synchronous build, in chunks with turns of the event loop between them, progress while
 * they run, a write during a build restarts the month (no month mixes two states of the book), and a
 * closed month stays byte-identical after new payments arrive.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import type { Conn } from '@/db/client';
import { finishSnapshotMonth, insertSnapshotRows, leaseSnapshotPage, snapshotMonthsIn } from '@/db/queries/history';
import { aggregateMonth } from '@/lib/history';
import { recordPayment } from '@/db/queries/payments';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { computeMonthSnapshot, ensureSnapshots, performanceReport } from '@/services/history/snapshots';
import { buildDefaultSnapshots, neededMonths, queueSnapshots, snapshotJob, snapshotReadiness } from '@/services/history/background';

const TODAY = '2026-11-21';

function seeded(): Conn {
  const db = createTestDb();
  (globalThis as { __quantumDb?: Conn }).__quantumDb = db;
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 300, today: TODAY, seed: 47 });
  seedPayments(db, { funderId: 1, today: TODAY, seed: 47 });
  return db;
}

const dump = async (db: Conn, from: string, to: string) =>
  Promise.all(
    (await snapshotMonthsIn(db, 1, from, to)).map(async (m) => ({
      month: m.month,
      count: m.leaseCount,
      aggregates: JSON.stringify(m.aggregates),
      rows: JSON.stringify(await leaseSnapshotPage(db, 1, m.month, 1, 100_000)),
    })),
  );

describe('background snapshot build', () => {
  let sync: Conn;
  let background: Conn;
  beforeAll(() => {
    sync = seeded();
    background = seeded();
  });

  test('builds the same rows and aggregates as a synchronous build, yielding to the event loop between chunks', async () => {
    await ensureSnapshots(sync, 1, '2025-01', '2026-10', TODAY);
    (globalThis as { __quantumDb?: Conn }).__quantumDb = background;
    const { needed, missing } = await neededMonths(background, 1, '2025-01', '2026-10', TODAY);
    expect(missing).toEqual(needed);
    // Chunks of 64 leases (several per month): the staged rows, the carried splits and the month row as one build's.
    queueSnapshots(background, 1, missing, TODAY, 64);
    const first = await snapshotReadiness(background, 1, '2025-01', '2026-10', TODAY, 0);
    expect(first).toEqual({ ready: false, built: 0, needed: needed.length, error: null });
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    await snapshotJob(background, 1);
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(0);
    expect(snapshotJob(background, 1)).toBeNull();
    expect(await snapshotReadiness(background, 1, '2025-01', '2026-10', TODAY, 0)).toEqual({ ready: true });
    expect(await dump(background, '2025-01', '2026-10')).toEqual(await dump(sync, '2025-01', '2026-10'));
    expect((await dump(sync, '2025-01', '2026-10')).length).toBe(needed.length);
  });

  test('progress counts the stored months while the job runs; a small gap is built in the request', async () => {
    const db = seeded();
    await ensureSnapshots(db, 1, '2026-01', '2026-03', TODAY);
    const r = await snapshotReadiness(db, 1, '2026-01', '2026-10', TODAY, 0);
    expect(r).toMatchObject({ ready: false, built: 3, needed: 10 });
    await snapshotJob(db, 1);
    expect((await neededMonths(db, 1, '2026-01', '2026-10', TODAY)).missing).toEqual([]);
    // 300 leases × 1 month is under the default limit: ready at once (the report builds it itself).
    expect(await snapshotReadiness(db, 1, '2025-12', '2025-12', TODAY)).toEqual({ ready: true });
  });

  test('a payment during the build restarts the month: the stored months equal a build after the payment', async () => {
    const db = seeded();
    const other = seeded();
    const lease = db.$client
      .prepare(`select id, currency from leases where funder_id = 1 and status = 'active' order by id limit 1`)
      .get() as { id: number; currency: string };
    (globalThis as { __quantumDb?: Conn }).__quantumDb = db;
    queueSnapshots(db, 1, ['2026-08', '2026-09'], TODAY);
    // The job has yielded before its first chunk: a back-dated payment lands in the middle of the build.
    await new Promise((r) => setImmediate(r));
    await recordPayment(
      db,
      1,
      { leaseId: lease.id, receivedOn: '2026-08-20', amount: 123_45, currency: lease.currency, method: 'transfer' },
      null,
    );
    await afterBookWrite(db, 1);
    await snapshotJob(db, 1);
    (globalThis as { __quantumDb?: Conn }).__quantumDb = other;
    await recordPayment(
      other,
      1,
      { leaseId: lease.id, receivedOn: '2026-08-20', amount: 123_45, currency: lease.currency, method: 'transfer' },
      null,
    );
    await ensureSnapshots(other, 1, '2026-08', '2026-09', TODAY);
    expect(await dump(db, '2026-08', '2026-09')).toEqual(await dump(other, '2026-08', '2026-09'));
  });

  test("a closed month's report is byte-identical after new payments arrive", async () => {
    const db = seeded();
    expect(await buildDefaultSnapshots(db, 1, TODAY)).toBeGreaterThan(0);
    const before = JSON.stringify(await performanceReport(db, 1, { from: '2025-06', to: '2026-10' }, TODAY));
    const lease = db.$client
      .prepare(`select id, currency from leases where funder_id = 1 and status = 'active' order by id limit 1`)
      .get() as { id: number; currency: string };
    await recordPayment(
      db,
      1,
      { leaseId: lease.id, receivedOn: '2026-09-15', amount: 500_00, currency: lease.currency, method: 'transfer' },
      null,
    );
    await afterBookWrite(db, 1);
    expect(await buildDefaultSnapshots(db, 1, TODAY)).toBe(0);
    expect(JSON.stringify(await performanceReport(db, 1, { from: '2025-06', to: '2026-10' }, TODAY))).toBe(before);
  });

  test('staged lease rows of an unfinished build are replaced by a request that stores the month, and never reported', async () => {
    const db = seeded();
    const sync = seeded();
    await ensureSnapshots(sync, 1, '2026-07', '2026-07', TODAY);
    const { rows } = await computeMonthSnapshot(db, 1, '2026-07', '2026-07-31');
    // A build interrupted after its first chunk: half the rows staged, no month row.
    expect(await insertSnapshotRows(db, 1, '2026-07', rows.slice(0, 100), true)).toBe(true);
    expect((await neededMonths(db, 1, '2026-07', '2026-07', TODAY)).missing).toEqual(['2026-07']);
    expect(await finishSnapshotMonth(db, 1, '2026-07', '2026-07-31', rows.length, aggregateMonth('2026-07', '2026-07-31', rows))).toBe(
      false,
    );
    await ensureSnapshots(db, 1, '2026-07', '2026-07', TODAY);
    expect(await dump(db, '2026-07', '2026-07')).toEqual(await dump(sync, '2026-07', '2026-07'));
    // A job's later chunk finds the month stored: it writes nothing.
    expect(await insertSnapshotRows(db, 1, '2026-07', rows.slice(100), false)).toBe(false);
    queueSnapshots(db, 1, ['2026-07'], TODAY);
    await snapshotJob(db, 1);
    expect(await dump(db, '2026-07', '2026-07')).toEqual(await dump(sync, '2026-07', '2026-07'));
  });
});
