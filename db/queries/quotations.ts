import { transaction } from '../transaction';
import { lockFunder } from './book-changes';
/**
 * Onboarding quotations: list, create, edit (drafts only) and the status workflow
 * draft → submitted → approved | rejected; approved → converted, where converting creates the lease
 * from the quotation's terms in the same transaction. Every status change is kept in
 * quotation_history with who and when. Every write is one IMMEDIATE transaction.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Conflict, Forbidden, Invalid, NotFound } from '@/lib/domain/errors';
import { canTransition, QUOTATION_TRANSITIONS, type QuotationStatus } from '@/lib/validations/quotations';
import type { Db, DbOrTx } from '../client';
import { users, leases, lessees, quotationHistory, quotations } from '../tables';
import { type Lease, type Quotation } from '../schema/portfolio';
import { recordAudit } from './audit';
import { getFunder } from './funders';
import { scheduleOfLease } from './lease-terms';
import { insertLease, type LeaseInput } from './leases';
import { defaultVatRate, getLessee } from './lessees';
import { todayIso } from '@/lib/clock';

/** What a user supplies for a quotation; the instalment is derived by lib/finance. vatRate omitted: the default. */
export type QuotationInput = Pick<
  Quotation,
  | 'lesseeId'
  | 'assetType'
  | 'assetDescription'
  | 'condition'
  | 'currency'
  | 'price'
  | 'downPayment'
  | 'residual'
  | 'term'
  | 'rate'
  | 'timing'
  | 'frequency'
  | 'firstDueDate'
  | 'vatRegime'
  | 'fee'
  | 'feeFinanced'
> & { vatRate?: number };

export type QuotationRow = Quotation & { lesseeName: string; lesseeIdOdoo: string | null; leaseContractNumber: string | null };

function rowQuery(db: DbOrTx) {
  return db
    .select({ q: quotations, lesseeName: lessees.name, lesseeIdOdoo: lessees.idOdoo, leaseContractNumber: leases.contractNumber })
    .from(quotations)
    .innerJoin(lessees, eq(quotations.lesseeId, lessees.id))
    .leftJoin(leases, eq(quotations.leaseId, leases.id));
}

function toRow(r: { q: Quotation; lesseeName: string; lesseeIdOdoo: string | null; leaseContractNumber: string | null }): QuotationRow {
  return { ...r.q, lesseeName: r.lesseeName, lesseeIdOdoo: r.lesseeIdOdoo, leaseContractNumber: r.leaseContractNumber };
}

/** One page of the funder's quotations, newest first, with the filtered count. */
export async function listQuotations(
  db: DbOrTx,
  f: { funderId: number; status?: QuotationStatus[]; page: number; perPage: number },
): Promise<{ quotations: QuotationRow[]; total: number }> {
  const where = f.status?.length
    ? and(eq(quotations.funderId, f.funderId), inArray(quotations.status, f.status))
    : eq(quotations.funderId, f.funderId);
  const rows = (
    await rowQuery(db)
      .where(where)
      .orderBy(desc(quotations.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage)
  ).map(toRow);
  const total = (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(quotations)
      .where(where)
      .limit(1)
  )[0]!.n;
  return { quotations: rows, total };
}

/** Every quotation of the funder matching the filter (for exports), newest first. */
export async function listAllQuotations(db: DbOrTx, funderId: number, status?: QuotationStatus[]): Promise<QuotationRow[]> {
  const where = status?.length
    ? and(eq(quotations.funderId, funderId), inArray(quotations.status, status))
    : eq(quotations.funderId, funderId);
  return (await rowQuery(db).where(where).orderBy(desc(quotations.id))).map(toRow);
}

/** A quotation of this funder; another funder's is not found. */
export async function getQuotation(db: DbOrTx, funderId: number, id: number): Promise<QuotationRow | undefined> {
  const r = (
    await rowQuery(db)
      .where(and(eq(quotations.id, id), eq(quotations.funderId, funderId)))
      .limit(1)
  )[0];
  return r ? toRow(r) : undefined;
}

export type QuotationHistoryEntry = {
  id: number;
  fromStatus: QuotationStatus | null;
  toStatus: QuotationStatus;
  note: string;
  userName: string | null;
  at: number;
};

/** The status changes of a quotation, oldest first, with who made each one. */
export async function listQuotationHistory(db: DbOrTx, quotationId: number): Promise<QuotationHistoryEntry[]> {
  return (
    await db
      .select({
        id: quotationHistory.id,
        fromStatus: quotationHistory.fromStatus,
        toStatus: quotationHistory.toStatus,
        note: quotationHistory.note,
        fullName: users.fullName,
        username: users.username,
        at: quotationHistory.at,
      })
      .from(quotationHistory)
      .leftJoin(users, eq(quotationHistory.userId, users.id))
      .where(eq(quotationHistory.quotationId, quotationId))
      .orderBy(asc(quotationHistory.id))
  ).map(({ fullName, username, ...h }) => ({ ...h, userName: fullName || username || null }));
}

async function assertLesseeOf(db: DbOrTx, funderId: number, lesseeId: number) {
  const lessee = await getLessee(db, lesseeId);
  if (!lessee || lessee.funderId !== funderId) {
    throw new Invalid('The lessee does not exist for this funder.', [{ field: 'lesseeId', message: 'Unknown lessee for this funder.' }]);
  }
  return lessee;
}

/** Creates a draft quotation (and its first history entry) in one IMMEDIATE transaction. */
export async function createQuotation(
  db: Db,
  funderId: number,
  input: QuotationInput,
  userId: number | null,
  now = Date.now(),
): Promise<QuotationRow> {
  return await transaction(db, async (tx) => {
    const funder = await getFunder(tx, funderId);
    if (!funder) throw new NotFound(`Funder ${funderId} does not exist.`);
    const lessee = await assertLesseeOf(tx, funderId, input.lesseeId);
    const terms = { ...input, vatRate: input.vatRate ?? defaultVatRate(lessee, funder) };
    const schedule = scheduleOfLease(terms, funder.rateConvention);
    const created = (
      await tx
        .insert(quotations)
        .values({
          ...terms,
          funderId,
          instalment: schedule.instalment,
          status: 'draft',
          version: 1,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0]!;
    await tx.insert(quotationHistory).values({ quotationId: created.id, fromStatus: null, toStatus: 'draft', note: '', userId, at: now });
    await recordAudit(tx, { actor: userId, funderId, entity: 'quotation', entityId: created.id, action: 'create', after: created }, now);
    return (await getQuotation(tx, funderId, created.id))!;
  });
}

async function loadForWrite(tx: DbOrTx, funderId: number, id: number): Promise<Quotation> {
  const current = (
    await tx
      .select()
      .from(quotations)
      .where(and(eq(quotations.id, id), eq(quotations.funderId, funderId)))
      .limit(1)
  )[0];
  if (!current) throw new NotFound(`Quotation ${id} does not exist.`);
  return current;
}

/**
 * Edits a draft that is still at `expectedVersion` (409 when someone changed it meanwhile, 409 when it
 * is no longer a draft), recomputing its instalment.
 */
export async function updateQuotation(
  db: Db,
  funderId: number,
  id: number,
  expectedVersion: number,
  patch: Partial<QuotationInput>,
  now = Date.now(),
  userId: number | null = null,
): Promise<QuotationRow> {
  return await transaction(db, async (tx) => {
    await lockFunder(tx, funderId);
    const current = await loadForWrite(tx, funderId, id);
    if (current.status !== 'draft') {
      throw new Conflict(`Quotation ${id} is ${current.status}: only a draft can be edited.`);
    }
    if (current.version !== expectedVersion) {
      throw new Conflict(
        `This quotation was changed by someone else since you opened it (you edited version ${expectedVersion}, the current one is ${current.version}). Reload it and make your change again.`,
      );
    }
    if (patch.lesseeId !== undefined) await assertLesseeOf(tx, funderId, patch.lesseeId);
    const funder = (await getFunder(tx, funderId))!;
    const merged = { ...current, ...patch, vatRate: patch.vatRate ?? current.vatRate };
    const schedule = scheduleOfLease(merged, funder.rateConvention);
    const { id: _id, funderId: _f, createdAt: _c, createdBy: _b, ...values } = merged;
    const updated = (
      await tx
        .update(quotations)
        .set({ ...values, instalment: schedule.instalment, version: current.version + 1, updatedAt: now })
        .where(eq(quotations.id, id))
        .returning()
    )[0]!;
    await recordAudit(
      tx,
      { actor: userId, funderId, entity: 'quotation', entityId: id, action: 'update', before: current, after: updated },
      now,
    );
    return (await getQuotation(tx, funderId, id))!;
  });
}

/** The lease a converted quotation becomes: its terms, bought on the conversion day, active. */
export function leaseInputOfQuotation(q: Quotation, purchaseDate: string): LeaseInput {
  return {
    funderId: q.funderId,
    lesseeId: q.lesseeId,
    assetType: q.assetType,
    assetDescription: q.assetDescription,
    condition: q.condition,
    currency: q.currency,
    price: q.price,
    downPayment: q.downPayment,
    residual: q.residual,
    fee: q.fee,
    feeFinanced: q.feeFinanced,
    term: q.term,
    rate: q.rate,
    timing: q.timing,
    frequency: q.frequency,
    firstDueDate: q.firstDueDate,
    vatRate: q.vatRate,
    vatRegime: q.vatRegime,
    purchaseDate,
    agreedPurchasePrice: null,
    status: 'active',
  };
}

/**
 * Four eyes (domain.md §12): where the funder enforces it, the approver of a quotation is not the user who
 * submitted it (the last submission in its history). 403 with the reason.
 */
async function assertFourEyes(tx: DbOrTx, funderId: number, id: number, userId: number | null): Promise<void> {
  if (!(await getFunder(tx, funderId))?.fourEyes) return;
  const submitted = (
    await tx
      .select({ userId: quotationHistory.userId })
      .from(quotationHistory)
      .where(and(eq(quotationHistory.quotationId, id), eq(quotationHistory.toStatus, 'submitted')))
      .orderBy(desc(quotationHistory.id))
      .limit(1)
  )[0];
  if (submitted?.userId != null && submitted.userId === userId) {
    throw new Forbidden(`Four eyes: you submitted quotation ${id}, so another user must approve it.`);
  }
}

/**
 * Moves a quotation to `to` if the workflow allows it (else 409 naming the allowed moves). Converting
 * creates the lease from the quotation's terms in the same IMMEDIATE transaction and links it, so a
 * failing conversion leaves neither a lease nor a changed quotation. `today` (YYYY-MM-DD) is the
 * converted lease's purchase date.
 */
export async function changeQuotationStatus(
  db: Db,
  funderId: number,
  id: number,
  change: { status: QuotationStatus; note?: string },
  userId: number | null,
  opts: { now?: number; today?: string } = {},
): Promise<{ quotation: QuotationRow; lease: Lease | null }> {
  const now = opts.now ?? Date.now();
  const today = opts.today ?? todayIso();
  return await transaction(db, async (tx) => {
    await lockFunder(tx, funderId);
    const current = await loadForWrite(tx, funderId, id);
    const from = current.status;
    const to = change.status;
    if (!canTransition(from, to)) {
      const allowed = QUOTATION_TRANSITIONS[from];
      throw new Conflict(
        allowed.length
          ? `A ${from} quotation cannot become ${to}; it can only become ${allowed.join(' or ')}.`
          : `A ${from} quotation cannot change its status any more.`,
        [{ field: 'status', message: `Not allowed from ${from}.` }],
      );
    }
    if (to === 'approved') await assertFourEyes(tx, funderId, id, userId);
    const lease = to === 'converted' ? await insertLease(tx, leaseInputOfQuotation(current, today), userId, now) : null;
    await tx
      .update(quotations)
      .set({ status: to, version: current.version + 1, updatedAt: now, ...(lease ? { leaseId: lease.id } : {}) })
      .where(eq(quotations.id, id));
    await tx.insert(quotationHistory).values({ quotationId: id, fromStatus: from, toStatus: to, note: change.note ?? '', userId, at: now });
    await recordAudit(
      tx,
      {
        actor: userId,
        funderId,
        entity: 'quotation',
        entityId: id,
        action: to,
        before: { status: from },
        after: { status: to, note: change.note ?? '', leaseId: lease?.id ?? null },
      },
      now,
    );
    return { quotation: (await getQuotation(tx, funderId, id))!, lease };
  });
}

/** When a quotation of the funder was last pushed to the ERP (ms), or null when none ever was. */
export async function lastQuotationSyncAt(db: DbOrTx, funderId: number): Promise<number | null> {
  const row = (
    await db
      .select({ at: sql<number | null>`max(${quotations.lastSyncAt})` })
      .from(quotations)
      .where(eq(quotations.funderId, funderId))
      .limit(1)
  )[0];
  return row?.at ?? null;
}

/** Records a successful push to the ERP: its id for the quotation and when. */
export async function recordQuotationSync(
  db: DbOrTx,
  funderId: number,
  id: number,
  externalId: string,
  now = Date.now(),
): Promise<QuotationRow> {
  return await transaction(db, async (tx) => {
    await tx
      .update(quotations)
      .set({ externalId, lastSyncAt: now })
      .where(and(eq(quotations.id, id), eq(quotations.funderId, funderId)));
    return (await getQuotation(tx, funderId, id))!;
  });
}
