/**
 * The collateral of a funder's facilities at a date: the funder's pool on that date (domain.md §3 pool
 * membership: purchased on or before it, not repaid) with the balances and DPD the servicing book already
 * computes and the lease terms of the valuation book — no schedule is recomputed here.
 */
import type { DbOrTx } from '@/db/client';
import { PERIOD_MONTHS } from '@/lib/finance';
import { addMonths, monthsBetween, parseDate } from '@/lib/finance/dates';
import type { EligibilityLease } from '@/lib/facilities';
import { loadBook, type Book } from '@/services/portfolio/valuation';
import { getServicingBook } from '@/services/servicing/book';
import { creditStatesById } from '@/services/credit/book';
import { creditStamp, isLeaseInDefault } from './credit';
import { derivedValue } from '@/lib/views';

export type Collateral = { asOf: string; leases: EligibilityLease[]; key: string };

/** Whole months from the as-of date to the lease's last due date (0 when it has passed). */
export function remainingMonths(asOf: string, firstDueDate: string, term: number, frequency: keyof typeof PERIOD_MONTHS): number {
  const last = addMonths(firstDueDate, (term - 1) * PERIOD_MONTHS[frequency]);
  return Math.max(0, monthsBetween(asOf, last));
}

/** The collateral line last built from a servicing state object (a state is per book date), with the register row it read. */
const reuse = derivedValue<object, { row: object; lease: EligibilityLease }>(
  'collateralLeases',
  "a servicing state's collateral line, with the register row it read",
);

/**
 * A lease's balance, DPD and credit status at a date: from the servicing book (live) or a month-end snapshot (§9).
 * `key`: an object standing for this state (the servicing book's state object, kept across book versions for the
 * leases a write did not touch), under which the line built from it is reused.
 */
export type LeaseState = { leaseId: number; balance: number; dpd: number; status: string | undefined; key?: object };

/**
 * The eligibility leases of the states with a balance, in their order, with the lease terms (lessee, industry,
 * region, country, asset type, rate, remaining term) of the valuation book; a lease no longer in it is left out.
 */
export function collateralLeases(
  book: Pick<Book, 'leases' | 'indexById' | 'exitDay'>,
  asOf: string,
  states: Iterable<LeaseState>,
): EligibilityLease[] {
  const leases: EligibilityLease[] = [];
  const day = parseDate(asOf, 'asOf');
  for (const s of states) {
    const line = lineOf(book, asOf, day, s.leaseId, s.balance, s.dpd, s.status, s.key);
    if (line) leases.push(line);
  }
  return leases;
}

/** The collateral line of one lease state (null: no balance, or not in the valuation book's pool on `day`). */
function lineOf(
  book: Pick<Book, 'leases' | 'indexById' | 'exitDay'>,
  asOf: string,
  day: number,
  leaseId: number,
  balance: number,
  dpd: number,
  status: string | undefined,
  key: object | undefined,
): EligibilityLease | null {
  if (balance <= 0) return null;
  const i = book.indexById.get(leaseId);
  // Written off on or before the date: out of the pool (lib/finance/pool.ts), no longer collateral.
  if (i === undefined || book.exitDay[i]! <= day) return null;
  const r = book.leases[i]!;
  const inDefault = isLeaseInDefault(status as Parameters<typeof isLeaseInDefault>[0]);
  // A write replaces only the changed leases' servicing states and register rows: the others keep their line
  // (same state, same row, same default flag), so a rebuild after one write allocates little.
  const kept = key ? reuse.peek(key) : undefined;
  if (kept && kept.row === r && kept.lease.inDefault === inDefault && kept.lease.balance === balance && kept.lease.dpd === dpd)
    return kept.lease;
  const lease: EligibilityLease = {
    leaseId: r.id,
    contractNumber: r.contractNumber,
    lesseeId: r.lesseeId,
    lesseeName: r.lesseeName,
    industry: r.lesseeIndustry,
    region: r.lesseeRegion,
    country: r.lesseeCountry,
    assetType: r.assetType,
    currency: r.currency,
    balance,
    dpd,
    inDefault,
    remainingMonths: remainingMonths(asOf, r.firstDueDate, r.term, r.frequency),
    rate: r.rate,
  };
  if (key) reuse.set(key, { row: r, lease });
  return lease;
}

const cache = derivedValue<object, Map<string, Collateral>>(
  'collateral',
  "a servicing book's collateral at its date, for the latest valuation book and credit records",
);

/** The pool's leases with a balance at `asOf`, in lease-id order. Cached per servicing book and valuation book version. */
export async function collateralAt(db: DbOrTx, funderId: number, asOf: string): Promise<Collateral> {
  const book = await loadBook(db, funderId);
  const sb = await getServicingBook(db, funderId, asOf);
  let byBook = cache.peek(sb);
  if (!byBook) cache.set(sb, (byBook = new Map()));
  const key = `${sb.version}:${book.version}:${await creditStamp(db, funderId)}`;
  const hit = byBook.get(key);
  if (hit) return hit;
  // The memoised states by id (services/credit/book.ts: patched after a write, not rebuilt for the book).
  const credit = await creditStatesById(db, funderId, asOf);
  // Each state object of the book is the reuse key of its line (see collateralLeases).
  const leases: EligibilityLease[] = [];
  const day = parseDate(asOf, 'asOf');
  for (const s of sb.leases) {
    const line = lineOf(book, asOf, day, s.leaseId, s.outstandingPrincipal, s.dpd, credit.get(s.leaseId)?.status, s);
    if (line) leases.push(line);
  }
  const c = { asOf, leases, key: `${sb.lineage}:${key}` };
  // Only the latest version of a book is kept.
  byBook.clear();
  byBook.set(key, c);
  return c;
}
