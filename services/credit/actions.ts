import { transaction } from '@/db/transaction';
/**
 * Credit writes (domain.md §8) with what they must refresh: a write-off's approval ends the lease's flows in the
 * portfolio cash flow through the lease change journal (afterBookWrite re-reads that lease only); flags, write-offs
 * and recoveries change the credit cache's records stamp, so its next read picks them up.
 */
import type { Db } from '@/db/client';
import {
  approveWriteOff,
  createRecovery,
  flagLease as flagLeaseRecord,
  insertRecovery,
  leaseCurrencyOf,
  proposeWriteOff,
  rejectWriteOff,
  unflagLease,
  writtenOffOnOf,
  type CreditActor,
} from '@/db/queries/credit';
import { Conflict, Invalid, NotFound } from '@/lib/domain/errors';
import type { Recovery } from '@/db/schema/credit';
import { leaseLabelsByIds } from '@/db/queries/servicing';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { contagionOfUtpFlag, creditStatesAt, leasePositionAt } from './book';

export type WriteOffProposal = { leaseId: number; writeOffOn: string; amount?: number; note: string };

/**
 * Proposes writing a lease off on a date: it must be in default on that date; the amount defaults to its exposure
 * then (outstanding principal + arrears net of VAT, less earlier partial write-offs: leasePositionAt). Any amount
 * above zero and up to that exposure may be proposed: less than all of it is a partial write-off, which leaves the
 * lease in the pool with the rest (see approveLeaseWriteOff). 400 (field `amount`) outside that range; 409 when not
 * in default, written off or already proposed.
 */
export async function proposeLeaseWriteOff(db: Db, funderId: number, body: WriteOffProposal, actor: CreditActor) {
  const pos = await leasePositionAt(db, funderId, body.leaseId, body.writeOffOn);
  if (pos === null) throw new NotFound(`Lease ${body.leaseId} does not exist in the book of funder ${funderId}.`);
  const amount = body.amount ?? pos.exposure;
  if (pos.exposure <= 0)
    throw new Invalid('The write-off amount must be positive.', [{ field: 'amount', message: 'Nothing to write off on that date.' }]);
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Invalid('The write-off amount must be positive.', [{ field: 'amount', message: 'must be positive' }]);
  if (amount > pos.exposure)
    throw new Invalid(`The write-off amount exceeds the lease's exposure on ${body.writeOffOn} (${pos.exposure} minor units).`, [
      { field: 'amount', message: `must be at most the exposure on ${body.writeOffOn} (${pos.exposure} minor units)` },
    ]);
  return await proposeWriteOff(
    db,
    { funderId, leaseId: body.leaseId, writeOffOn: body.writeOffOn, amount, note: body.note },
    actor,
    async () => {
      const state = (await creditStatesAt(db, funderId, body.writeOffOn)).states.find((s) => s.leaseId === body.leaseId);
      if (!state || state.status !== 'defaulted') {
        throw new Conflict(`Lease ${body.leaseId} is not in default on ${body.writeOffOn}; only a defaulted lease can be written off.`, [
          { field: 'leaseId', message: 'Not in default.' },
        ]);
      }
    },
  );
}

/**
 * Approves a proposed write-off (another user than its proposer). Partial write-offs (domain.md §8 names an amount,
 * by default the exposure, and is silent on less): an amount below the lease's remaining exposure on the write-off
 * date enters the loss ledger and comes off the lease's credit exposure (defaults, ECL), while the lease stays in
 * the pool and keeps being serviced; an amount that reaches the remaining exposure writes the lease off, and its
 * remaining flows leave the portfolio cash flow.
 */
export async function approveLeaseWriteOff(db: Db, id: number, funderIds: ReadonlySet<number> | null, actor: CreditActor, note = '') {
  const row = await approveWriteOff(db, id, funderIds, actor, note, Date.now(), async (w) => {
    const pos = await leasePositionAt(db, w.funderId, w.leaseId, w.writeOffOn);
    return pos === null || w.amount >= pos.exposure;
  });
  await afterBookWrite(db, row.funderId);
  return row;
}

export async function rejectLeaseWriteOff(db: Db, id: number, funderIds: ReadonlySet<number> | null, actor: CreditActor, note = '') {
  return await rejectWriteOff(db, id, funderIds, actor, note);
}

export { unflagLease, createRecovery };

/** A lease put in default by lessee contagion (domain.md §8) as a consequence of a write. */
export type ContagionLease = { leaseId: number; contractNumber: string };

/**
 * The leases an unlikely-to-pay flag on the lease from `flaggedOn` would put in default by lessee contagion, before
 * it is written (the confirmation lists them): the same rule flagLease reports after the write.
 */
export async function previewUtpContagion(db: Db, funderId: number, leaseId: number, flaggedOn: string): Promise<ContagionLease[]> {
  if ((await leasePositionAt(db, funderId, leaseId, flaggedOn)) === null)
    throw new NotFound(`Lease ${leaseId} does not exist in the book of funder ${funderId}.`);
  const ids = await contagionOfUtpFlag(db, funderId, leaseId, flaggedOn);
  return ids.length === 0
    ? []
    : (await leaseLabelsByIds(db, funderId, ids)).map(([id, contractNumber]) => ({ leaseId: id, contractNumber }));
}

/**
 * Flags a lease (unlikely to pay, or a significant increase in credit risk) and says which other leases of the same
 * lessee that flag puts in default by lessee contagion on its date (domain.md §8: the lessee's defaulted exposure now
 * exceeds the contagion share), so the user is told — never a silent default of another lease.
 */
export async function flagLease(
  db: Db,
  input: Parameters<typeof flagLeaseRecord>[1],
  actor: CreditActor,
): Promise<{ flag: Awaited<ReturnType<typeof flagLeaseRecord>>; contagion: ContagionLease[] }> {
  // Only an unlikely-to-pay flag defaults a lease; a credit-risk (SICR) flag moves its stage only.
  if (input.kind !== 'utp') return { flag: await flagLeaseRecord(db, input, actor), contagion: [] };
  const siblings = async (): Promise<Map<number, boolean>> => {
    const { states } = await creditStatesAt(db, input.funderId, input.flaggedOn);
    const lessee = states.find((s) => s.leaseId === input.leaseId)?.lesseeId;
    return new Map(
      states
        .filter((s) => s.lesseeId === lessee && s.leaseId !== input.leaseId)
        .map((s) => [s.leaseId, s.status === 'defaulted' && s.why === 'contagion']),
    );
  };
  const before = await siblings();
  const flag = await flagLeaseRecord(db, input, actor);
  const ids = [...(await siblings())].filter(([id, byContagion]) => byContagion && !before.get(id)).map(([id]) => id);
  const contagion =
    ids.length === 0
      ? []
      : (await leaseLabelsByIds(db, input.funderId, ids)).map(([leaseId, contractNumber]) => ({ leaseId, contractNumber }));
  return { flag, contagion };
}

/**
 * A payment on a written-off lease (received on or after the write-off) is a recovery in the loss ledger, not an
 * allocation: returns the recovery, or null when the lease is not written off (the caller records a payment).
 */
export async function paymentAsRecovery(
  db: Db,
  funderId: number,
  input: { leaseId: number; receivedOn: string; amount: number; currency?: string; reference: string; note: string },
  actor: CreditActor,
): Promise<Recovery | null> {
  const on = await writtenOffOnOf(db, input.leaseId);
  if (on === null || input.receivedOn < on) return null;
  // Another currency than the lease's is refused as for any payment (recordPayment answers 400).
  if (input.currency !== undefined && input.currency !== (await leaseCurrencyOf(db, input.leaseId))) return null;
  return await transaction(
    db,
    async (tx) =>
      await insertRecovery(
        tx,
        {
          funderId,
          leaseId: input.leaseId,
          receivedOn: input.receivedOn,
          amount: input.amount,
          kind: 'late_collection',
          reference: input.reference,
          note: input.note,
        },
        actor,
      ),
  );
}
