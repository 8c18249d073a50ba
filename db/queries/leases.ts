import { transaction } from '../transaction';
import { and, asc, desc, eq, inArray, like, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { Conflict, Invalid, NotFound } from '@/lib/domain/errors';
import type { Schedule } from '@/lib/finance';
import { SHOWN_STATUS_VALUES, type CreditStatus, type ShownStatus } from '@/lib/validations/leases';
import type { Db, DbOrTx, Tx } from '../client';
import { recordAudit } from './audit';
import { type Lease, type NewLease } from '../schema/portfolio';
import { leaseHistory, leases, lessees, scheduleRows, payments } from '../tables';
import { getFunder } from './funders';
import { lockLeaseAndFunder, recordBookChange } from './book-changes';
import { readUntilChange } from './change-memo';
import { scheduleOfLease } from './lease-terms';
import { inIdList, LIKE } from '../dialect';

/** Fields a user supplies for a lease; principal and instalment are derived by lib/finance. */
export type LeaseInput = Omit<
  NewLease,
  'id' | 'principal' | 'instalment' | 'version' | 'createdAt' | 'updatedAt' | 'createdBy' | 'contractNumber'
> &
  Required<Pick<NewLease, 'downPayment' | 'residual' | 'fee' | 'feeFinanced' | 'frequency' | 'vatRate' | 'vatRegime'>> & {
    contractNumber?: string;
  };

export async function getLease(db: DbOrTx, id: number): Promise<Lease | undefined> {
  return (await db.select().from(leases).where(eq(leases.id, id)).limit(1))[0];
}

/** Every lease of a funder bought on or before `asOf`, in id order: its lessee and stored status (for the shown status of each). */
export async function listLeaseStatusesAt(
  db: DbOrTx,
  funderId: number,
  asOf: string,
): Promise<{ id: number; lesseeId: number; status: string }[]> {
  return await db
    .select({ id: leases.id, lesseeId: leases.lesseeId, status: leases.status })
    .from(leases)
    .where(and(eq(leases.funderId, funderId), lte(leases.purchaseDate, asOf)))
    .orderBy(asc(leases.id));
}

export async function getLeaseSchedule(db: DbOrTx, leaseId: number) {
  return await db.select().from(scheduleRows).where(eq(scheduleRows.leaseId, leaseId)).orderBy(asc(scheduleRows.period));
}

export async function getLeaseHistory(db: DbOrTx, leaseId: number) {
  return await db.select().from(leaseHistory).where(eq(leaseHistory.leaseId, leaseId)).orderBy(desc(leaseHistory.id));
}

async function insertSchedule(db: Tx, leaseId: number, schedule: Schedule): Promise<void> {
  const rows = schedule.rows.map((r) => ({ leaseId, ...r }));
  // Chunked: SQLite limits the number of bound variables per statement.
  for (let i = 0; i < rows.length; i += 500) await db.insert(scheduleRows).values(rows.slice(i, i + 500));
}

async function nextContractNumber(db: DbOrTx, year: number): Promise<string> {
  const prefix = `QL-${year}-`;
  const last = (
    await db
      .select({ n: sql<string | null>`max(${leases.contractNumber})` })
      .from(leases)
      .where(like(leases.contractNumber, `${prefix}%`))
      .limit(1)
  )[0]?.n;
  const seq = last ? Number(last.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(6, '0')}`;
}

async function assertLessee(db: DbOrTx, funderId: number, lesseeId: number): Promise<void> {
  const lessee = (await db.select({ funderId: lessees.funderId }).from(lessees).where(eq(lessees.id, lesseeId)).limit(1))[0];
  if (!lessee || lessee.funderId !== funderId) {
    throw new Invalid('The lessee does not exist for this funder.', [{ field: 'lesseeId', message: 'Unknown lessee for this funder.' }]);
  }
}

/** Creates a lease with its schedule and history in one IMMEDIATE transaction. */
export async function createLease(db: Db, input: LeaseInput, userId: number | null, now = Date.now()): Promise<Lease> {
  return await transaction(db, async (tx) => await insertLease(tx, input, userId, now));
}

/**
 * The body of createLease, for a caller that already holds a transaction and must create the lease
 * in it (converting a quotation). Opens no transaction of its own.
 */
export async function insertLease(tx: Tx, input: LeaseInput, userId: number | null, now = Date.now()): Promise<Lease> {
  const funder = await getFunder(tx, input.funderId);
  if (!funder) throw new NotFound(`Funder ${input.funderId} does not exist.`);
  await assertLessee(tx, input.funderId, input.lesseeId);
  const schedule = scheduleOfLease(input, funder.rateConvention);
  const contractNumber = input.contractNumber ?? (await nextContractNumber(tx, new Date(now).getUTCFullYear()));
  if (
    (
      await tx
        .select({ id: leases.id })
        .from(leases)
        .where(and(eq(leases.funderId, input.funderId), eq(leases.contractNumber, contractNumber)))
        .limit(1)
    )[0]
  ) {
    throw new Conflict(`Contract number ${contractNumber} is already in use.`, [{ field: 'contractNumber', message: 'Already in use.' }]);
  }
  const lease = (
    await tx
      .insert(leases)
      .values({
        ...input,
        contractNumber,
        principal: schedule.principal,
        instalment: schedule.instalment,
        version: 1,
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
  )[0]!;
  await insertSchedule(tx, lease.id, schedule);
  await tx.insert(leaseHistory).values({ leaseId: lease.id, version: 1, action: 'created', userId, at: now });
  await recordAudit(
    tx,
    { actor: userId, funderId: lease.funderId, entity: 'lease', entityId: lease.id, action: 'create', after: lease },
    now,
  );
  await recordBookChange(tx, lease.funderId, 'lease', lease.id);
  return lease;
}

/** The fields whose change a lease's history records. */
export const LEASE_TRACKED: (keyof Lease)[] = [
  'lesseeId',
  'contractNumber',
  'assetType',
  'assetDescription',
  'condition',
  'currency',
  'price',
  'downPayment',
  'residual',
  'fee',
  'feeFinanced',
  'term',
  'rate',
  'timing',
  'frequency',
  'firstDueDate',
  'vatRate',
  'vatRegime',
  'purchaseDate',
  'agreedPurchasePrice',
  'status',
  'principal',
  'instalment',
  'rebasedOn',
  'rebasedBalance',
];

/**
 * Edits a lease if it is still at `expectedVersion` (else 409: someone else changed it), rebuilding its
 * schedule in the same transaction and recording what changed.
 */
export async function updateLease(
  db: Db,
  id: number,
  expectedVersion: number,
  patch: Partial<LeaseInput>,
  userId: number | null,
  now = Date.now(),
): Promise<Lease> {
  return await transaction(db, async (tx) => {
    // The lease's row, then its funder's (PostgreSQL): two edits of one version never both pass the version check, and
    // no payment recorded meanwhile slips past a delete's check.
    await lockLeaseAndFunder(tx, id);
    return await applyLeaseUpdate(tx, id, expectedVersion, patch, userId, now);
  });
}

/**
 * The body of updateLease, for a caller that already holds a transaction (a tape import's commit).
 * Opens no transaction of its own; the version check is the same optimistic lock.
 */
export async function applyLeaseUpdate(
  tx: Tx,
  id: number,
  expectedVersion: number,
  patch: Partial<LeaseInput>,
  userId: number | null,
  now = Date.now(),
): Promise<Lease> {
  const current = await getLease(tx, id);
  if (!current) throw new NotFound(`Lease ${id} does not exist.`);
  if (current.version !== expectedVersion) {
    throw new Conflict(
      `This lease was changed by someone else since you opened it (you edited version ${expectedVersion}, the current one is ${current.version}). Reload it and make your change again.`,
    );
  }
  if (patch.funderId !== undefined && patch.funderId !== current.funderId) {
    throw new Invalid('A lease cannot move to another funder.', [{ field: 'funderId', message: 'Cannot change.' }]);
  }
  const merged = { ...current, ...patch };
  if (patch.lesseeId !== undefined) await assertLessee(tx, current.funderId, patch.lesseeId);
  const funder = (await getFunder(tx, current.funderId))!;
  const schedule = scheduleOfLease(merged, funder.rateConvention);
  const next = { ...merged, principal: schedule.principal, instalment: schedule.instalment, version: current.version + 1, updatedAt: now };
  const changes: Record<string, [unknown, unknown]> = {};
  for (const k of LEASE_TRACKED) if (current[k] !== next[k]) changes[k] = [current[k], next[k]];
  const { id: _id, createdAt: _c, createdBy: _b, ...values } = next;
  const updated = (await tx.update(leases).set(values).where(eq(leases.id, id)).returning())[0]!;
  await tx.delete(scheduleRows).where(eq(scheduleRows.leaseId, id));
  await insertSchedule(tx, id, schedule);
  const action = Object.keys(changes).length === 1 && 'status' in changes ? 'status' : 'updated';
  await tx.insert(leaseHistory).values({ leaseId: id, version: next.version, action, changes: JSON.stringify(changes), userId, at: now });
  await recordAudit(
    tx,
    {
      actor: userId,
      funderId: current.funderId,
      entity: 'lease',
      entityId: id,
      action: action === 'status' ? 'status' : 'update',
      before: current,
      after: updated,
    },
    now,
  );
  await recordBookChange(tx, current.funderId, 'lease', id);
  return updated;
}

/**
 * Deletes a lease (and, by cascade, its schedule and history). `assertDeletable` may refuse (throw) after
 * reading the lease, inside the same transaction, so the check and the delete see the same row.
 */
export async function deleteLease(
  db: Db,
  id: number,
  assertDeletable?: (lease: Lease, hasPayments: boolean) => void,
  userId: number | null = null,
): Promise<void> {
  await transaction(db, async (tx) => {
    // The lease's row, then its funder's (PostgreSQL): two edits of one version never both pass the version check, and
    // no payment recorded meanwhile slips past a delete's check.
    await lockLeaseAndFunder(tx, id);
    const current = await getLease(tx, id);
    if (!current) throw new NotFound(`Lease ${id} does not exist.`);
    // Checked inside the transaction, so that no payment recorded meanwhile slips past the check.
    assertDeletable?.(
      current,
      (await tx.select({ id: payments.id }).from(payments).where(eq(payments.leaseId, id)).limit(1))[0] !== undefined,
    );
    await tx.delete(leases).where(eq(leases.id, id));
    await recordAudit(tx, { actor: userId, funderId: current.funderId, entity: 'lease', entityId: id, action: 'delete', before: current });
    await recordBookChange(tx, current.funderId, 'lease', id);
  });
}

export const LEASE_SORTS = {
  id: leases.id,
  contractNumber: leases.contractNumber,
  lessee: lessees.name,
  assetType: leases.assetType,
  currency: leases.currency,
  price: leases.price,
  principal: leases.principal,
  residual: leases.residual,
  term: leases.term,
  rate: leases.rate,
  instalment: leases.instalment,
  firstDueDate: leases.firstDueDate,
  purchaseDate: leases.purchaseDate,
  status: leases.status,
} as const;
export type LeaseSort = keyof typeof LEASE_SORTS;

export type LeaseFilter = {
  funderId: number;
  q?: string;
  /** What q searches: the register also searches the asset description (default); 'parties' only contract number and lessee (the compat /users API, as documented). */
  qScope?: 'register' | 'parties';
  status?: Lease['status'][];
  /**
   * Any of these clauses (OR); within one, every given part holds (AND): the stored status is (not) one of, the
   * id is (not) one of. The register's derived-status filter (services/master-file/register-status.ts) builds them.
   */
  statusAny?: StatusClause[];
  currency?: string[];
  assetType?: Lease['assetType'][];
};

export type StatusClause = {
  stored?: Lease['status'][];
  notStored?: Lease['status'][];
  ids?: readonly number[];
  notIds?: readonly number[];
};

// One bound parameter per id set (a page of a large book may name thousands of ids: no parameter-count limit).
const idIn = (ids: readonly number[]) => inIdList(leases.id, ids);

function statusClauseWhere(c: StatusClause): SQL {
  const parts: SQL[] = [];
  if (c.stored) parts.push(c.stored.length ? inArray(leases.status, c.stored) : sql`1 = 0`);
  if (c.notStored?.length) parts.push(notInArray(leases.status, c.notStored));
  if (c.ids) parts.push(c.ids.length ? idIn(c.ids) : sql`1 = 0`);
  if (c.notIds?.length) parts.push(sql`not (${idIn(c.notIds)})`);
  return parts.length ? and(...parts)! : sql`1 = 1`;
}

/**
 * The register's WHERE. `inIdOrder`: the query reads in id order (the default sort), so the funder is matched
 * with its index disabled (`+funder_id`): SQLite then walks the table in rowid order and stops at the page's
 * last row instead of reading the funder's every lease through its index and sorting them (a first page of a
 * 100k book: 0.3 instead of 80 ms; the last: 40 instead of 360).
 */
export function leaseFilterWhere(f: LeaseFilter, inIdOrder = false): SQL | undefined {
  const parts: (SQL | undefined)[] = [inIdOrder ? sql`+${leases.funderId} = ${f.funderId}` : eq(leases.funderId, f.funderId)];
  if (f.q) {
    const pattern = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The asset description carries the brand and model ("BMW 320d Touring"); there is no separate brand field.
    parts.push(
      or(
        sql`${leases.contractNumber} ${LIKE} ${pattern} escape '\\'`,
        sql`${lessees.name} ${LIKE} ${pattern} escape '\\'`,
        f.qScope === 'parties' ? undefined : sql`${leases.assetDescription} ${LIKE} ${pattern} escape '\\'`,
      ),
    );
  }
  if (f.status?.length) parts.push(inArray(leases.status, f.status));
  if (f.statusAny) parts.push(f.statusAny.length ? or(...f.statusAny.map(statusClauseWhere)) : sql`0`);
  if (f.currency?.length) parts.push(inArray(leases.currency, f.currency));
  if (f.assetType?.length) parts.push(inArray(leases.assetType, f.assetType));
  return and(...parts);
}

export type LeaseListRow = Lease & { lesseeName: string; lesseeIdOdoo: string | null };

/** The leases of each derived credit status other than performing (domain.md §8), for a register sorted by its shown status. */
export type CreditStatusIds = Readonly<Record<Exclude<CreditStatus, 'performing'>, readonly number[]>>;

/** How the register is ordered: a column, or with `sort: 'status'` and `statusIds` the shown status (ranked as SHOWN_STATUS_VALUES). */
export type LeaseOrder = { sort?: LeaseSort; dir?: 'asc' | 'desc'; statusIds?: CreditStatusIds };

const rank = (s: ShownStatus) => SHOWN_STATUS_VALUES.indexOf(s);

/**
 * The shown status as its rank, in SQL (shownStatus in lib/validations/leases: a write-off wins, then closed and
 * terminated as a user set them, then the derived credit status; performing is the rest).
 */
function shownStatusRank(ids: CreditStatusIds): SQL {
  return sql`case
    when ${idIn(ids.written_off)} then ${rank('written_off')}
    when ${leases.status} = 'closed' then ${rank('closed')}
    when ${leases.status} = 'terminated' then ${rank('terminated')}
    when ${idIn(ids.defaulted)} then ${rank('defaulted')}
    when ${idIn(ids.cured)} then ${rank('cured')}
    when ${idIn(ids.repaid)} then ${rank('repaid')}
    else ${rank('performing')} end`;
}

/** Whether the register's order is the id's alone (the default sort). */
export const inIdOrder = (o: LeaseOrder) => (o.sort ?? 'id') === 'id';

/** The register's ORDER BY: the chosen column (or the shown status), then the id. */
export function leaseOrderBy(o: LeaseOrder): SQL[] {
  const col = o.sort === 'status' && o.statusIds ? shownStatusRank(o.statusIds) : LEASE_SORTS[o.sort ?? 'id'];
  return [o.dir === 'desc' ? desc(col) : asc(col), asc(leases.id)];
}

/** One page of the lease register with the filtered count and per-currency totals of the whole filtered set. */
export async function listLeases(
  db: DbOrTx,
  f: LeaseFilter & LeaseOrder & { page: number; perPage: number },
): Promise<{
  rows: LeaseListRow[];
  total: number;
  totals: { currency: string; count: number; price: number; principal: number; residual: number }[];
}> {
  const rows = (
    await db
      .select({ lease: leases, lesseeName: lessees.name, lesseeIdOdoo: lessees.idOdoo })
      .from(leases)
      .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
      .where(leaseFilterWhere(f, inIdOrder(f)))
      .orderBy(...leaseOrderBy(f))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage)
  ).map((r) => ({ ...r.lease, lesseeName: r.lesseeName, lesseeIdOdoo: r.lesseeIdOdoo }));
  const totalsQuery = db
    .select({
      currency: leases.currency,
      count: sql<number>`count(*)`,
      price: sql<number>`coalesce(sum(${leases.price}), 0)`,
      principal: sql<number>`coalesce(sum(${leases.principal}), 0)`,
      residual: sql<number>`coalesce(sum(${leases.residual}), 0)`,
    })
    .from(leases)
    .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
    .where(leaseFilterWhere(f))
    .groupBy(leases.currency)
    .orderBy(asc(leases.currency));
  // The totals read every lease the filter keeps (≈ 280 ms for 100,000): kept until the database changes, under the
  // query's own SQL and parameters; not with a filter by derived credit status, whose id lists would be the key.
  const totals =
    f.statusAny === undefined
      ? await readUntilChange(db, `leases.totals:${JSON.stringify(totalsQuery.toSQL())}`, async () => await totalsQuery)
      : await totalsQuery;
  return { rows, total: totals.reduce((n, t) => n + t.count, 0), totals };
}
