/**
 * Pool membership (domain.md §3): a lease belongs to the funder's pool from its purchase date (the
 * date the funder bought or funded it) until it is repaid, written off or sold. Every figure "as of"
 * or "at a cut-off" date counts only the leases in the pool on that date, so this one predicate is
 * applied by the valuation (lib/finance/valuation.ts) and by the servicing book
 * (lib/servicing/book-store.ts bookAt) at their date, never screen by screen.
 *
 * Terminated leases (sold or cancelled) are not in the book at all; a written-off lease leaves the pool on
 * its write-off date (`exitDay`, domain.md §8: its remaining flows leave the portfolio cash flow), so every
 * date before it still counts it; a repaid lease stays in it with nothing remaining. Days are day numbers
 * since 1970-01-01 (dates.ts).
 */
import { parseDate } from './dates';

/** The exit day of a lease that never leaves the pool. */
export const NO_EXIT = 2_147_483_647;

/**
 * Whether a lease purchased on `purchaseDay` is in the pool on `asOfDay`: from its purchase date on, that day
 * included, until its exit day (a write-off date), that day excluded.
 */
export function isInPool(purchaseDay: number, asOfDay: number, exitDay: number = NO_EXIT): boolean {
  return purchaseDay <= asOfDay && asOfDay < exitDay;
}

/** A 0/1 mask per lease of pool membership on `asOf` (YYYY-MM-DD or a day number); `exitDay` per lease, absent = none leaves. */
export function poolMask(purchaseDay: ArrayLike<number>, asOf: string | number, exitDay?: ArrayLike<number>): Uint8Array {
  const day = typeof asOf === 'number' ? asOf : parseDate(asOf, 'asOf');
  const out = new Uint8Array(purchaseDay.length);
  for (let i = 0; i < purchaseDay.length; i++) out[i] = isInPool(purchaseDay[i]!, day, exitDay?.[i]) ? 1 : 0;
  return out;
}

/**
 * Σ original principal per currency of the leases purchased on or before `day` (written-off ones included): the
 * pool's original principal, the denominator of the cumulative net loss (domain.md §8).
 */
export function originalPrincipalOf(
  leases: readonly { currency: string; principal: number }[],
  purchaseDay: ArrayLike<number>,
  day: number,
): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i < leases.length; i++) {
    if (purchaseDay[i]! > day) continue;
    const r = leases[i]!;
    out.set(r.currency, (out.get(r.currency) ?? 0) + r.principal);
  }
  return out;
}
