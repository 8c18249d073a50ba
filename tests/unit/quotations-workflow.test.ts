import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getFunder } from '@/db/queries/funders';
import { getLeaseSchedule } from '@/db/queries/leases';
import { scheduleOfLease } from '@/db/queries/lease-terms';
import {
  changeQuotationStatus,
  createQuotation,
  getQuotation,
  listQuotationHistory,
  listQuotations,
  updateQuotation,
  type QuotationInput,
} from '@/db/queries/quotations';
import { leases, quotations } from '@/db/schema/portfolio';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { statusOf } from '@/lib/api/errors';
import { DomainError } from '@/lib/domain/errors';
import { canTransition, QUOTATION_STATUS_VALUES, type QuotationStatus } from '@/lib/validations/quotations';
import { createTestDb } from '../helpers/test-db';

function seeded() {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 20, today: '2026-11-21', seed: 3 });
  return db;
}
type TestDb = ReturnType<typeof seeded>;

const analystId = (db: TestDb) => db.$client.prepare("select id from users where email = 'analyst@quantum.demo'").pluck().get() as number;
const adminId = (db: TestDb) => db.$client.prepare("select id from users where email = 'admin@quantum.demo'").pluck().get() as number;
/** Four eyes is on for the demo funders: the analyst prepares, the admin approves. */
const actorFor = (db: TestDb, to: QuotationStatus) => (to === 'approved' ? adminId(db) : analystId(db));
const nameFor = (to: QuotationStatus) => (to === 'approved' ? 'Alex Admin' : 'Ana Analyst');
const lesseeOf = (db: TestDb, funderId = 1) =>
  db.$client.prepare('select id from lessees where funder_id = ? order by id limit 1').pluck().get(funderId) as number;

function terms(db: TestDb): QuotationInput {
  return {
    lesseeId: lesseeOf(db),
    assetType: 'machinery',
    assetDescription: 'Haas VF-2 machining centre',
    condition: 'new',
    currency: 'EUR',
    price: 12_000_000,
    downPayment: 1_000_000,
    residual: 500_000,
    term: 48,
    rate: 0.058,
    timing: 'arrears',
    frequency: 'monthly',
    firstDueDate: '2027-01-01',
    vatRegime: 'per-instalment',
    fee: 25_000,
    feeFinanced: false,
  };
}

/** The path that reaches each status from a new draft. */
const PATH_TO: Record<QuotationStatus, QuotationStatus[]> = {
  draft: [],
  submitted: ['submitted'],
  approved: ['submitted', 'approved'],
  rejected: ['submitted', 'rejected'],
  converted: ['submitted', 'approved', 'converted'],
};

const ALLOWED = new Set(['draft>submitted', 'submitted>approved', 'submitted>rejected', 'approved>converted']);
const PAIRS = QUOTATION_STATUS_VALUES.flatMap((from) =>
  QUOTATION_STATUS_VALUES.map((to) => ({ from, to, allowed: ALLOWED.has(`${from}>${to}`) })),
);

async function quotationAt(db: TestDb, status: QuotationStatus) {
  const q = await createQuotation(db, 1, terms(db), analystId(db));
  for (const step of PATH_TO[status])
    await changeQuotationStatus(db, 1, q.id, { status: step }, actorFor(db, step), { today: '2026-11-21' });
  return (await getQuotation(db, 1, q.id))!;
}

describe('quotation status transitions', () => {
  it.each(PAIRS)('$from → $to is allowed: $allowed', async ({ from, to, allowed }) => {
    expect(canTransition(from, to)).toBe(allowed);
    const db = seeded();
    const q = await quotationAt(db, from);
    expect(q.status).toBe(from);
    const leaseCount = () => db.$client.prepare('select count(*) from leases').pluck().get() as number;
    const before = leaseCount();
    const act = async () =>
      await changeQuotationStatus(db, 1, q.id, { status: to, note: 'checked' }, actorFor(db, to), { today: '2026-11-21' });
    if (allowed) {
      const { quotation, lease } = await act();
      expect(quotation.status).toBe(to);
      expect(quotation.version).toBe(q.version + 1);
      expect(leaseCount()).toBe(before + (to === 'converted' ? 1 : 0));
      expect(lease === null).toBe(to !== 'converted');
      const last = (await listQuotationHistory(db, q.id)).at(-1)!;
      expect(last).toMatchObject({ fromStatus: from, toStatus: to, note: 'checked', userName: nameFor(to) });
    } else {
      let error: unknown;
      try {
        await act();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect(statusOf(error as DomainError)).toBe(409);
      expect((error as DomainError).message).toMatch(new RegExp(`${from}`));
      expect(await getQuotation(db, 1, q.id)).toEqual(q);
      expect(leaseCount()).toBe(before);
    }
  });

  it('keeps every status change with who and when, starting with the draft', async () => {
    const db = seeded();
    const q = await quotationAt(db, 'converted');
    const history = await listQuotationHistory(db, q.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'draft'],
      ['draft', 'submitted'],
      ['submitted', 'approved'],
      ['approved', 'converted'],
    ]);
    expect(history.map((h) => h.userName)).toEqual(['Ana Analyst', 'Ana Analyst', 'Alex Admin', 'Ana Analyst']);
    expect(history.every((h) => h.at > 0)).toBe(true);
  });
});

describe('converting a quotation', () => {
  it('creates the lease from the quotation terms and links it', async () => {
    const db = seeded();
    const q = await quotationAt(db, 'approved');
    const { quotation, lease } = await changeQuotationStatus(db, 1, q.id, { status: 'converted' }, analystId(db), { today: '2026-11-21' });
    expect(lease).not.toBeNull();
    expect(quotation.leaseId).toBe(lease!.id);
    expect(quotation.leaseContractNumber).toBe(lease!.contractNumber);
    expect(lease).toMatchObject({
      funderId: 1,
      lesseeId: q.lesseeId,
      price: q.price,
      downPayment: q.downPayment,
      residual: q.residual,
      term: q.term,
      rate: q.rate,
      timing: q.timing,
      firstDueDate: q.firstDueDate,
      vatRate: q.vatRate,
      instalment: q.instalment,
      purchaseDate: '2026-11-21',
      status: 'active',
    });
    const built = scheduleOfLease(lease!, (await getFunder(db, 1))!.rateConvention);
    expect((await getLeaseSchedule(db, lease!.id)).map(({ leaseId: _l, ...r }) => r)).toEqual(built.rows);
  });

  it('leaves no lease and the quotation unchanged when the conversion fails half-way', async () => {
    const db = seeded();
    const q = await quotationAt(db, 'approved');
    const dataVersion = (await getFunder(db, 1))!.dataVersion;
    const counts = () =>
      db.$client
        .prepare('select (select count(*) from leases) l, (select count(*) from schedule_rows) s, (select count(*) from lease_history) h')
        .get();
    const before = counts();
    // Fails after the lease and its schedule were written, inside the same transaction.
    db.$client.exec(`create trigger fail_conversion before insert on quotation_history when new.to_status = 'converted'
      begin select raise(abort, 'history store unavailable'); end`);
    await expect(
      async () => await changeQuotationStatus(db, 1, q.id, { status: 'converted' }, analystId(db), { today: '2026-11-21' }),
    ).rejects.toThrow(/history store unavailable/);
    expect(counts()).toEqual(before);
    expect(await getQuotation(db, 1, q.id)).toEqual(q);
    expect((await listQuotationHistory(db, q.id)).map((h) => h.toStatus)).toEqual(['draft', 'submitted', 'approved']);
    expect((await getFunder(db, 1))!.dataVersion).toBe(dataVersion);
  });

  it('leaves the quotation approved when the lease itself is refused (lessee moved to another funder)', async () => {
    const db = seeded();
    const q = await quotationAt(db, 'approved');
    const before = db.select().from(leases).all().length;
    db.$client.prepare('update lessees set funder_id = 2 where id = ?').run(q.lesseeId);
    await expect(async () => await changeQuotationStatus(db, 1, q.id, { status: 'converted' }, analystId(db))).rejects.toThrow(DomainError);
    expect(db.select().from(leases).all()).toHaveLength(before);
    expect(db.select().from(quotations).where(eq(quotations.id, q.id)).get()!.status).toBe('approved');
  });
});

describe('quotation edits', () => {
  it('recomputes the instalment, bumps the version and refuses a stale version with 409', async () => {
    const db = seeded();
    const q = await createQuotation(db, 1, terms(db), analystId(db));
    const updated = await updateQuotation(db, 1, q.id, q.version, { rate: 0.07 });
    expect(updated.version).toBe(q.version + 1);
    expect(updated.instalment).toBeGreaterThan(q.instalment);
    await expect(async () => await updateQuotation(db, 1, q.id, q.version, { rate: 0.08 })).rejects.toThrow(
      expect.objectContaining({ code: 'conflict' }),
    );
    expect((await getQuotation(db, 1, q.id))!.rate).toBe(0.07);
  });

  it.each(['submitted', 'approved', 'rejected', 'converted'] as const)('refuses to edit a %s quotation with 409', async (status) => {
    const db = seeded();
    const q = await quotationAt(db, status);
    await expect(async () => await updateQuotation(db, 1, q.id, q.version, { price: 13_000_000 })).rejects.toThrow(
      expect.objectContaining({ code: 'conflict' }),
    );
  });

  it("defaults the VAT rate to the lessee's country rate", async () => {
    const db = seeded();
    const input = terms(db);
    const country = db.$client.prepare('select country from lessees where id = ?').pluck().get(input.lesseeId) as string;
    const expected = {
      Germany: 0.19,
      Portugal: 0.23,
      France: 0.2,
      Spain: 0.21,
      Netherlands: 0.21,
      Italy: 0.22,
      'United Kingdom': 0.2,
      Switzerland: 0.081,
    }[country];
    expect((await createQuotation(db, 1, input, null)).vatRate).toBe(expected);
    expect((await createQuotation(db, 1, { ...input, vatRate: 0.05 }, null)).vatRate).toBe(0.05);
  });

  it("refuses another funder's lessee and hides another funder's quotation", async () => {
    const db = seeded();
    await expect(async () => await createQuotation(db, 1, { ...terms(db), lesseeId: lesseeOf(db, 2) }, null)).rejects.toThrow(
      expect.objectContaining({ code: 'invalid' }),
    );
    const q = await createQuotation(db, 1, terms(db), null);
    expect(await getQuotation(db, 2, q.id)).toBeUndefined();
    await expect(async () => await changeQuotationStatus(db, 2, q.id, { status: 'submitted' }, null)).rejects.toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });

  it('lists with the status filter and the filtered count', async () => {
    const db = seeded();
    for (const s of ['draft', 'draft', 'submitted', 'approved', 'rejected'] as const) await quotationAt(db, s);
    expect(await listQuotations(db, { funderId: 1, page: 1, perPage: 2 })).toMatchObject({ total: 5 });
    expect((await listQuotations(db, { funderId: 1, page: 1, perPage: 2 })).quotations).toHaveLength(2);
    expect((await listQuotations(db, { funderId: 1, status: ['draft'], page: 1, perPage: 10 })).total).toBe(2);
    expect((await listQuotations(db, { funderId: 1, status: ['approved', 'rejected'], page: 1, perPage: 10 })).total).toBe(2);
    expect((await listQuotations(db, { funderId: 2, page: 1, perPage: 10 })).total).toBe(0);
  });
});
