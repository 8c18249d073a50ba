/**
 * SQL of the reports (domain.md §5–6): per-lease sums of the schedules and of the collections ledger
 * over a date range. Amounts are minor units of each lease's currency; dates YYYY-MM-DD (inclusive).
 * Terminated contracts are not part of the book and are left out, as in listPortfolioLeases.
 * Allocations exist only for non-reversed payments (S1's ledger), so summing them needs no reversal test.
 */
import { and, asc, between, eq, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../client';
import { leases, lessees, scheduleRows } from '../schema/portfolio';
import { paymentAllocations, payments } from '../schema/servicing';

export interface DateRange {
  from: string;
  to: string;
}

/** Identification of a lease on a report line. */
export interface LeaseRef {
  leaseId: number;
  contractNumber: string;
  lesseeId: number;
  lesseeName: string;
  currency: string;
}

export interface ScheduledLine extends LeaseRef {
  instalments: number;
  instalment: number;
  interest: number;
  principal: number;
  vat: number;
  fee: number;
  gross: number;
}

const leaseRef = {
  leaseId: leases.id,
  contractNumber: leases.contractNumber,
  lesseeId: leases.lesseeId,
  lesseeName: lessees.name,
  currency: leases.currency,
};

const sumOf = (col: Parameters<typeof sql>[1]) => sql<number>`coalesce(sum(${col}), 0)`.mapWith(Number);

/**
 * Σ of the schedule rows due in the range, per lease (leases with at least one such row), in lease id
 * order. INDEXED BY the due-date index: otherwise SQLite walks every row of every lease of the funder
 * (millions on a 100,000-lease book) instead of the month's rows.
 */
export function scheduledByLease(db: DbOrTx, funderId: number, range: DateRange): ScheduledLine[] {
  return db.all<ScheduledLine>(sql`
    select s.lease_id as leaseId, l.contract_number as contractNumber, l.lessee_id as lesseeId, e.name as lesseeName, l.currency as currency,
      count(*) as instalments, sum(s.instalment) as instalment, sum(s.interest) as interest, sum(s.principal) as principal,
      sum(s.vat) as vat, sum(s.fee) as fee, sum(s.gross) as gross
    from schedule_rows s indexed by schedule_rows_due_idx
    join leases l on l.id = s.lease_id
    join lessees e on e.id = l.lessee_id
    where s.due_date between ${range.from} and ${range.to} and l.funder_id = ${funderId} and l.status <> 'terminated'
    group by s.lease_id
    order by s.lease_id`);
}

export interface CollectedLine extends LeaseRef {
  payments: number;
  /** Σ amount of the non-reversed payments received in the range. */
  received: number;
  vat: number;
  fee: number;
  interest: number;
  principal: number;
  credit: number;
}

const reversal = alias(payments, 'reversal');

/**
 * Per lease, the non-reversed payments received in the range and how they are allocated by component
 * (allocations of those payments, whatever the instalment they went to). Σ components = received.
 */
export function collectedByLease(db: DbOrTx, funderId: number, range: DateRange): CollectedLine[] {
  const received = db
    .select({
      ...leaseRef,
      payments: sql<number>`count(*)`.mapWith(Number),
      received: sumOf(payments.amount),
    })
    .from(payments)
    .innerJoin(leases, eq(payments.leaseId, leases.id))
    .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
    .where(
      and(
        eq(payments.funderId, funderId),
        eq(payments.kind, 'payment'),
        between(payments.receivedOn, range.from, range.to),
        notExists(db.select({ one: sql`1` }).from(reversal).where(eq(reversal.reversesId, payments.id))),
      ),
    )
    .groupBy(leases.id)
    .orderBy(asc(leases.id))
    .all();
  const parts = db
    .select({ leaseId: paymentAllocations.leaseId, component: paymentAllocations.component, amount: sumOf(paymentAllocations.amount) })
    .from(paymentAllocations)
    .innerJoin(payments, eq(paymentAllocations.paymentId, payments.id))
    .where(and(eq(payments.funderId, funderId), eq(payments.kind, 'payment'), between(payments.receivedOn, range.from, range.to)))
    .groupBy(paymentAllocations.leaseId, paymentAllocations.component)
    .all();
  const byLease = new Map<number, Record<string, number>>();
  for (const p of parts) {
    const m = byLease.get(p.leaseId) ?? {};
    m[p.component] = p.amount;
    byLease.set(p.leaseId, m);
  }
  return received.map((r) => {
    const m = byLease.get(r.leaseId) ?? {};
    return { ...r, vat: m.vat ?? 0, fee: m.fee ?? 0, interest: m.interest ?? 0, principal: m.principal ?? 0, credit: m.credit ?? 0 };
  });
}

/** Ids of the book's leases purchased in the range, in id order. */
export function leasesPurchasedIn(db: DbOrTx, funderId: number, range: DateRange): number[] {
  return db
    .select({ id: leases.id })
    .from(leases)
    .where(and(eq(leases.funderId, funderId), ne(leases.status, 'terminated'), between(leases.purchaseDate, range.from, range.to)))
    .orderBy(asc(leases.id))
    .all()
    .map((r) => r.id);
}

/** A lease's instalments (period, due date, gross amounts) with what the ledger allocated to each. */
export interface InstalmentPaidLine {
  period: number;
  dueDate: string;
  instalment: number;
  interest: number;
  principal: number;
  vat: number;
  fee: number;
  gross: number;
  paid: number;
}

export function instalmentsWithPaid(db: DbOrTx, leaseId: number): InstalmentPaidLine[] {
  const paid = db
    .select({ period: paymentAllocations.period, paid: sumOf(paymentAllocations.amount) })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.leaseId, leaseId))
    .groupBy(paymentAllocations.period)
    .all();
  const byPeriod = new Map(paid.map((p) => [p.period, p.paid]));
  return db
    .select({
      period: scheduleRows.period,
      dueDate: scheduleRows.dueDate,
      instalment: scheduleRows.instalment,
      interest: scheduleRows.interest,
      principal: scheduleRows.principal,
      vat: scheduleRows.vat,
      fee: scheduleRows.fee,
      gross: scheduleRows.gross,
    })
    .from(scheduleRows)
    .where(eq(scheduleRows.leaseId, leaseId))
    .orderBy(asc(scheduleRows.period))
    .all()
    .map((r) => ({ ...r, paid: byPeriod.get(r.period) ?? 0 }));
}

/** The lessees' ERP ids of a funder (tape identification), by lessee id. */
export function lesseeErpIds(db: DbOrTx, funderId: number): Map<number, string | null> {
  const rows = db.select({ id: lessees.id, idOdoo: lessees.idOdoo }).from(lessees).where(eq(lessees.funderId, funderId)).all();
  return new Map(rows.map((r) => [r.id, r.idOdoo]));
}
