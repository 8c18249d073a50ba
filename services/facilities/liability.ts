/**
 * Portfolio CF → Liability CF per facility (domain.md §4, §11): the facility's funding line — its outstanding on
 * the cut-off (the same figure the facility page and its borrowing base show on that date) amortising with the
 * §4 funding line of the pool it finances (the funder's book in the facility currency). The definition is
 * lib/portfolio/liability facilityLiabilityLine; the screen and GET /api/reports/liability/{component}?facilityId=
 * both come through here, so they agree to the cent.
 */
import type { DbOrTx } from '@/db/client';
import { facilityOutstanding, listDraws, type Facility } from '@/db/queries/facilities';
import {
  bookLiability,
  facilityLiabilityLine,
  type CurrencyLiability,
  type LiabilityParams,
  type LiabilitySource,
} from '@/lib/portfolio/liability';

/** Σ approved draws (not repayments) with a value date on or before `on`. */
export async function facilityDrawn(db: DbOrTx, facilityId: number, on: string): Promise<number> {
  return (await listDraws(db, facilityId))
    .filter((d) => d.status === 'approved' && d.type === 'draw' && d.valueDate <= on)
    .reduce((s, d) => s + d.amount, 0);
}

/** The facility's Liability CF line at the book's cut-off (one currency: the facility's). */
export async function facilityLiability(
  db: DbOrTx,
  f: Facility,
  book: LiabilitySource,
  params: LiabilityParams,
  baseCurrency: string,
  cutOff: string,
): Promise<CurrencyLiability> {
  const pool = bookLiability(book, params, baseCurrency).find((l) => l.currency === f.currency);
  return facilityLiabilityLine(pool, f.currency, await facilityOutstanding(db, f.id, cutOff), await facilityDrawn(db, f.id, cutOff));
}
