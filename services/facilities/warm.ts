/**
 * Warms what a facility page needs at today that no other screen builds at start (instrumentation.ts, after the
 * servicing books): the funder's derived credit states (whole book), the collateral and each facility's borrowing
 * base with its lease-level eligibility. On a 100k-lease book that is seconds of work the first visitor would
 * otherwise wait for. On its own connection (services/database/own-connection.ts).
 */
export async function warmFacilityCaches(): Promise<{ facilities: number; ms: number }> {
  const [{ onOwnConnection }, { listFacilities }, { todayIso }, { facilityBase }] = await Promise.all([
    import('@/services/database/own-connection'),
    import('@/db/queries/facilities'),
    import('@/lib/clock'),
    import('./core'),
  ]);
  const t0 = performance.now();
  return onOwnConnection({ facilities: 0, ms: 0 }, async (db) => {
    const today = todayIso();
    const facilities = listFacilities(db, 'all');
    for (const f of facilities) {
      facilityBase(db, f, today);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { facilities: facilities.length, ms: performance.now() - t0 };
  });
}
