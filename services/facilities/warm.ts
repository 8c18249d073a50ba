import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * Warms what a facility page and the Dashboard's facilities tile need at today that no other screen builds at start
 * (instrumentation.ts, after the servicing state, before the health check answers): the funder's derived credit
 * states (whole book), the collateral, each facility's borrowing base with its lease-level eligibility, and its
 * latest covenant test (which reads last month's month-end snapshots: built here when the book has none yet). On a
 * 100k-lease book that is seconds of work the first visitor would otherwise wait for. On its own connection
 * (services/database/own-connection.ts).
 */
export async function warmFacilityCaches(): Promise<{ facilities: number; ms: number }> {
  const [{ onOwnConnection }, { listFacilities }, { todayIso }, { covenantHistory, facilityBase }] = await Promise.all([
    import('@/services/database/own-connection'),
    import('@/db/queries/facilities'),
    import('@/lib/clock'),
    import('./core'),
  ]);
  const t0 = performance.now();
  return onOwnConnection({ facilities: 0, ms: 0 }, async (db) => {
    const today = todayIso();
    const facilities = await listFacilities(db, 'all');
    for (const f of facilities) {
      await facilityBase(db, f, today);
      await yieldToLoop();
      await covenantHistory(db, f, today, today, 1);
      await yieldToLoop();
    }
    return { facilities: facilities.length, ms: performance.now() - t0 };
  });
}
