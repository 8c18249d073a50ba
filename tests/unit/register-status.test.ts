import { seedFunders } from '@/db/seed/sqlite';
import { describe, expect, it } from 'vitest';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedPayments } from '@/db/seed/payments';
import { seedCredit } from '@/db/seed/credit';
import { seedDemoUsers } from '@/db/seed/users';
import { iterateLeases } from '@/db/queries/lease-register';
import { listLeases } from '@/db/queries/leases';
import { shownStatus, SHOWN_STATUS_VALUES, type ShownStatus } from '@/lib/validations/leases';
import { creditStatesAt, creditStatesById } from '@/services/credit/book';
import { shownStatuses, statusFilterClauses, statusSortIds } from '@/services/master-file/register-status';
import { createTestDb } from '../helpers/test-db';
import { collectBatches } from '../helpers/batches';

const TODAY = '2026-11-21';

function seeded() {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 400, today: TODAY });
  for (const f of seedFunders(db)) seedPayments(db, { funderId: f.id, today: TODAY });
  for (const f of seedFunders(db)) seedCredit(db, { funderId: f.id, today: TODAY });
  return db;
}

describe('shownStatus (domain.md §8: derived, never typed)', () => {
  it('shows the derived credit status; a write-off wins; closed and terminated are the business events a user sets', () => {
    expect(shownStatus('active', 'defaulted')).toBe('defaulted');
    expect(shownStatus('defaulted', 'performing')).toBe('performing');
    expect(shownStatus('defaulted', undefined)).toBe('performing');
    expect(shownStatus('active', 'repaid')).toBe('repaid');
    expect(shownStatus('closed', 'defaulted')).toBe('closed');
    expect(shownStatus('terminated', 'written_off')).toBe('written_off');
  });
});

describe('the register status filter', async () => {
  const db = seeded();
  const funderId = seedFunders(db)[0]!.id;
  const all = db.$client.prepare('select id, status from leases where funder_id = ? order by id').all(funderId) as {
    id: number;
    status: string;
  }[];
  // A lease typed "defaulted" by hand before the credit module, performing under §8: a legacy row.
  const performing = (await creditStatesAt(db, funderId, TODAY)).states.filter((s) => s.status === 'performing').map((s) => s.leaseId);
  const legacy = performing.find((id) => all.find((l) => l.id === id)!.status === 'active')!;
  db.$client.prepare(`update leases set status = 'defaulted' where id = ?`).run(legacy);
  all.find((l) => l.id === legacy)!.status = 'defaulted';

  const credit = await creditStatesById(db, funderId, TODAY);
  const expected = (s: ShownStatus) => all.filter((l) => shownStatus(l.status, credit.get(l.id)?.status) === s).map((l) => l.id);

  it.each(SHOWN_STATUS_VALUES.map((s) => [s]))('%s returns exactly the leases shown so, page, count and totals alike', async (s) => {
    const want = expected(s);
    const statusAny = await statusFilterClauses(db, funderId, [s], TODAY);
    const page = await listLeases(db, { funderId, statusAny, page: 1, perPage: 1000 });
    expect(page.rows.map((r) => r.id)).toEqual(want);
    expect(page.total).toBe(want.length);
    expect((await collectBatches(iterateLeases(db, { funderId, statusAny }))).flat().map((r) => r.id)).toEqual(want);
    const shown = await shownStatuses(db, funderId, page.rows, TODAY);
    expect(page.rows.every((r) => shown.get(r.id) === s)).toBe(true);
  });

  it('the demo book has leases in every credit state the filter offers', () => {
    for (const s of ['performing', 'defaulted', 'cured', 'written_off'] as const) expect(expected(s).length).toBeGreaterThan(0);
  });

  it('"Defaulted" returns the leases in default under §8, not a lease typed "defaulted"', async () => {
    const ids = (
      await listLeases(db, {
        funderId,
        statusAny: await statusFilterClauses(db, funderId, ['defaulted'], TODAY),
        page: 1,
        perPage: 1000,
      })
    ).rows.map((r) => r.id);
    expect(ids).not.toContain(legacy);
    expect(ids.every((id) => credit.get(id)?.status === 'defaulted')).toBe(true);
    expect(
      (
        await listLeases(db, {
          funderId,
          statusAny: await statusFilterClauses(db, funderId, ['performing'], TODAY),
          page: 1,
          perPage: 1000,
        })
      ).rows.map((r) => r.id),
    ).toContain(legacy);
  });

  it('several statuses are any of them; "active" is the stored status (the API keeps it)', async () => {
    const both = await listLeases(db, {
      funderId,
      statusAny: await statusFilterClauses(db, funderId, ['defaulted', 'cured'], TODAY),
      page: 1,
      perPage: 1000,
    });
    expect(both.total).toBe(expected('defaulted').length + expected('cured').length);
    const active = await listLeases(db, {
      funderId,
      statusAny: await statusFilterClauses(db, funderId, ['active'], TODAY),
      page: 1,
      perPage: 1000,
    });
    expect(active.total).toBe(all.filter((l) => l.status === 'active').length);
    expect(await statusFilterClauses(db, funderId, [], TODAY)).toBeUndefined();
  });
});

describe('the register sorted by status', async () => {
  const db = seeded();
  const funderId = seedFunders(db)[0]!.id;
  const credit = await creditStatesById(db, funderId, TODAY);
  // A user closes one performing and one defaulted lease and terminates a written-off one (the write-off still shows).
  const byStatus = (s: string) => [...credit.values()].filter((c) => c.status === s).map((c) => c.leaseId);
  const set = db.$client.prepare('update leases set status = ? where id = ?');
  set.run('closed', byStatus('performing')[0]);
  set.run('closed', byStatus('defaulted')[0]);
  set.run('terminated', byStatus('written_off')[0]);
  set.run('terminated', byStatus('performing')[1]);
  // A lease past its last instalment, settled, that nobody closed: repaid (domain.md §8; the seed closes the others).
  set.run('active', byStatus('repaid')[0]);
  const all = db.$client.prepare('select id, status from leases where funder_id = ?').all(funderId) as { id: number; status: string }[];
  const rank = (l: { id: number; status: string }) => SHOWN_STATUS_VALUES.indexOf(shownStatus(l.status, credit.get(l.id)?.status));

  it.each(['asc', 'desc'] as const)(
    '%s: by the shown status (in the order of the filter), then by id — page, count and export alike',
    async (dir) => {
      const want = [...all].sort((a, b) => (dir === 'asc' ? rank(a) - rank(b) : rank(b) - rank(a)) || a.id - b.id).map((l) => l.id);
      expect(new Set(all.map(rank)).size).toBe(SHOWN_STATUS_VALUES.length); // every shown status is in the book
      const statusIds = await statusSortIds(db, funderId, 'status', TODAY);
      const page = async (n: number) =>
        (await listLeases(db, { funderId, sort: 'status', dir, statusIds, page: n, perPage: 150 })).rows.map((r) => r.id);
      expect([...(await page(1)), ...(await page(2)), ...(await page(3))]).toEqual(want);
      expect((await collectBatches(iterateLeases(db, { funderId, sort: 'status', dir, statusIds }, 97))).flat().map((r) => r.id)).toEqual(
        want,
      );
      // Not the stored column's order: a lease typed "closed" that is written off sorts with the written-off ones.
      expect(want).not.toEqual(
        [...all]
          .sort((a, b) => (dir === 'asc' ? a.status.localeCompare(b.status) : b.status.localeCompare(a.status)) || a.id - b.id)
          .map((l) => l.id),
      );
    },
  );

  it('another sort needs no status ids', async () => {
    expect(await statusSortIds(db, funderId, 'price', TODAY)).toBeUndefined();
    expect(await statusSortIds(db, funderId, undefined, TODAY)).toBeUndefined();
  });
});
