/**
 * The bulk lease writer of a tape import's commit writes exactly the rows of the form's path (insertLease,
 * applyLeaseUpdate): the lease, its schedule, its history, the audit row and the change journal, and keeps
 * the same checks (lessee of the funder, contract number free, optimistic version).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { LeaseBulkWriter } from '@/db/queries/lease-bulk';
import { WorkerSink } from '@/db/write-worker';
import { transaction } from '@/db/transaction';
import { createLease, updateLease, type LeaseInput } from '@/db/queries/leases';
import { lessees } from '@/db/schema/portfolio';
import { Conflict, Invalid } from '@/lib/domain/errors';
import { createImportFunder } from '../helpers/import-book';

let dir: string;
let db: Conn;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'quantum-lease-bulk-'));
  db = openDb(path.join(dir, 'bulk.db'));
  runMigrations(db);
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 0, 15);

function lesseeOf(funderId: number): number {
  return db
    .insert(lessees)
    .values({ funderId, name: `L${funderId}`, createdAt: NOW, updatedAt: NOW })
    .returning({ id: lessees.id })
    .get().id;
}

const terms = (funderId: number, lesseeId: number, contractNumber: string): LeaseInput & { contractNumber: string } => ({
  funderId,
  lesseeId,
  contractNumber,
  assetType: 'machinery',
  currency: 'EUR',
  price: 4_500_000,
  downPayment: 500_000,
  residual: 400_000,
  fee: 25_000,
  feeFinanced: true,
  term: 36,
  rate: 0.049,
  timing: 'advance',
  frequency: 'monthly',
  firstDueDate: '2025-01-31',
  vatRate: 0.19,
  vatRegime: 'per-instalment',
  purchaseDate: '2025-01-15',
});

/** Everything written about a lease, with its id and contract number taken out. */
function written(leaseId: number) {
  const c = db.$client;
  const strip = (o: Record<string, unknown>) => {
    const { id: _i, lease_id: _l, contract_number: _c, entity_id: _e, seq: _s, ...rest } = o;
    return rest;
  };
  const json = (s: string | null) => {
    if (!s) return s;
    const { id: _i, contractNumber: _c, ...rest } = JSON.parse(s) as Record<string, unknown>;
    return rest;
  };
  return {
    lease: strip(c.prepare('select * from leases where id = ?').get(leaseId) as Record<string, unknown>),
    schedule: (c.prepare('select * from schedule_rows where lease_id = ? order by period').all(leaseId) as Record<string, unknown>[]).map(
      strip,
    ),
    history: (c.prepare('select * from lease_history where lease_id = ? order by id').all(leaseId) as Record<string, unknown>[]).map(strip),
    audit: (
      c.prepare(`select * from audit_log where entity = 'lease' and entity_id = ? order by id`).all(String(leaseId)) as Record<
        string,
        unknown
      >[]
    ).map((a) => ({
      ...strip(a),
      before: json(a.before as string | null),
      after: json(a.after as string | null),
    })),
    journal: (c.prepare('select * from book_changes where lease_id = ?').all(leaseId) as Record<string, unknown>[]).map(strip),
  };
}

const dataVersion = async (funderId: number) => (await getFunder(db, funderId))!.dataVersion;

describe('LeaseBulkWriter', () => {
  test('create and update write the same rows as createLease and updateLease', async () => {
    const funderId = (await createImportFunder(db, 'Bulk')).id;
    const lesseeId = lesseeOf(funderId);
    const a = await createLease(db, terms(funderId, lesseeId, 'FORM-1'), null, NOW);
    const b = await transaction(db, async (tx) => {
      const w = await LeaseBulkWriter.open(tx, funderId, null, NOW);
      const lease = w.insert(terms(funderId, lesseeId, 'BULK-1'));
      w.finish();
      return lease;
    });
    expect(written(b.id)).toEqual(written(a.id));

    const patch = { rate: 0.055, residual: 0, frequency: 'quarterly' as const, term: 12 };
    await updateLease(db, a.id, 1, patch, null, NOW + 1);
    const before = await dataVersion(funderId);
    await transaction(db, async (tx) => {
      const w = await LeaseBulkWriter.open(tx, funderId, null, NOW + 1);
      await w.readAhead({ updates: [b.id] });
      w.update(b.id, 1, patch);
      w.finish();
    });
    expect(written(b.id)).toEqual(written(a.id));
    expect(await dataVersion(funderId)).toBe(before + 1);
  });

  test('keeps the checks: taken contract number, foreign lessee, moved version', async () => {
    const funderId = (await createImportFunder(db, 'Bulk checks')).id;
    const other = (await createImportFunder(db, 'Bulk other')).id;
    const lesseeId = lesseeOf(funderId);
    const foreign = lesseeOf(other);
    const lease = await createLease(db, terms(funderId, lesseeId, 'TAKEN'), null, NOW);
    await transaction(db, async (tx) => {
      const w = await LeaseBulkWriter.open(tx, funderId, null, NOW);
      await w.readAhead({ updates: [lease.id] });
      expect(() => w.insert(terms(funderId, lesseeId, 'TAKEN'))).toThrow(Conflict);
      expect(() => w.insert(terms(funderId, foreign, 'NEW'))).toThrow(Invalid);
      expect(() => w.update(lease.id, 2, { rate: 0.06 })).toThrow(Conflict);
      w.insert(terms(funderId, lesseeId, 'TWICE'));
      expect(() => w.insert(terms(funderId, lesseeId, 'TWICE'))).toThrow(Conflict);
    });
  });

  test('a deferred due-date index is built again by finish, and restored by a rollback', async () => {
    const funderId = (await createImportFunder(db, 'Bulk index')).id;
    const lesseeId = lesseeOf(funderId);
    const index = () => db.$client.prepare(`select sql from sqlite_master where name = 'schedule_rows_due_idx'`).pluck().get();
    const sql = index();
    expect(sql).toBeTruthy();
    const scheduleRows = () => db.$client.prepare('select count(*) from schedule_rows').pluck().get() as number;
    const rowsBefore = scheduleRows();
    // The due-date reports' query reads through the index (db/queries/reports.ts names it).
    const plan = () =>
      (
        db.$client
          .prepare(`explain query plan select lease_id from schedule_rows where due_date between '2025-01-01' and '2025-03-31'`)
          .all() as { detail: string }[]
      )
        .map((r) => r.detail)
        .join(' ');
    expect(plan()).toContain('schedule_rows_due_idx');
    await expect(
      transaction(db, async (tx) => {
        const w = await LeaseBulkWriter.open(tx, funderId, null, NOW);
        await w.deferDueDateIndex();
        w.insert(terms(funderId, lesseeId, 'ROLLED-BACK'));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(index()).toBe(sql);
    expect(scheduleRows()).toBe(rowsBefore);
    await transaction(db, async (tx) => {
      const w = await LeaseBulkWriter.open(tx, funderId, null, NOW);
      await w.deferDueDateIndex();
      expect(index()).toBeUndefined();
      w.insert(terms(funderId, lesseeId, 'KEPT'));
      w.finish();
    });
    expect(index()).toBe(sql);
    expect(plan()).toContain('schedule_rows_due_idx');
    expect(scheduleRows()).toBe(rowsBefore + 36);
    expect(db.$client.prepare(`select count(*) from leases where contract_number in ('ROLLED-BACK', 'KEPT')`).pluck().get()).toBe(1);
  });

  test('through a worker: the deferred index is built in its transaction, present and used after the COMMIT; ids follow the stored ones', async () => {
    const funderId = (await createImportFunder(db, 'Bulk worker')).id;
    const lesseeId = lesseeOf(funderId);
    const index = () => db.$client.prepare(`select sql from sqlite_master where name = 'schedule_rows_due_idx'`).pluck().get();
    const sql = index();
    const plan = () =>
      (
        db.$client
          .prepare(`explain query plan select lease_id from schedule_rows where due_date between '2025-01-01' and '2025-03-31'`)
          .all() as { detail: string }[]
      )
        .map((r) => r.detail)
        .join(' ');
    const scheduleRows = () => db.$client.prepare('select count(*) from schedule_rows').pluck().get() as number;
    const rowsBefore = scheduleRows();
    // A lease deleted at the end of the table: AUTOINCREMENT never gives its id again, nor does the writer.
    const gone = await createLease(db, terms(funderId, lesseeId, 'DELETED'), null);
    db.$client.prepare('delete from leases where id = ?').run(gone.id);
    const sink = await WorkerSink.begin(db.$client.name);
    try {
      // Reads on this connection see what the worker's transaction started from.
      const w = await LeaseBulkWriter.open(db, funderId, null, NOW, sink);
      await w.deferDueDateIndex();
      const a = w.insert(terms(funderId, lesseeId, 'W-1'));
      const b = w.insert(terms(funderId, lesseeId, 'W-2'));
      expect([a.id, b.id]).toEqual([gone.id + 1, gone.id + 2]);
      w.finish();
      await sink.drain(0);
      // Dropped and rebuilt inside the worker's transaction: this connection keeps the index all along.
      expect(index()).toBe(sql);
      expect(scheduleRows()).toBe(rowsBefore);
      await sink.commit();
    } finally {
      await sink.rollback();
    }
    expect(index()).toBe(sql);
    expect(plan()).toContain('schedule_rows_due_idx');
    expect(scheduleRows()).toBe(rowsBefore + 72);
    const ids = db.$client.prepare(`select id from leases where contract_number in ('W-1', 'W-2') order by id`).pluck().all();
    expect(ids).toEqual([gone.id + 1, gone.id + 2]);
    expect(written(gone.id + 1).schedule).toEqual(written(gone.id + 2).schedule);
    expect(
      db.$client
        .prepare('select count(*) from book_changes where lease_id in (?, ?)')
        .pluck()
        .get(gone.id + 1, gone.id + 2),
    ).toBe(2);
  });
});
