/**
 * Builds the reports' default month-end snapshots when the server starts (instrumentation.ts, after the
 * servicing books): for each funder the missing closed months of the last DEFAULT_REPORT_MONTHS, in the
 * background job of services/history/background.ts (chunks of leases between turns of the event loop),
 * so a large book's first Performance or Vintages visit reads stored snapshots instead of building them.
 * Its own connection (db/index.ts is 'server-only'); the jobs are keyed by the database file, so the
 * pages see their progress. Never fails the start.
 */
export async function warmSnapshots(today?: string): Promise<{ funders: number; months: number; ms: number }> {
  const [{ existsSync }, { openDb }, { databasePath }, { listFunders }, { buildDefaultSnapshots }] = await Promise.all([
    import('node:fs'),
    import('@/db/client'),
    import('@/lib/env'),
    import('@/db/queries/funders'),
    import('@/services/history/background'),
  ]);
  const t0 = performance.now();
  const file = databasePath();
  if (!existsSync(file)) return { funders: 0, months: 0, ms: 0 };
  const db = openDb(file);
  let months = 0;
  try {
    const funders = listFunders(db);
    for (const funder of funders) months += await buildDefaultSnapshots(db, funder.id, today);
    return { funders: funders.length, months, ms: performance.now() - t0 };
  } finally {
    db.$client.close();
  }
}
