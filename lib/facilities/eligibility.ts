/**
 * Eligibility criteria of a funding facility (domain.md §11): rules on lease fields. Every criterion is checked
 * on every lease (never stopping at the first failure), so the screen can say each criterion a lease failed.
 * An ineligible lease leaves the base entirely. Pure: the caller passes the lease facts at the as-of date.
 */

import { CRITERION_KINDS, type CriterionKind } from '../domain/facilities';

export { CRITERION_KINDS, type CriterionKind };

/** `value`: days, months, minor units (maxBalance) or a decimal rate (minRate); `values`: the allowed codes. */
export type Criterion = { id: number; kind: CriterionKind; value: number | null; values: string[] | null };

/** The facts of one lease at the as-of date that criteria and concentration limits read. Money in minor units. */
export type EligibilityLease = {
  leaseId: number;
  contractNumber: string;
  lesseeId: number;
  lesseeName: string;
  industry: string;
  region: string;
  country: string;
  assetType: string;
  currency: string;
  /** Outstanding principal at the as-of date (the collateral value of the lease). */
  balance: number;
  dpd: number;
  inDefault: boolean;
  remainingMonths: number;
  rate: number;
};

/** A failed check: the criterion's id and kind; id 0 with kind `currencyIn` is the facility's own currency. */
export type FailedCriterion = { id: number; kind: CriterionKind };

export type LeaseEligibility = { eligible: boolean; failed: FailedCriterion[] };

function passes(c: Criterion, l: EligibilityLease): boolean {
  const v = c.value ?? 0;
  const list = c.values ?? [];
  switch (c.kind) {
    case 'notInDefault':
      return !l.inDefault;
    case 'maxDpd':
      return l.dpd <= v;
    case 'minRemainingMonths':
      return l.remainingMonths >= v;
    case 'maxRemainingMonths':
      return l.remainingMonths <= v;
    case 'countryIn':
      return list.includes(l.country);
    case 'assetTypeIn':
      return list.includes(l.assetType);
    case 'industryIn':
      return list.includes(l.industry);
    case 'regionIn':
      return list.includes(l.region);
    case 'currencyIn':
      return list.includes(l.currency);
    case 'maxBalance':
      return l.balance <= v;
    case 'minRate':
      // Rates are decimals stored to a few places; compare with a tolerance far below one basis point.
      return l.rate >= v - 1e-12;
  }
}

/**
 * Every criterion the lease fails, in the order given. A lease in another currency than the facility's can never
 * be collateral of it: that is reported as a failed `currencyIn` with id 0.
 */
export function evaluateLease(criteria: readonly Criterion[], lease: EligibilityLease, facilityCurrency: string): LeaseEligibility {
  // No array for a lease that passes everything (most of a pool): the shared, frozen empty list.
  let failed: FailedCriterion[] | null = null;
  if (lease.currency !== facilityCurrency) failed = [{ id: 0, kind: 'currencyIn' }];
  for (const c of criteria) if (!passes(c, lease)) (failed ??= []).push({ id: c.id, kind: c.kind });
  return failed === null ? PASSED : { eligible: false, failed };
}

const PASSED: LeaseEligibility = Object.freeze({ eligible: true, failed: Object.freeze([]) as unknown as FailedCriterion[] });
