/**
 * A deterministic payment history up to `today` for a funder's book (demo data): most lessees pay on
 * the due date by direct debit, some pay 5–45 days late by transfer, a few are 60–120 days in arrears
 * with partial or missing payments, defaulted leases stopped paying months ago, a couple of direct
 * debits were returned (a reversal, then a transfer), a few closed leases were overpaid (credit), and some
 * punctual lessees repaid part of their lease early (a lump paid ahead of schedule).
 * Payments and their allocations (lib/servicing, the funder's component order) are written in bulk
 * with multi-row prepared statements in one transaction.
 */
import { addDays } from '@/lib/finance';
import { allocatePayments, type LedgerEntry } from '@/lib/servicing';
import type { Conn as Db } from '../client';
import { nextAutoincrementId } from '../queries/lease-bulk';
import { componentOrderOf } from '../queries/payments';
import { loadServicingLedgers } from '../queries/servicing';
import { RowBuffer } from './bulk';
import { seedBookChange, seedFunder } from './sqlite';
import { Random } from './random';

export type SeedPaymentsOptions = {
  funderId: number;
  today: string;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
  /** The funder's book as seedPortfolio kept it (keepLedgers), instead of reading it back; it gets the entries. */
  ledgers?: SeededLedger[];
};

type Profile = 'on-time' | 'late' | 'arrears';

export type SeededLedger = ReturnType<typeof loadServicingLedgers>[number];

/**
 * Seeds the funder's payment history; returns the counts written and the funder's ledgers as they now are (its
 * leases, instalments and entries in id order, as loadServicingLedgers would read them back), for the credit demo.
 */
export function seedPayments(
  db: Db,
  opts: SeedPaymentsOptions,
): { payments: number; reversals: number; allocations: number; ledgers: SeededLedger[] } {
  const funder = seedFunder(db, opts.funderId);
  const order = componentOrderOf(funder);
  const rnd = new Random((opts.seed ?? 20261121) ^ (opts.funderId * 7919));
  // Early repayments draw from a generator of their own, so the rest of the history stays as it was.
  const prepay = new Random(((opts.seed ?? 20261121) ^ (opts.funderId * 7919)) + 40503);
  const today = opts.today;
  const sqlite = db.$client;
  const now = Date.now();
  // Payments and their millions of allocations in multi-row statements, flushed before the transaction ends. The
  // payment ids are assigned here, in order, as AUTOINCREMENT would (the next after the largest ever used): the
  // entries, reversals and allocations name them before they are written. (A multi-row insert into payments, a
  // table foreign keys name, costs a child lookup per row only when foreign keys are on: the bulk load checks them
  // once at the end, bulk.ts; outside it the children's indexes are in place.)
  let nextId = nextAutoincrementId(sqlite, 'payments');
  const insPay = new RowBuffer(
    sqlite,
    `insert into payments (id, funder_id, lease_id, kind, reverses_id, received_on, amount, currency, method, reference, note, created_at)`,
    12,
  );
  // The allocations name their payments: a flush of theirs writes the payments buffered so far first.
  const insAlloc = new RowBuffer(
    sqlite,
    `insert into payment_allocations (payment_id, lease_id, period, component, amount)`,
    5,
    128,
    insPay,
  );
  const totals = { payments: 0, reversals: 0, allocations: 0 };
  const profiles = new Map<number, Profile>();
  let ledgers: SeededLedger[] = [];
  const run = sqlite.transaction(() => {
    ledgers = opts.ledgers ?? loadServicingLedgers(db, opts.funderId, null);
    // A couple of returned direct debits even in a small book; rare in a large one.
    const reversalRate = Math.max(0.004, 10 / Math.max(1, ledgers.length));
    ledgers.forEach(({ lease, instalments }, li) => {
      let profile = profiles.get(lease.lesseeId);
      if (profile === undefined) {
        profile = rnd.weighted([
          ['on-time', 80],
          ['late', 14],
          ['arrears', 6],
        ] as const);
        profiles.set(lease.lesseeId, profile);
      }
      const due = instalments.filter((i) => i.dueDate <= today);
      // Defaulted leases stopped paying 4–12 instalments ago; arrears lessees 2–4 instalments ago.
      let stopAt = due.length;
      if (lease.status === 'defaulted') stopAt = Math.max(0, due.length - rnd.int(4, 12));
      else if (profile === 'arrears' && lease.status === 'active') stopAt = Math.max(0, due.length - rnd.int(2, 4));
      const entries: LedgerEntry[] = [];
      const methods = new Map<string, string>();
      const pay = (date: string, amount: number, method: 'direct_debit' | 'transfer' | 'other', reference: string, note = '') => {
        const n = nextId++;
        insPay.push(n, opts.funderId, lease.id, 'payment', null, date, amount, lease.currency, method, reference, note, now);
        const id = String(n);
        entries.push({ id, receivedDate: date, amount });
        methods.set(id, method);
        totals.payments++;
        return id;
      };
      due.forEach((ins, k) => {
        const gross = ins.vat + ins.fee + ins.interest + ins.principal;
        if (gross <= 0) return;
        const ref = `${lease.contractNumber}/${ins.period}`;
        if (k >= stopAt) {
          // In arrears: sometimes a partial payment by transfer, late.
          if (lease.status !== 'defaulted' && rnd.chance(0.35)) {
            const d = addDays(ins.dueDate, rnd.int(10, 30));
            if (d <= today) pay(d, Math.round(gross * (0.3 + rnd.next() * 0.4)), 'transfer', ref, 'partial payment');
          }
          return;
        }
        let date: string;
        let method: 'direct_debit' | 'transfer' = 'direct_debit';
        if (profile === 'late' && rnd.chance(0.45)) {
          date = addDays(ins.dueDate, rnd.int(5, 45));
          method = 'transfer';
        } else if (profile === 'arrears' && rnd.chance(0.3)) {
          date = addDays(ins.dueDate, rnd.int(3, 25));
          method = 'transfer';
        } else {
          date = rnd.chance(0.92) ? ins.dueDate : addDays(ins.dueDate, rnd.int(1, 3));
        }
        if (date > today) return; // not received yet
        pay(date, gross, method, ref);
      });
      // A returned direct debit now and then: reversed 3 days later, then paid again by transfer.
      if (profile === 'on-time' && lease.status === 'active' && entries.length > 3 && rnd.chance(reversalRate)) {
        const last = entries[entries.length - 1] as { id: string; receivedDate: string; amount: number };
        const revDate = addDays(last.receivedDate, 3);
        if (revDate <= today && methods.get(last.id) === 'direct_debit') {
          const r = nextId++;
          insPay.push(
            r,
            opts.funderId,
            lease.id,
            'reversal',
            Number(last.id),
            revDate,
            last.amount,
            lease.currency,
            'direct_debit',
            '',
            'direct debit returned',
            now,
          );
          const rid = String(r);
          entries.push({ id: rid, reversalOf: last.id, date: revDate });
          totals.reversals++;
          const again = addDays(revDate, rnd.int(4, 12));
          if (again <= today) pay(again, last.amount, 'transfer', `${lease.contractNumber}/re-presented`);
        }
      }
      // A few closed leases were overpaid at the end: the excess stays as credit.
      if (lease.status === 'closed' && due.length > 0 && rnd.chance(0.02)) {
        const lastDue = due[due.length - 1]!.dueDate;
        const d = addDays(lastDue, rnd.int(1, 20));
        if (d <= today) pay(d, rnd.int(10, 80) * 100, 'transfer', `${lease.contractNumber}/final`, 'overpayment');
      }
      // Some punctual lessees repay early: a lump of the next 3–12 instalments' gross, a few days after a due
      // date of the last two years (allocated ahead of schedule: the prepayments of the performance history).
      if (profile === 'on-time' && lease.status === 'active' && due.length > 1 && prepay.chance(0.06)) {
        const k = due.length - 1 - prepay.int(0, Math.min(23, due.length - 1));
        const ahead = instalments.slice(k + 1, k + 1 + prepay.int(3, 12));
        const lump = ahead.reduce((sum, i) => sum + i.vat + i.fee + i.interest + i.principal, 0);
        const d = addDays(due[k]!.dueDate, prepay.int(1, 20));
        if (ahead.length >= 3 && lump > 0 && d <= today) pay(d, lump, 'transfer', `${lease.contractNumber}/prepayment`, 'early repayment');
      }
      if (entries.length > 0) {
        // The ledger as read back now: the entries it had, then these (ids in order).
        for (const e of entries) ledgers[li]!.entries.push(e);
        const result = allocatePayments(instalments, entries, { componentOrder: order });
        const allocated = new Map<string, number>();
        for (const a of result.allocations) {
          insAlloc.push(Number(a.paymentId), lease.id, a.period, a.component, a.amount);
          allocated.set(a.paymentId, (allocated.get(a.paymentId) ?? 0) + a.amount);
          totals.allocations++;
        }
        for (const p of result.payments) {
          const credit = p.amount - (allocated.get(p.id) ?? 0);
          if (credit > 0) {
            insAlloc.push(Number(p.id), lease.id, 0, 'credit', credit);
            totals.allocations++;
          }
        }
      }
      if (opts.onProgress && (li + 1) % 5000 === 0) opts.onProgress(li + 1, ledgers.length);
    });
    insPay.flush();
    insAlloc.flush();
  });
  // A larger page cache while millions of ledger rows go in (the indexes are then written mostly in memory).
  const cacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma('cache_size = -262144');
  try {
    run();
  } finally {
    sqlite.pragma(`cache_size = ${cacheSize}`);
  }
  // The ledger was written in bulk: one `book` row of the change journal.
  seedBookChange(db, opts.funderId);
  return { ...totals, ledgers };
}
