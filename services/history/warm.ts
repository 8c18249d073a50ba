/**
 * Builds the reports' default month-end snapshots when the server starts (instrumentation.ts, after the
 * servicing books): for each funder the missing closed months of the last DEFAULT_REPORT_MONTHS, in the
 * background job of services/history/background.ts (chunks of leases between turns of the event loop),
 * so a large book's first Performance or Vintages visit reads stored snapshots instead of building them.
 * On its own connection (services/database/own-connection.ts); the jobs are keyed by the database file, so
 * the pages see their progress. Never fails the start.
 */
export async function warmSnapshots(today?: string): Promise<{ funders: number; months: number; ms: number }> {
  const [{ onOwnConnection }, { listFunders }, { buildDefaultSnapshots }] = await Promise.all([
    import('@/services/database/own-connection'),
    import('@/db/queries/funders'),
    import('@/services/history/background'),
  ]);
  const t0 = performance.now();
  return onOwnConnection({ funders: 0, months: 0, ms: 0 }, async (db) => {
    let months = 0;
    const funders = await listFunders(db);
    for (const funder of funders) months += await buildDefaultSnapshots(db, funder.id, today);
    return { funders: funders.length, months, ms: performance.now() - t0 };
  });
}
