/** The enumerations of funding facilities (domain.md §11), shared by the schema, validations and lib/facilities. */
export const CRITERION_KINDS = [
  'notInDefault',
  'maxDpd',
  'minRemainingMonths',
  'maxRemainingMonths',
  'countryIn',
  'assetTypeIn',
  'industryIn',
  'regionIn',
  'currencyIn',
  'maxBalance',
  'minRate',
] as const;
export type CriterionKind = (typeof CRITERION_KINDS)[number];
/** Criteria with one `value` (days, months, minor units, a decimal rate) and those with a list of `values` (codes). */
export const NUMERIC_CRITERIA: readonly CriterionKind[] = ['maxDpd', 'minRemainingMonths', 'maxRemainingMonths', 'maxBalance', 'minRate'];
export const LIST_CRITERIA: readonly CriterionKind[] = ['countryIn', 'assetTypeIn', 'industryIn', 'regionIn', 'currencyIn'];

export const CONCENTRATION_GROUPS = ['lessee', 'industry', 'region', 'assetType', 'topLessees'] as const;
export type ConcentrationGroup = (typeof CONCENTRATION_GROUPS)[number];
export const LIMIT_KINDS = ['percent', 'amount'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const COVENANT_METRICS = [
  'dpd60Ratio',
  'cumulativeNetLoss',
  'cdr',
  'defaultRatio',
  'waRate',
  'top10LesseeShare',
  'excessConcentration',
] as const;
export type CovenantMetric = (typeof COVENANT_METRICS)[number];
export const COVENANT_OPERATORS = ['lt', 'lte', 'gt', 'gte'] as const;
export type CovenantOperator = (typeof COVENANT_OPERATORS)[number];
export const COVENANT_STATUSES = ['compliant', 'warning', 'breach'] as const;
export type CovenantStatus = (typeof COVENANT_STATUSES)[number];

export const FACILITY_MOVEMENT_TYPES = ['draw', 'repayment'] as const;
export type FacilityMovementType = (typeof FACILITY_MOVEMENT_TYPES)[number];
export const FACILITY_DECISION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type FacilityDecisionStatus = (typeof FACILITY_DECISION_STATUSES)[number];
