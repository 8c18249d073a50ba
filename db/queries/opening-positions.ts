import { arraysOf } from '../dialect';
import { transaction } from '../transaction';
/**
 * Opening positions (table opening_positions; lib/servicing/opening.ts): the state a lease's servicing starts from.
 * Written with its audit row and its book change journal row (`lease`: every view re-reads the lease) in the write's
 * transaction; a tape import's commit writes them in its own (writeOpeningPosition).
 */
import { eq } from 'drizzle-orm';
import { Invalid, NotFound } from '@/lib/domain/errors';
import { tryParseDate } from '@/lib/finance';
import { componentsTotal } from '@/lib/servicing/allocation';
import type { OpeningPosition } from '@/lib/servicing/opening';
import type { Db, DbOrTx, Tx } from '../client';
import { leases, openingPositions } from '../tables';
import { recordAudit, type AuditActor } from './audit';
import { recordBookChange } from './book-changes';
import { statementFor } from './prepared';

/** The columns of a position (as_of, days_past_due, arrears_vat, arrears_fee, arrears_interest, arrears_principal, defaulted_on). */
export type PositionColumns = readonly [string, number, number, number, number, number, string | null];

/** The position's columns as SQL over the alias `o` (this module's reads and the servicing book's join). */
export const POSITION_COLUMNS =
  'o.as_of, o.days_past_due, o.arrears_vat, o.arrears_fee, o.arrears_interest, o.arrears_principal, o.defaulted_on';

/** A position from its columns, in that order. */
export function positionOf(r: PositionColumns): OpeningPosition {
  const p: OpeningPosition = { asOf: r[0], daysPastDue: r[1], arrears: { vat: r[2], fee: r[3], interest: r[4], principal: r[5] } };
  if (r[6] !== null) p.defaultedOn = r[6];
  return p;
}

/** The opening positions of the funder's leases, by lease id. */
export function openingPositionsOf(db: DbOrTx, funderId: number): Map<number, OpeningPosition> {
  const rows = statementFor(db, `select o.lease_id, ${POSITION_COLUMNS} from opening_positions o where o.funder_id = ?`)
    .raw()
    .all(funderId) as [number, ...PositionColumns][];
  return new Map(rows.map(([id, ...r]) => [id, positionOf(r)]));
}

/** The lease's opening position, or null (serviced from its first instalment). */
export async function openingPositionOfLease(db: DbOrTx, leaseId: number): Promise<OpeningPosition | null> {
  const r = (
    await arraysOf<[...PositionColumns]>(db, `select ${POSITION_COLUMNS} from opening_positions o where o.lease_id = ?`, [leaseId])
  )[0];
  return r ? positionOf(r) : null;
}

/**
 * Sets the lease's opening position inside the caller's transaction. 404 when the lease is not the funder's; 400 when
 * its date is not a calendar date (it may be after the purchase date: before it the lease is taken as current, QUANTUM
 * having no servicing history of it), its default date is after it,
 * or its days or amounts are negative, or it has arrears with no days past due.
 */
export async function writeOpeningPosition(
  tx: Tx,
  funderId: number,
  leaseId: number,
  position: OpeningPosition,
  actor: AuditActor,
  now = Date.now(),
): Promise<void> {
  const lease = (await tx.select().from(leases).where(eq(leases.id, leaseId)).limit(1))[0];
  if (!lease || lease.funderId !== funderId) throw new NotFound(`Lease ${leaseId} does not exist for funder ${funderId}.`);
  const issues: { field: string; message: string }[] = [];
  if (tryParseDate(position.asOf) === null) issues.push({ field: 'asOf', message: 'Must be a date (YYYY-MM-DD).' });
  if (position.defaultedOn != null && (tryParseDate(position.defaultedOn) === null || position.defaultedOn > position.asOf))
    issues.push({ field: 'defaultedOn', message: 'Must be a date (YYYY-MM-DD) on or before the position date.' });
  if (!Number.isSafeInteger(position.daysPastDue) || position.daysPastDue < 0)
    issues.push({ field: 'daysPastDue', message: 'Must be a whole number of days, 0 or more.' });
  for (const [c, v] of Object.entries(position.arrears))
    if (!Number.isSafeInteger(v) || v < 0) issues.push({ field: `arrears.${c}`, message: 'Must be an amount of 0 or more.' });
  if (componentsTotal(position.arrears) > 0 && position.daysPastDue === 0)
    issues.push({ field: 'daysPastDue', message: 'Arrears are past due: give the days since their due date.' });
  if (issues.length > 0) throw new Invalid('The opening position is not valid.', issues);
  const before = await openingPositionOfLease(tx, leaseId);
  const values = {
    funderId,
    asOf: position.asOf,
    daysPastDue: position.daysPastDue,
    arrearsVat: position.arrears.vat,
    arrearsFee: position.arrears.fee,
    arrearsInterest: position.arrears.interest,
    arrearsPrincipal: position.arrears.principal,
    defaultedOn: position.defaultedOn ?? null,
    createdBy: actor.userId,
    createdAt: now,
  };
  await tx
    .insert(openingPositions)
    .values({ leaseId, ...values })
    .onConflictDoUpdate({ target: openingPositions.leaseId, set: values });
  await recordAudit(tx, { actor, funderId, entity: 'lease', entityId: leaseId, action: 'opening_position', before, after: position }, now);
  await recordBookChange(tx, funderId, 'lease', leaseId);
}

/** Sets the lease's opening position in a transaction of its own (writeOpeningPosition). */
export async function setOpeningPosition(
  db: Db,
  funderId: number,
  leaseId: number,
  position: OpeningPosition,
  actor: AuditActor,
): Promise<void> {
  await transaction(db, async (tx) => await writeOpeningPosition(tx, funderId, leaseId, position, actor));
}
