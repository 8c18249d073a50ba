/**
 * SQL of the reports (domain.md §5–6): per-lease sums of the schedules and of the collections ledger
 * over a date range. Amounts are minor units of each lease's currency; dates YYYY-MM-DD (inclusive).
 * Terminated contracts are not part of the book and are left out, as in listPortfolioLeases.
 * Allocations exist only for non-reversed payments (S1's ledger), so summing them needs no reversal test.
 */
import { and, asc, between, eq, lte, ne, notExists, sql } from 'drizzle-orm';
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

/** Σ of the schedule rows due in the range, per lease (leases with at least one such row), in lease id order. */
export function scheduledByLease(db: DbOrTx, funderId: number, range: DateRange): ScheduledLine[] {
  return db
    .select({
      ...leaseRef,
      instalments: sql<number>`count(*)`.mapWith(Number),
      instalment: sumOf(scheduleRows.instalment),
      interest: sumOf(scheduleRows.interest),
      principal: sumOf(scheduleRows.principal),
      vat: sumOf(scheduleRows.vat),
      fee: sumOf(scheduleRows.fee),
      gross: sumOf(scheduleRows.gross),
    })
    .from(scheduleRows)
    .innerJoin(leases, eq(scheduleRows.leaseId, leases.id))
    .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
    .where(and(eq(leases.funderId, funderId), ne(leases.status, 'terminated'), between(scheduleRows.dueDate, range.from, range.to)))
    .groupBy(leases.id)
    .orderBy(asc(leases.id))
    .all();
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

export interface VatArrearsLine extends LeaseRef {
  /** VAT of the instalments due on or before the date. */
  due: number;
  /** Of that VAT, what the payments received on or before the date paid. */
  paid: number;
}

/** Per lease with VAT due on or before `asOf`: the VAT due and the part of it paid by payments received by then. */
export function vatDueAndPaidByLease(db: DbOrTx, funderId: number, asOf: string): VatArrearsLine[] {
  const due = db
    .select({ ...leaseRef, due: sumOf(scheduleRows.vat) })
    .from(scheduleRows)
    .innerJoin(leases, eq(scheduleRows.leaseId, leases.id))
    .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
    .where(and(eq(leases.funderId, funderId), ne(leases.status, 'terminated'), lte(scheduleRows.dueDate, asOf), sql`${scheduleRows.vat} <> 0`))
    .groupBy(leases.id)
    .orderBy(asc(leases.id))
    .all();
  const paid = db
    .select({ leaseId: paymentAllocations.leaseId, paid: sumOf(paymentAllocations.amount) })
    .from(paymentAllocations)
    .innerJoin(payments, eq(paymentAllocations.paymentId, payments.id))
    .innerJoin(scheduleRows, and(eq(scheduleRows.leaseId, paymentAllocations.leaseId), eq(scheduleRows.period, paymentAllocations.period)))
    .where(
      and(
        eq(payments.funderId, funderId),
        eq(paymentAllocations.component, 'vat'),
        lte(payments.receivedOn, asOf),
        lte(scheduleRows.dueDate, asOf),
      ),
    )
    .groupBy(paymentAllocations.leaseId)
    .all();
  const paidBy = new Map(paid.map((p) => [p.leaseId, p.paid]));
  return due.map((d) => ({ ...d, paid: paidBy.get(d.leaseId) ?? 0 }));
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
