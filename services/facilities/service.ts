/**
 * The principal-scoped side of the facilities service: a user reads only the facilities of its funders (another
 * funder's facility is a 404), the list screen and the Dashboard tile. The computations live in core.ts.
 */
import type { DbOrTx } from '@/db/client';
import { getFacility, listFacilities, type Facility } from '@/db/queries/facilities';
import { NotFound } from '@/lib/domain/errors';
import type { CovenantStatus } from '@/lib/facilities';
import { canAccessFunder, funderAccessOf } from '@/services/auth/funder-access';
import type { Principal } from '@/services/auth/principal';
import { covenantHistory, covenantStatusOf, facilityBase } from './core';

export * from './core';

/** The facility if the principal may see its funder; 404 otherwise (its existence is not disclosed). */
export async function facilityFor(db: DbOrTx, principal: Principal, id: number): Promise<Facility> {
  const f = await getFacility(db, id);
  if (!f || !(await canAccessFunder(principal, f.funderId))) throw new NotFound(`Facility ${id} does not exist.`);
  return f;
}

export async function accessibleFacilities(db: DbOrTx, principal: Principal, funderId?: number): Promise<Facility[]> {
  const access = await funderAccessOf(principal);
  // One funder's facilities (the Dashboard tile on every visit): read only those, not every accessible funder's.
  if (funderId !== undefined) return access === 'all' || access.has(funderId) ? await listFacilities(db, [funderId]) : [];
  return await listFacilities(db, access === 'all' ? 'all' : [...access]);
}

export type FacilitySummary = {
  id: number;
  funderId: number;
  name: string;
  lender: string;
  currency: string;
  commitment: number;
  outstanding: number;
  borrowingBase: number;
  availability: number;
  covenantStatus: CovenantStatus | null;
  maturityDate: string;
};

/** The list screen and GET /api/facilities: per facility, commitment, drawn, base, availability and covenant status. */
export async function facilitySummaries(
  db: DbOrTx,
  principal: Principal,
  asOf: string,
  today: string,
  funderId?: number,
): Promise<FacilitySummary[]> {
  const out: FacilitySummary[] = [];
  // One facility after the other: a facility's covenant history may build the funder's month-end snapshots.
  for (const f of await accessibleFacilities(db, principal, funderId)) {
    const { base } = await facilityBase(db, f, asOf);
    out.push({
      id: f.id,
      funderId: f.funderId,
      name: f.name,
      lender: f.lender,
      currency: f.currency,
      commitment: f.commitment,
      outstanding: base.outstanding,
      borrowingBase: base.borrowingBase,
      availability: base.availability,
      covenantStatus: covenantStatusOf(await covenantHistory(db, f, asOf, today, 1)),
      maturityDate: f.maturityDate,
    });
  }
  return out;
}

export type FacilityTileItem = { id: number; name: string; currency: string; availability: number; status: CovenantStatus | null };

/** The Dashboard tile: availability per facility of the funder and how many covenants are in Warning or Breach. */
export async function facilityDashboard(
  db: DbOrTx,
  principal: Principal,
  funderId: number,
  today: string,
): Promise<{ items: FacilityTileItem[]; alerts: number }> {
  let alerts = 0;
  const items: FacilityTileItem[] = [];
  for (const f of await accessibleFacilities(db, principal, funderId)) {
    const history = await covenantHistory(db, f, today, today, 1);
    for (const h of history) if (h.latest && h.latest.status !== 'compliant') alerts++;
    items.push({
      id: f.id,
      name: f.name,
      currency: f.currency,
      availability: (await facilityBase(db, f, today)).base.availability,
      status: covenantStatusOf(history),
    });
  }
  return { items, alerts };
}
