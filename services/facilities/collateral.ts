/**
 * The collateral of a funder's facilities at a date: the funder's pool on that date (domain.md §3 pool
 * membership: purchased on or before it, not repaid) with the balances and DPD the servicing book already
 * computes and the lease terms of the valuation book — no schedule is recomputed here.
 */
import type { DbOrTx } from '@/db/client';
import { PERIOD_MONTHS } from '@/lib/finance';
import { addMonths, monthsBetween, parseDate } from '@/lib/finance/dates';
import type { EligibilityLease } from '@/lib/facilities';
import { loadBook } from '@/services/portfolio/valuation';
import { getServicingBook } from '@/services/servicing/book';
import { creditStamp, creditStatusesAt, isLeaseInDefault } from './credit';

export type Collateral = { asOf: string; leases: EligibilityLease[]; key: string };

/** Whole months from the as-of date to the lease's last due date (0 when it has passed). */
export function remainingMonths(asOf: string, firstDueDate: string, term: number, frequency: keyof typeof PERIOD_MONTHS): number {
  const last = addMonths(firstDueDate, (term - 1) * PERIOD_MONTHS[frequency]);
  return Math.max(0, monthsBetween(asOf, last));
}

const cache = new WeakMap<object, Map<string, Collateral>>();

/** The pool's leases with a balance at `asOf`, in lease-id order. Cached per servicing book and valuation book version. */
export function collateralAt(db: DbOrTx, funderId: number, asOf: string): Collateral {
  const book = loadBook(db, funderId);
  const sb = getServicingBook(db, funderId, asOf);
  let byBook = cache.get(sb);
  if (!byBook) cache.set(sb, (byBook = new Map()));
  const key = `${sb.version}:${book.version}:${creditStamp(db, funderId)}`;
  const hit = byBook.get(key);
  if (hit) return hit;
  const credit = creditStatusesAt(db, funderId, asOf);
  const leases: EligibilityLease[] = [];
  const day = parseDate(asOf, 'asOf');
  for (const s of sb.leases) {
    if (s.outstandingPrincipal <= 0) continue;
    const i = book.indexById.get(s.leaseId);
    // Written off on or before the date: out of the pool (lib/finance/pool.ts), no longer collateral.
    if (i === undefined || book.exitDay[i]! <= day) continue;
    const r = book.leases[i]!;
    leases.push({
      leaseId: r.id,
      contractNumber: r.contractNumber,
      lesseeId: r.lesseeId,
      lesseeName: r.lesseeName,
      industry: r.lesseeIndustry,
      region: r.lesseeRegion,
      country: r.lesseeCountry,
      assetType: r.assetType,
      currency: r.currency,
      balance: s.outstandingPrincipal,
      dpd: s.dpd,
      inDefault: isLeaseInDefault(credit.get(r.id)),
      remainingMonths: remainingMonths(asOf, r.firstDueDate, r.term, r.frequency),
      rate: r.rate,
    });
  }
  const c = { asOf, leases, key: `${sb.lineage}:${key}` };
  // Only the latest version of a book is kept.
  byBook.clear();
  byBook.set(key, c);
  return c;
}
