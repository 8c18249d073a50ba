import { transaction } from '@/db/transaction';
import { describe, expect, it } from 'vitest';
import { pageAudit, recordAudit } from '@/db/queries/audit';
import { listUserFunderIds, setUserFunders, usersHoldingEveryFunder } from '@/db/queries/funder-access';
import { updateFunder } from '@/db/queries/funders';
import { changeQuotationStatus, createQuotation, type QuotationInput } from '@/db/queries/quotations';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { statusOf } from '@/lib/api/errors';
import { DomainError } from '@/lib/domain/errors';
import { createTestDb } from '../helpers/test-db';

function seeded() {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 8, today: '2026-11-21', seed: 5 });
  return db;
}
type TestDb = ReturnType<typeof seeded>;

const userId = (db: TestDb, who: string) =>
  db.$client.prepare('select id from users where email = ?').pluck().get(`${who}@quantum.demo`) as number;
const auditCount = (db: TestDb) => db.$client.prepare('select count(*) from audit_log').pluck().get() as number;

function terms(db: TestDb): QuotationInput {
  return {
    lesseeId: db.$client.prepare('select id from lessees where funder_id = 1 order by id limit 1').pluck().get() as number,
    assetType: 'machinery',
    assetDescription: 'Press brake',
    condition: 'new',
    currency: 'EUR',
    price: 5_000_000,
    downPayment: 0,
    residual: 0,
    fee: 0,
    feeFinanced: false,
    term: 36,
    rate: 0.06,
    timing: 'arrears',
    frequency: 'monthly',
    firstDueDate: '2027-01-01',
    vatRate: 0.2,
    vatRegime: 'per-instalment',
  };
}

describe('audit trail (domain.md §12)', () => {
  it('a successful write leaves exactly one audit row, with who and before → after', async () => {
    const db = seeded();
    const before = auditCount(db);
    const analyst = userId(db, 'analyst');
    await setUserFunders(db, analyst, [2], { userId: userId(db, 'admin') });
    expect(auditCount(db)).toBe(before + 1);
    const { rows } = await pageAudit(db, { entity: 'funder_assignment' }, 1, 10);
    expect(rows[0]).toMatchObject({
      userEmail: 'admin@quantum.demo',
      entityId: String(analyst),
      before: '{"funderIds":[]}',
      after: '{"funderIds":[2]}',
    });
  });

  it('a failed write leaves no audit row (the row is in the transaction of the change)', async () => {
    const db = seeded();
    const before = auditCount(db);
    await expect(async () => await setUserFunders(db, userId(db, 'analyst'), [1, 999], { userId: null })).rejects.toThrow(/999/);
    expect(auditCount(db)).toBe(before);
    expect(await listUserFunderIds(db, userId(db, 'analyst'))).toEqual([]);
    const q = await createQuotation(db, 1, terms(db), userId(db, 'analyst'));
    const afterCreate = auditCount(db);
    expect(afterCreate).toBe(before + 1);
    await expect(async () => await changeQuotationStatus(db, 1, q.id, { status: 'converted' }, userId(db, 'analyst'))).rejects.toThrow(
      DomainError,
    );
    expect(auditCount(db)).toBe(afterCreate);
    // A change that fails after its audit row was written takes the row with it.
    await expect(
      transaction(db, async (tx) => {
        await recordAudit(tx, { actor: null, entity: 'lease', entityId: 1, action: 'update' });
        throw new Error('late failure');
      }),
    ).rejects.toThrow('late failure');
    expect(auditCount(db)).toBe(afterCreate);
  });

  it('is append-only: the database refuses to update or delete a row', async () => {
    const db = seeded();
    await recordAudit(db, { actor: null, entity: 'funder', entityId: 1, action: 'update', before: { a: 1 }, after: { a: 2 } });
    expect(() => db.$client.prepare("update audit_log set action = 'x'").run()).toThrow(/append-only/);
    expect(() => db.$client.prepare('delete from audit_log').run()).toThrow(/append-only/);
    expect((await pageAudit(db, {}, 1, 10)).rows[0]).toMatchObject({ userEmail: 'system', action: 'update' });
  });

  it('a funder created later joins the assignments of users who held every funder', async () => {
    const db = seeded();
    const analyst = userId(db, 'analyst');
    const viewer = userId(db, 'viewer');
    await setUserFunders(db, analyst, [1, 2], { userId: null });
    await setUserFunders(db, viewer, [2], { userId: null });
    expect(await usersHoldingEveryFunder(db, 999)).toEqual([analyst]);
  });
});

describe('four eyes on quotation approval', () => {
  const submitted = async (db: TestDb, by: number) => {
    const q = await createQuotation(db, 1, terms(db), by);
    await changeQuotationStatus(db, 1, q.id, { status: 'submitted' }, by);
    return q;
  };

  it('refuses the submitter as approver (403) where the funder enforces it, and leaves the quotation submitted', async () => {
    const db = seeded();
    await updateFunder(db, 1, { fourEyes: true });
    const analyst = userId(db, 'analyst');
    const q = await submitted(db, analyst);
    let error: unknown;
    try {
      await changeQuotationStatus(db, 1, q.id, { status: 'approved' }, analyst);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(statusOf(error as DomainError)).toBe(403);
    expect((error as Error).message).toMatch(/another user must approve/);
    expect((await changeQuotationStatus(db, 1, q.id, { status: 'approved' }, userId(db, 'admin'))).quotation.status).toBe('approved');
  });

  it('is on for the seeded demo funders', () => {
    const db = seeded();
    expect(db.$client.prepare('select four_eyes from funders order by id').pluck().all()).toEqual([1, 1]);
  });

  it('lets the submitter approve where the funder turned four eyes off', async () => {
    const db = seeded();
    await updateFunder(db, 1, { fourEyes: false });
    const analyst = userId(db, 'analyst');
    const q = await submitted(db, analyst);
    expect((await changeQuotationStatus(db, 1, q.id, { status: 'approved' }, analyst)).quotation.status).toBe('approved');
  });
});
