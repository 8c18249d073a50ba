/**
 * The lease register's reads beyond db/queries/leases.ts: the documented lease-combined rows (a lease
 * joined with its client and its total cash flow), the export iteration, the history with user names
 * and the deletion rule.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Conflict, NotFound } from '@/lib/domain/errors';
import type {
  ASSET_TYPE_VALUES,
  CONDITION_VALUES,
  FREQUENCY_VALUES,
  LEASE_SORT_KEYS,
  LEASE_STATUS_VALUES,
  TIMING_VALUES,
  VAT_REGIME_VALUES,
} from '@/lib/validations/leases';
import type { Db, DbOrTx } from '../client';
import { users, leaseHistory, leases, lessees, scheduleRows } from '../tables';
import { type Lease } from '../schema/portfolio';
import { getFunder } from './funders';
import {
  createLease,
  inIdOrder,
  leaseFilterWhere,
  leaseOrderBy,
  type LeaseFilter,
  type LeaseInput,
  type LeaseListRow,
  type LeaseOrder,
  type LeaseSort,
} from './leases';
import { defaultVatRate, getLessee } from './lessees';
import { columnOf, jsonText } from '../dialect';

// lib/validations cannot import db/: these lines fail to compile if its value lists drift from the schema.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _enumsMatch: [
  Same<(typeof LEASE_STATUS_VALUES)[number], Lease['status']>,
  Same<(typeof ASSET_TYPE_VALUES)[number], Lease['assetType']>,
  Same<(typeof CONDITION_VALUES)[number], Lease['condition']>,
  Same<(typeof TIMING_VALUES)[number], Lease['timing']>,
  Same<(typeof FREQUENCY_VALUES)[number], Lease['frequency']>,
  Same<(typeof VAT_REGIME_VALUES)[number], Lease['vatRegime']>,
  // The outstanding principal is the book engine's, not a column: the register orders it in memory (services/master-file).
  Same<Exclude<(typeof LEASE_SORT_KEYS)[number], 'outstandingPrincipal'>, LeaseSort>,
] = [true, true, true, true, true, true, true];

/**
 * A contract's total cash flow, net of VAT, in minor units: Σ instalments + Σ fees of its schedule +
 * the residual. It is what the lessee pays over the whole contract after the down payment (an
 * unfinanced fee is collected with instalment 1; a financed one is inside the instalments). It does
 * not depend on a cut-off, so past instalments count too.
 */
export const leaseTotalCashFlow = sql<number>`(select coalesce(sum(${scheduleRows.instalment} + ${scheduleRows.fee}), 0) from ${scheduleRows} where ${scheduleRows.leaseId} = ${leases.id}) + ${leases.residual}`;

/** A row of the documented lease-combined endpoints: the lease fields, its client and its total cash flow. */
export type LeaseCombinedRow = Lease & { client: { idODOO: string | null; name: string }; total: number };

function combinedQuery(db: DbOrTx) {
  return db
    .select({ lease: leases, idOdoo: lessees.idOdoo, name: lessees.name, total: leaseTotalCashFlow })
    .from(leases)
    .innerJoin(lessees, eq(leases.lesseeId, lessees.id));
}

function toCombined(r: { lease: Lease; idOdoo: string | null; name: string; total: number }): LeaseCombinedRow {
  return { ...r.lease, client: { idODOO: r.idOdoo, name: r.name }, total: Number(r.total) };
}

/** Every lease of the funder as a lease-combined row, newest first (the users list's order). */
export async function listLeaseCombined(db: DbOrTx, funderId: number): Promise<LeaseCombinedRow[]> {
  return (await combinedQuery(db).where(eq(leases.funderId, funderId)).orderBy(desc(leases.id))).map(toCombined);
}

/** One page of lease-combined rows; `total` is the filtered count (q on contract number and client name). */
export async function pageLeaseCombined(
  db: DbOrTx,
  f: { funderId: number; q?: string; status?: Lease['status'][]; page: number; perPage: number },
): Promise<{ users: LeaseCombinedRow[]; total: number }> {
  const filter: LeaseFilter = { funderId: f.funderId, q: f.q, qScope: 'parties', status: f.status };
  const rows = (
    await combinedQuery(db)
      .where(leaseFilterWhere(filter, true))
      .orderBy(desc(leases.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage)
  ).map(toCombined);
  const total = (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(leases)
      .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
      .where(leaseFilterWhere(filter))
      .limit(1)
  )[0]!.n;
  return { users: rows, total };
}

export async function getLeaseCombined(db: DbOrTx, funderId: number, id: number): Promise<LeaseCombinedRow | undefined> {
  const r = (
    await combinedQuery(db)
      .where(and(eq(leases.id, id), eq(leases.funderId, funderId)))
      .limit(1)
  )[0];
  return r ? toCombined(r) : undefined;
}

/** A lease of this funder with its lessee's name and ERP id; another funder's lease is not found. */
export async function getLeaseOfFunder(db: DbOrTx, funderId: number, id: number): Promise<LeaseListRow | undefined> {
  const r = (
    await db
      .select({ lease: leases, lesseeName: lessees.name, lesseeIdOdoo: lessees.idOdoo })
      .from(leases)
      .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
      .where(and(eq(leases.id, id), eq(leases.funderId, funderId)))
      .limit(1)
  )[0];
  return r ? { ...r.lease, lesseeName: r.lesseeName, lesseeIdOdoo: r.lesseeIdOdoo } : undefined;
}

/**
 * The deletion rule. A lease with recorded payments (any ledger entry, payment or reversal) keeps its
 * history, so it cannot be deleted: 409. End it by changing its status instead.
 */
export function assertLeaseDeletable(lease: Pick<Lease, 'id' | 'contractNumber' | 'status'>, hasPayments: boolean): void {
  if (hasPayments) {
    throw new Conflict(
      `Lease ${lease.contractNumber} has recorded payments: it has a payment history to keep and cannot be deleted. Change its status instead.`,
    );
  }
}

/** The due date of a lease's first instalment (from its persisted schedule). */
export async function firstInstalmentDue(db: DbOrTx, leaseId: number): Promise<string | undefined> {
  return (
    await db
      .select({ d: scheduleRows.dueDate })
      .from(scheduleRows)
      .where(eq(scheduleRows.leaseId, leaseId))
      .orderBy(asc(scheduleRows.period))
      .limit(1)
  )[0]?.d;
}

/**
 * The whole filtered register in its sort order, in batches (for streamed exports). The matching ids
 * are read first in one query, so every batch belongs to the same result even while others write.
 */
export async function* iterateLeases(db: DbOrTx, f: LeaseFilter & LeaseOrder, batchSize = 500): AsyncGenerator<LeaseListRow[]> {
  const ids = (
    await db
      .select({ id: leases.id })
      .from(leases)
      .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
      .where(leaseFilterWhere(f, inIdOrder(f)))
      .orderBy(...leaseOrderBy(f))
  ).map((r) => r.id);
  yield* iterateLeasesByIds(db, ids, batchSize);
}

/**
 * The ids of the whole filtered register in id order, for an order or a sum the SQL does not hold (the book engine's
 * outstanding principal, services/master-file/register-screen.ts). One plucked column: ≈ 16 ms for 100,000 leases;
 * the lessees are joined only for a search, which matches their names (≈ 70 ms with the join).
 */
export async function listLeaseIds(db: DbOrTx, f: LeaseFilter): Promise<number[]> {
  const base = db.select({ id: leases.id }).from(leases);
  const where = leaseFilterWhere(f);
  const query = f.q
    ? base.innerJoin(lessees, eq(leases.lesseeId, lessees.id)).where(where).orderBy(asc(leases.id))
    : base.where(where).orderBy(asc(leases.id));
  const { sql: text, params } = query.toSQL();
  return await columnOf<number>(db, text, params);
}

/** The register rows of these leases in this order (ids of no lease are skipped), in batches of `batchSize`. */
export async function* iterateLeasesByIds(db: DbOrTx, ids: readonly number[], batchSize = 500): AsyncGenerator<LeaseListRow[]> {
  for (let i = 0; i < ids.length; i += batchSize) {
    const chunk = ids.slice(i, i + batchSize);
    const byId = new Map(
      (
        await db
          .select({ lease: leases, lesseeName: lessees.name, lesseeIdOdoo: lessees.idOdoo })
          .from(leases)
          .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
          .where(inArray(leases.id, chunk))
      ).map((r) => [r.lease.id, { ...r.lease, lesseeName: r.lesseeName, lesseeIdOdoo: r.lesseeIdOdoo }] as const),
    );
    const rows = chunk.map((id) => byId.get(id)).filter((r): r is LeaseListRow => r !== undefined);
    if (rows.length > 0) yield rows;
  }
}

export type LeaseHistoryEntry = {
  id: number;
  version: number;
  action: 'created' | 'updated' | 'status';
  changes: Record<string, [unknown, unknown]>;
  userName: string | null;
  at: number;
};

/** The history columns with who made each change, and their entry (null name: a deleted user or the seed). */
const historyColumns = {
  id: leaseHistory.id,
  leaseId: leaseHistory.leaseId,
  version: leaseHistory.version,
  action: leaseHistory.action,
  changes: leaseHistory.changes,
  fullName: users.fullName,
  username: users.username,
  at: leaseHistory.at,
};

function historyEntry(h: {
  id: number;
  version: number;
  action: LeaseHistoryEntry['action'];
  changes: string;
  fullName: string | null;
  username: string | null;
  at: number;
}): LeaseHistoryEntry {
  return {
    id: h.id,
    version: h.version,
    action: h.action,
    changes: JSON.parse(h.changes) as Record<string, [unknown, unknown]>,
    userName: h.fullName || h.username || null,
    at: h.at,
  };
}

/** A lease's history, newest first, with the name of who made each change. */
export async function listLeaseHistory(db: DbOrTx, leaseId: number): Promise<LeaseHistoryEntry[]> {
  return (
    await db
      .select(historyColumns)
      .from(leaseHistory)
      .leftJoin(users, eq(leaseHistory.userId, users.id))
      .where(eq(leaseHistory.leaseId, leaseId))
      .orderBy(desc(leaseHistory.id))
  ).map(historyEntry);
}

/**
 * The entries that can explain the current status of each of these leases (their creation and every
 * change to the status), with who made them: one query per 500 ids on the history's lease index, so a
 * page of the register or the Delinquency table costs one read, never one per row.
 */
export async function listStatusHistories(db: DbOrTx, leaseIds: readonly number[]): Promise<Map<number, LeaseHistoryEntry[]>> {
  const out = new Map<number, LeaseHistoryEntry[]>();
  const ids = [...new Set(leaseIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select(historyColumns)
      .from(leaseHistory)
      .leftJoin(users, eq(leaseHistory.userId, users.id))
      .where(
        and(
          inArray(leaseHistory.leaseId, ids.slice(i, i + 500)),
          sql`(${leaseHistory.action} = 'created' or ${jsonText(leaseHistory.changes, ['status'])} is not null)`,
        ),
      );
    for (const h of rows) {
      let list = out.get(h.leaseId);
      if (!list) out.set(h.leaseId, (list = []));
      list.push(historyEntry(h));
    }
  }
  return out;
}

/**
 * Creates a lease of the funder from a validated body: the VAT rate defaults to the lessee's country
 * rate, else the funder's default. One IMMEDIATE transaction (createLease).
 */
export async function createLeaseForFunder(
  db: Db,
  funderId: number,
  body: Omit<LeaseInput, 'funderId' | 'vatRate'> & { vatRate?: number },
  userId: number | null,
): Promise<Lease> {
  const funder = await getFunder(db, funderId);
  if (!funder) throw new NotFound(`Funder ${funderId} does not exist.`);
  const lessee = await getLessee(db, body.lesseeId);
  const vatRate = body.vatRate ?? defaultVatRate(lessee?.funderId === funderId ? lessee : undefined, funder);
  return await createLease(db, { ...body, funderId, vatRate }, userId);
}

export type ScheduleTotalsRow = {
  instalment: number;
  interest: number;
  principal: number;
  vat: number;
  fee: number;
  gross: number;
  rows: number;
};

/** Column sums of a lease's persisted schedule (minor units). */
export async function getLeaseScheduleTotals(db: DbOrTx, leaseId: number): Promise<ScheduleTotalsRow> {
  const r = (
    await db
      .select({
        instalment: sql<number>`coalesce(sum(${scheduleRows.instalment}), 0)`,
        interest: sql<number>`coalesce(sum(${scheduleRows.interest}), 0)`,
        principal: sql<number>`coalesce(sum(${scheduleRows.principal}), 0)`,
        vat: sql<number>`coalesce(sum(${scheduleRows.vat}), 0)`,
        fee: sql<number>`coalesce(sum(${scheduleRows.fee}), 0)`,
        gross: sql<number>`coalesce(sum(${scheduleRows.gross}), 0)`,
        rows: sql<number>`count(*)`,
      })
      .from(scheduleRows)
      .where(eq(scheduleRows.leaseId, leaseId))
      .limit(1)
  )[0]!;
  return r;
}
