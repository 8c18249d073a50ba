import { arraysOf, pgClientOf, valueOf } from '../dialect';
import { transaction } from '../transaction';
/**
 * Credit records (domain.md §8): unlikely-to-pay / SICR flags, write-offs under four eyes and recoveries.
 * Every write runs in one IMMEDIATE transaction with its audit row and its row of the book change journal
 * (db/queries/book-changes.ts): a flag journals `flag`, a write-off decision or a recovery `loss`, and an approved
 * write-off also `lease` (the lease leaves the pool), so each view of the book re-reads that lease only.
 */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../client';
import { type CreditFlag, type Recovery, type WriteOff } from '../schema/credit';
import { creditFlags, recoveries, writeOffs, leases, lessees, users } from '../tables';
import { recordAudit, type AuditActor } from './audit';
import { lockFunder, lockFunderOf, lockLeaseAndFunder, recordBookChange } from './book-changes';
import { Conflict, Forbidden, Invalid, NotFound } from '@/lib/domain/errors';

export type CreditActor = AuditActor & { userId: number };

export const WRITE_OFF_SELF_APPROVAL = 'Four eyes: you proposed this write-off, so another user must approve it.';

/** Every flag of the funder (cleared ones included: they shape the default history). */
export async function listCreditFlags(db: DbOrTx, funderId: number): Promise<CreditFlag[]> {
  return await db.select().from(creditFlags).where(eq(creditFlags.funderId, funderId)).orderBy(asc(creditFlags.id));
}

/** The lessee kind (retail | corporate) of every lessee of the funder. */
export async function lesseeKinds(db: DbOrTx, funderId: number): Promise<Map<number, string>> {
  const rows = await arraysOf<[number, string]>(db, `select id, kind from lessees where funder_id = ?`, [funderId]);
  return new Map(rows);
}

export type WriteOffView = WriteOff & {
  contractNumber: string;
  lesseeName: string;
  proposedByEmail: string | null;
  decidedByEmail: string | null;
};
export type RecoveryView = Recovery & { contractNumber: string; lesseeName: string };
export type CreditFlagView = CreditFlag & { contractNumber: string; lesseeName: string; flaggedByEmail: string | null };

const proposer = users;

export async function listWriteOffs(
  db: DbOrTx,
  funderId: number,
  status?: WriteOff['status'],
  leaseIds?: readonly number[],
): Promise<WriteOffView[]> {
  if (leaseIds?.length === 0) return [];
  const rows = await db
    .select({ w: writeOffs, contractNumber: leases.contractNumber, lesseeName: lessees.name, proposedByEmail: proposer.email })
    .from(writeOffs)
    .innerJoin(leases, eq(leases.id, writeOffs.leaseId))
    .innerJoin(lessees, eq(lessees.id, leases.lesseeId))
    .leftJoin(proposer, eq(proposer.id, writeOffs.proposedBy))
    .where(
      and(
        eq(writeOffs.funderId, funderId),
        status ? eq(writeOffs.status, status) : undefined,
        leaseIds ? inArray(writeOffs.leaseId, [...leaseIds]) : undefined,
      ),
    )
    .orderBy(desc(writeOffs.id));
  const deciders = new Map(
    await arraysOf<[number, string]>(
      db,
      `select id, email from users where id in (select decided_by from write_offs where funder_id = ? and decided_by is not null)`,
      [funderId],
    ),
  );
  return rows.map((r) => ({
    ...r.w,
    contractNumber: r.contractNumber,
    lesseeName: r.lesseeName,
    proposedByEmail: r.proposedByEmail,
    decidedByEmail: r.w.decidedBy === null ? null : (deciders.get(r.w.decidedBy) ?? null),
  }));
}

export async function listRecoveries(db: DbOrTx, funderId: number): Promise<RecoveryView[]> {
  return (
    await db
      .select({ r: recoveries, contractNumber: leases.contractNumber, lesseeName: lessees.name })
      .from(recoveries)
      .innerJoin(leases, eq(leases.id, recoveries.leaseId))
      .innerJoin(lessees, eq(lessees.id, leases.lesseeId))
      .where(eq(recoveries.funderId, funderId))
      .orderBy(desc(recoveries.receivedOn), desc(recoveries.id))
  ).map((x) => ({ ...x.r, contractNumber: x.contractNumber, lesseeName: x.lesseeName }));
}

/** The funder's active flags, newest first; `leaseIds`: only those leases' (a table page's, instead of the whole book's). */
export async function listActiveFlags(db: DbOrTx, funderId: number, leaseIds?: readonly number[]): Promise<CreditFlagView[]> {
  if (leaseIds?.length === 0) return [];
  return (
    await db
      .select({ f: creditFlags, contractNumber: leases.contractNumber, lesseeName: lessees.name, flaggedByEmail: users.email })
      .from(creditFlags)
      .innerJoin(leases, eq(leases.id, creditFlags.leaseId))
      .innerJoin(lessees, eq(lessees.id, leases.lesseeId))
      .leftJoin(users, eq(users.id, creditFlags.flaggedBy))
      .where(
        and(
          eq(creditFlags.funderId, funderId),
          isNull(creditFlags.clearedOn),
          leaseIds ? inArray(creditFlags.leaseId, [...leaseIds]) : undefined,
        ),
      )
      .orderBy(desc(creditFlags.id))
  ).map((x) => ({ ...x.f, contractNumber: x.contractNumber, lesseeName: x.lesseeName, flaggedByEmail: x.flaggedByEmail }));
}

/**
 * Approved write-offs and recoveries of the funder as plain rows (lease, date, amount) for the caches. A write-off's
 * last column is 1 when it took the lease out of the pool (its lease's `written_off_on` is set and it is the lease's
 * last approved one), 0 for a partial write-off (the lease stays in the pool with the rest of its exposure).
 */
export async function creditLedgerRows(
  db: DbOrTx,
  funderId: number,
): Promise<{ writeOffs: [number, string, number, 0 | 1][]; recoveries: [number, string, number][] }> {
  return {
    writeOffs: await arraysOf<[number, string, number, 0 | 1]>(
      db,
      `select w.lease_id, w.write_off_on, w.amount,
         case when l.written_off_on is not null and w.id = (select max(x.id) from write_offs x where x.lease_id = w.lease_id and x.status = 'approved') then 1 else 0 end as full
       from write_offs w join leases l on l.id = w.lease_id
       where w.funder_id = ? and w.status = 'approved' order by w.write_off_on, w.id`,
      [funderId],
    ),
    recoveries: await arraysOf<[number, string, number]>(
      db,
      `select lease_id, received_on, amount from recoveries where funder_id = ? order by received_on, id`,
      [funderId],
    ),
  };
}

async function leaseOf(tx: DbOrTx, funderId: number, leaseId: number) {
  const l = (
    await tx
      .select({
        id: leases.id,
        funderId: leases.funderId,
        currency: leases.currency,
        writtenOffOn: leases.writtenOffOn,
        contractNumber: leases.contractNumber,
      })
      .from(leases)
      .where(eq(leases.id, leaseId))
      .limit(1)
  )[0];
  if (!l || l.funderId !== funderId) throw new NotFound(`Lease ${leaseId} does not exist.`);
  return l;
}

/** The lease's active (not cleared) flag of this kind, if any. */
async function activeFlag(tx: Tx, leaseId: number, kind: CreditFlag['kind']): Promise<CreditFlag | undefined> {
  return (
    await tx
      .select()
      .from(creditFlags)
      .where(and(eq(creditFlags.leaseId, leaseId), eq(creditFlags.kind, kind), isNull(creditFlags.clearedOn)))
      .limit(1)
  )[0];
}

/** Flags a lease unlikely to pay (or SICR) from `flaggedOn`, with a reason. 409 when such a flag is already active. */
export async function flagLease(
  db: Db,
  input: { funderId: number; leaseId: number; kind: CreditFlag['kind']; flaggedOn: string; reason: string },
  actor: CreditActor,
  now = Date.now(),
): Promise<CreditFlag> {
  return await transaction(db, async (tx) => {
    await lockFunder(tx, input.funderId);
    await leaseOf(tx, input.funderId, input.leaseId);
    const active = await activeFlag(tx, input.leaseId, input.kind);
    if (active)
      throw new Conflict(`Lease ${input.leaseId} is flagged ${input.kind} already (flag ${active.id}).`, [
        { field: 'kind', message: 'Already flagged.' },
      ]);
    const row = (
      await tx
        .insert(creditFlags)
        .values({
          funderId: input.funderId,
          leaseId: input.leaseId,
          kind: input.kind,
          flaggedOn: input.flaggedOn,
          reason: input.reason,
          flaggedBy: actor.userId,
          flaggedAt: now,
        })
        .returning()
    )[0]!;
    await recordBookChange(tx, input.funderId, 'flag', input.leaseId);
    await recordAudit(
      tx,
      {
        actor,
        funderId: input.funderId,
        entity: 'lease',
        entityId: input.leaseId,
        action: `flag_${input.kind}`,
        after: { flagId: row.id, flaggedOn: row.flaggedOn, reason: row.reason },
      },
      now,
    );
    return row;
  });
}

/** Clears the lease's active flag of `kind` from `clearedOn`. 404 when none is active; 400 when it precedes the flag. */
export async function unflagLease(
  db: Db,
  input: { funderId: number; leaseId: number; kind: CreditFlag['kind']; clearedOn: string; reason: string },
  actor: CreditActor,
  now = Date.now(),
): Promise<CreditFlag> {
  return await transaction(db, async (tx) => {
    await lockFunder(tx, input.funderId);
    await leaseOf(tx, input.funderId, input.leaseId);
    const active = await activeFlag(tx, input.leaseId, input.kind);
    if (!active) throw new NotFound(`Lease ${input.leaseId} has no active ${input.kind} flag.`);
    if (input.clearedOn < active.flaggedOn)
      throw new Invalid('The flag cannot end before it started.', [
        { field: 'clearedOn', message: `Must be on or after ${active.flaggedOn}.` },
      ]);
    const row = (
      await tx
        .update(creditFlags)
        .set({ clearedOn: input.clearedOn, clearReason: input.reason, clearedBy: actor.userId, clearedAt: now })
        .where(eq(creditFlags.id, active.id))
        .returning()
    )[0]!;
    await recordBookChange(tx, input.funderId, 'flag', input.leaseId);
    await recordAudit(
      tx,
      {
        actor,
        funderId: input.funderId,
        entity: 'lease',
        entityId: input.leaseId,
        action: `unflag_${input.kind}`,
        before: { flagId: active.id, flaggedOn: active.flaggedOn, reason: active.reason },
        after: { clearedOn: input.clearedOn, reason: input.reason },
      },
      now,
    );
    return row;
  });
}

/**
 * Proposes a write-off. `check` runs inside the transaction and throws when the lease may not be written off
 * (not in default on the date). 409 when the lease is written off already or has a pending proposal.
 */
export async function proposeWriteOff(
  db: Db,
  input: { funderId: number; leaseId: number; writeOffOn: string; amount: number; note: string },
  actor: CreditActor,
  check: (tx: DbOrTx) => void | Promise<void>,
  now = Date.now(),
): Promise<WriteOff> {
  return await transaction(db, async (tx) => {
    await lockFunder(tx, input.funderId);
    const lease = await leaseOf(tx, input.funderId, input.leaseId);
    if (lease.writtenOffOn !== null)
      throw new Conflict(`Lease ${input.leaseId} was written off on ${lease.writtenOffOn}.`, [
        { field: 'leaseId', message: 'Written off already.' },
      ]);
    const pending = (
      await tx
        .select({ id: writeOffs.id })
        .from(writeOffs)
        .where(and(eq(writeOffs.leaseId, input.leaseId), eq(writeOffs.status, 'proposed')))
        .limit(1)
    )[0];
    if (pending)
      throw new Conflict(`Lease ${input.leaseId} has a pending write-off proposal (${pending.id}).`, [
        { field: 'leaseId', message: 'A proposal is pending.' },
      ]);
    await check(tx);
    const row = (
      await tx
        .insert(writeOffs)
        .values({
          funderId: input.funderId,
          leaseId: input.leaseId,
          writeOffOn: input.writeOffOn,
          amount: input.amount,
          currency: lease.currency,
          note: input.note,
          status: 'proposed',
          proposedBy: actor.userId,
          proposedAt: now,
        })
        .returning()
    )[0]!;
    await recordBookChange(tx, input.funderId, 'loss', input.leaseId);
    await recordAudit(
      tx,
      {
        actor,
        funderId: input.funderId,
        entity: 'write_off',
        entityId: row.id,
        action: 'propose',
        after: { leaseId: row.leaseId, writeOffOn: row.writeOffOn, amount: row.amount, currency: row.currency },
      },
      now,
    );
    return row;
  });
}

async function loadProposed(tx: DbOrTx, funderIds: ReadonlySet<number> | null, id: number): Promise<WriteOff> {
  const row = (await tx.select().from(writeOffs).where(eq(writeOffs.id, id)).limit(1))[0];
  if (!row || (funderIds !== null && !funderIds.has(row.funderId))) throw new NotFound(`Write-off ${id} does not exist.`);
  if (row.status !== 'proposed')
    throw new Conflict(`Write-off ${id} is ${row.status} already; only a proposed one can be decided.`, [
      { field: 'status', message: `Is ${row.status}.` },
    ]);
  return row;
}

/**
 * loadProposed under the funder's lock (lockFunder): on PostgreSQL a decision made meanwhile by another user is
 * committed before the row is read, so two decisions of one proposal never both pass its status check. An approval
 * changes the lease's row too: it locks that row first (lockLeaseAndFunder, the order of every lease write).
 */
async function loadProposedLocked(tx: Tx, funderIds: ReadonlySet<number> | null, id: number, lease: boolean): Promise<WriteOff> {
  if (!lease) await lockFunderOf(tx, 'write_offs', id);
  else if (pgClientOf(tx)) {
    const leaseId = await valueOf<number>(tx, 'select lease_id from write_offs where id = ?', [id]);
    if (leaseId !== undefined) await lockLeaseAndFunder(tx, leaseId);
  }
  return await loadProposed(tx, funderIds, id);
}

/**
 * Another user approves a proposed write-off: the amount enters the loss ledger and, when `isFull(row)` says it
 * writes off the lease's whole remaining exposure, the lease leaves the portfolio cash flow from the date (its
 * `written_off_on`, journaled so the caches re-read it alone); a partial write-off leaves the lease in the pool.
 * `isFull` runs inside the transaction. 403 for the proposer, 409 when decided already or stale.
 */
export async function approveWriteOff(
  db: Db,
  id: number,
  funderIds: ReadonlySet<number> | null,
  actor: CreditActor,
  note: string,
  now = Date.now(),
  isFull: (row: WriteOff) => boolean | Promise<boolean> = () => true,
): Promise<WriteOff> {
  return await transaction(db, async (tx) => {
    const row = await loadProposedLocked(tx, funderIds, id, true);
    if (row.proposedBy !== null && row.proposedBy === actor.userId) throw new Forbidden(WRITE_OFF_SELF_APPROVAL);
    const lease = await leaseOf(tx, row.funderId, row.leaseId);
    if (lease.writtenOffOn !== null)
      throw new Conflict(`Lease ${row.leaseId} was written off on ${lease.writtenOffOn} since; this proposal is stale.`, [
        { field: 'leaseId', message: 'Stale.' },
      ]);
    // Decided before the row is approved: the credit book must not count this write-off already as a partial one.
    const full = await isFull(row);
    const out = (
      await tx
        .update(writeOffs)
        .set({ status: 'approved', decidedBy: actor.userId, decidedAt: now, decisionNote: note })
        .where(eq(writeOffs.id, id))
        .returning()
    )[0]!;
    if (full) {
      await tx.update(leases).set({ writtenOffOn: row.writeOffOn, updatedAt: now }).where(eq(leases.id, row.leaseId));
      await recordBookChange(tx, row.funderId, 'lease', row.leaseId);
    }
    await recordBookChange(tx, row.funderId, 'loss', row.leaseId);
    await recordAudit(
      tx,
      {
        actor,
        funderId: row.funderId,
        entity: 'write_off',
        entityId: id,
        action: 'approve',
        before: { status: 'proposed' },
        after: { status: 'approved', leaseId: row.leaseId, writeOffOn: row.writeOffOn, amount: row.amount, partial: !full },
      },
      now,
    );
    if (full)
      await recordAudit(
        tx,
        {
          actor,
          funderId: row.funderId,
          entity: 'lease',
          entityId: row.leaseId,
          action: 'write_off',
          before: { writtenOffOn: null },
          after: { writtenOffOn: row.writeOffOn, writeOffId: id },
        },
        now,
      );
    return out;
  });
}

/** Rejects (or, by its proposer, withdraws) a proposed write-off. 409 when decided already. */
export async function rejectWriteOff(
  db: Db,
  id: number,
  funderIds: ReadonlySet<number> | null,
  actor: CreditActor,
  note: string,
  now = Date.now(),
): Promise<WriteOff> {
  return await transaction(db, async (tx) => {
    const row = await loadProposedLocked(tx, funderIds, id, false);
    const out = (
      await tx
        .update(writeOffs)
        .set({ status: 'rejected', decidedBy: actor.userId, decidedAt: now, decisionNote: note })
        .where(eq(writeOffs.id, id))
        .returning()
    )[0]!;
    await recordBookChange(tx, row.funderId, 'loss', row.leaseId);
    await recordAudit(
      tx,
      {
        actor,
        funderId: row.funderId,
        entity: 'write_off',
        entityId: id,
        action: 'reject',
        before: { status: 'proposed' },
        after: { status: 'rejected', note },
      },
      now,
    );
    return out;
  });
}

/** Records a recovery on a written-off lease (on or after its write-off date). 409 when the lease is not written off. */
export async function insertRecovery(
  tx: Tx,
  input: { funderId: number; leaseId: number; receivedOn: string; amount: number; kind: Recovery['kind']; reference: string; note: string },
  actor: CreditActor | AuditActor,
  now = Date.now(),
): Promise<Recovery> {
  await lockFunder(tx, input.funderId);
  const lease = await leaseOf(tx, input.funderId, input.leaseId);
  if (lease.writtenOffOn === null)
    throw new Conflict(`Lease ${input.leaseId} is not written off; record a payment instead.`, [
      { field: 'leaseId', message: 'Not written off.' },
    ]);
  if (input.receivedOn < lease.writtenOffOn)
    throw new Invalid('A recovery comes after the write-off.', [
      { field: 'receivedOn', message: `Must be on or after ${lease.writtenOffOn}.` },
    ]);
  const row = (
    await tx
      .insert(recoveries)
      .values({
        funderId: input.funderId,
        leaseId: input.leaseId,
        receivedOn: input.receivedOn,
        amount: input.amount,
        currency: lease.currency,
        kind: input.kind,
        reference: input.reference,
        note: input.note,
        createdBy: actor.userId,
        createdAt: now,
      })
      .returning()
  )[0]!;
  await recordBookChange(tx, input.funderId, 'loss', input.leaseId);
  await recordAudit(
    tx,
    {
      actor,
      funderId: input.funderId,
      entity: 'recovery',
      entityId: row.id,
      action: 'create',
      after: { leaseId: row.leaseId, receivedOn: row.receivedOn, amount: row.amount, kind: row.kind },
    },
    now,
  );
  return row;
}

export async function createRecovery(
  db: Db,
  input: Parameters<typeof insertRecovery>[1],
  actor: CreditActor,
  now = Date.now(),
): Promise<Recovery> {
  return await transaction(db, async (tx) => await insertRecovery(tx, input, actor, now));
}

/** The currency of a lease (undefined when it does not exist). */
export async function leaseCurrencyOf(db: DbOrTx, leaseId: number): Promise<string | undefined> {
  return (await db.select({ c: leases.currency }).from(leases).where(eq(leases.id, leaseId)).limit(1))[0]?.c;
}

/** The write-off date of a lease (null when not written off). */
export async function writtenOffOnOf(db: DbOrTx, leaseId: number): Promise<string | null> {
  return (await db.select({ w: leases.writtenOffOn }).from(leases).where(eq(leases.id, leaseId)).limit(1))[0]?.w ?? null;
}

export type { CreditFlag, WriteOff, Recovery };
