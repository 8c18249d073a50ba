import { seedFunders } from '@/db/seed/sqlite';
/**
 * After a bulk write (a tape import's commit) the servicing stores are rebuilt in the background, and the credit
 * book derived from them is built beside them (services/credit/book.ts creditEntryInBackground): requests are served
 * from the previous stores and credit entry until both are swapped in one turn, and the credit entry built in the
 * background is the one requests get afterwards, equal to one computed from scratch.
 */
import { describe, expect, test } from 'vitest';
import { getFunder } from '@/db/queries/funders';
import { listPortfolioLeases } from '@/db/queries/portfolio';
import { getLease, updateLease } from '@/db/queries/leases';
import { seedCredit } from '@/db/seed/credit';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { parseDate } from '@/lib/finance';
import { creditEntry, creditEntryInBackground, creditStatesAt, dropCreditCache, exposuresOf } from '@/services/credit/book';
import { rebuildServicingInBackground, servicingStores } from '@/services/servicing/book';
import { createTestDb } from '../helpers/test-db';

const TODAY = '2026-11-21';

describe('credit book beside a background rebuild of the servicing stores', () => {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 300, today: TODAY });
  for (const f of seedFunders(db)) seedPayments(db, { funderId: f.id, today: TODAY });
  for (const f of seedFunders(db)) seedCredit(db, { funderId: f.id, today: TODAY });
  const funderId = seedFunders(db)[0]!.id;

  test('serves the previous entry meanwhile, then the one built in the background, equal to a fresh one', async () => {
    const before = await creditEntry(db, funderId);
    // Today's states and exposures memoised, as the register and Delinquency leave them.
    exposuresOf(before, parseDate(TODAY), (await creditStatesAt(db, funderId, TODAY)).states);
    const storesBefore = (await servicingStores(db, funderId)).schedule;
    // A write the stores and the credit book must pick up: a shorter term moves the lease's schedule.
    const lease = (await listPortfolioLeases(db, funderId)).find((l) => l.status === 'active' && l.term > 24)!;
    await updateLease(db, lease.id, (await getLease(db, lease.id))!.version, { term: 24 }, null);
    let placed: unknown = null;
    let builtFor = -1;
    const rebuild = rebuildServicingInBackground(db, funderId, async (stores) => {
      builtFor = stores.version;
      const put = await creditEntryInBackground(db, (await getFunder(db, funderId))!, stores);
      return () => {
        placed = put();
      };
    });
    // In flight: the previous stores and credit entry answer (nothing rebuilt on the request's turn).
    expect((await servicingStores(db, funderId)).schedule).toBe(storesBefore);
    expect(await creditEntry(db, funderId)).toBe(before);
    await rebuild;
    const after = await creditEntry(db, funderId);
    expect(after).toBe(placed);
    expect(after).not.toBe(before);
    expect(after.storeVersion).toBe(builtFor);
    expect(after.schedule).toBe((await servicingStores(db, funderId)).schedule);
    expect(after.schedule).not.toBe(storesBefore);

    const states = (await creditStatesAt(db, funderId, TODAY)).states;
    const exposures = exposuresOf(after, parseDate(TODAY), states);

    dropCreditCache(funderId, db);
    const fresh = await creditEntry(db, funderId);
    expect((await creditStatesAt(db, funderId, TODAY)).states).toEqual(states);
    expect(exposuresOf(fresh, parseDate(TODAY), (await creditStatesAt(db, funderId, TODAY)).states)).toEqual(exposures);
    expect(states.some((x) => x.status === 'defaulted')).toBe(true);
    expect(fresh).not.toBe(after);
    expect([...after.timelines.keys()].sort()).toEqual([...fresh.timelines.keys()].sort());
    for (const [id, t] of fresh.timelines) expect(after.timelines.get(id)).toEqual(t);
    expect([...after.repaid].sort()).toEqual([...fresh.repaid].sort());
  });

  test('with a write not yet committed (after): the previous stores answer from the call on, the build reads once it is done', async () => {
    const storesBefore = (await servicingStores(db, funderId)).schedule;
    const lease = (await listPortfolioLeases(db, funderId)).find((l) => l.status === 'active' && l.term > 12)!;
    let commit!: () => void;
    const committed = new Promise<void>((r) => (commit = r));
    const rebuild = rebuildServicingInBackground(db, funderId, undefined, committed);
    // The write becomes visible before the committer hears of it (a worker's COMMIT): still the previous stores,
    // however many turns go by, and nothing rebuilt on a request's turn.
    await updateLease(db, lease.id, (await getLease(db, lease.id))!.version, { term: 12 }, null);
    for (let i = 0; i < 5; i++) {
      expect((await servicingStores(db, funderId)).schedule).toBe(storesBefore);
      await new Promise((r) => setImmediate(r));
    }
    commit();
    await rebuild;
    const after = await servicingStores(db, funderId);
    expect(after.schedule).not.toBe(storesBefore);
    // Built from what the write left: the lease's new term, nothing patched after the swap.
    expect(after.entry.log).toEqual([]);
    expect(after.schedule.leases.find((l: { id: number }) => l.id === lease.id)).toMatchObject({ term: 12 });
  });
});
