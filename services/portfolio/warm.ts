import { bookSummary, dashboardFigures } from '@/lib/portfolio/summary';

/**
 * Loads and values every funder's book at the default cut-off (net), with the figures the default
 * screens show, so that no user's request pays for it: on a 100,000-lease book that is seconds of
 * synchronous work (reading the leases, packing their schedules, valuing them). Called once when the
 * server starts (instrumentation.ts); later changes of a book are valued on the next request.
 */
export async function warmPortfolioCaches(): Promise<{ funders: number; leases: number; ms: number }> {
  const [{ existsSync }, { openDb }, { databasePath }, { listFunders }, { defaultCutOff, valueBook }, { bookLiability }] = await Promise.all([
    import('node:fs'),
    import('@/db/client'),
    import('@/lib/env'),
    import('@/db/queries/funders'),
    import('./valuation'),
    import('@/lib/portfolio/liability'),
  ]);
  const t0 = performance.now();
  const file = databasePath();
  // Its own short-lived connection (db/index.ts is 'server-only'); the caches are keyed by data, not by connection.
  if (!existsSync(file)) return { funders: 0, leases: 0, ms: 0 };
  const db = openDb(file);
  let leases = 0;
  try {
    const funders = listFunders(db);
    for (const funder of funders) {
      const book = valueBook(db, funder.id, defaultCutOff(), false);
      leases += book.valuation.count;
      bookSummary(book, funder.baseCurrency);
      dashboardFigures(book, funder.baseCurrency);
      bookLiability(book, { advanceRate: funder.advanceRate, facilityRate: funder.facilityRate }, funder.baseCurrency);
    }
    return { funders: funders.length, leases, ms: performance.now() - t0 };
  } finally {
    db.$client.close();
  }
}
