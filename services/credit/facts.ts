/**
 * The credit facts of every lease of a funder as of a date (the seam with the month-end history:
 * /work/briefs/credit-facts.md). Derived by services/credit/book.ts from each lease's default timeline
 * (lib/credit/default.ts), which is computed once per lease and answers any date: a call for a past
 * month end is one pass over the leases, so 24 month ends of a 100k-lease book stay cheap.
 */
import type { DbOrTx } from '@/db/client';
import { creditStatesAt, creditStatesInSlices, creditStatesOnce, dropCreditCache, type LeaseCreditState } from './book';

export type CreditStatus = 'performing' | 'defaulted' | 'cured' | 'written_off' | 'repaid';
export type LeaseCreditFacts = {
  leaseId: number;
  status: CreditStatus; // derived as of `asOf` (domain.md §8)
  everDefaulted: boolean; // defaulted at any time up to asOf (vintage curves are cumulative: a cure still counts)
  firstDefaultDate: string | null; // YYYY-MM-DD, first day the default condition held (null: never up to asOf)
  defaultAmount: number; // minor units: exposure at (first) default = outstanding principal + arrears net of VAT; 0 if never
  defaultedPrincipal: number; // minor units: outstanding principal at first default (the MDR numerator in its month); 0 if never
  writtenOff: number; // minor units: Σ write-offs dated ≤ asOf
  recoveries: number; // minor units: Σ recoveries dated ≤ asOf
  writeOffDate: string | null;
};

/**
 * creditFactsAsOf over a given connection (tests, scripts). `keep: false` (the month-end snapshots, each month end read
 * once): the day's credit states are not kept in the memo the screens share (services/credit/book creditStatesOnce).
 */
export async function creditFactsAt(
  db: DbOrTx,
  funderId: number,
  asOf: string,
  opts: { keep?: boolean } = {},
): Promise<Map<number, LeaseCreditFacts>> {
  return factsOf(opts.keep === false ? await creditStatesOnce(db, funderId, asOf) : (await creditStatesAt(db, funderId, asOf)).states);
}

/** creditFactsAt `keep: false`, computed between turns of the event loop (services/credit/book.ts creditStatesInSlices). */
export async function creditFactsInSlices(db: DbOrTx, funderId: number, asOf: string): Promise<Map<number, LeaseCreditFacts>> {
  return factsOf(await creditStatesInSlices(db, funderId, asOf));
}

function factsOf(states: readonly LeaseCreditState[]): Map<number, LeaseCreditFacts> {
  const out = new Map<number, LeaseCreditFacts>();
  for (const s of states) {
    out.set(s.leaseId, {
      leaseId: s.leaseId,
      status: s.status,
      everDefaulted: s.firstDefaultDate !== null,
      firstDefaultDate: s.firstDefaultDate,
      defaultAmount: s.defaultAmount,
      defaultedPrincipal: s.defaultedPrincipal,
      writtenOff: s.writtenOff,
      recoveries: s.recoveries,
      writeOffDate: s.writeOffDate,
    });
  }
  return out;
}

/** Drops whatever the module caches for the funder (called after writes that change credit facts). */
export function invalidateCreditFacts(funderId: number): void {
  dropCreditCache(funderId);
}
