/**
 * Servicing → Clients Behavior as its page, its JSON API (GET /api/servicing/behaviour) and its export show it: one
 * call that returns the lessees' payment behaviour rows at the as-of date (the clock's today unless the query names a
 * day), filtered and ordered, with the funder's bucket keys and the page asked for. And one lessee's servicing (its
 * page /servicing/clients-behavior/{id} and GET /api/servicing/behaviour/{id}). The pages render these, the API
 * serialises them: they cannot disagree.
 */
import { rowsPage } from '@/services/servicing/route-helpers';
import type { DbOrTx } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { getServicingBook } from './book';
import { behaviourRows, filterSortBehaviour, lesseeServicing, type BehaviourRow, type BehaviourSort, type SortDir } from './views';

export type BehaviourScreenQuery = {
  funderId: number;
  asOf?: string;
  q?: string;
  bucket?: string[];
  late?: boolean;
  sort: BehaviourSort;
  dir: SortDir;
  /** The page shown (1-based) and its size; without them every row (the export). */
  page?: number;
  perPage?: number;
};

export type BehaviourScreen = {
  asOf: string;
  /** The funder's delinquency buckets (its settings' edges), for the bucket filter. */
  bucketKeys: string[];
  /** The rows of the page asked for (every row without a page). */
  rows: BehaviourRow[];
  /** Rows matching the filter (all pages). */
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

export async function behaviourScreen(db: DbOrTx, query: BehaviourScreenQuery, clock: Clock): Promise<BehaviourScreen> {
  const asOf = query.asOf ?? clock.today;
  const all = filterSortBehaviour(await behaviourRows(db, query.funderId, asOf), {
    q: query.q,
    bucket: query.bucket,
    late: query.late,
    sort: query.sort,
    dir: query.dir,
  });
  // The book at the as-of date is the one behaviourRows has just read (kept per date): its buckets are the funder's.
  const bucketKeys = (await getServicingBook(db, query.funderId, asOf)).bucketKeys;
  return { asOf, bucketKeys, ...rowsPage(all, query.page, query.perPage) };
}

export type LesseeBehaviourScreen = Awaited<ReturnType<typeof lesseeServicing>>;

/**
 * One lessee at the as-of date (the clock's today unless given): its behaviour per currency, its leases' delinquency
 * and its latest payments. 404 when the lessee is not the funder's.
 */
export async function lesseeBehaviourScreen(
  db: DbOrTx,
  funderId: number,
  lesseeId: number,
  query: { asOf?: string },
  clock: Clock,
): Promise<LesseeBehaviourScreen> {
  return await lesseeServicing(db, funderId, lesseeId, query.asOf ?? clock.today);
}
