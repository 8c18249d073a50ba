/**
 * Pool membership (domain.md §3): a lease belongs to the funder's pool from its purchase date (the
 * date the funder bought or funded it) until it is repaid, written off or sold. Every figure "as of"
 * or "at a cut-off" date counts only the leases in the pool on that date, so this one predicate is
 * applied by the valuation (lib/finance/valuation.ts) and by the servicing book
 * (lib/servicing/book-store.ts bookAt) at their date, never screen by screen.
 *
 * Leases that left the pool (terminated, i.e. sold or written off) are not in the book at all; a
 * repaid lease stays in it with nothing remaining. Days are day numbers since 1970-01-01 (dates.ts).
 */
import { parseDate } from './dates';

/** Whether a lease purchased on `purchaseDay` is in the pool on `asOfDay`: from its purchase date on, that day included. */
export function isInPool(purchaseDay: number, asOfDay: number): boolean {
  return purchaseDay <= asOfDay;
}

/** A 0/1 mask per lease of pool membership on `asOf` (YYYY-MM-DD or a day number). */
export function poolMask(purchaseDay: ArrayLike<number>, asOf: string | number): Uint8Array {
  const day = typeof asOf === 'number' ? asOf : parseDate(asOf, 'asOf');
  const out = new Uint8Array(purchaseDay.length);
  for (let i = 0; i < purchaseDay.length; i++) out[i] = isInPool(purchaseDay[i]!, day) ? 1 : 0;
  return out;
}
