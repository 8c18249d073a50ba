import { describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import { getFunder, updateFunder } from '@/db/queries/funders';
import { createLease, getLease, getLeaseHistory, getLeaseSchedule, updateLease, type LeaseInput } from '@/db/queries/leases';
import { scheduleOfLease } from '@/db/queries/lease-terms';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { leases } from '@/db/schema/portfolio';
import { statusOf } from '@/lib/api/errors';
import { DomainError } from '@/lib/domain/errors';
import { valueBook } from '@/services/portfolio/valuation';

function seeded(n = 120, seed = 7) {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: n, today: '2026-11-21', seed });
  return db;
}

function leaseInput(db: ReturnType<typeof seeded>): LeaseInput {
  const lesseeId = db.$client.prepare('select id from lessees where funder_id = 1 limit 1').pluck().get() as number;
  return {
    funderId: 1,
    lesseeId,
    assetType: 'vehicle',
    assetDescription: 'Test van',
    condition: 'new',
    currency: 'EUR',
    price: 5_000_000,
    downPayment: 500_000,
    residual: 500_000,
    fee: 0,
    feeFinanced: false,
    term: 60,
    rate: 0.06,
    timing: 'advance',
    frequency: 'monthly',
    firstDueDate: '2026-12-01',
    vatRate: 0.23,
    vatRegime: 'per-instalment',
    purchaseDate: '2026-11-20',
    status: 'active',
  };
}

describe('demo portfolio seed', () => {
  it('is deterministic for a seed and date', () => {
    const a = seeded(80, 42).select().from(leases).all();
    const b = seeded(80, 42).select().from(leases).all();
    const strip = (rows: typeof a) => rows.map(({ createdAt: _c, updatedAt: _u, ...r }) => r);
    expect(strip(a)).toEqual(strip(b));
  });

  it('has two funders, mostly EUR with GBP and CHF, both timings, residuals and seasoning', () => {
    const db = seeded(600);
    const q = (sql: string) => db.$client.prepare(sql).all() as Record<string, number | string>[];
    expect(q('select funder_id f, count(*) n from leases group by 1').map((r) => r.f)).toEqual([1, 2]);
    const currencies = Object.fromEntries(
      q('select currency c, count(*) n from leases where funder_id = 1 group by 1').map((r) => [r.c, r.n]),
    );
    expect(Number(currencies.EUR)).toBeGreaterThan(Number(currencies.GBP) + Number(currencies.CHF));
    expect(Number(currencies.GBP)).toBeGreaterThan(0);
    expect(Number(currencies.CHF)).toBeGreaterThan(0);
    expect(q('select distinct timing t from leases order by 1').map((r) => r.t)).toEqual(['advance', 'arrears']);
    expect(q('select count(*) n from leases where residual > 0')[0]!.n).toBeGreaterThan(0);
    expect(q("select count(*) n from leases where status = 'closed'")[0]!.n).toBeGreaterThan(0);
    expect(q('select count(distinct lessee_id) n from leases where funder_id = 1')[0]!.n).toBeGreaterThan(100);
  });

  it('persists exactly the schedule lib/finance builds, and every schedule reconciles', async () => {
    const db = seeded(150);
    for (const lease of db.select().from(leases).all()) {
      const stored = (await getLeaseSchedule(db, lease.id)).map(({ leaseId: _l, ...r }) => r);
      const built = scheduleOfLease(lease);
      expect(stored).toEqual(built.rows);
      expect(stored.reduce((s, r) => s + r.principal, 0) + lease.residual).toBe(lease.principal);
    }
  });
});

describe('lease writes', () => {
  it('creates a lease with its schedule, its history and a new data version', async () => {
    const db = seeded(10);
    const before = (await getFunder(db, 1))!.dataVersion;
    const lease = await createLease(db, leaseInput(db), 1);
    expect(lease).toMatchObject({ principal: 4_500_000, instalment: 79_434, version: 1 });
    expect(lease.contractNumber).toMatch(/^QL-\d{4}-\d{6}$/);
    expect(await getLeaseSchedule(db, lease.id)).toHaveLength(60);
    expect((await getLeaseHistory(db, lease.id))[0]).toMatchObject({ action: 'created', version: 1, userId: 1 });
    expect((await getFunder(db, 1))!.dataVersion).toBe(before + 1);
  });

  it('refuses a stale edit with 409 and keeps the data', async () => {
    const db = seeded(10);
    const lease = await createLease(db, leaseInput(db), 1);
    const edited = await updateLease(db, lease.id, 1, { term: 48 }, 1);
    expect(edited.version).toBe(2);
    expect(await getLeaseSchedule(db, lease.id)).toHaveLength(48);
    let error: unknown;
    try {
      await updateLease(db, lease.id, 1, { term: 36 }, 1);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(statusOf(error as DomainError)).toBe(409);
    expect((await getLease(db, lease.id))!.term).toBe(48);
    expect(JSON.parse((await getLeaseHistory(db, lease.id))[0]!.changes)).toMatchObject({ term: [60, 48] });
  });

  it('rolls back the whole change when the new terms are invalid', async () => {
    const db = seeded(10);
    const lease = await createLease(db, leaseInput(db), 1);
    await expect(async () => await updateLease(db, lease.id, 1, { residual: 99_000_000 }, 1)).rejects.toThrow();
    expect(await getLease(db, lease.id)).toMatchObject({ version: 1, residual: 500_000 });
    expect(await getLeaseSchedule(db, lease.id)).toHaveLength(60);
  });

  it('answers 404 for an unknown lease', async () => {
    const db = seeded(5);
    await expect(async () => await updateLease(db, 999_999, 1, { term: 12 }, 1)).rejects.toThrow(/does not exist/);
  });
});

describe('valued book', () => {
  it('values every lease with check = 0 and total CF = Σ periods + beyond', async () => {
    const db = seeded(300);
    const v = await valueBook(db, 1, '2026-11-01');
    let checked = 0;
    for (let i = 0; i < v.valuation.count; i++) {
      let sum = v.valuation.cashBeyond[i]!;
      for (let k = 0; k < 61; k++) sum += v.valuation.cash[i * 61 + k]!;
      expect(v.valuation.totalcf[i]).toBe(sum);
      expect(Math.abs(v.valuation.check[i]!)).toBeLessThanOrEqual(Math.max(1, v.valuation.remainingInstalments[i]!));
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('reflects a lease edit and a settings change at once (no stale cache)', async () => {
    const db = seeded(50);
    const lease = await createLease(db, leaseInput(db), 1);
    // Valued at a cut-off after its purchase (2026-11-20): before it the lease is not in the pool (issue #11).
    const first = await valueBook(db, 1, '2026-12-01');
    const i = first.indexById.get(lease.id)!;
    const priceBefore = first.valuation.sellto4G[i]!;
    await updateFunder(db, 1, { buyRate: 0.09 });
    const second = await valueBook(db, 1, '2026-12-01');
    expect(second.valuation.sellto4G[second.indexById.get(lease.id)!]).toBeLessThan(priceBefore);
    await updateLease(db, lease.id, 1, { price: 6_000_000 }, 1);
    const third = await valueBook(db, 1, '2026-12-01');
    expect(third.valuation.prin[third.indexById.get(lease.id)!]).toBe(5_500_000);
  });
});
