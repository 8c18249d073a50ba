/**
 * The status the register, the lease page and their exports show and filter by (domain.md §8: derived, never
 * typed): the lease's credit status from the funder's memoised credit states (services/credit/book.ts, one pass
 * per day and book version, shared with Delinquency and the notes), or the business event a user set (closed,
 * terminated); a write-off wins over both (lib/validations/leases shownStatus).
 *
 * The filter turns the chosen statuses into id clauses for the one SQL query of the register (a page, its
 * count and totals): never a per-request recompute of the book.
 */
import type { DbOrTx } from '@/db/client';
import type { CreditStatusIds, StatusClause } from '@/db/queries/leases';
import { todayIso } from '@/lib/clock';
import { shownStatus, type ShownStatus, type StatusFilter } from '@/lib/validations/leases';
import { creditStatesAt, creditStatesById } from '@/services/credit/book';
import { derivedValue } from '@/lib/views';

const BUSINESS = ['closed', 'terminated'] as const;

/** The lease ids per derived credit status on `asOf` (performing ones are not listed: they are the rest). */
async function idsByCreditStatus(db: DbOrTx, funderId: number, asOf: string): Promise<CreditStatusIds> {
  const { states } = await creditStatesAt(db, funderId, asOf);
  let m = idsMemo.peek(states);
  if (!m) {
    const ids: Record<keyof CreditStatusIds, number[]> = { defaulted: [], cured: [], written_off: [], repaid: [] };
    for (const s of states) if (s.status !== 'performing') ids[s.status].push(s.leaseId);
    idsMemo.set(states, (m = ids));
  }
  return m;
}
const idsMemo = derivedValue<object, CreditStatusIds>('registerStatusIds', "the lease ids per credit status of a day's credit states");

/** For a register sorted by status: the ids of each derived credit status, so the one query orders by the shown status. */
export async function statusSortIds(
  db: DbOrTx,
  funderId: number,
  sort: string | undefined,
  asOf = todayIso(),
): Promise<CreditStatusIds | undefined> {
  return sort === 'status' ? await idsByCreditStatus(db, funderId, asOf) : undefined;
}

/** The register's status filter as id clauses (any of them); undefined when there is no status filter. */
export async function statusFilterClauses(
  db: DbOrTx,
  funderId: number,
  statuses: readonly StatusFilter[] | undefined,
  asOf = todayIso(),
): Promise<StatusClause[] | undefined> {
  if (!statuses?.length) return undefined;
  const ids = await idsByCreditStatus(db, funderId, asOf);
  const writtenOff = ids.written_off;
  const clauses: StatusClause[] = [];
  for (const s of new Set(statuses)) {
    if (s === 'active') clauses.push({ stored: ['active'] });
    else if (s === 'closed' || s === 'terminated') clauses.push({ stored: [s], notIds: writtenOff });
    else if (s === 'written_off') clauses.push({ ids: writtenOff });
    else if (s === 'performing') clauses.push({ notStored: [...BUSINESS], notIds: Object.values(ids).flat() });
    else clauses.push({ notStored: [...BUSINESS], ids: ids[s] });
  }
  return clauses;
}

/** The shown status of each of these leases on `asOf` (from the memoised credit states). */
export async function shownStatuses(
  db: DbOrTx,
  funderId: number,
  rows: readonly { id: number; status: string }[],
  asOf = todayIso(),
): Promise<Map<number, ShownStatus>> {
  const out = new Map<number, ShownStatus>();
  if (rows.length === 0) return out;
  const credit = await creditStatesById(db, funderId, asOf);
  for (const r of rows) out.set(r.id, shownStatus(r.status, credit.get(r.id)?.status));
  return out;
}

/**
 * The shown status of every lease of a list on `asOf`, index-aligned with `leases`: the same shownStatus over the
 * same memoised credit states as shownStatuses, for the screens that hold a whole book (Total Cash Flow, its export
 * and API filter, the Dashboard). Kept per (credit states of the day, lease list): a write replaces either.
 */
export async function shownStatusesOf(
  db: DbOrTx,
  funderId: number,
  leases: readonly { id: number; status: string }[],
  asOf = todayIso(),
): Promise<readonly ShownStatus[]> {
  const credit = await creditStatesById(db, funderId, asOf);
  let perList = listMemo.peek(credit);
  if (!perList) listMemo.set(credit, (perList = new WeakMap()));
  let out = perList.get(leases);
  if (!out) {
    out = leases.map((l) => shownStatus(l.status, credit.get(l.id)?.status));
    perList.set(leases, out);
  }
  return out;
}
const listMemo = derivedValue<object, WeakMap<object, readonly ShownStatus[]>>(
  'shownStatusLists',
  "the shown status of each lease of a book's lease list, per day's credit states",
);
