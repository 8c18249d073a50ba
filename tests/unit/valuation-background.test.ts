/**
 * After a bulk write the valuation book is reloaded in the background in slices (services/portfolio/valuation.ts
 * rebuildValuationInBackground): requests are served from the previous version until it is done, and the reloaded
 * book equals a valuation computed from scratch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { leaseTermsOf } from '@/db/queries/lease-terms';
import { listPortfolioLeases } from '@/db/queries/portfolio';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { LeasePortfolio, purchasePrices, valuePortfolio } from '@/lib/finance';
import { parseDate } from '@/lib/finance/dates';
import { rebuildValuationInBackground, valueBook } from '@/services/portfolio/valuation';

const F = 1;
const CUT_OFF = '2026-11-01';

async function fromScratch(db: Conn) {
  const funder = (await getFunder(db, F))!;
  const records = await listPortfolioLeases(db, F);
  const p = new LeasePortfolio(records.length);
  for (const r of records) p.add(leaseTermsOf(r, funder.rateConvention));
  const purchaseDay = Int32Array.from(records, (r) => parseDate(r.purchaseDate, 'purchaseDate'));
  const purchasePrice = purchasePrices(p, {
    purchaseDay,
    agreed: Float64Array.from(records, (l) => l.agreedPurchasePrice ?? NaN),
    buyRate: funder.buyRate,
    convention: funder.discountConvention,
  });
  const options = {
    cutOff: CUT_OFF,
    buyRate: funder.buyRate,
    purchaseDay,
    purchasePrice,
    discountRate: funder.discountRate ?? undefined,
    convention: funder.discountConvention,
    gross: false,
  };
  return { ids: records.map((r) => r.id), v: valuePortfolio(p, options) };
}

describe('valuation reload in the background', () => {
  let dir: string;
  let db: Conn;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-reload-'));
    db = openDb(path.join(dir, 'book.db'));
    runMigrations(db);
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 60, today: '2026-11-21', seed: 5 });
  });
  afterAll(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('serves the previous version while it runs, then equals a valuation from scratch', async () => {
    const before = await valueBook(db, F, CUT_OFF);
    // A bulk change of every lease's terms (as an import commits it), then the reload.
    db.$client.prepare(`update leases set rate = rate + 0.0125 where funder_id = ?`).run(F);
    db.$client.prepare(`update funders set data_version = data_version + 1 where id = ?`).run(F);
    const run = rebuildValuationInBackground(db, F);
    expect(await valueBook(db, F, CUT_OFF)).toBe(before);
    await run;
    const after = await valueBook(db, F, CUT_OFF);
    expect(after).not.toBe(before);
    const expected = await fromScratch(db);
    expect(after.leases.map((l) => l.id)).toEqual(expected.ids);
    expect(after.valuation).toEqual(expected.v);
    expect(Array.from(after.valuation.sellto4G)).not.toEqual(Array.from(before.valuation.sellto4G));
  });

  test('with a write not yet committed (after): the previous version answers from the call on, the reload reads once it is done', async () => {
    const before = await valueBook(db, F, CUT_OFF);
    let commit!: () => void;
    const committed = new Promise<void>((r) => (commit = r));
    const run = rebuildValuationInBackground(db, F, committed);
    // Visible before the committer hears of it (a worker's COMMIT): still the previous version meanwhile.
    db.$client.prepare(`update leases set rate = rate + 0.01 where funder_id = ?`).run(F);
    db.$client.prepare(`update funders set data_version = data_version + 1 where id = ?`).run(F);
    for (let i = 0; i < 5; i++) {
      expect(await valueBook(db, F, CUT_OFF)).toBe(before);
      await new Promise((r) => setImmediate(r));
    }
    commit();
    await run;
    const after = await valueBook(db, F, CUT_OFF);
    expect(after).not.toBe(before);
    expect(after.valuation).toEqual((await fromScratch(db)).v);
  });
});
