import { transaction } from '../transaction';
import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../client';
import { type FunderChangeProposalRow } from '../schema/access';
import { funderChangeProposals } from '../tables';
import type { Funder } from '../schema/portfolio';
import { recordAudit, type AuditActor } from './audit';
import { lockFunder, lockFunderOf } from './book-changes';
import { getFunder, getFunderByName, updateFunder } from './funders';
import { Conflict, Forbidden, NotFound } from '@/lib/domain/errors';
import {
  patchOfChanges,
  settingsChanges,
  settingsOf,
  toFunderColumns,
  toFunderSettings,
  type FunderProposal,
  type FunderProposalsQuery,
  type FunderSettings,
  type SettingsChanges,
  type UpdateFunderBody,
} from '@/lib/validations/funders';

/**
 * Four eyes on funder settings (domain.md §12): where the funder enforces it, an admin's change is kept as a
 * pending proposal and applied when another admin approves it. Every step writes its audit row (entity
 * `funder`, actions propose / approve / reject / supersede, and the `update` of the settings when applied) in
 * its own transaction.
 */

/** The admin acting (an audit actor that is always a user). */
export type Actor = AuditActor & { userId: number; email: string };

export const SELF_APPROVAL_MESSAGE = 'Four eyes: you proposed this change, so another admin must approve it.';

/** A stored proposal as the API returns it. */
export function toFunderProposal(row: FunderChangeProposalRow): FunderProposal {
  let changes: SettingsChanges = {};
  try {
    changes = JSON.parse(row.changes) as SettingsChanges;
  } catch {
    changes = {};
  }
  return {
    id: row.id,
    funderId: row.funderId,
    proposedBy: row.proposedBy,
    proposedByEmail: row.proposedByEmail,
    proposedAt: row.proposedAt,
    changes,
    baseDataVersion: row.baseDataVersion,
    status: row.status,
    decidedBy: row.decidedBy,
    decidedByEmail: row.decidedByEmail,
    decidedAt: row.decidedAt,
  };
}

/** The proposals of a funder (or of every funder), newest first; pending ones by default. */
export async function listFunderProposals(db: DbOrTx, q: Pick<FunderProposalsQuery, 'funderId' | 'status'>): Promise<FunderProposal[]> {
  const parts: SQL[] = [];
  if (q.funderId !== undefined) parts.push(eq(funderChangeProposals.funderId, q.funderId));
  if (q.status !== 'all') parts.push(eq(funderChangeProposals.status, q.status));
  return (
    await db
      .select()
      .from(funderChangeProposals)
      .where(parts.length ? and(...parts) : undefined)
      .orderBy(desc(funderChangeProposals.proposedAt), desc(funderChangeProposals.id))
  ).map(toFunderProposal);
}

export async function getFunderProposal(db: DbOrTx, id: number): Promise<FunderProposal | undefined> {
  const row = (await db.select().from(funderChangeProposals).where(eq(funderChangeProposals.id, id)).limit(1))[0];
  return row ? toFunderProposal(row) : undefined;
}

async function assertNameFree(tx: DbOrTx, funderId: number, name: string | undefined): Promise<void> {
  if (name === undefined) return;
  const same = await getFunderByName(tx, name);
  if (same && same.id !== funderId) {
    throw new Conflict(`A funder named "${name}" already exists.`, [{ field: 'name', message: 'Already in use.' }]);
  }
}

/** Marks the funder's other pending proposals superseded (their base is gone), one audit row each. */
async function supersedePending(tx: Tx, funderId: number, except: number | null, actor: Actor, now: number): Promise<void> {
  const pending = await tx
    .select()
    .from(funderChangeProposals)
    .where(
      and(
        eq(funderChangeProposals.funderId, funderId),
        eq(funderChangeProposals.status, 'pending'),
        ...(except === null ? [] : [ne(funderChangeProposals.id, except)]),
      ),
    )
    .orderBy(asc(funderChangeProposals.id));
  for (const p of pending) {
    await tx
      .update(funderChangeProposals)
      .set({ status: 'superseded', decidedBy: actor.userId, decidedByEmail: actor.email, decidedAt: now })
      .where(eq(funderChangeProposals.id, p.id));
    await recordAudit(
      tx,
      {
        actor,
        funderId,
        entity: 'funder',
        entityId: funderId,
        action: 'supersede',
        before: { proposalId: p.id, status: 'pending' },
        after: { proposalId: p.id, status: 'superseded' },
      },
      now,
    );
  }
}

/** Writes a patch onto the funder with its `update` audit row. */
async function applyPatch(tx: Tx, before: Funder, patch: UpdateFunderBody, actor: Actor, now: number): Promise<FunderSettings> {
  const after = (await updateFunder(tx, before.id, toFunderColumns(patch)))!;
  const settings = toFunderSettings(after);
  await recordAudit(
    tx,
    {
      actor,
      funderId: before.id,
      entity: 'funder',
      entityId: before.id,
      action: 'update',
      before: toFunderSettings(before),
      after: settings,
    },
    now,
  );
  return settings;
}

export type SettingsChangeResult = { applied: FunderSettings; proposal?: undefined } | { proposal: FunderProposal; applied?: undefined };

/**
 * An admin's change of a funder's settings, in one IMMEDIATE transaction. Without four eyes it is applied at
 * once (and any pending proposal of the funder is superseded); with four eyes it becomes a pending proposal of
 * the settings it really changes — also when it turns four eyes off. A patch that changes nothing is answered
 * with the funder as it is. 404 for an unknown funder, 409 for another funder's name.
 */
export async function changeFunderSettings(
  db: Db,
  funderId: number,
  patch: UpdateFunderBody,
  actor: Actor,
  now = Date.now(),
): Promise<SettingsChangeResult> {
  return await transaction(db, async (tx): Promise<SettingsChangeResult> => {
    await lockFunder(tx, funderId);
    const before = await getFunder(tx, funderId);
    if (!before) throw new NotFound(`Funder ${funderId} does not exist.`);
    await assertNameFree(tx, funderId, patch.name);
    if (!before.fourEyes) {
      const applied = await applyPatch(tx, before, patch, actor, now);
      await supersedePending(tx, funderId, null, actor, now);
      return { applied };
    }
    const current = toFunderSettings(before);
    const changes = settingsChanges(current, patch);
    if (Object.keys(changes).length === 0) return { applied: current };
    const row = (
      await tx
        .insert(funderChangeProposals)
        .values({
          funderId,
          proposedBy: actor.userId,
          proposedByEmail: actor.email,
          proposedAt: now,
          changes: JSON.stringify(changes),
          base: JSON.stringify(settingsOf(current)),
          baseDataVersion: before.dataVersion,
          status: 'pending',
        })
        .returning()
    )[0]!;
    await recordAudit(
      tx,
      { actor, funderId, entity: 'funder', entityId: funderId, action: 'propose', after: { proposalId: row.id, changes } },
      now,
    );
    return { proposal: toFunderProposal(row) };
  });
}

/** loadPending under the funder's lock (lockFunder): two decisions of one proposal never both find it pending. */
async function loadPendingLocked(tx: Tx, id: number): Promise<FunderChangeProposalRow> {
  await lockFunderOf(tx, 'funder_change_proposals', id);
  return await loadPending(tx, id);
}

async function loadPending(tx: DbOrTx, id: number): Promise<FunderChangeProposalRow> {
  const row = (await tx.select().from(funderChangeProposals).where(eq(funderChangeProposals.id, id)).limit(1))[0];
  if (!row) throw new NotFound(`Proposal ${id} does not exist.`);
  if (row.status !== 'pending') {
    throw new Conflict(`Proposal ${id} is ${row.status} already; only a pending proposal can be decided.`, [
      { field: 'status', message: `Is ${row.status}.` },
    ]);
  }
  return row;
}

/**
 * Another admin approves a pending proposal: the changes are applied in the same IMMEDIATE transaction as the
 * decision and their audit rows, and the funder's other pending proposals are superseded. 403 for the proposer
 * (four eyes), 409 when the proposal is no longer pending or the funder's settings changed since it was made.
 */
export async function approveFunderProposal(
  db: Db,
  id: number,
  actor: Actor,
  now = Date.now(),
): Promise<{ proposal: FunderProposal; funder: FunderSettings }> {
  return await transaction(db, async (tx) => {
    const row = await loadPendingLocked(tx, id);
    if (row.proposedBy !== null && row.proposedBy === actor.userId) throw new Forbidden(SELF_APPROVAL_MESSAGE);
    const before = await getFunder(tx, row.funderId);
    if (!before) throw new NotFound(`Funder ${row.funderId} does not exist.`);
    // The settings the proposal was made on must still be the funder's: a change in between makes it stale.
    if (JSON.stringify(settingsOf(toFunderSettings(before))) !== row.base) {
      throw new Conflict(`The settings of funder ${row.funderId} changed since proposal ${id} was made; propose the change again.`, [
        { field: 'baseDataVersion', message: 'Stale: the settings changed since.' },
      ]);
    }
    const proposal = toFunderProposal(row);
    const patch = patchOfChanges(proposal.changes);
    await assertNameFree(tx, row.funderId, patch.name);
    await tx
      .update(funderChangeProposals)
      .set({ status: 'approved', decidedBy: actor.userId, decidedByEmail: actor.email, decidedAt: now })
      .where(eq(funderChangeProposals.id, id));
    await recordAudit(
      tx,
      {
        actor,
        funderId: row.funderId,
        entity: 'funder',
        entityId: row.funderId,
        action: 'approve',
        before: { proposalId: id, status: 'pending' },
        after: { proposalId: id, status: 'approved', proposedByEmail: row.proposedByEmail, changes: proposal.changes },
      },
      now,
    );
    const funder = await applyPatch(tx, before, patch, actor, now);
    await supersedePending(tx, row.funderId, id, actor, now);
    return { proposal: (await getFunderProposal(tx, id))!, funder };
  });
}

/** Rejects a pending proposal (its proposer may withdraw it so): nothing is applied. 409 when it is not pending. */
export async function rejectFunderProposal(db: Db, id: number, actor: Actor, now = Date.now()): Promise<FunderProposal> {
  return await transaction(db, async (tx) => {
    const row = await loadPendingLocked(tx, id);
    await tx
      .update(funderChangeProposals)
      .set({ status: 'rejected', decidedBy: actor.userId, decidedByEmail: actor.email, decidedAt: now })
      .where(eq(funderChangeProposals.id, id));
    await recordAudit(
      tx,
      {
        actor,
        funderId: row.funderId,
        entity: 'funder',
        entityId: row.funderId,
        action: 'reject',
        before: { proposalId: id, status: 'pending' },
        after: { proposalId: id, status: 'rejected', changes: JSON.parse(row.changes) as unknown },
      },
      now,
    );
    return (await getFunderProposal(tx, id))!;
  });
}
