/**
 * The Dashboard's servicing KPIs keep this month's scheduled and collected sums beside the servicing stores:
 * after a payment, a reversal or a lease edit they must answer what the database says now, not the sums cached
 * before the write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { collectedInWindow, scheduledInWindow } from '@/db/queries/servicing';
import { getLease, updateLease } from '@/db/queries/leases';
import { recordPayment, reversePayment } from '@/db/queries/payments';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { servicingKpis } from '@/services/servicing/kpis';

const TODAY = '2026-11-21';
const F = 1;
let dir: string;
let db: Conn;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-kpis-'));
  db = openDb(path.join(dir, 'k.db'));
  runMigrations(db);
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 30, today: TODAY, seed: 5 });
  seedPayments(db, { funderId: F, today: TODAY, seed: 5 });
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the two queries answer now, per currency. */
async function fromDatabase() {
  const scheduled = await scheduledInWindow(db, F, '2026-11-01', '2026-11-30');
  const collected = await collectedInWindow(db, F, '2026-11-01', TODAY);
  return [...new Set([...scheduled.keys(), ...collected.keys()])]
    .sort()
    .map((currency) => ({ currency, scheduled: scheduled.get(currency) ?? 0, collected: collected.get(currency) ?? 0 }));
}
const shown = async () =>
  (await servicingKpis(db, F, TODAY)).map((k) => ({ currency: k.currency, scheduled: k.scheduled, collected: k.collected }));

test('the KPIs follow payments, reversals and lease edits made after they were cached', async () => {
  expect(await shown()).toEqual(await fromDatabase());
  const lease = (await getLease(db, 1))!;
  const before = (await shown()).find((k) => k.currency === lease.currency)!.collected;

  const p = await recordPayment(
    db,
    F,
    { leaseId: lease.id, receivedOn: '2026-11-10', amount: 12_345, currency: lease.currency, method: 'transfer' },
    null,
  );
  await afterBookWrite(db, F);
  expect((await shown()).find((k) => k.currency === lease.currency)!.collected).toBe(before + 12_345);
  expect(await shown()).toEqual(await fromDatabase());

  await reversePayment(db, F, p.id, { reversedOn: '2026-11-12', note: 'returned' }, null);
  await afterBookWrite(db, F);
  expect((await shown()).find((k) => k.currency === lease.currency)!.collected).toBe(before);
  expect(await shown()).toEqual(await fromDatabase());

  // A terminated lease's instalments leave the scheduled sum, and come back with it.
  const scheduledBefore = (await shown()).find((k) => k.currency === lease.currency)!.scheduled;
  await updateLease(db, lease.id, (await getLease(db, lease.id))!.version, { status: 'terminated' }, null);
  await afterBookWrite(db, F);
  expect(await shown()).toEqual(await fromDatabase());
  await updateLease(db, lease.id, (await getLease(db, lease.id))!.version, { status: 'active' }, null);
  await afterBookWrite(db, F);
  expect(await shown()).toEqual(await fromDatabase());
  expect((await shown()).find((k) => k.currency === lease.currency)!.scheduled).toBe(scheduledBefore);

  // A new rate rewrites the schedule: this month's instalment changes.
  const other = (await getLease(db, 2))!;
  await updateLease(db, other.id, other.version, { rate: other.rate + 0.03 }, null);
  await afterBookWrite(db, F);
  expect(await shown()).toEqual(await fromDatabase());

  // Several writes between two reads: each lease's share is replaced once.
  for (const id of [3, 4, 5]) {
    const l = (await getLease(db, id))!;
    await recordPayment(
      db,
      F,
      { leaseId: id, receivedOn: '2026-11-05', amount: 1_000 * id, currency: l.currency, method: 'transfer' },
      null,
    );
    await afterBookWrite(db, F);
  }
  await updateLease(db, 3, (await getLease(db, 3))!.version, { rate: (await getLease(db, 3))!.rate + 0.01 }, null);
  await afterBookWrite(db, F);
  expect(await shown()).toEqual(await fromDatabase());
});
