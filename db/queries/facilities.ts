import { transaction } from '../transaction';
/**
 * Funding facilities (domain.md §11): terms, criteria, concentration limits, covenants, draws and repayments,
 * certificates and kept month-end metric values. Every change writes one audit row (entity `facility`) in the
 * transaction of the change; decisions follow the four-eyes rule of funder proposals (the approver must not be
 * the requester: 403; a decided item: 409).
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../client';
import { type FacilityCertificateRow, type FacilityDrawRow, type FacilityRow } from '../schema/facilities';
import {
  facilities,
  facilityCertificates,
  facilityCovenants,
  facilityCriteria,
  facilityDraws,
  facilityLimits,
  facilityMetricResults,
} from '../tables';
import { recordAudit } from './audit';
import { lockFunderOf } from './book-changes';
import { deepFreeze, readUntilChange } from './change-memo';
import { Conflict, Forbidden, NotFound } from '@/lib/domain/errors';
import type { ConcentrationLimit, CovenantTerms, Criterion, ThresholdStep } from '@/lib/facilities';
import type { CertificateContent } from '@/lib/facilities/certificate';
import type {
  CovenantBody,
  CreateFacilityBody,
  CriterionBody,
  DrawBody,
  LimitBody,
  UpdateFacilityBody,
} from '@/lib/validations/facilities';

export type FacilityActor = { userId: number; email: string };
export type Covenant = CovenantTerms & { id: number };

export type Facility = Omit<FacilityRow, 'createdAt' | 'updatedAt'> & {
  criteria: Criterion[];
  limits: ConcentrationLimit[];
  covenants: Covenant[];
  createdAt: number;
  updatedAt: number;
};

export const SELF_DECISION_MESSAGE = 'Four eyes: you requested or prepared this, so another user must decide it.';

function parseList(text: string | null): string[] | null {
  if (text === null) return null;
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.map(String) : null;
  } catch {
    return null;
  }
}

function parseSteps(text: string): ThresholdStep[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as ThresholdStep[]) : [];
  } catch {
    return [];
  }
}

async function withParts(db: DbOrTx, row: FacilityRow): Promise<Facility> {
  const criteria = (
    await db.select().from(facilityCriteria).where(eq(facilityCriteria.facilityId, row.id)).orderBy(asc(facilityCriteria.id))
  ).map((c) => ({ id: c.id, kind: c.kind, value: c.value, values: parseList(c.values) }));
  const limits = (await db.select().from(facilityLimits).where(eq(facilityLimits.facilityId, row.id)).orderBy(asc(facilityLimits.id))).map(
    (l) => ({ id: l.id, group: l.groupBy, kind: l.kind, value: l.value, topN: l.topN }),
  );
  const covenants = (
    await db.select().from(facilityCovenants).where(eq(facilityCovenants.facilityId, row.id)).orderBy(asc(facilityCovenants.id))
  ).map((c) => ({ id: c.id, metric: c.metric, operator: c.operator, steps: parseSteps(c.steps), warningMargin: c.warningMargin }));
  return { ...row, criteria, limits, covenants };
}

/**
 * The funders' facilities with their criteria, limits and covenants (four queries each). The Dashboard and the
 * facility screens read them on every request: kept (frozen) until the database changes (change-memo.ts).
 */
export async function listFacilities(db: DbOrTx, funderIds: readonly number[] | 'all'): Promise<Facility[]> {
  if (funderIds !== 'all' && funderIds.length === 0) return [];
  return (
    await readUntilChange(db, `facilities.list:${funderIds === 'all' ? 'all' : funderIds.join(',')}`, async () =>
      Promise.all(
        (
          await db
            .select()
            .from(facilities)
            .where(funderIds === 'all' ? undefined : inArray(facilities.funderId, [...funderIds]))
            .orderBy(asc(facilities.funderId), asc(facilities.id))
        ).map(async (r) => deepFreeze(await withParts(db, r))),
      ),
    )
  ).slice();
}

export async function getFacility(db: DbOrTx, id: number): Promise<Facility | undefined> {
  return await readUntilChange(db, `facilities.get:${id}`, async () => {
    const row = (await db.select().from(facilities).where(eq(facilities.id, id)).limit(1))[0];
    return row ? deepFreeze(await withParts(db, row)) : undefined;
  });
}

async function requireFacility(db: DbOrTx, id: number): Promise<Facility> {
  const f = await getFacility(db, id);
  if (!f) throw new NotFound(`Facility ${id} does not exist.`);
  return f;
}

/**
 * requireFacility under its funder's lock (lockFunder), the first step of a facility's check-then-act write: on
 * PostgreSQL two draws never both fit the same availability, and two decisions of one draw or certificate never both
 * find it pending.
 */
async function requireFacilityLocked(tx: Tx, id: number): Promise<Facility> {
  await lockFunderOf(tx, 'facilities', id);
  return await requireFacility(tx, id);
}

async function replaceCriteria(tx: Tx, facilityId: number, list: readonly CriterionBody[]): Promise<void> {
  await tx.delete(facilityCriteria).where(eq(facilityCriteria.facilityId, facilityId));
  for (const c of list)
    await tx
      .insert(facilityCriteria)
      .values({ facilityId, kind: c.kind, value: c.value, values: c.values ? JSON.stringify(c.values) : null });
}

async function replaceLimits(tx: Tx, facilityId: number, list: readonly LimitBody[]): Promise<void> {
  await tx.delete(facilityLimits).where(eq(facilityLimits.facilityId, facilityId));
  for (const l of list)
    await tx.insert(facilityLimits).values({ facilityId, groupBy: l.group, kind: l.kind, value: l.value, topN: l.topN });
}

async function replaceCovenants(tx: Tx, facilityId: number, list: readonly CovenantBody[]): Promise<void> {
  await tx.delete(facilityCovenants).where(eq(facilityCovenants.facilityId, facilityId));
  for (const c of list) {
    const steps = [...c.steps].sort((a, b) => a.fromMonth - b.fromMonth);
    await tx
      .insert(facilityCovenants)
      .values({ facilityId, metric: c.metric, operator: c.operator, steps: JSON.stringify(steps), warningMargin: c.warningMargin });
  }
}

/** Audit view of a facility: its terms and rule lists without the row stamps. */
function auditView(f: Facility) {
  const { createdAt: _c, updatedAt: _u, ...rest } = f;
  void _c;
  void _u;
  return rest;
}

export async function createFacility(db: Db, body: CreateFacilityBody, actor: FacilityActor | null, now = Date.now()): Promise<Facility> {
  return await transaction(db, async (tx) => {
    const row = (
      await tx
        .insert(facilities)
        .values({
          funderId: body.funderId,
          name: body.name,
          lender: body.lender,
          currency: body.currency,
          commitment: body.commitment,
          advanceRate: body.advanceRate,
          reserves: body.reserves,
          startDate: body.startDate,
          maturityDate: body.maturityDate,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0]!;
    await replaceCriteria(tx, row.id, body.criteria);
    await replaceLimits(tx, row.id, body.limits);
    await replaceCovenants(tx, row.id, body.covenants);
    const created = await withParts(tx, row);
    await recordAudit(
      tx,
      {
        actor: actor ?? { userId: null, email: 'system' },
        funderId: row.funderId,
        entity: 'facility',
        entityId: row.id,
        action: 'create',
        after: auditView(created),
      },
      now,
    );
    return created;
  });
}

export async function updateFacility(
  db: Db,
  id: number,
  patch: UpdateFacilityBody,
  actor: FacilityActor,
  now = Date.now(),
): Promise<Facility> {
  return await transaction(db, async (tx) => {
    const before = await requireFacilityLocked(tx, id);
    const startDate = patch.startDate ?? before.startDate;
    const maturityDate = patch.maturityDate ?? before.maturityDate;
    if (maturityDate <= startDate)
      throw new Conflict('The maturity date must be after the start date.', [
        { field: 'maturityDate', message: 'Must be after the start date.' },
      ]);
    const { criteria, limits, covenants, ...terms } = patch;
    await tx
      .update(facilities)
      .set({ ...terms, updatedAt: now })
      .where(eq(facilities.id, id));
    if (criteria) await replaceCriteria(tx, id, criteria);
    if (limits) await replaceLimits(tx, id, limits);
    if (covenants) await replaceCovenants(tx, id, covenants);
    // The excess-concentration metric of kept months depends on the rules and terms: measure them again.
    if (criteria || limits || terms.advanceRate !== undefined || terms.reserves !== undefined || terms.startDate !== undefined) {
      await tx.delete(facilityMetricResults).where(eq(facilityMetricResults.facilityId, id));
    }
    const after = await requireFacility(tx, id);
    await recordAudit(
      tx,
      {
        actor,
        funderId: before.funderId,
        entity: 'facility',
        entityId: id,
        action: 'update',
        before: auditView(before),
        after: auditView(after),
      },
      now,
    );
    return after;
  });
}

// ---- draws and repayments ----

export type FacilityDraw = FacilityDrawRow;

export async function listDraws(db: DbOrTx, facilityId: number): Promise<FacilityDraw[]> {
  return await db
    .select()
    .from(facilityDraws)
    .where(eq(facilityDraws.facilityId, facilityId))
    .orderBy(desc(facilityDraws.valueDate), desc(facilityDraws.id));
}

export async function getDraw(db: DbOrTx, facilityId: number, id: number): Promise<FacilityDraw | undefined> {
  return (
    await db
      .select()
      .from(facilityDraws)
      .where(and(eq(facilityDraws.id, id), eq(facilityDraws.facilityId, facilityId)))
      .limit(1)
  )[0];
}

/** Outstanding = approved draws − approved repayments with a value date on or before `asOf` (all when omitted). */
export async function facilityOutstanding(db: DbOrTx, facilityId: number, asOf?: string): Promise<number> {
  // Kept until the database changes (change-memo.ts): the Dashboard tile and the facility pages ask on every request.
  return readUntilChange(db, `facilities.outstanding:${facilityId}:${asOf ?? ''}`, async () => {
    const row = (
      await db
        .select({
          v: sql<number>`coalesce(sum(case when ${facilityDraws.type} = 'draw' then ${facilityDraws.amount} else -${facilityDraws.amount} end), 0)`,
        })
        .from(facilityDraws)
        .where(
          and(
            eq(facilityDraws.facilityId, facilityId),
            eq(facilityDraws.status, 'approved'),
            asOf ? lte(facilityDraws.valueDate, asOf) : undefined,
          ),
        )
        .limit(1)
    )[0];
    return Number(row?.v ?? 0);
  });
}

function aboveAvailability(amount: number, availability: number): Conflict {
  return new Conflict(`The draw of ${amount} exceeds the availability of ${availability} (minor units).`, [
    { field: 'amount', message: `Exceeds the availability of ${availability}.` },
  ]);
}

/**
 * Records a draw request or a repayment (pending until another user approves). A draw above
 * `maximumAdvance − outstanding` (all approved movements) is refused with 409 and the figure; a repayment above
 * the outstanding too.
 */
export async function requestDraw(
  db: Db,
  facilityId: number,
  body: DrawBody,
  maximumAdvance: number,
  actor: FacilityActor | null,
  now = Date.now(),
): Promise<FacilityDraw> {
  return await transaction(db, async (tx) => {
    const f = await requireFacilityLocked(tx, facilityId);
    const outstanding = await facilityOutstanding(tx, facilityId);
    if (body.type === 'draw' && body.amount > maximumAdvance - outstanding)
      throw aboveAvailability(body.amount, maximumAdvance - outstanding);
    if (body.type === 'repayment' && body.amount > outstanding) {
      throw new Conflict(`The repayment of ${body.amount} exceeds the outstanding of ${outstanding}.`, [
        { field: 'amount', message: `Exceeds the outstanding of ${outstanding}.` },
      ]);
    }
    const row = (
      await tx
        .insert(facilityDraws)
        .values({
          facilityId,
          type: body.type,
          amount: body.amount,
          valueDate: body.valueDate,
          note: body.note,
          status: 'pending',
          requestedBy: actor?.userId ?? null,
          requestedByEmail: actor?.email ?? 'system',
          requestedAt: now,
        })
        .returning()
    )[0]!;
    await recordAudit(
      tx,
      {
        actor: actor ?? { userId: null, email: 'system' },
        funderId: f.funderId,
        entity: 'facility',
        entityId: facilityId,
        action: `request_${body.type}`,
        after: row,
      },
      now,
    );
    return row;
  });
}

/**
 * Another user approves or rejects a pending draw or repayment. On approval a draw must still fit the
 * availability (`maximumAdvance` at its value date, computed by the caller) against the outstanding in this
 * transaction.
 */
export async function decideDraw(
  db: Db,
  facilityId: number,
  drawId: number,
  decision: 'approved' | 'rejected',
  maximumAdvance: number,
  actor: FacilityActor,
  now = Date.now(),
): Promise<FacilityDraw> {
  return await transaction(db, async (tx) => {
    const f = await requireFacilityLocked(tx, facilityId);
    const row = (
      await tx
        .select()
        .from(facilityDraws)
        .where(and(eq(facilityDraws.id, drawId), eq(facilityDraws.facilityId, facilityId)))
        .limit(1)
    )[0];
    if (!row) throw new NotFound(`Draw ${drawId} of facility ${facilityId} does not exist.`);
    if (row.status !== 'pending')
      throw new Conflict(`Draw ${drawId} is ${row.status} already.`, [{ field: 'status', message: `Is ${row.status}.` }]);
    if (row.requestedBy !== null && row.requestedBy === actor.userId) throw new Forbidden(SELF_DECISION_MESSAGE);
    if (decision === 'approved') {
      const outstanding = await facilityOutstanding(tx, facilityId);
      if (row.type === 'draw' && row.amount > maximumAdvance - outstanding)
        throw aboveAvailability(row.amount, maximumAdvance - outstanding);
      if (row.type === 'repayment' && row.amount > outstanding)
        throw new Conflict(`The repayment of ${row.amount} exceeds the outstanding of ${outstanding}.`, [
          { field: 'amount', message: 'Exceeds the outstanding.' },
        ]);
    }
    await tx
      .update(facilityDraws)
      .set({ status: decision, decidedBy: actor.userId, decidedByEmail: actor.email, decidedAt: now })
      .where(eq(facilityDraws.id, drawId));
    const after = (await tx.select().from(facilityDraws).where(eq(facilityDraws.id, drawId)).limit(1))[0]!;
    await recordAudit(
      tx,
      {
        actor,
        funderId: f.funderId,
        entity: 'facility',
        entityId: facilityId,
        action: decision === 'approved' ? 'approve_draw' : 'reject_draw',
        before: row,
        after,
      },
      now,
    );
    return after;
  });
}

// ---- certificates ----

/** `summary`: the frozen content (null when unreadable). */
export type CertificateListItem = Omit<FacilityCertificateRow, 'xlsx' | 'pdf' | 'summary'> & { summary: CertificateContent | null };

function certificateItem(r: Omit<FacilityCertificateRow, 'xlsx' | 'pdf'>): CertificateListItem {
  let summary: CertificateContent | null = null;
  try {
    summary = JSON.parse(r.summary) as CertificateContent;
  } catch {
    summary = null;
  }
  return { ...r, summary };
}

const certificateColumns = {
  id: facilityCertificates.id,
  facilityId: facilityCertificates.facilityId,
  asOf: facilityCertificates.asOf,
  status: facilityCertificates.status,
  summary: facilityCertificates.summary,
  xlsxSha256: facilityCertificates.xlsxSha256,
  pdfSha256: facilityCertificates.pdfSha256,
  preparedBy: facilityCertificates.preparedBy,
  preparedByEmail: facilityCertificates.preparedByEmail,
  preparedAt: facilityCertificates.preparedAt,
  decidedBy: facilityCertificates.decidedBy,
  decidedByEmail: facilityCertificates.decidedByEmail,
  decidedAt: facilityCertificates.decidedAt,
};

export async function listCertificates(db: DbOrTx, facilityId: number): Promise<CertificateListItem[]> {
  return (
    await db
      .select(certificateColumns)
      .from(facilityCertificates)
      .where(eq(facilityCertificates.facilityId, facilityId))
      .orderBy(desc(facilityCertificates.asOf), desc(facilityCertificates.id))
  ).map(certificateItem);
}

export async function getCertificate(db: DbOrTx, facilityId: number, id: number): Promise<FacilityCertificateRow | undefined> {
  return (
    await db
      .select()
      .from(facilityCertificates)
      .where(and(eq(facilityCertificates.id, id), eq(facilityCertificates.facilityId, facilityId)))
      .limit(1)
  )[0];
}

export function toCertificateItem(row: FacilityCertificateRow): CertificateListItem {
  const { xlsx: _x, pdf: _p, ...rest } = row;
  void _x;
  void _p;
  return certificateItem(rest);
}

export async function prepareCertificate(
  db: Db,
  facilityId: number,
  asOf: string,
  summary: string,
  xlsx: Buffer,
  xlsxSha256: string,
  actor: FacilityActor | null,
  now = Date.now(),
): Promise<FacilityCertificateRow> {
  return await transaction(db, async (tx) => {
    const f = await requireFacilityLocked(tx, facilityId);
    // One certificate at a date waits for approval at a time: a second would be a second version of the same base
    // for the approver to choose from (and both could be issued).
    const waiting = (
      await tx
        .select({ id: facilityCertificates.id })
        .from(facilityCertificates)
        .where(
          and(
            eq(facilityCertificates.facilityId, facilityId),
            eq(facilityCertificates.asOf, asOf),
            eq(facilityCertificates.status, 'pending'),
          ),
        )
        .limit(1)
    )[0];
    if (waiting)
      throw new Conflict(`Certificate ${waiting.id} at ${asOf} is waiting for approval: issue or reject it before preparing another.`, [
        { field: 'asOf', message: 'A certificate at this date is waiting for approval.' },
      ]);
    const row = (
      await tx
        .insert(facilityCertificates)
        .values({
          facilityId,
          asOf,
          status: 'pending',
          summary,
          xlsx,
          xlsxSha256,
          preparedBy: actor?.userId ?? null,
          preparedByEmail: actor?.email ?? 'system',
          preparedAt: now,
        })
        .returning()
    )[0]!;
    await recordAudit(
      tx,
      {
        actor: actor ?? { userId: null, email: 'system' },
        funderId: f.funderId,
        entity: 'facility',
        entityId: facilityId,
        action: 'prepare_certificate',
        after: { certificateId: row.id, asOf, xlsxSha256 },
      },
      now,
    );
    return row;
  });
}

/** Loads a pending certificate for a decision: 404, 409 when decided, 403 for its preparer. */
export async function pendingCertificate(
  db: DbOrTx,
  facilityId: number,
  id: number,
  actor: FacilityActor,
): Promise<FacilityCertificateRow> {
  const row = await getCertificate(db, facilityId, id);
  if (!row) throw new NotFound(`Certificate ${id} of facility ${facilityId} does not exist.`);
  if (row.status !== 'pending')
    throw new Conflict(`Certificate ${id} is ${row.status === 'approved' ? 'issued' : row.status} already; it cannot change.`, [
      { field: 'status', message: `Is ${row.status}.` },
    ]);
  if (row.preparedBy !== null && row.preparedBy === actor.userId) throw new Forbidden(SELF_DECISION_MESSAGE);
  return row;
}

/** Issues (approves, with its PDF) or rejects a pending certificate; an issued certificate never changes again. */
export async function decideCertificate(
  db: Db,
  facilityId: number,
  id: number,
  decision: 'approved' | 'rejected',
  pdf: Buffer | null,
  pdfSha256: string | null,
  actor: FacilityActor,
  now = Date.now(),
): Promise<FacilityCertificateRow> {
  return await transaction(db, async (tx) => {
    const f = await requireFacilityLocked(tx, facilityId);
    await pendingCertificate(tx, facilityId, id, actor);
    await tx
      .update(facilityCertificates)
      .set({
        status: decision,
        pdf: decision === 'approved' ? pdf : null,
        pdfSha256: decision === 'approved' ? pdfSha256 : null,
        decidedBy: actor.userId,
        decidedByEmail: actor.email,
        decidedAt: now,
      })
      .where(and(eq(facilityCertificates.id, id), eq(facilityCertificates.status, 'pending')));
    await recordAudit(
      tx,
      {
        actor,
        funderId: f.funderId,
        entity: 'facility',
        entityId: facilityId,
        action: decision === 'approved' ? 'issue_certificate' : 'reject_certificate',
        after: { certificateId: id, pdfSha256 },
      },
      now,
    );
    return (await getCertificate(tx, facilityId, id))!;
  });
}

// ---- kept month-end metric values ----

export async function getMetricResults(
  db: DbOrTx,
  facilityId: number,
  monthEnds: readonly string[],
): Promise<Map<string, Record<string, number>>> {
  if (monthEnds.length === 0) return new Map();
  // Kept until the database changes (change-memo.ts), the metrics frozen: the covenant history of the Dashboard tile
  // and the facility pages reads the same stored months on every request. The caller gets a map of its own.
  const kept = readUntilChange(db, `facilities.metrics:${facilityId}:${monthEnds.join(',')}`, async () => {
    const out = new Map<string, Record<string, number>>();
    const rows = await db
      .select()
      .from(facilityMetricResults)
      .where(and(eq(facilityMetricResults.facilityId, facilityId), inArray(facilityMetricResults.monthEnd, [...monthEnds])));
    for (const r of rows) {
      try {
        out.set(r.monthEnd, deepFreeze(JSON.parse(r.metrics) as Record<string, number>));
      } catch {
        // an unreadable row is recomputed
      }
    }
    return out;
  });
  return new Map(await kept);
}

export async function keepMetricResult(
  db: Tx,
  facilityId: number,
  monthEnd: string,
  metrics: Record<string, number>,
  now = Date.now(),
): Promise<void> {
  await db
    .insert(facilityMetricResults)
    .values({ facilityId, monthEnd, metrics: JSON.stringify(metrics), computedAt: now })
    .onConflictDoNothing();
}
