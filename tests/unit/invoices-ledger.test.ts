/**
 * Invoices come from the servicing ledger (issue "Screens a credit officer can read and trust": an invoice said "Past
 * due €6,965.47" for a lease Delinquency showed at 0 DPD with €0.00 arrears). On the demo book as `npm start` seeds it,
 * in a database file of its own, at the clock's today: every invoice of a lease instalment has the status and balance
 * of that instalment in the servicing engine (paid → Paid, 0; unpaid past its due date → Past Due, its arrears), the
 * past-due ones add up to no more than the arrears Delinquency shows for the lease, and no invoice says Past Due for a
 * lease Delinquency shows at 0 DPD with nothing in arrears. Invoices of no instalment keep their stored data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { componentOrderOf } from '@/db/queries/payments';
import { loadServicingLedgers } from '@/db/queries/servicing';
import { seedIfEmpty } from '@/db/seed';
import { todayIso, type Clock } from '@/lib/clock';
import { allocatePayments, instalmentsAsOf, type InstalmentStatus } from '@/lib/servicing';
import { invoicesListQuery, type InvoiceDto } from '@/lib/validations/invoices';
import { getServicingBook } from '@/services/servicing/book';
import { delinquencyScreen } from '@/services/servicing/delinquency-screen';
import { invoiceApi, invoiceScreen, invoicesApiPage, invoicesScreen } from '@/services/workspace/invoices';

const F = 1;
const clock: Clock = { today: todayIso() };
let dir: string;
let db: Conn;

type Stored = { id: number; kind: string; service: string; due_date: string; total: number; balance: number; invoice_status: string };
let stored: Map<number, Stored>;
let invoices: InvoiceDto[];
/** The engine's state of each lease instalment at today, from the whole book's bulk reader (not the invoices' own queries). */
let engine: Map<number, Map<number, InstalmentStatus>>;
let contractOf: Map<string, number>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-invoices-'));
  db = openDb(path.join(dir, 'demo.db'));
  runMigrations(db);
  expect(seedIfEmpty(db, { leases: 600 }).areas).toContain('commerce');
  stored = new Map(
    (db.$client.prepare('select id, kind, service, due_date, total, balance, invoice_status from invoices').all() as Stored[]).map((r) => [
      r.id,
      r,
    ]),
  );
  invoices = (await invoicesApiPage(db, invoicesListQuery.parse({}), clock)).allData;
  const order = componentOrderOf((await getFunder(db, F))!);
  engine = new Map();
  contractOf = new Map();
  for (const { lease, instalments, entries } of loadServicingLedgers(db, F, clock.today)) {
    const states = instalmentsAsOf(allocatePayments(instalments, entries, { componentOrder: order, asOf: clock.today }), clock.today);
    engine.set(lease.id, new Map(states.map((s) => [s.period, s])));
    contractOf.set(lease.contractNumber, lease.id);
  }
}, 60_000);

afterAll(() => {
  db?.$client.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The lease instalment an invoice bills, as its service names it (the seed's wording). */
function billed(inv: InvoiceDto): { leaseId: number; period: number } | null {
  const m = inv.kind === 'rental' ? /^Rental instalment (\d+)\/\d+ — contract (\S+)$/.exec(inv.service) : null;
  const leaseId = m ? contractOf.get(m[2]!) : undefined;
  return m && leaseId !== undefined ? { leaseId, period: Number(m[1]) } : null;
}

describe('invoices of lease instalments are the ledger’s', () => {
  test('the demo has invoices of lease instalments, paid and past due among them', () => {
    const linked = invoices.filter((i) => billed(i) !== null);
    expect(linked.length).toBeGreaterThan(20);
    expect(linked.some((i) => i.invoiceStatus === 'Paid')).toBe(true);
  });

  test('each has its instalment’s status, amount due and balance in the servicing engine at today', () => {
    const wrong: string[] = [];
    for (const inv of invoices) {
      const b = billed(inv);
      if (!b) continue;
      const ins = engine.get(b.leaseId)?.get(b.period);
      if (!ins) continue;
      // Paid → Paid, 0; unpaid after its due date → Past Due, its arrears; not yet due and unpaid → neither.
      const settled = ins.totalUnpaid === 0;
      const pastDue = !settled && ins.dueDate < clock.today;
      const status = settled
        ? 'Paid'
        : pastDue
          ? 'Past Due'
          : ['Paid', 'Past Due'].includes(inv.invoiceStatus)
            ? 'open'
            : inv.invoiceStatus;
      const got = { status: inv.invoiceStatus, total: inv.total, balance: inv.balance, dueDate: inv.dueDate };
      const want = { status, total: ins.totalDue, balance: ins.totalUnpaid, dueDate: ins.dueDate };
      if (JSON.stringify(got) !== JSON.stringify(want))
        wrong.push(`#${inv.id} ${inv.service}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
    }
    expect(wrong).toEqual([]);
  });

  test('the past-due ones of a lease add up to no more than its arrears on the servicing book', async () => {
    const book = await getServicingBook(db, F, clock.today);
    const pastDue = new Map<number, number>();
    for (const inv of invoices) {
      const b = billed(inv);
      if (b && inv.invoiceStatus === 'Past Due') pastDue.set(b.leaseId, (pastDue.get(b.leaseId) ?? 0) + inv.balance);
    }
    for (const [leaseId, sum] of pastDue) {
      const state = book.byLeaseId.get(leaseId);
      expect(state, `lease ${leaseId}`).toBeDefined();
      expect(sum, `lease ${leaseId}`).toBeLessThanOrEqual(state!.arrearsTotal);
    }
  });

  test('no invoice says Past Due for a lease Delinquency shows at 0 DPD with no arrears', async () => {
    const screen = await delinquencyScreen(db, { funderId: F, level: 'lease', sort: 'dpd', dir: 'desc' }, clock);
    const current = new Set(screen.rows.filter((r) => r.dpd === 0 && r.arrearsTotal === 0).map((r) => r.contractNumber));
    expect(current.size).toBeGreaterThan(0);
    const contradicting = invoices.filter(
      (i) => i.invoiceStatus === 'Past Due' && [...current].some((c) => c !== null && i.service.endsWith(`contract ${c}`)) && billed(i),
    );
    expect(contradicting.map((i) => `#${i.id} ${i.service}`)).toEqual([]);
  });

  test('the status filter, the count and the invoice page read the same state', async () => {
    const page = await invoicesScreen(db, invoicesListQuery.parse({ status: 'Past Due', perPage: '100' }), clock);
    expect(page.total).toBe(invoices.filter((i) => i.invoiceStatus === 'Past Due').length);
    expect(page.invoices.map((i) => i.id)).toEqual(
      invoices
        .filter((i) => i.invoiceStatus === 'Past Due')
        .map((i) => i.id)
        .reverse(),
    );
    for (const inv of invoices) {
      const one = (await invoiceScreen(db, inv.id, clock))!;
      expect(one.invoice).toEqual(inv);
      expect(one.paid).toBe(inv.total - inv.balance);
      expect(one.paymentDetails.totalDue).toBe(inv.balance);
      expect(one.link === null).toBe(billed(inv) === null);
      expect((await invoiceApi(db, inv.id, clock))!.invoice).toEqual(inv);
    }
  });
});

describe('invoices of no lease instalment keep their own data', () => {
  test('arrangement fees and late-payment interest are as stored', () => {
    const others = invoices.filter((i) => billed(i) === null);
    for (const inv of others) {
      const s = stored.get(inv.id)!;
      expect({ status: inv.invoiceStatus, balance: inv.balance, total: inv.total, due: inv.dueDate }, `#${inv.id}`).toEqual({
        status: s.invoice_status,
        balance: s.balance,
        total: s.total,
        due: s.due_date,
      });
    }
  });
});
