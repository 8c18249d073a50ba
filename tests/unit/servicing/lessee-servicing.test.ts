/**
 * A lessee's servicing page reads its rows by key from the incremental caches (services/servicing/views
 * lesseeServicing). It must answer exactly what filtering the whole book's rows answers — for every lessee,
 * also after a payment and a lease edit made once the caches were built.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { getLease, updateLease } from '@/db/queries/leases';
import { recordPayment } from '@/db/queries/payments';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { behaviourRows, delinquencyRows, lesseeServicing } from '@/services/servicing/views';

const TODAY = '2026-11-21';
const F = 1;
let dir: string;
let db: Conn;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-lessee-'));
  db = openDb(path.join(dir, 'l.db'));
  runMigrations(db);
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 80, today: TODAY, seed: 11 });
  seedPayments(db, { funderId: F, today: TODAY, seed: 11 });
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

async function lesseeIds(): Promise<number[]> {
  return [...new Set((await delinquencyRows(db, F, TODAY, 'lease')).rows.map((r) => r.lesseeId))].sort((a, b) => a - b);
}

/** The reference: the whole book's rows, filtered to the lessee. */
async function byFiltering(lesseeId: number) {
  return {
    behaviour: (await behaviourRows(db, F, TODAY))
      .filter((r) => r.lesseeId === lesseeId)
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    leases: (await delinquencyRows(db, F, TODAY, 'lease')).rows
      .filter((r) => r.lesseeId === lesseeId)
      .sort((a, b) => a.leaseId! - b.leaseId!),
  };
}

async function expectAllLesseesMatch() {
  const ids = await lesseeIds();
  expect(ids.length).toBeGreaterThan(3);
  let leases = 0;
  for (const id of ids) {
    const got = await lesseeServicing(db, F, id, TODAY);
    const want = await byFiltering(id);
    expect(got.behaviour.map((r) => r.currency)).toEqual([...got.behaviour.map((r) => r.currency)].sort());
    expect({ behaviour: got.behaviour, leases: got.leases }).toEqual(want);
    leases += got.leases.length;
  }
  expect(leases).toBe((await delinquencyRows(db, F, TODAY, 'lease')).rows.length);
}

test('every lessee gets its behaviour and lease rows, as filtering the book would give them', async () => {
  await expectAllLesseesMatch();
});

test('after a payment and a lease edit the lessee rows follow', async () => {
  const row = (await delinquencyRows(db, F, TODAY, 'lease')).rows.find((r) => r.arrearsTotal > 0)!;
  expect(row).toBeDefined();
  const lease = (await getLease(db, row.leaseId!))!;
  await recordPayment(
    db,
    F,
    { leaseId: lease.id, receivedOn: '2026-11-20', amount: row.arrearsTotal, currency: lease.currency, method: 'transfer' },
    null,
  );
  await afterBookWrite(db, F);
  const after = await lesseeServicing(db, F, lease.lesseeId, TODAY);
  expect(after.leases.find((r) => r.leaseId === lease.id)!.arrearsTotal).toBeLessThan(row.arrearsTotal);
  await expectAllLesseesMatch();

  await updateLease(db, lease.id, (await getLease(db, lease.id))!.version, { status: 'terminated' }, null);
  await afterBookWrite(db, F);
  await expectAllLesseesMatch();
});
