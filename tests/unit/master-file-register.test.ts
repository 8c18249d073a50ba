import { describe, expect, it } from 'vitest';
import {
  assertLeaseDeletable,
  createLeaseForFunder,
  firstInstalmentDue,
  getLeaseCombined,
  iterateLeases,
  iterateLeasesByIds,
  listLeaseCombined,
  listLeaseIds,
  listLeaseHistory,
  pageLeaseCombined,
} from '@/db/queries/lease-register';
import { getLeaseSchedule, listLeases, updateLease } from '@/db/queries/leases';
import { defaultVatRate, searchLessees } from '@/db/queries/lessees';
import { scheduleOfLease } from '@/db/queries/lease-terms';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { ApiError } from '@/lib/api/errors';
import { leaseCreateBody, leasePatchBody } from '@/lib/validations/leases';
import { createTestDb } from '../helpers/test-db';
import { collectBatches } from '../helpers/batches';

function seeded(n = 120) {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: n, today: '2026-11-21', seed: 11 });
  return db;
}

describe('lease-combined rows', () => {
  const db = seeded();

  it('carry the client and total = Σ instalments + Σ fees + residual of the schedule (net of VAT)', async () => {
    const rows = await listLeaseCombined(db, 1);
    expect(rows).toHaveLength(120);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    for (const row of rows) {
      const s = scheduleOfLease(row);
      expect(row.total, row.contractNumber).toBe(s.totals.instalment + s.totals.fee + row.residual);
      expect(row.total).toBe(s.totals.cash - s.totals.vat - s.totals.residualVat);
      expect(row.client.name.length).toBeGreaterThan(0);
      expect(row.client.idODOO).toMatch(/^ODOO-/);
    }
  });

  it.each([
    { page: 1, perPage: 10, size: 10 },
    { page: 12, perPage: 10, size: 10 },
    { page: 13, perPage: 10, size: 0 },
    { page: 2, perPage: 100, size: 20 },
    { page: 1, perPage: 7, size: 7 },
  ])('page $page of $perPage has $size rows and total = the filtered count', async ({ page, perPage, size }) => {
    const { users, total } = await pageLeaseCombined(db, { funderId: 1, page, perPage });
    expect(total).toBe(120);
    expect(users).toHaveLength(size);
  });

  it('q matches the contract number and the client name, case-insensitively; status filters', async () => {
    const sample = (await listLeaseCombined(db, 1))[5]!;
    const byNumber = await pageLeaseCombined(db, { funderId: 1, q: sample.contractNumber.toLowerCase(), page: 1, perPage: 100 });
    expect(byNumber.users.map((u) => u.id)).toEqual([sample.id]);
    const word = sample.client.name.split(' ')[0]!.toUpperCase();
    const byName = await pageLeaseCombined(db, { funderId: 1, q: word, page: 1, perPage: 100 });
    expect(byName.total).toBe(
      (await listLeaseCombined(db, 1)).filter(
        (r) => r.client.name.toUpperCase().includes(word) || r.contractNumber.toUpperCase().includes(word),
      ).length,
    );
    const closed = await pageLeaseCombined(db, { funderId: 1, status: ['closed'], page: 1, perPage: 100 });
    expect(closed.total).toBe((await listLeaseCombined(db, 1)).filter((r) => r.status === 'closed').length);
    expect(closed.users.every((u) => u.status === 'closed')).toBe(true);
  });

  it("does not show another funder's lease", async () => {
    const other = (await listLeaseCombined(db, 2))[0]!;
    expect(await getLeaseCombined(db, 1, other.id)).toBeUndefined();
    expect(await getLeaseCombined(db, 2, other.id)).toMatchObject({ id: other.id });
  });
});

describe('the deletion rule', () => {
  it.each([
    { status: 'active', hasPayments: false, deletable: true },
    { status: 'closed', hasPayments: false, deletable: true },
    { status: 'active', hasPayments: true, deletable: false },
    { status: 'closed', hasPayments: true, deletable: false },
    { status: 'defaulted', hasPayments: true, deletable: false },
  ] as const)('a $status lease with payments $hasPayments is deletable: $deletable', ({ status, hasPayments, deletable }) => {
    const act = () => assertLeaseDeletable({ id: 1, contractNumber: 'QL-1', status }, hasPayments);
    if (deletable) expect(act).not.toThrow();
    else expect(act).toThrow(expect.objectContaining({ code: 'conflict' }));
  });
});

describe('creating and editing through the register', () => {
  it("defaults the VAT rate to the lessee's country, then the funder's default", () => {
    expect(defaultVatRate({ country: 'Germany' }, { vatDefault: 0.23 })).toBe(0.19);
    expect(defaultVatRate({ country: 'CH' }, { vatDefault: 0.23 })).toBe(0.081);
    expect(defaultVatRate({ country: 'Atlantis' }, { vatDefault: 0.23 })).toBe(0.23);
    expect(defaultVatRate(undefined, { vatDefault: 0.19 })).toBe(0.19);
  });

  it('creates a lease with its schedule and history, and records who changed what', async () => {
    const db = seeded(10);
    const lessee = (await searchLessees(db, 1, '', 1))[0]!;
    const body = leaseCreateBody.parse({
      lesseeId: lessee.id,
      assetType: 'it',
      currency: 'EUR',
      price: 2_000_000,
      term: 36,
      rate: 0.05,
      timing: 'advance',
      firstDueDate: '2027-02-01',
      purchaseDate: '2027-01-15',
    });
    const userId = db.$client.prepare("select id from users where username = 'analyst'").pluck().get() as number;
    const lease = await createLeaseForFunder(db, 1, body, userId);
    expect(lease.vatRate).toBe(defaultVatRate(lessee, { vatDefault: 0.23 }));
    expect(await getLeaseSchedule(db, lease.id)).toHaveLength(36);
    expect(await firstInstalmentDue(db, lease.id)).toBe('2027-02-01');
    await updateLease(db, lease.id, 1, { rate: 0.06 }, userId);
    const history = await listLeaseHistory(db, lease.id);
    expect(history.map((h) => h.action)).toEqual(['updated', 'created']);
    expect(history[0]!.changes.rate).toEqual([0.05, 0.06]);
    expect(history[0]!.userName).toBe('Ana Analyst');
  });

  it('a PATCH body keeps absent fields absent (no defaults sneak in)', () => {
    expect(leasePatchBody.parse({ version: 3, rate: 0.07 })).toEqual({ version: 3, rate: 0.07 });
  });

  it.each([
    { patch: { downPayment: 5_000_000 }, field: 'downPayment' },
    { patch: { residual: 9_000_000 }, field: 'residual' },
    { patch: { term: 0 }, field: 'term' },
    { patch: { firstDueDate: '2026-02-30' }, field: 'firstDueDate' },
    { patch: { price: 12.5 }, field: 'price' },
    { patch: { contractNumber: '=cmd' }, field: 'contractNumber' },
  ])('rejects $field with a field issue', ({ patch, field }) => {
    const base = {
      lesseeId: 1,
      assetType: 'it',
      currency: 'EUR',
      price: 5_000_000,
      term: 36,
      rate: 0.05,
      timing: 'arrears',
      firstDueDate: '2027-01-01',
      purchaseDate: '2026-12-01',
    };
    const r = leaseCreateBody.safeParse({ ...base, ...patch });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(field);
  });
});

describe('export iteration', () => {
  const db = seeded(300);

  it.each([
    { sort: 'id', dir: 'asc' },
    { sort: 'price', dir: 'desc' },
    { sort: 'lessee', dir: 'asc' },
  ] as const)('yields the whole filtered set in the register order ($sort $dir)', async ({ sort, dir }) => {
    const filter = { funderId: 1, currency: ['EUR'], sort, dir };
    const streamed = (await collectBatches(iterateLeases(db, filter, 37))).flat().map((r) => r.id);
    const { total } = await listLeases(db, { ...filter, page: 1, perPage: 1 });
    const paged: number[] = [];
    for (let page = 1; paged.length < total; page++)
      paged.push(...(await listLeases(db, { ...filter, page, perPage: 50 })).rows.map((r) => r.id));
    expect(streamed).toEqual(paged);
    expect(streamed.length).toBe(total);
  });

  it.each([
    { name: 'no filter', filter: {} },
    { name: 'a currency', filter: { currency: ['EUR', 'CHF'] } },
    { name: 'a search on the lessee and the asset', filter: { q: 'a' } },
    { name: 'a stored status and an asset type', filter: { status: ['closed' as const], assetType: ['vehicle' as const] } },
  ])('the ids of the filtered register ($name) are its leases, in id order, and read back in any order', async ({ filter }) => {
    const f = { funderId: 1, ...filter };
    const ids = await listLeaseIds(db, f);
    expect(ids).toEqual((await collectBatches(iterateLeases(db, f))).flat().map((r) => r.id));
    expect(ids.length).toBeGreaterThan(0);
    const shuffled = [...ids].reverse();
    expect((await collectBatches(iterateLeasesByIds(db, [...shuffled, 99_999_999], 7))).flat().map((r) => r.id)).toEqual(shuffled);
  });

  it('yields batches of at most the batch size', async () => {
    const sizes = (await collectBatches(iterateLeases(db, { funderId: 1 }, 100))).map((b) => b.length);
    expect(sizes).toEqual([100, 100, 100]);
  });

  it('is empty when nothing matches', async () => {
    expect(await collectBatches(iterateLeases(db, { funderId: 1, q: 'no such lease anywhere' }))).toEqual([]);
  });

  it.each(['bmw', 'Sprinter', 'excavator'])(
    'the register search %s finds leases by asset description (brand and model live there)',
    async (q) => {
      const { rows, total } = await listLeases(db, { funderId: 1, q, page: 1, perPage: 500 });
      const expected = (await collectBatches(iterateLeases(db, { funderId: 1 }, 500)))
        .flat()
        .filter((r) => [r.contractNumber, r.lesseeName, r.assetDescription].some((v) => v.toLowerCase().includes(q.toLowerCase())));
      expect(total).toBe(expected.length);
      expect(
        rows.some(
          (r) => r.assetDescription.toLowerCase().includes(q.toLowerCase()) && !r.lesseeName.toLowerCase().includes(q.toLowerCase()),
        ),
      ).toBe(total > 0);
    },
  );
});

describe('lessee search', () => {
  const db = seeded(40);
  it('matches the name, ranks names starting with q first, and stays within the funder', async () => {
    const all = await searchLessees(db, 1, '', 50);
    const word = all[0]!.name.split(' ')[0]!;
    const found = await searchLessees(db, 1, word.toLowerCase(), 50);
    expect(found.length).toBeGreaterThan(0);
    expect(
      found.every((l) => l.name.toLowerCase().includes(word.toLowerCase()) || l.idOdoo?.toLowerCase().includes(word.toLowerCase())),
    ).toBe(true);
    expect(found[0]!.name.startsWith(word)).toBe(true);
    const funder2 = new Set((await searchLessees(db, 2, '', 50)).map((l) => l.id));
    expect(found.some((l) => funder2.has(l.id))).toBe(false);
    expect(await searchLessees(db, 1, '%', 50)).toEqual([]);
  });
});

it('ApiError conflicts map to 409', () => {
  expect(new ApiError('conflict', 'x').status).toBe(409);
});
