import { todayIso } from '@/lib/clock';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * Builds, before the server answers its health check (instrumentation.ts, after the portfolio valuation), what a
 * funder's first pages read, so that no request after a restart waits for it behind every other request (seconds of
 * work on a 100,000-lease book). For each funder: the servicing stores and the servicing book today, at the default
 * cut-off and at last month's end; the credit states today (Delinquency's and the register's status); the
 * Dashboard's servicing and credit tiles; the pool at the default cut-off with its Summary and Dashboard figures
 * (poolBook reads the servicing book at the cut-off, so it comes after it); the clients behaviour today; the
 * Delinquency page's default view per lease and per lessee and its roll rates (last month to today); and the
 * servicing reports of the last complete month (the reports' default). The stores are read in chunks yielding to the
 * event loop. On its own connection (services/database/own-connection.ts); the caches are keyed by the database
 * file, not by connection.
 */
export async function warmServicingCaches(today = todayIso()): Promise<{ funders: number; leases: number; ms: number }> {
  const [
    { onOwnConnection },
    { listFunders },
    { warmServicingBook },
    { behaviourRows, delinquencyView, rollRates },
    { creditStatesAt },
    { creditTiles },
    { defaultCutOff, poolBook },
    finance,
    reports,
    { servicingKpis },
    { SERVICING_REPORT_KINDS },
    { bookSummary, dashboardFigures },
  ] = await Promise.all([
    import('@/services/database/own-connection'),
    import('@/db/queries/funders'),
    import('@/services/servicing/book'),
    import('@/services/servicing/views'),
    import('@/services/credit/book'),
    import('@/services/credit/screen'),
    import('@/services/portfolio/valuation'),
    import('@/lib/finance'),
    import('@/services/reports/servicing-reports'),
    import('@/services/servicing/kpis'),
    import('@/lib/reports/constants'),
    import('@/lib/portfolio/summary'),
  ]);
  const t0 = performance.now();
  const day = finance.tryParseDate(today)!;
  const c = finance.civilFromDays(day);
  const lastMonthEnd = finance.formatDate(finance.daysFromCivil(c.year, c.month, 1) - 1);
  return onOwnConnection({ funders: 0, leases: 0, ms: 0 }, async (db) => {
    let leases = 0;
    const funders = await listFunders(db);
    for (const funder of funders) {
      leases += await warmServicingBook(db, funder.id, [today, defaultCutOff(today), lastMonthEnd]);
      await creditStatesAt(db, funder.id, today);
      await yieldToLoop();
      // The Dashboard's servicing and credit tiles (this month's scheduled and collected sums; defaults, ECL, losses).
      await servicingKpis(db, funder.id, today);
      await creditTiles(db, funder.id, today);
      await yieldToLoop();
      const pool = await poolBook(db, funder.id, defaultCutOff(today));
      bookSummary(pool, funder.baseCurrency);
      dashboardFigures(pool, funder.baseCurrency);
      await yieldToLoop();
      await behaviourRows(db, funder.id, today);
      await yieldToLoop();
      // The Delinquency page as it opens (its rows and sorted order, per lease and per lessee) and last month's roll rates.
      await delinquencyView(db, funder.id, today, { level: 'lease', sort: 'dpd', dir: 'desc' });
      await delinquencyView(db, funder.id, today, { level: 'lessee', sort: 'dpd', dir: 'desc' });
      await yieldToLoop();
      await rollRates(db, funder.id, finance.addMonths(today, -1), today);
      await yieldToLoop();
    }
    const month = reports.lastCompleteMonth(today);
    for (const funder of funders) {
      await reports.warmMonthData(db, funder, month);
      for (const kind of SERVICING_REPORT_KINDS) {
        await reports.buildServicingReport(db, funder, kind, month);
        await yieldToLoop();
      }
    }
    return { funders: funders.length, leases, ms: performance.now() - t0 };
  });
}
