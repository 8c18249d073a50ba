/**
 * The month's aggregates of the lease snapshots and the performance and vintage measures over them
 * (domain.md §9). Pure: the rows come from services/history. Money in minor units of one currency:
 * every aggregate is per currency (rates are ratios of amounts in the same currency).
 *
 * Definitions (documented decisions where §9 leaves room):
 * - balance: outstanding principal (with the residual) after the ledger's allocation at the month end.
 * - scheduled principal: principal of the instalments due in the month (contractual).
 * - unscheduled (prepaid) principal: the increase over the month of the principal paid ahead of schedule
 *   (allocated to instalments due after the month end); catching up arrears is not a prepayment.
 * - SMM, CPR, MDR, CDR by lib/finance/rates over the pool's month aggregates; the start balance is the
 *   previous month end's balance of the leases already in the pool then.
 * - MDR numerator: principal outstanding at first default of the leases whose first default date falls in the month.
 * - delinquency ratios: balance of leases with DPD > 30 / > 60 / > 90 ÷ balance (bucket edges 31–60, 61–90, 91+).
 * - pool factor: balance ÷ original balance (Σ financed principal of the leases in the pool).
 * - net loss of a lease: written off − recoveries; cumulative net loss % = Σ net loss ÷ Σ original principal (dv01).
 * - vintages: cohort = purchase (or origination) quarter; x = months since the quarter's last month (the
 *   cohort is complete from then on); y = Σ defaulted principal (ever defaulted up to the month: a cure still
 *   counts) or Σ net loss, ÷ the cohort's original balance; made monotone by a running maximum.
 */
import { cdrFromMdr, cprFromSmm, mdrOf, smmOf } from '@/lib/finance/rates';
import { monthDiff, quarterEndMonth, quarterOf } from './months';

export type LeaseSnapshot = {
  leaseId: number;
  contractNumber: string;
  currency: string;
  purchaseDate: string;
  originationDate: string;
  originalPrincipal: number;
  startBalance: number;
  balance: number;
  scheduledPrincipal: number;
  actualPrincipal: number;
  unscheduledPrincipal: number;
  interest: number;
  dpd: number;
  bucket: string;
  status: string;
  firstDefaultDate: string | null;
  defaultAmount: number;
  /** Principal outstanding at the first default (0 if never defaulted up to the month end). */
  defaultPrincipal: number;
  writtenOff: number;
  recoveries: number;
};

export type PoolTotals = {
  leases: number;
  originalBalance: number;
  startBalance: number;
  balance: number;
  scheduledPrincipal: number;
  actualPrincipal: number;
  unscheduledPrincipal: number;
  interest: number;
  /** Principal at default of the leases first defaulting in the month. */
  defaultedPrincipal: number;
  /** Leases defaulted at any time up to the month end and their principal at default. */
  everDefaultedLeases: number;
  everDefaultedPrincipal: number;
  defaultedLeases: number;
  writtenOff: number;
  recoveries: number;
  dpd30: number;
  dpd60: number;
  dpd90: number;
};

export type CohortTotals = { leases: number; originalBalance: number; defaulted: number; netLoss: number };
export type CohortBasis = 'purchase' | 'origination';
export const COHORT_BASES = ['purchase', 'origination'] as const;
export const VINTAGE_MEASURES = ['default', 'netLoss'] as const;
export type VintageMeasure = (typeof VINTAGE_MEASURES)[number];

export type MonthAggregates = {
  month: string;
  monthEnd: string;
  currencies: Record<string, PoolTotals>;
  cohorts: Record<CohortBasis, Record<string, Record<string, CohortTotals>>>;
};

const emptyTotals = (): PoolTotals => ({
  leases: 0,
  originalBalance: 0,
  startBalance: 0,
  balance: 0,
  scheduledPrincipal: 0,
  actualPrincipal: 0,
  unscheduledPrincipal: 0,
  interest: 0,
  defaultedPrincipal: 0,
  everDefaultedLeases: 0,
  everDefaultedPrincipal: 0,
  defaultedLeases: 0,
  writtenOff: 0,
  recoveries: 0,
  dpd30: 0,
  dpd60: 0,
  dpd90: 0,
});

/** Whether the lease's first default falls in the month (the day after the previous month end up to the month end). */
export function defaultedInMonth(s: Pick<LeaseSnapshot, 'firstDefaultDate'>, month: string): boolean {
  return s.firstDefaultDate !== null && s.firstDefaultDate.slice(0, 7) === month;
}

/** Aggregates of the month's lease snapshots: per currency, and per currency and cohort for both bases. */
export function aggregateMonth(month: string, monthEnd: string, rows: Iterable<LeaseSnapshot>): MonthAggregates {
  const currencies: Record<string, PoolTotals> = {};
  const cohorts: MonthAggregates['cohorts'] = { purchase: {}, origination: {} };
  for (const r of rows) {
    const t = (currencies[r.currency] ??= emptyTotals());
    t.leases++;
    t.originalBalance += r.originalPrincipal;
    t.startBalance += r.startBalance;
    t.balance += r.balance;
    t.scheduledPrincipal += r.scheduledPrincipal;
    t.actualPrincipal += r.actualPrincipal;
    t.unscheduledPrincipal += r.unscheduledPrincipal;
    t.interest += r.interest;
    const ever = r.firstDefaultDate !== null && r.firstDefaultDate <= monthEnd;
    if (ever) {
      t.everDefaultedLeases++;
      t.everDefaultedPrincipal += r.defaultPrincipal;
      if (defaultedInMonth(r, month)) t.defaultedPrincipal += r.defaultPrincipal;
    }
    if (r.status === 'defaulted') t.defaultedLeases++;
    t.writtenOff += r.writtenOff;
    t.recoveries += r.recoveries;
    if (r.dpd > 30) t.dpd30 += r.balance;
    if (r.dpd > 60) t.dpd60 += r.balance;
    if (r.dpd > 90) t.dpd90 += r.balance;
    for (const basis of COHORT_BASES) {
      const q = quarterOf(basis === 'purchase' ? r.purchaseDate : r.originationDate);
      const byQ = (cohorts[basis][r.currency] ??= {});
      const c = (byQ[q] ??= { leases: 0, originalBalance: 0, defaulted: 0, netLoss: 0 });
      c.leases++;
      c.originalBalance += r.originalPrincipal;
      if (ever) c.defaulted += r.defaultPrincipal;
      c.netLoss += r.writtenOff - r.recoveries;
    }
  }
  return { month, monthEnd, currencies, cohorts };
}

export type PerformanceRow = {
  month: string;
  monthEnd: string;
  /** true for the current (open) month, computed live to today. */
  live: boolean;
  leases: number;
  originalBalance: number;
  startBalance: number;
  balance: number;
  scheduledPrincipal: number;
  unscheduledPrincipal: number;
  defaultedPrincipal: number;
  interest: number;
  smm: number;
  cpr: number;
  mdr: number;
  cdr: number;
  poolFactor: number;
  dq30: number;
  dq60: number;
  dq90: number;
  cumulativeNetLoss: number;
  cumulativeNetLossPct: number;
};

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

/** The performance measures of one month and currency from its aggregates. */
export function performanceRow(month: string, monthEnd: string, t: PoolTotals, live: boolean): PerformanceRow {
  const smm = smmOf(t);
  const mdr = mdrOf(t);
  const netLoss = t.writtenOff - t.recoveries;
  return {
    month,
    monthEnd,
    live,
    leases: t.leases,
    originalBalance: t.originalBalance,
    startBalance: t.startBalance,
    balance: t.balance,
    scheduledPrincipal: t.scheduledPrincipal,
    unscheduledPrincipal: t.unscheduledPrincipal,
    defaultedPrincipal: t.defaultedPrincipal,
    interest: t.interest,
    smm,
    cpr: cprFromSmm(smm),
    mdr,
    cdr: cdrFromMdr(mdr),
    poolFactor: ratio(t.balance, t.originalBalance),
    dq30: ratio(t.dpd30, t.balance),
    dq60: ratio(t.dpd60, t.balance),
    dq90: ratio(t.dpd90, t.balance),
    cumulativeNetLoss: netLoss,
    cumulativeNetLossPct: ratio(netLoss, t.originalBalance),
  };
}

export type VintagePoint = { monthsSince: number; month: string; defaulted: number; netLoss: number; originalBalance: number; value: number };
export type VintageCurve = { cohort: string; leases: number; originalBalance: number; points: VintagePoint[] };

/**
 * Vintage curves of one currency from consecutive months' aggregates (in month order): per cohort, one
 * point per month from the cohort quarter's last month on; the value is the measure ÷ the cohort's
 * original balance in that month, made non-decreasing (a cure, a recovery never lowers a cumulative curve).
 */
export function vintageCurves(months: readonly MonthAggregates[], currency: string, basis: CohortBasis, measure: VintageMeasure): VintageCurve[] {
  const curves = new Map<string, VintageCurve>();
  for (const m of months) {
    const byQ = m.cohorts[basis][currency];
    if (!byQ) continue;
    for (const [q, c] of Object.entries(byQ)) {
      const x = monthDiff(quarterEndMonth(q), m.month);
      if (x < 0) continue;
      let curve = curves.get(q);
      if (!curve) curves.set(q, (curve = { cohort: q, leases: 0, originalBalance: 0, points: [] }));
      curve.leases = c.leases;
      curve.originalBalance = c.originalBalance;
      const prev = curve.points[curve.points.length - 1]?.value ?? 0;
      const raw = ratio(measure === 'default' ? c.defaulted : c.netLoss, c.originalBalance);
      curve.points.push({ monthsSince: x, month: m.month, defaulted: c.defaulted, netLoss: c.netLoss, originalBalance: c.originalBalance, value: Math.max(prev, raw) });
    }
  }
  return [...curves.values()].sort((a, b) => (a.cohort < b.cohort ? -1 : a.cohort > b.cohort ? 1 : 0));
}
