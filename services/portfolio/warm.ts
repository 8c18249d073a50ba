import { bookSummary, dashboardFigures } from '@/lib/portfolio/summary';

/**
 * Loads and values every funder's book at the default cut-off (net), with the figures the default
 * screens show, so that no user's request pays for it: on a 100,000-lease book that is seconds of
 * synchronous work (reading the leases, packing their schedules, valuing them). Called once when the
 * server starts (instrumentation.ts); later changes of a book are valued on the next request.
 */
export async function warmPortfolioCaches(): Promise<{ funders: number; leases: number; ms: number }> {
  const [{ onOwnConnection }, { listFunders }, { defaultCutOff, valueBook }, { bookLiability }] = await Promise.all([
    import('@/services/database/own-connection'),
    import('@/db/queries/funders'),
    import('./valuation'),
    import('@/lib/portfolio/liability'),
  ]);
  const t0 = performance.now();
  return onOwnConnection({ funders: 0, leases: 0, ms: 0 }, async (db) => {
    let leases = 0;
    const funders = await listFunders(db);
    for (const funder of funders) {
      const book = await valueBook(db, funder.id, defaultCutOff(), false);
      leases += book.valuation.count;
      bookSummary(book, funder.baseCurrency);
      dashboardFigures(book, funder.baseCurrency);
      bookLiability(book, { advanceRate: funder.advanceRate, facilityRate: funder.facilityRate }, funder.baseCurrency);
    }
    return { funders: funders.length, leases, ms: performance.now() - t0 };
  });
}
