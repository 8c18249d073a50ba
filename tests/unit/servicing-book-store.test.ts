/**
 * The book-wide servicing figures from the typed-array stores (lib/servicing/book-store.ts) against the
 * engine, lease by lease and lessee by lessee, on a seeded book with extra same-day payments, payments
 * in advance and reversals, at several as-of dates and under several funder settings (tolerance, grace,
 * component order); and the caches: per database file (not per connection), refreshed by a new ledger
 * entry, kept across a settings change (new books), rebuilt by a lease change, warmed in the background.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { getFunder, updateFunder } from '@/db/queries/funders';
import { getLease, updateLease } from '@/db/queries/leases';
import { setOpeningPosition } from '@/db/queries/opening-positions';
import { instalmentsOfLease, recordPayment, reversePayment } from '@/db/queries/payments';
import { loadServicingLedgers } from '@/db/queries/servicing';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { formatDate, tryParseDate } from '@/lib/finance';
import { addMonths } from '@/lib/finance/dates';
import { componentsTotal } from '@/lib/servicing/allocation';
import { openingArrears } from '@/lib/servicing/opening';
import {
  allocatePayments,
  delinquencyAt,
  isRepaidAt,
  lesseeBehaviour,
  outstandingPrincipalAt,
  type AllocationResult,
} from '@/lib/servicing';
import { getServicingBook, servicingSettingsOf, servicingStores, warmServicingBook } from '@/services/servicing/book';
import { behaviourRows } from '@/services/servicing/views';

const TODAY = '2026-11-21';
const AS_OFS = [TODAY, '2026-11-05', '2026-06-30', '2025-12-31', '2025-02-28', '2024-02-29'];

/** The engine's view at asOf: per lease the delinquency and last payment, per lessee+currency the behaviour. */
async function engine(db: Conn, funderId: number, asOf: string) {
  const funder = (await getFunder(db, funderId))!;
  const s = servicingSettingsOf(funder);
  const leases = new Map<
    number,
    { dpd: number; bucket: string; net: number; vat: number; total: number; credit: number; outstanding: number; last: string | null }
  >();
  const groups = new Map<string, AllocationResult[]>();
  for (const l of loadServicingLedgers(db, funderId, asOf)) {
    const result = allocatePayments(l.instalments, l.entries, { asOf, componentOrder: s.componentOrder });
    // A repaid lease has left the pool (domain.md §14): in no figure of the book.
    if (isRepaidAt(result, asOf)) continue;
    const d = delinquencyAt(result, asOf, { tolerance: s.tolerance, graceDays: s.graceDays, edges: s.edges });
    let last: string | null = null;
    for (const p of result.payments) if (last === null || p.receivedDate > last) last = p.receivedDate;
    leases.set(l.lease.id, {
      dpd: d.dpd,
      bucket: d.bucket.key,
      net: d.arrears.net,
      vat: d.arrears.vat,
      total: d.arrears.total,
      credit: result.credit,
      outstanding: outstandingPrincipalAt(result, asOf),
      last,
    });
    const k = `${l.lease.lesseeId}:${l.lease.currency}`;
    groups.set(k, [...(groups.get(k) ?? []), result]);
  }
  const behaviour = new Map(
    [...groups].map(([k, results]) => [k, lesseeBehaviour(results, asOf, { tolerance: s.tolerance, graceDays: s.graceDays })]),
  );
  return { leases, behaviour };
}

async function expectEqualToEngine(db: Conn, funderId: number, asOf: string) {
  const e = await engine(db, funderId, asOf);
  const book = await getServicingBook(db, funderId, asOf);
  expect(book.leases.length).toBe(e.leases.size);
  for (const s of book.leases) {
    expect({
      lease: s.leaseId,
      dpd: s.dpd,
      bucket: s.bucket,
      net: s.arrearsNet,
      vat: s.arrearsVat,
      total: s.arrearsTotal,
      credit: s.credit,
      outstanding: s.outstandingPrincipal,
      last: s.lastPaymentOn,
    }).toEqual({
      lease: s.leaseId,
      ...e.leases.get(s.leaseId),
    });
  }
  const rows = await behaviourRows(db, funderId, asOf);
  expect(rows.length).toBe(e.behaviour.size);
  for (const r of rows) {
    const b = e.behaviour.get(`${r.lesseeId}:${r.currency}`)!;
    const { asOf: _a, ...measures } = b;
    void _a;
    const mine = {
      instalmentsDue: r.instalmentsDue,
      paidOnTime: r.paidOnTime,
      paidLate: r.paidLate,
      unpaidOverdue: r.unpaidOverdue,
      pending: r.pending,
      onTimeRate: r.onTimeRate,
      averageDaysLate: r.averageDaysLate,
      totalDaysLate: r.totalDaysLate,
      maxDaysLate: r.maxDaysLate,
      lastPaymentDate: r.lastPaymentDate,
      lastPaymentAmount: r.lastPaymentAmount,
      strip: r.strip,
    };
    expect({ key: `${r.lesseeId}:${r.currency}`, ...mine }).toEqual({ key: `${r.lesseeId}:${r.currency}`, ...measures });
  }
  return { book, rows };
}

describe('servicing book stores equal the engine', () => {
  let db: Conn;
  beforeAll(async () => {
    db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 300, today: TODAY, seed: 11 });
    seedPayments(db, { funderId: 1, today: TODAY, seed: 11 });
    seedPayments(db, { funderId: 2, today: TODAY, seed: 11 });
    // Edge cases: two payments on one day (one of them later reversed), a payment in advance, a reversal dated later than its payment.
    const active = db.$client
      .prepare(`select id, currency from leases where funder_id = 1 and status = 'active' order by id limit 3`)
      .all() as { id: number; currency: string }[];
    const [a, b, c] = active;
    await recordPayment(
      db,
      1,
      { leaseId: a!.id, receivedOn: '2026-06-30', amount: 12_345, currency: a!.currency, method: 'transfer' },
      null,
    );
    const twin = await recordPayment(
      db,
      1,
      { leaseId: a!.id, receivedOn: '2026-06-30', amount: 12_345, currency: a!.currency, method: 'transfer' },
      null,
    );
    await reversePayment(db, 1, twin.id, { reversedOn: '2026-07-15' }, null);
    await recordPayment(
      db,
      1,
      { leaseId: b!.id, receivedOn: '2025-02-28', amount: 5_000_000, currency: b!.currency, method: 'other' },
      null,
    );
    const late = await recordPayment(
      db,
      1,
      { leaseId: c!.id, receivedOn: '2025-12-01', amount: 250_000, currency: c!.currency, method: 'transfer' },
      null,
    );
    await reversePayment(db, 1, late.id, { reversedOn: '2026-06-30' }, null);
  });

  test('has the cases that matter: late, unpaid overdue, pending-free rates, reversals, credit', async () => {
    const rows = await behaviourRows(db, 1, TODAY);
    expect(rows.some((r) => r.paidLate > 0)).toBe(true);
    expect(rows.some((r) => r.unpaidOverdue > 0)).toBe(true);
    expect(rows.some((r) => r.onTimeRate === 1)).toBe(true);
    expect((await getServicingBook(db, 1, TODAY)).leases.some((l) => l.credit > 0)).toBe(true);
    expect(db.$client.prepare(`select count(*) from payments where kind = 'reversal'`).pluck().get()).toBeGreaterThanOrEqual(2);
  });

  test.each(AS_OFS)('default settings, funders 1 and 2, as of %s', async (asOf) => {
    await expectEqualToEngine(db, 1, asOf);
    await expectEqualToEngine(db, 2, asOf);
  });

  test.each([
    { name: 'grace 5, tolerance 500', patch: { graceDays: 5, materialityTolerance: 500 } },
    {
      name: 'principal first, tolerance 1',
      patch: { allocationOrder: 'principal,interest,fee,vat', materialityTolerance: 1, graceDays: 0 },
    },
    { name: 'tolerance 0 (nothing settles by a payment), grace 3', patch: { materialityTolerance: 0, graceDays: 3 } },
    {
      name: 'edges 10/45, tolerance 5000',
      patch: { bucketEdges: '[10,45]', materialityTolerance: 5000, allocationOrder: 'vat,fee,interest,principal' },
    },
  ])('settings: $name', async ({ patch }) => {
    await updateFunder(db, 1, patch as never);
    for (const asOf of [TODAY, '2026-06-30', '2025-02-28']) await expectEqualToEngine(db, 1, asOf);
  });

  test('a new payment refreshes the book and the behaviour (same stores otherwise)', async () => {
    const lease = (await getServicingBook(db, 1, TODAY)).leases.find((l) => l.arrearsTotal > 0)!;
    const before = await behaviourRows(db, 1, TODAY);
    await recordPayment(
      db,
      1,
      { leaseId: lease.leaseId, receivedOn: TODAY, amount: lease.arrearsTotal, currency: lease.currency, method: 'transfer' },
      null,
    );
    expect(await behaviourRows(db, 1, TODAY)).not.toBe(before);
    expect((await getServicingBook(db, 1, TODAY)).byLeaseId.get(lease.leaseId)!.arrearsTotal).toBe(0);
    await expectEqualToEngine(db, 1, TODAY);
  });
});

describe('servicing caches', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-servicing-'));
  const file = path.join(dir, 'book.db');
  let a: Conn;
  let b: Conn;
  beforeAll(() => {
    a = openDb(file);
    runMigrations(a);
    seedDemoUsers(a);
    seedPortfolio(a, { leases: 60, today: TODAY, seed: 3 });
    seedPayments(a, { funderId: 1, today: TODAY, seed: 3 });
    b = openDb(file);
  });
  afterAll(() => {
    a.$client.close();
    b.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a book warmed on one connection serves another connection to the same file', async () => {
    expect(await warmServicingBook(a, 1, [TODAY])).toBeGreaterThan(0);
    const warmed = await getServicingBook(a, 1, TODAY);
    expect(await getServicingBook(b, 1, TODAY)).toBe(warmed);
  });

  test('a payment through the other connection refreshes it; in-memory databases do not share', async () => {
    const warmed = await getServicingBook(a, 1, TODAY);
    const lease = warmed.leases[0]!;
    await recordPayment(
      b,
      1,
      { leaseId: lease.leaseId, receivedOn: TODAY, amount: 1_000, currency: lease.currency, method: 'transfer' },
      null,
    );
    const fresh = await getServicingBook(a, 1, TODAY);
    expect(fresh).not.toBe(warmed);
    expect(fresh.byLeaseId.get(lease.leaseId)!.lastPaymentOn).toBe(TODAY);
    const mem = createTestDb();
    seedDemoUsers(mem);
    seedPortfolio(mem, { leases: 5, today: TODAY, seed: 3 });
    expect((await getServicingBook(mem, 1, TODAY)).leases.length).toBe(5);
  });

  test('a settings change keeps the stores (new books); a lease change rebuilds them', async () => {
    const before = await servicingStores(a, 1);
    const book = await getServicingBook(a, 1, TODAY);
    await updateFunder(a, 1, { graceDays: 7 } as never);
    const afterSettings = await servicingStores(a, 1);
    expect(afterSettings.schedule).toBe(before.schedule);
    expect(afterSettings.ledger).toBe(before.ledger);
    const regraced = await getServicingBook(a, 1, TODAY);
    expect(regraced).not.toBe(book);
    await expectEqualToEngine(a, 1, TODAY);
    const lease = (await getLease(a, regraced.leases[0]!.leaseId))!;
    await updateLease(a, lease.id, lease.version, { status: 'terminated' }, null);
    const afterLease = await servicingStores(b, 1);
    expect(afterLease.schedule).not.toBe(before.schedule);
    expect((await getServicingBook(b, 1, TODAY)).leases.length).toBe(regraced.leases.length - 1);
    await expectEqualToEngine(b, 1, TODAY);
  });

  test('an unknown funder is a 404', async () => {
    await expect(getServicingBook(a, 99, TODAY)).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('with opening positions: the stores equal the engine', () => {
  let db: Conn;
  beforeAll(async () => {
    db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 120, today: TODAY, seed: 23 });
    seedPayments(db, { funderId: 1, today: TODAY, seed: 23 });
    // Every fifth lease old enough becomes a seasoned one: purchased (moved to) seven months after its first instalment,
    // with an opening position then of 0 to 2 instalments in arrears (its earlier payments stay: they pay the opening
    // arrears first, then what falls due after).
    const leases = db.$client
      .prepare(
        `select id, first_due_date from leases where funder_id = 1 and status != 'terminated' and first_due_date <= '2025-06-01' order by id`,
      )
      .all() as { id: number; first_due_date: string }[];
    for (const [k, l] of leases.filter((_, i) => i % 5 === 0).entries()) {
      const asOf = formatDate(tryParseDate(addMonths(l.first_due_date, 7))! + 2);
      const lease = (await getLease(db, l.id))!;
      await updateLease(db, l.id, lease.version, { purchaseDate: asOf }, null);
      const instalments = await instalmentsOfLease(db, (await getLease(db, l.id))!);
      const first = instalments[0]!;
      const owed = (k % 3) * componentsTotal(first);
      await setOpeningPosition(
        db,
        1,
        l.id,
        { asOf, daysPastDue: owed > 0 ? 20 + 30 * (k % 3) : 0, arrears: openingArrears(instalments, asOf, owed) },
        { userId: null },
      );
    }
    expect(db.$client.prepare('select count(*) from opening_positions').pluck().get()).toBeGreaterThan(5);
  });

  test.each(AS_OFS)('at %s', async (asOf) => {
    await expectEqualToEngine(db, 1, asOf);
  });
});
