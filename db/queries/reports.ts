/**
 * SQL of the reports (domain.md §5–6): per-lease sums of the schedules and of the collections ledger
 * over a date range. Amounts are minor units of each lease's currency; dates YYYY-MM-DD (inclusive).
 * Terminated contracts are not part of the book and are left out, as in listPortfolioLeases.
 * Allocations exist only for non-reversed payments (S1's ledger), so summing them needs no reversal test.
 */
import { indexedBy, onPostgres, rowsOf } from '../dialect';
import { and, asc, between, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { leases, lessees, scheduleRows, paymentAllocations } from '../tables';

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

const sumOf = (col: Parameters<typeof sql>[1]) => sql<number>`coalesce(sum(${col}), 0)`.mapWith(Number);

/**
 * Σ of the schedule rows due in the range, per lease (leases with at least one such row), in lease id
 * order. INDEXED BY the due-date index: otherwise SQLite walks every row of every lease of the funder
 * (millions on a 100,000-lease book) instead of the month's rows.
 */
/**
 * The grouping of scheduledByLease. PostgreSQL wants every selected column of the joined lease and lessee in it; on
 * SQLite the lease id alone, as before: grouping by the joined columns too made its planner walk the due-date index once
 * per lease (minutes on a 100,000-lease book).
 */
const LEASE_GROUP = onPostgres ? 's.lease_id, l.contract_number, l.lessee_id, e.name, l.currency' : 's.lease_id';

export async function scheduledByLease(db: DbOrTx, funderId: number, range: DateRange): Promise<ScheduledLine[]> {
  return await rowsOf<ScheduledLine>(
    db,
    `select s.lease_id as "leaseId", l.contract_number as "contractNumber", l.lessee_id as "lesseeId", e.name as "lesseeName", l.currency as currency,
      count(*) as instalments, sum(s.instalment) as instalment, sum(s.interest) as interest, sum(s.principal) as principal,
      sum(s.vat) as vat, sum(s.fee) as fee, sum(s.gross) as gross
    from schedule_rows s ${indexedBy('schedule_rows_due_idx')}
    join leases l on l.id = s.lease_id
    join lessees e on e.id = l.lessee_id
    where s.due_date between ? and ? and l.funder_id = ? and l.status <> 'terminated'
    group by ${LEASE_GROUP}
    order by s.lease_id`,
    [range.from, range.to, funderId],
  );
}

export interface CollectedLine {
  leaseId: number;
  payments: number;
  /** Σ amount of the non-reversed payments received in the range. */
  received: number;
  vat: number;
  fee: number;
  interest: number;
  principal: number;
  credit: number;
}

/**
 * Per lease, the non-reversed payments received in the range (Σ of their amounts, from the payments
 * themselves) and how they are allocated by component (allocations of those payments, whatever the
 * instalment they went to), in lease id order. Σ components = received when the ledger is sound.
 * Both read the month's payments through the (funder, received_on) index; lease details are the
 * caller's (the book has them in memory).
 */
export async function collectedByLease(db: DbOrTx, funderId: number, range: DateRange): Promise<CollectedLine[]> {
  const received = await rowsOf<{ leaseId: number; payments: number; received: number }>(
    db,
    `select p.lease_id as "leaseId", count(*) as payments, sum(p.amount) as received
    from payments p ${indexedBy('payments_funder_date_idx')}
    where p.funder_id = ? and p.received_on between ? and ? and p.kind = 'payment'
      and not exists (select 1 from payments r where r.reverses_id = p.id)
    group by p.lease_id
    order by p.lease_id`,
    [funderId, range.from, range.to],
  );
  const parts = await rowsOf<{ leaseId: number; vat: number; fee: number; interest: number; principal: number; credit: number }>(
    db,
    `select a.lease_id as "leaseId",
      sum(case when a.component = 'vat' then a.amount else 0 end) as vat,
      sum(case when a.component = 'fee' then a.amount else 0 end) as fee,
      sum(case when a.component = 'interest' then a.amount else 0 end) as interest,
      sum(case when a.component = 'principal' then a.amount else 0 end) as principal,
      sum(case when a.component = 'credit' then a.amount else 0 end) as credit
    from payments p ${indexedBy('payments_funder_date_idx')}
    join payment_allocations a on a.payment_id = p.id
    where p.funder_id = ? and p.received_on between ? and ? and p.kind = 'payment'
    group by a.lease_id`,
    [funderId, range.from, range.to],
  );
  const byLease = new Map(parts.map((p) => [p.leaseId, p]));
  return received.map((r) => {
    const m = byLease.get(r.leaseId);
    return { ...r, vat: m?.vat ?? 0, fee: m?.fee ?? 0, interest: m?.interest ?? 0, principal: m?.principal ?? 0, credit: m?.credit ?? 0 };
  });
}

/** Ids of the book's leases purchased in the range, in id order. */
export async function leasesPurchasedIn(db: DbOrTx, funderId: number, range: DateRange): Promise<number[]> {
  return (
    await db
      .select({ id: leases.id })
      .from(leases)
      .where(and(eq(leases.funderId, funderId), ne(leases.status, 'terminated'), between(leases.purchaseDate, range.from, range.to)))
      .orderBy(asc(leases.id))
  ).map((r) => r.id);
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

export async function instalmentsWithPaid(db: DbOrTx, leaseId: number): Promise<InstalmentPaidLine[]> {
  const paid = await db
    .select({ period: paymentAllocations.period, paid: sumOf(paymentAllocations.amount) })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.leaseId, leaseId))
    .groupBy(paymentAllocations.period);
  const byPeriod = new Map(paid.map((p) => [p.period, p.paid]));
  return (
    await db
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
  ).map((r) => ({ ...r, paid: byPeriod.get(r.period) ?? 0 }));
}

/** The lessees' ERP ids of a funder (tape identification), by lessee id. */
export async function lesseeErpIds(db: DbOrTx, funderId: number): Promise<Map<number, string | null>> {
  const rows = await db.select({ id: lessees.id, idOdoo: lessees.idOdoo }).from(lessees).where(eq(lessees.funderId, funderId));
  return new Map(rows.map((r) => [r.id, r.idOdoo]));
}
