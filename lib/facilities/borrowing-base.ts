/**
 * The borrowing-base waterfall of a facility at a date (domain.md §11):
 * collateral → − ineligible → eligible → − excess concentration → eligible after excess → × advance rate
 * → − reserves → borrowing base → maximum advance = min(borrowing base, commitment) → − outstanding
 * (drawn − repaid) → availability (a shortfall when negative). Money in minor units; the advance-rate product
 * is the one rounded figure (half-up to the minor unit).
 */
import { derivedValue } from '../views';
import { roundHalfUp } from '../finance/money';
import { concentrationExcess, type ConcentrationLimit, type GroupExcess } from './concentration';
import { evaluateLease, type Criterion, type EligibilityLease, type FailedCriterion } from './eligibility';

export type FacilityTerms = { currency: string; commitment: number; advanceRate: number; reserves: number };

export type LeaseEligibilityRow = EligibilityLease & { eligible: boolean; failed: FailedCriterion[] };

export type BorrowingBase = {
  currency: string;
  commitment: number;
  advanceRate: number;
  collateralBalance: number;
  ineligibleBalance: number;
  eligibleBalance: number;
  excess: { total: number; groups: GroupExcess[] };
  eligibleAfterExcess: number;
  advancedAmount: number;
  reserves: number;
  borrowingBase: number;
  maximumAdvance: number;
  outstanding: number;
  availability: number;
  counts: { leases: number; eligible: number; ineligible: number };
};

/** The waterfall figures only (what the worked example of §11 pins). */
export function waterfall(terms: FacilityTerms, collateral: number, eligible: number, totalExcess: number, outstanding: number) {
  const eligibleAfterExcess = eligible - totalExcess;
  const advancedAmount = roundHalfUp(terms.advanceRate * eligibleAfterExcess);
  const borrowingBase = advancedAmount - terms.reserves;
  // A base below zero allows no advance at all; the shortfall then shows in availability.
  const maximumAdvance = Math.max(0, Math.min(borrowingBase, terms.commitment));
  return {
    collateralBalance: collateral,
    ineligibleBalance: collateral - eligible,
    eligibleBalance: eligible,
    eligibleAfterExcess,
    advancedAmount,
    reserves: terms.reserves,
    borrowingBase,
    maximumAdvance,
    outstanding,
    availability: maximumAdvance - outstanding,
  };
}

/**
 * One row: the fields written out rather than spread — on a 100k-lease pool a spread per lease costs a few hundred
 * milliseconds and the garbage collections that follow; one object shape, built in place, does not.
 */
function rowOf(l: EligibilityLease, eligible: boolean, failed: FailedCriterion[]): LeaseEligibilityRow {
  return {
    leaseId: l.leaseId,
    contractNumber: l.contractNumber,
    lesseeId: l.lesseeId,
    lesseeName: l.lesseeName,
    industry: l.industry,
    region: l.region,
    country: l.country,
    assetType: l.assetType,
    currency: l.currency,
    balance: l.balance,
    dpd: l.dpd,
    inDefault: l.inDefault,
    remainingMonths: l.remainingMonths,
    rate: l.rate,
    eligible,
    failed,
  };
}

/**
 * A collateral line's eligibility under one facility's criteria, kept on the line: the collateral keeps the lines of
 * the leases a write did not touch (services/facilities/collateral.ts), so after a write only the touched leases are
 * evaluated again. One slot per line (the last criteria asked): a second facility with other criteria re-evaluates.
 */
const evaluated = derivedValue<EligibilityLease, { key: string; result: ReturnType<typeof evaluateLease> }>(
  'leaseEligibility',
  "a collateral line's eligibility under the last criteria asked",
);

/**
 * Evaluates every lease of the collateral (the funder's pool at the date) and computes the base. `rows` keeps
 * each lease with its failed criteria, in the order given: made when first read (the Dashboard's tile needs only the
 * base; the eligibility table, its exports and certificates read the rows).
 */
export function computeBorrowingBase(
  terms: FacilityTerms,
  criteria: readonly Criterion[],
  limits: readonly ConcentrationLimit[],
  collateral: readonly EligibilityLease[],
  outstanding: number,
): { base: BorrowingBase; rows: LeaseEligibilityRow[] } {
  const results = new Array<ReturnType<typeof evaluateLease>>(collateral.length);
  const eligibleLeases: EligibilityLease[] = [];
  const key = JSON.stringify([terms.currency, criteria]);
  let total = 0;
  let eligible = 0;
  for (let i = 0; i < collateral.length; i++) {
    const l = collateral[i]!;
    let kept = evaluated.peek(l);
    if (kept?.key !== key) evaluated.set(l, (kept = { key, result: evaluateLease(criteria, l, terms.currency) }));
    const e = (results[i] = kept.result);
    // Leases in another currency are not collateral of this facility at all (they cannot be added up with it).
    if (l.currency === terms.currency) total += l.balance;
    if (e.eligible) {
      eligible += l.balance;
      eligibleLeases.push(l);
    }
  }
  const conc = concentrationExcess(limits, eligibleLeases);
  const w = waterfall(terms, total, eligible, conc.totalExcess, outstanding);
  let rows: LeaseEligibilityRow[] | null = null;
  return {
    get rows() {
      return (rows ??= collateral.map((l, i) => rowOf(l, results[i]!.eligible, results[i]!.failed)));
    },
    base: {
      currency: terms.currency,
      commitment: terms.commitment,
      advanceRate: terms.advanceRate,
      ...w,
      excess: { total: conc.totalExcess, groups: conc.groups },
      counts: { leases: collateral.length, eligible: eligibleLeases.length, ineligible: collateral.length - eligibleLeases.length },
    },
  };
}
