import { todayIso } from '@/lib/clock';

/**
 * What a funder's first pages read, built before the server answers its health check (instrumentation.ts, after the
 * portfolio valuation): the servicing stores and the servicing book today and at the default cut-off, the credit
 * states today (Delinquency's and the register's status), the Dashboard's servicing and credit tiles, and the pool at
 * the default cut-off with its Summary and Dashboard figures. On a 100,000-lease book that is seconds of work the first request after a
 * restart would otherwise wait for, holding every other request behind it; the rest of the warm-up
 * (warmServicingCaches) runs after the start, in the background.
 */
export async function warmFirstPages(today = todayIso()): Promise<{ funders: number; leases: number; ms: number }> {
  const [
    { onOwnConnection },
    { listFunders },
    { warmServicingBook },
    { creditStatesAt },
    { creditTiles },
    { servicingKpis },
    { defaultCutOff, poolBook },
    summary,
  ] = await Promise.all([
    import('@/services/database/own-connection'),
    import('@/db/queries/funders'),
    import('@/services/servicing/book'),
    import('@/services/credit/book'),
    import('@/services/credit/screen'),
    import('@/services/servicing/kpis'),
    import('@/services/portfolio/valuation'),
    import('@/lib/portfolio/summary'),
  ]);
  const t0 = performance.now();
  return onOwnConnection({ funders: 0, leases: 0, ms: 0 }, async (db) => {
    let leases = 0;
    const funders = listFunders(db);
    for (const funder of funders) {
      leases += await warmServicingBook(db, funder.id, [today, defaultCutOff(today)]);
      creditStatesAt(db, funder.id, today);
      // The Dashboard's servicing and credit tiles (this month's scheduled and collected sums; defaults, ECL, losses).
      servicingKpis(db, funder.id, today);
      creditTiles(db, funder.id, today);
      const pool = poolBook(db, funder.id, defaultCutOff(today));
      summary.bookSummary(pool, funder.baseCurrency);
      summary.dashboardFigures(pool, funder.baseCurrency);
    }
    return { funders: funders.length, leases, ms: performance.now() - t0 };
  });
}

/**
 * Warms the other servicing caches when the server starts (instrumentation.ts, after warmFirstPages, before the health
 * check answers): for each funder the servicing book at last month's end, the clients behaviour today, the
 * Delinquency page's default view and roll rates (last month to today), the servicing KPIs, and the servicing reports
 * of the last complete month (the reports' default), then Delinquency per lessee, so that a user's first visit of a
 * servicing screen or report is fast. The stores are read in chunks yielding to the event loop. On its own connection
 * (services/database/own-connection.ts); the caches are keyed by the database file, not by connection.
 */
export async function warmServicingCaches(today = todayIso()): Promise<{ funders: number; leases: number; ms: number }> {
  const [
    { onOwnConnection },
    { listFunders },
    { warmServicingBook },
    { behaviourRows, delinquencyView, rollRates },
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
    const funders = listFunders(db);
    for (const funder of funders) {
      leases += await warmServicingBook(db, funder.id, [today, defaultCutOff(today), lastMonthEnd]);
      behaviourRows(db, funder.id, today);
      await new Promise((resolve) => setImmediate(resolve));
      // The Delinquency page as it opens: its rows and sorted order, and the roll rates of the last month.
      delinquencyView(db, funder.id, today, { level: 'lease', sort: 'dpd', dir: 'desc' });
      await new Promise((resolve) => setImmediate(resolve));
      rollRates(db, funder.id, finance.addMonths(today, -1), today);
      await new Promise((resolve) => setImmediate(resolve));
      // The Dashboard's servicing KPIs (this month's scheduled and collected sums).
      servicingKpis(db, funder.id, today);
      await new Promise((resolve) => setImmediate(resolve));
      // The pool at the default cut-off (its owing leases read from the servicing book just warmed) and the Summary and
      // Dashboard figures over it: the same objects as the portfolio warm-up's when no lease owes after its last instalment.
      const pool = poolBook(db, funder.id, defaultCutOff(today));
      bookSummary(pool, funder.baseCurrency);
      dashboardFigures(pool, funder.baseCurrency);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const month = reports.lastCompleteMonth(today);
    for (const funder of funders) {
      await reports.warmMonthData(db, funder, month);
      for (const kind of SERVICING_REPORT_KINDS) {
        reports.buildServicingReport(db, funder, kind, month);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    // Last, the Delinquency page's per-lessee level (a second view a user switches to; built from the lease rows above).
    for (const funder of funders) {
      delinquencyView(db, funder.id, today, { level: 'lessee', sort: 'dpd', dir: 'desc' });
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { funders: funders.length, leases, ms: performance.now() - t0 };
  });
}
