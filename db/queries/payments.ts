import { transaction } from '../transaction';
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { Conflict, Invalid, NotFound } from '@/lib/domain/errors';
import {
  DEFAULT_COMPONENT_ORDER,
  allocatePayments,
  isServicingError,
  type Component,
  type Instalment,
  type LedgerEntry,
} from '@/lib/servicing';
import { leaseInstalments } from '@/lib/servicing/instalments';
import type { BankLine } from '@/lib/servicing/bank-csv';
import type { Db, DbOrTx, Tx } from '../client';
import { lockFunder, recordBookChange } from './book-changes';
import { openingPositionOfLease } from './opening-positions';
import { recordAudit } from './audit';
import { type Funder, type Lease } from '../schema/portfolio';
import { leases, lessees, scheduleRows, paymentAllocations, paymentImportLines, paymentImports, payments } from '../tables';
import { type PAYMENT_METHODS } from '../schema/servicing';
import { getFunder } from './funders';
import { insertRecovery } from './credit';
import { LIKE, likeText } from '../dialect';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentRow = typeof payments.$inferSelect;
export type AllocationRow = typeof paymentAllocations.$inferSelect;
export type ImportRow = typeof paymentImports.$inferSelect;
export type ImportLineRow = typeof paymentImportLines.$inferSelect;

/** A payment to record: amount in positive minor units of the lease's currency. */
export type PaymentInput = {
  leaseId: number;
  receivedOn: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  reference?: string;
  note?: string;
};

/** A reversal of a payment, dated on or after the payment. */
export type ReversalInput = { reversedOn: string; note?: string };

/** The funder's component order (stored as "vat,fee,interest,principal"; the default when unreadable). */
export function componentOrderOf(funder: Pick<Funder, 'allocationOrder'>): readonly Component[] {
  const order = funder.allocationOrder.split(',').map((s) => s.trim());
  const ok = order.length === 4 && DEFAULT_COMPONENT_ORDER.every((c) => order.includes(c));
  return ok ? (order as Component[]) : DEFAULT_COMPONENT_ORDER;
}

async function requireFunder(db: DbOrTx, funderId: number): Promise<Funder> {
  const f = await getFunder(db, funderId);
  if (!f) throw new NotFound(`Funder ${funderId} does not exist.`);
  return f;
}

async function requireLease(db: DbOrTx, funderId: number, leaseId: number, field = 'leaseId'): Promise<Lease> {
  const lease = (await db.select().from(leases).where(eq(leases.id, leaseId)).limit(1))[0];
  if (!lease || lease.funderId !== funderId)
    throw new NotFound(`Lease ${leaseId} does not exist for funder ${funderId}.`, [{ field, message: 'Unknown lease.' }]);
  return lease;
}

/** The instalments of one lease (schedule rows + residual), minor units. */
export async function instalmentsOfLease(db: DbOrTx, lease: Lease): Promise<Instalment[]> {
  const rows = await db
    .select({
      period: scheduleRows.period,
      dueDate: scheduleRows.dueDate,
      vat: scheduleRows.vat,
      fee: scheduleRows.fee,
      interest: scheduleRows.interest,
      principal: scheduleRows.principal,
    })
    .from(scheduleRows)
    .where(eq(scheduleRows.leaseId, lease.id))
    .orderBy(asc(scheduleRows.period));
  return leaseInstalments(rows, lease, await openingPositionOfLease(db, lease.id));
}

/** The lease's ledger as engine entries (payments and reversals, in id order): all of it, or those dated on or before `asOf`. */
async function ledgerOfLease(db: DbOrTx, leaseId: number, asOf?: string): Promise<LedgerEntry[]> {
  return (
    await db
      .select({
        id: payments.id,
        kind: payments.kind,
        reversesId: payments.reversesId,
        receivedOn: payments.receivedOn,
        amount: payments.amount,
      })
      .from(payments)
      .where(asOf === undefined ? eq(payments.leaseId, leaseId) : and(eq(payments.leaseId, leaseId), lte(payments.receivedOn, asOf)))
      .orderBy(asc(payments.id))
  ).map((p) =>
    p.kind === 'reversal'
      ? { id: String(p.id), reversalOf: String(p.reversesId), date: p.receivedOn }
      : { id: String(p.id), receivedDate: p.receivedOn, amount: p.amount },
  );
}

/** The lease's ledger as engine entries dated on or before `asOf` (an invoice's state at that date). */
export async function ledgerOfLeaseAsOf(db: DbOrTx, leaseId: number, asOf: string): Promise<LedgerEntry[]> {
  return await ledgerOfLease(db, leaseId, asOf);
}

/**
 * The payment_allocations rows of a lease's allocation: one per (payment, period, component), plus `credit` (period 0)
 * for the part of a payment beyond the last instalment. Σ rows per payment = the payment's amount.
 */
export function allocationRowsOf(leaseId: number, result: ReturnType<typeof allocatePayments>): (typeof paymentAllocations.$inferInsert)[] {
  const allocated = new Map<string, number>();
  const rows: (typeof paymentAllocations.$inferInsert)[] = [];
  for (const a of result.allocations) {
    allocated.set(a.paymentId, (allocated.get(a.paymentId) ?? 0) + a.amount);
    rows.push({ paymentId: Number(a.paymentId), leaseId, period: a.period, component: a.component, amount: a.amount });
  }
  for (const p of result.payments) {
    const credit = p.amount - (allocated.get(p.id) ?? 0);
    if (credit > 0) rows.push({ paymentId: Number(p.id), leaseId, period: 0, component: 'credit', amount: credit });
  }
  return rows;
}

/** Recomputes the lease's payment_allocations from all its non-reversed payments (allocationRowsOf), inside the caller's transaction. */
export async function recomputeLeaseAllocations(tx: Tx, funder: Funder, lease: Lease): Promise<void> {
  const result = allocatePayments(await instalmentsOfLease(tx, lease), await ledgerOfLease(tx, lease.id), {
    componentOrder: componentOrderOf(funder),
  });
  await tx.delete(paymentAllocations).where(eq(paymentAllocations.leaseId, lease.id));
  const rows = allocationRowsOf(lease.id, result);
  for (let i = 0; i < rows.length; i += 400) await tx.insert(paymentAllocations).values(rows.slice(i, i + 400));
}

async function insertPayment(
  tx: Tx,
  funderId: number,
  lease: Lease,
  input: PaymentInput,
  userId: number | null,
  importId: number | null,
  now: number,
): Promise<PaymentRow> {
  if (input.currency !== lease.currency) {
    throw new Invalid(`The payment's currency ${input.currency} differs from the lease's ${lease.currency}.`, [
      { field: 'currency', message: `Must be the lease's currency (${lease.currency}).` },
    ]);
  }
  await recordBookChange(tx, funderId, 'ledger', lease.id);
  return (
    await tx
      .insert(payments)
      .values({
        funderId,
        leaseId: lease.id,
        kind: 'payment',
        receivedOn: input.receivedOn,
        amount: input.amount,
        currency: input.currency,
        method: input.method,
        reference: input.reference ?? '',
        note: input.note ?? '',
        importId,
        createdBy: userId,
        createdAt: now,
      })
      .returning()
  )[0]!;
}

/** Records a payment and recomputes the lease's allocation, in one transaction. 404 unknown lease, 400 other currency. */
export async function recordPayment(
  db: Db,
  funderId: number,
  input: PaymentInput,
  userId: number | null,
  now = Date.now(),
): Promise<PaymentRow> {
  return await transaction(db, async (tx) => {
    await lockFunder(tx, funderId);
    const funder = await requireFunder(tx, funderId);
    const lease = await requireLease(tx, funderId, input.leaseId);
    const p = await insertPayment(tx, funderId, lease, input, userId, null, now);
    await recomputeLeaseAllocations(tx, funder, lease);
    await recordAudit(tx, { actor: userId, funderId, entity: 'payment', entityId: p.id, action: 'create', after: p }, now);
    return p;
  });
}

/** Reverses a payment (a reversal row naming it) and recomputes the lease's allocation, in one transaction. 404 unknown, 409 already reversed or a reversal. */
export async function reversePayment(
  db: Db,
  funderId: number,
  paymentId: number,
  input: ReversalInput,
  userId: number | null,
  now = Date.now(),
): Promise<PaymentRow> {
  return await transaction(db, async (tx) => {
    await lockFunder(tx, funderId);
    const funder = await requireFunder(tx, funderId);
    const p = (await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1))[0];
    if (!p || p.funderId !== funderId) throw new NotFound(`Payment ${paymentId} does not exist for funder ${funderId}.`);
    if (p.kind === 'reversal') throw new Conflict(`Entry ${paymentId} is itself a reversal and cannot be reversed.`);
    if ((await tx.select({ id: payments.id }).from(payments).where(eq(payments.reversesId, paymentId)).limit(1))[0]) {
      throw new Conflict(`Payment ${paymentId} is already reversed.`);
    }
    if (input.reversedOn < p.receivedOn) {
      throw new Invalid('The reversal cannot be dated before the payment.', [
        { field: 'reversedOn', message: `Must be on or after ${p.receivedOn}.` },
      ]);
    }
    const lease = await requireLease(tx, funderId, p.leaseId);
    const r = (
      await tx
        .insert(payments)
        .values({
          funderId,
          leaseId: p.leaseId,
          kind: 'reversal',
          reversesId: p.id,
          receivedOn: input.reversedOn,
          amount: p.amount,
          currency: p.currency,
          method: p.method,
          reference: p.reference,
          note: input.note ?? '',
          createdBy: userId,
          createdAt: now,
        })
        .returning()
    )[0]!;
    await recordBookChange(tx, funderId, 'ledger', lease.id);
    try {
      await recomputeLeaseAllocations(tx, funder, lease);
    } catch (e) {
      if (isServicingError(e)) throw new Conflict(e.message);
      throw e;
    }
    await recordAudit(tx, { actor: userId, funderId, entity: 'payment', entityId: p.id, action: 'reverse', before: p, after: r }, now);
    return r;
  });
}

export type PaymentListFilter = {
  leaseId?: number;
  lesseeId?: number;
  from?: string;
  to?: string;
  method?: PaymentMethod[];
  q?: string;
  page: number;
  perPage: number;
};

export type PaymentListRow = PaymentRow & { contractNumber: string; lesseeId: number; lesseeName: string; reversedBy: number | null };

/** Payments and reversals of a funder, newest first, with the lease and lessee and the id of the reversal that undid each payment. */
export async function listPayments(
  db: DbOrTx,
  funderId: number,
  f: PaymentListFilter,
): Promise<{ rows: PaymentListRow[]; total: number; totals: { currency: string; count: number; received: number; reversed: number }[] }> {
  const conds: SQL[] = [eq(payments.funderId, funderId)];
  if (f.leaseId !== undefined) conds.push(eq(payments.leaseId, f.leaseId));
  if (f.lesseeId !== undefined) conds.push(eq(leases.lesseeId, f.lesseeId));
  if (f.from) conds.push(gte(payments.receivedOn, f.from));
  if (f.to) conds.push(lte(payments.receivedOn, f.to));
  if (f.method && f.method.length > 0) conds.push(inArray(payments.method, f.method));
  if (f.q) {
    const pat = `%${f.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        sql`${payments.reference} ${LIKE} ${pat} escape '\\'`,
        sql`${leases.contractNumber} ${LIKE} ${pat} escape '\\'`,
        sql`${lessees.name} ${LIKE} ${pat} escape '\\'`,
      )!,
    );
  }
  const where = and(...conds);
  const rev = sql<number | null>`(select r.id from payments r where r.reverses_id = ${payments.id})`;
  const rows = (
    await db
      .select({ p: payments, contractNumber: leases.contractNumber, lesseeId: leases.lesseeId, lesseeName: lessees.name, reversedBy: rev })
      .from(payments)
      .innerJoin(leases, eq(payments.leaseId, leases.id))
      .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
      .where(where)
      .orderBy(desc(payments.receivedOn), desc(payments.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage)
  ).map((r) => ({ ...r.p, contractNumber: r.contractNumber, lesseeId: r.lesseeId, lesseeName: r.lesseeName, reversedBy: r.reversedBy }));
  const totals = await db
    .select({
      currency: payments.currency,
      count: sql<number>`count(*)`,
      received: sql<number>`coalesce(sum(case when ${payments.kind} = 'payment' then ${payments.amount} else 0 end), 0)`,
      reversed: sql<number>`coalesce(sum(case when ${payments.kind} = 'reversal' then ${payments.amount} else 0 end), 0)`,
    })
    .from(payments)
    .innerJoin(leases, eq(payments.leaseId, leases.id))
    .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
    .where(where)
    .groupBy(payments.currency)
    .orderBy(asc(payments.currency));
  return { rows, total: totals.reduce((n, t) => n + t.count, 0), totals };
}

/** One ledger entry with its allocation rows (period order) and the reversal that undid it. 404 when unknown for the funder. */
export async function getPayment(
  db: DbOrTx,
  funderId: number,
  id: number,
): Promise<PaymentRow & { allocations: AllocationRow[]; reversedBy: number | null }> {
  const p = (await db.select().from(payments).where(eq(payments.id, id)).limit(1))[0];
  if (!p || p.funderId !== funderId) throw new NotFound(`Payment ${id} does not exist for funder ${funderId}.`);
  const allocations = await db
    .select()
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, id))
    .orderBy(asc(paymentAllocations.period));
  const reversedBy = (await db.select({ id: payments.id }).from(payments).where(eq(payments.reversesId, id)).limit(1))[0]?.id ?? null;
  return { ...p, allocations, reversedBy };
}

// ---------------------------------------------------------------------------------------------
// Bank-statement import

/**
 * A line on a written-off lease received on or after its write-off is a recovery in the loss ledger, not a payment
 * (domain.md §8; as POST /api/payments does through services/credit paymentAsRecovery): no allocation, no DPD.
 */
function isRecovery(lease: Pick<Lease, 'writtenOffOn'>, receivedOn: string): boolean {
  return lease.writtenOffOn !== null && receivedOn >= lease.writtenOffOn;
}

function recoveryOf(
  funderId: number,
  lease: Lease,
  receivedOn: string,
  amount: number,
  reference: string,
  fileName: string,
  lineNo: number,
) {
  return {
    funderId,
    leaseId: lease.id,
    receivedOn,
    amount,
    kind: 'late_collection' as const,
    reference,
    note: `Bank import ${fileName}, line ${lineNo}`.slice(0, 500),
  };
}

/** The line's result text, as for a matched line: the lease's contract number (getImport finds the lease by it). */
const recoveryMessage = (lease: Lease) => lease.contractNumber;

export type ImportResult = ImportRow & { lines: (ImportLineRow & { leaseId: number | null })[] };

/**
 * Imports parsed bank-statement lines in ONE transaction: a payment_imports row, one line row per
 * line (matched by contract number, else by a reference equal to a contract number of the funder;
 * `invalid` when the line does not parse or its currency differs from the lease's; `unmatched`
 * otherwise) and a payment for every matched line; each touched lease's allocation is recomputed
 * once. Any database error rolls the whole file back.
 */
export async function importBankStatement(
  db: Db,
  funderId: number,
  fileName: string,
  lines: readonly BankLine[],
  userId: number | null,
  now = Date.now(),
): Promise<ImportResult> {
  const importId = await transaction(db, async (tx) => {
    await lockFunder(tx, funderId);
    const funder = await requireFunder(tx, funderId);
    const byContract = new Map<string, Lease>();
    const wanted = new Set<string>();
    for (const l of lines) {
      if (l.contractNumber) wanted.add(l.contractNumber);
      if (l.reference) wanted.add(l.reference);
    }
    const list = [...wanted];
    for (let i = 0; i < list.length; i += 500) {
      for (const lease of await tx
        .select()
        .from(leases)
        .where(and(eq(leases.funderId, funderId), inArray(leases.contractNumber, list.slice(i, i + 500))))) {
        byContract.set(lease.contractNumber, lease);
      }
    }
    const imp = (
      await tx
        .insert(paymentImports)
        .values({
          funderId,
          fileName,
          lineCount: lines.length,
          matchedCount: 0,
          unmatchedCount: 0,
          invalidCount: 0,
          createdBy: userId,
          createdAt: now,
        })
        .returning()
    )[0]!;
    const counts = { matched: 0, unmatched: 0, invalid: 0 };
    const touched = new Map<number, Lease>();
    for (const l of lines) {
      const base = {
        importId: imp.id,
        lineNo: l.lineNo,
        receivedOn: l.receivedOn,
        amount: l.amount,
        currency: l.currency,
        reference: l.reference,
        contractNumber: l.contractNumber,
      };
      if (l.error || l.receivedOn === null || l.amount === null || l.currency === null) {
        counts.invalid++;
        await tx.insert(paymentImportLines).values({ ...base, status: 'invalid', message: l.error || 'incomplete line' });
        continue;
      }
      const lease =
        (l.contractNumber ? byContract.get(l.contractNumber) : undefined) ?? (l.reference ? byContract.get(l.reference) : undefined);
      if (!lease) {
        counts.unmatched++;
        await tx
          .insert(paymentImportLines)
          .values({ ...base, status: 'unmatched', message: 'no lease with this contract number or reference' });
        continue;
      }
      if (lease.currency !== l.currency) {
        counts.invalid++;
        await tx.insert(paymentImportLines).values({
          ...base,
          status: 'invalid',
          message: `currency ${l.currency} differs from lease ${lease.contractNumber} (${lease.currency})`,
        });
        continue;
      }
      counts.matched++;
      if (isRecovery(lease, l.receivedOn)) {
        await insertRecovery(tx, recoveryOf(funderId, lease, l.receivedOn, l.amount, l.reference, fileName, l.lineNo), { userId }, now);
        await tx.insert(paymentImportLines).values({ ...base, status: 'recovery', message: recoveryMessage(lease) });
        continue;
      }
      const p = await insertPayment(
        tx,
        funderId,
        lease,
        {
          leaseId: lease.id,
          receivedOn: l.receivedOn,
          amount: l.amount,
          currency: l.currency,
          method: 'transfer',
          reference: l.reference,
        },
        userId,
        imp.id,
        now,
      );
      touched.set(lease.id, lease);
      await tx.insert(paymentImportLines).values({ ...base, status: 'matched', message: lease.contractNumber, paymentId: p.id });
    }
    for (const lease of touched.values()) await recomputeLeaseAllocations(tx, funder, lease);
    await tx
      .update(paymentImports)
      .set({ matchedCount: counts.matched, unmatchedCount: counts.unmatched, invalidCount: counts.invalid })
      .where(eq(paymentImports.id, imp.id));
    await recordAudit(
      tx,
      {
        actor: userId,
        funderId,
        entity: 'bank_import',
        entityId: imp.id,
        action: 'import',
        after: { fileName, lines: lines.length, ...counts },
      },
      now,
    );
    return imp.id;
  });
  return await getImport(db, funderId, importId);
}

/** An import with its lines (line order) and the lease each line's payment went to. 404 when unknown for the funder. */
export async function getImport(db: DbOrTx, funderId: number, importId: number): Promise<ImportResult> {
  const imp = (await db.select().from(paymentImports).where(eq(paymentImports.id, importId)).limit(1))[0];
  if (!imp || imp.funderId !== funderId) throw new NotFound(`Import ${importId} does not exist for funder ${funderId}.`);
  const lines = (
    await db
      .select({
        l: paymentImportLines,
        // A recovery line has no payment: its lease is the funder's lease of the contract number it names.
        leaseId: sql<
          number | null
        >`coalesce(${payments.leaseId}, case when ${paymentImportLines.status} = 'recovery' then (select l.id from leases l where l.funder_id = ${funderId} and l.contract_number = ${paymentImportLines.message}) end)`,
      })
      .from(paymentImportLines)
      .leftJoin(payments, eq(paymentImportLines.paymentId, payments.id))
      .where(eq(paymentImportLines.importId, importId))
      .orderBy(asc(paymentImportLines.lineNo), asc(paymentImportLines.id))
  ).map((r) => ({ ...r.l, leaseId: r.leaseId }));
  return { ...imp, lines };
}

/** The funder's imports, newest first. */
export async function listImports(db: DbOrTx, funderId: number, limit = 20): Promise<ImportRow[]> {
  return await db.select().from(paymentImports).where(eq(paymentImports.funderId, funderId)).orderBy(desc(paymentImports.id)).limit(limit);
}

/** Matches an unmatched import line to a lease by hand: creates its payment (status `manual`), in one transaction. 404 unknown import/line/lease, 409 when the line is not unmatched, 400 other currency. */
export async function matchImportLine(
  db: Db,
  funderId: number,
  importId: number,
  lineId: number,
  leaseId: number,
  userId: number | null,
  now = Date.now(),
): Promise<ImportLineRow> {
  return await transaction(db, async (tx) => {
    await lockFunder(tx, funderId);
    const funder = await requireFunder(tx, funderId);
    const imp = (await tx.select().from(paymentImports).where(eq(paymentImports.id, importId)).limit(1))[0];
    if (!imp || imp.funderId !== funderId) throw new NotFound(`Import ${importId} does not exist for funder ${funderId}.`);
    const line = (await tx.select().from(paymentImportLines).where(eq(paymentImportLines.id, lineId)).limit(1))[0];
    if (!line || line.importId !== importId) throw new NotFound(`Line ${lineId} does not exist in import ${importId}.`);
    if (line.status !== 'unmatched' || line.receivedOn === null || line.amount === null || line.currency === null) {
      throw new Conflict(`Line ${line.lineNo} is ${line.status}; only unmatched lines can be matched by hand.`);
    }
    const lease = await requireLease(tx, funderId, leaseId);
    if (isRecovery(lease, line.receivedOn)) {
      if (line.currency !== lease.currency)
        throw new Invalid(`The line's currency ${line.currency} differs from the lease's ${lease.currency}.`, [
          { field: 'leaseId', message: `The lease is in ${lease.currency}.` },
        ]);
      const imp = (
        await tx.select({ fileName: paymentImports.fileName }).from(paymentImports).where(eq(paymentImports.id, importId)).limit(1)
      )[0]!;
      await insertRecovery(
        tx,
        recoveryOf(funderId, lease, line.receivedOn, line.amount, line.reference, imp.fileName, line.lineNo),
        { userId },
        now,
      );
      await tx
        .update(paymentImports)
        .set({ matchedCount: sql`${paymentImports.matchedCount} + 1`, unmatchedCount: sql`${paymentImports.unmatchedCount} - 1` })
        .where(eq(paymentImports.id, importId));
      const recovered = (
        await tx
          .update(paymentImportLines)
          .set({ status: 'recovery', message: recoveryMessage(lease) })
          .where(eq(paymentImportLines.id, lineId))
          .returning()
      )[0]!;
      await recordAudit(
        tx,
        { actor: userId, funderId, entity: 'bank_import', entityId: importId, action: 'match', before: line, after: recovered },
        now,
      );
      return recovered;
    }
    const p = await insertPayment(
      tx,
      funderId,
      lease,
      {
        leaseId,
        receivedOn: line.receivedOn,
        amount: line.amount,
        currency: line.currency,
        method: 'transfer',
        reference: line.reference,
      },
      userId,
      importId,
      now,
    );
    await recomputeLeaseAllocations(tx, funder, lease);
    // The import's counts stay the truth of its lines: a line matched by hand counts as matched.
    await tx
      .update(paymentImports)
      .set({ matchedCount: sql`${paymentImports.matchedCount} + 1`, unmatchedCount: sql`${paymentImports.unmatchedCount} - 1` })
      .where(eq(paymentImports.id, importId));
    const matched = (
      await tx
        .update(paymentImportLines)
        .set({ status: 'manual', paymentId: p.id, message: lease.contractNumber })
        .where(eq(paymentImportLines.id, lineId))
        .returning()
    )[0]!;
    await recordAudit(
      tx,
      { actor: userId, funderId, entity: 'bank_import', entityId: importId, action: 'match', before: line, after: matched },
      now,
    );
    return matched;
  });
}

/** True when the lease has any ledger entry (payment or reversal). */
export async function leaseHasPayments(db: DbOrTx, leaseId: number): Promise<boolean> {
  return (await db.select({ id: payments.id }).from(payments).where(eq(payments.leaseId, leaseId)).limit(1))[0] !== undefined;
}

/** Leases of the funder whose contract number contains `q` (for manual matching), at most `limit`. */
export async function findLeasesByContract(
  db: DbOrTx,
  funderId: number,
  q: string,
  limit = 10,
): Promise<{ id: number; contractNumber: string; currency: string; lesseeName: string }[]> {
  return await db
    .select({ id: leases.id, contractNumber: leases.contractNumber, currency: leases.currency, lesseeName: lessees.name })
    .from(leases)
    .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
    .where(and(eq(leases.funderId, funderId), or(likeText(leases.contractNumber, `%${q}%`), likeText(lessees.name, `%${q}%`))))
    .orderBy(asc(leases.contractNumber))
    .limit(limit);
}
