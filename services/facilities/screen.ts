/**
 * Portfolio CF → Facilities as its pages, its JSON API and its exports show it: the list (commitment, drawn, base,
 * availability and covenant status per facility) and one facility (borrowing base, excess per group, lease-level
 * eligibility, draws, certificates, covenant history), each computed here at the as-of date (the clock's today
 * unless the query names a day). The pages only render these; the route handlers serialise them or write them to
 * a file, calling the same function or the same part of it, so that none of them can disagree.
 *
 * Money in minor units of the facility currency, dates as YYYY-MM-DD; formatting stays with the caller. Every
 * facility is read through facilityFor / accessibleFacilities (service.ts): the principal's funder scope applies.
 */
import type { DbOrTx } from '@/db/client';
import { listCertificates, listDraws, type CertificateListItem, type Facility, type FacilityDraw } from '@/db/queries/facilities';
import type { Clock } from '@/lib/clock';
import type { BorrowingBase, CovenantStatus, GroupExcess, LeaseEligibilityRow } from '@/lib/facilities';
import type { ELIGIBILITY_FILTERS } from '@/lib/validations/facilities';
import type { Principal } from '@/services/auth/principal';
import { rowsPage } from '@/services/servicing/route-helpers';
import {
  covenantHistory,
  covenantStatusOf,
  eligibilityRows,
  facilityBase,
  facilityFor,
  facilitySummaries,
  type CovenantHistory,
  type FacilitySummary,
} from './service';

/** The as-of date of a facilities screen: the query's, else the clock's today. */
export function screenAsOf(query: { asOf?: string }, clock: Clock): string {
  return query.asOf ?? clock.today;
}

// ---- the list ----

export type FacilitiesQuery = { funderId?: number; asOf?: string };

export type FacilitiesScreen = { asOf: string; facilities: FacilitySummary[] };

/**
 * The Facilities list (page, GET /api/facilities and its export): the facilities the principal may see (of
 * `funderId` when given) with their figures at the as-of date and their latest covenant status.
 */
export async function facilitiesScreen(db: DbOrTx, principal: Principal, query: FacilitiesQuery, clock: Clock): Promise<FacilitiesScreen> {
  const asOf = screenAsOf(query, clock);
  return { asOf, facilities: await facilitySummaries(db, principal, asOf, clock.today, query.funderId) };
}

// ---- one facility, part by part (each route handler calls the part it answers with) ----

export type FacilityBorrowingBase = {
  asOf: string;
  base: BorrowingBase;
  /** The groups over their limit (excess > 0): the page's excess table. */
  excess: GroupExcess[];
};

/** The borrowing-base waterfall at the as-of date (page, GET …/borrowing-base, the waterfall and excess exports). */
export async function facilityBorrowingBase(
  db: DbOrTx,
  f: Facility,
  query: { asOf?: string },
  clock: Clock,
): Promise<FacilityBorrowingBase> {
  const asOf = screenAsOf(query, clock);
  const { base } = await facilityBase(db, f, asOf);
  return { asOf, base, excess: base.excess.groups.filter((g) => g.excess > 0) };
}

export type EligibilityFilter = (typeof ELIGIBILITY_FILTERS)[number];

export type FacilityEligibilityQuery = {
  asOf?: string;
  filter: EligibilityFilter;
  /** The page asked for (1-based) and its size; without them every row of the filter (the files). */
  page?: number;
  perPage?: number;
  /** Past the last page, show the last one (the page) rather than none (the API answers the page asked for). */
  clampPage?: boolean;
};

export type FacilityEligibility = {
  asOf: string;
  filter: EligibilityFilter;
  /** Rows matching the filter (all pages). */
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
  rows: LeaseEligibilityRow[];
};

/** The lease-level eligibility at the as-of date, filtered, one page of it or all (page, GET …/eligibility and its files). */
export async function facilityEligibility(
  db: DbOrTx,
  f: Facility,
  query: FacilityEligibilityQuery,
  clock: Clock,
): Promise<FacilityEligibility> {
  const asOf = screenAsOf(query, clock);
  const filtered = eligibilityRows((await facilityBase(db, f, asOf)).rows, query.filter);
  // Past the last page: the page shows the last one, the API answers the page asked for (none).
  const lastPage = query.perPage === undefined ? 1 : Math.max(1, Math.ceil(filtered.length / query.perPage));
  const page = query.clampPage && query.page !== undefined ? Math.min(query.page, lastPage) : query.page;
  return { asOf, filter: query.filter, ...rowsPage(filtered, page, query.perPage) };
}

/** A covenant's history with its terms (steps, warning margin) as the facility defines them. */
export type FacilityCovenant = CovenantHistory & { terms: Facility['covenants'][number] };

export type FacilityCovenants = {
  asOf: string;
  /** The worst latest status of the covenants (null: no covenant, or no month tested). */
  status: CovenantStatus | null;
  covenants: FacilityCovenant[];
};

/** Each covenant's result per month end over the last `months` up to the as-of date (page, GET …/covenants, the covenants export). */
export async function facilityCovenants(
  db: DbOrTx,
  f: Facility,
  query: { asOf?: string; months: number },
  clock: Clock,
): Promise<FacilityCovenants> {
  const asOf = screenAsOf(query, clock);
  const history = await covenantHistory(db, f, asOf, clock.today, query.months);
  return {
    asOf,
    status: covenantStatusOf(history),
    covenants: history.map((h) => ({ ...h, terms: f.covenants.find((c) => c.id === h.covenantId)! })),
  };
}

// ---- one facility: the page ----

/** The months of covenant history the facility page shows (GET …/covenants answers as many by default). */
export const FACILITY_SCREEN_COVENANT_MONTHS = 12;

export type FacilityScreenQuery = { asOf?: string; filter: EligibilityFilter; page: number; perPage: number };

export type FacilityScreen = {
  facility: Facility;
  asOf: string;
  today: string;
  base: BorrowingBase;
  /** The groups over their limit. */
  excess: GroupExcess[];
  /** The page of lease-level eligibility shown (past the end: the last page). */
  eligibility: FacilityEligibility;
  /** Draws and repayments, newest value date first. */
  draws: FacilityDraw[];
  certificates: CertificateListItem[];
  covenantStatus: CovenantStatus | null;
  covenants: FacilityCovenant[];
};

/**
 * A facility's page: everything it shows at the as-of date. Throws NotFound when the principal may not see the
 * facility (its existence is not disclosed).
 */
export async function facilityScreen(
  db: DbOrTx,
  principal: Principal,
  facilityId: number,
  query: FacilityScreenQuery,
  clock: Clock,
): Promise<FacilityScreen> {
  const f = await facilityFor(db, principal, facilityId);
  const asOf = screenAsOf(query, clock);
  const { base, excess } = await facilityBorrowingBase(db, f, { asOf }, clock);
  const eligibility = await facilityEligibility(
    db,
    f,
    { asOf, filter: query.filter, page: query.page, perPage: query.perPage, clampPage: true },
    clock,
  );
  const covenants = await facilityCovenants(db, f, { asOf, months: FACILITY_SCREEN_COVENANT_MONTHS }, clock);
  return {
    facility: f,
    asOf,
    today: clock.today,
    base,
    excess,
    eligibility,
    draws: await listDraws(db, f.id),
    certificates: await listCertificates(db, f.id),
    covenantStatus: covenants.status,
    covenants: covenants.covenants,
  };
}
