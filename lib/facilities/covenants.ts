/**
 * Covenants and triggers of a facility (domain.md §11): a metric, an operator, a threshold that may step with the
 * facility's age in months (e.g. default ratio < 5 % in months 0–12, < 8 % from month 13), and a warning margin.
 * Status: Breach when the actual value fails the test, Warning when it passes but within the margin of the
 * threshold, Compliant otherwise. Headroom is the distance to the threshold, positive while the test passes.
 */
import {
  COVENANT_METRICS,
  COVENANT_OPERATORS,
  COVENANT_STATUSES,
  type CovenantMetric,
  type CovenantOperator,
  type CovenantStatus,
} from '../domain/facilities';

export { COVENANT_METRICS, COVENANT_OPERATORS, COVENANT_STATUSES, type CovenantMetric, type CovenantOperator, type CovenantStatus };

/** From facility age `fromMonth` (0 = the start month) on, `threshold` applies (decimals, like the metrics). */
export type ThresholdStep = { fromMonth: number; threshold: number };

export type CovenantTerms = { metric: CovenantMetric; operator: CovenantOperator; steps: ThresholdStep[]; warningMargin: number };

export type CovenantResult = { threshold: number; actual: number; headroom: number; status: CovenantStatus };

/** The threshold in force at a facility age: the step with the largest fromMonth ≤ age (the first step before any). */
export function thresholdAt(steps: readonly ThresholdStep[], ageMonths: number): number {
  const sorted = [...steps].sort((a, b) => a.fromMonth - b.fromMonth);
  let t = sorted[0]?.threshold ?? 0;
  for (const s of sorted) if (s.fromMonth <= ageMonths) t = s.threshold;
  return t;
}

const EPS = 1e-12;

export function evaluateCovenant(terms: CovenantTerms, ageMonths: number, actual: number): CovenantResult {
  const threshold = thresholdAt(terms.steps, ageMonths);
  const upper = terms.operator === 'lt' || terms.operator === 'lte';
  const headroom = upper ? threshold - actual : actual - threshold;
  const strict = terms.operator === 'lt' || terms.operator === 'gt';
  const pass = strict ? headroom > EPS : headroom >= -EPS;
  const status: CovenantStatus = !pass ? 'breach' : headroom < terms.warningMargin - EPS ? 'warning' : 'compliant';
  return { threshold, actual, headroom, status };
}

/** The worst of several statuses (a facility's covenant status). */
export function worstStatus(statuses: Iterable<CovenantStatus>): CovenantStatus {
  let worst: CovenantStatus = 'compliant';
  for (const s of statuses) if (s === 'breach' || (s === 'warning' && worst === 'compliant')) worst = s;
  return worst;
}
