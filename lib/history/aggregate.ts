/**
 * The month's aggregates of the lease snapshots and the performance and vintage measures over them
 * (domain.md §9). Pure: the rows come from services/history. Money in minor units of one currency:
 * every aggregate is per currency (rates are ratios of amounts in the same currency).
 *
 * Definitions (documented decisions where §9 leaves room):
 * - balance: outstanding principal at the month end (for the live month: today), domain.md §3's prin as every screen
 *   takes it at a date: the schedule's principal (with the residual) due on or after it, whatever was paid; what is
 *   unpaid of earlier instalments is arrears, never inside the balance (§14). It is the next month's opening.
 * - the rows: every lease purchased by the month end; `inPool` says whether it is in the pool at the month end
 *   (repaid and written-off leases are not). Pool figures (leases, balance, DPD ratios, leases in default) count the
 *   pool; cumulative ones (original balance, net loss, vintages) count every row.
 * - roll-forward (§14): opening (the previous month end's balance) + purchased − scheduled − written off = closing,
 *   to the cent, per lease and so per currency.
 * - scheduled principal: principal of the instalments due from the previous month end (inclusive) to the month end
 *   (exclusive) while the lease was in the pool (contractual): what moves the balance between the two dates.
 * - purchased: a lease's outstanding principal on its purchase date in the month; written off: its outstanding
 *   principal on its write-off date in the month (its loss, the write-off amount, is in writtenOff).
 * - unscheduled (prepaid) principal: the increase over the month of the principal paid ahead of schedule
 *   (allocated to instalments due after the month end); catching up arrears is not a prepayment.
 * - SMM, CPR, MDR, CDR by lib/finance/rates over the pool's month aggregates; the start balance is the
 *   previous month end's balance of the leases already in the pool then, and the SMM's scheduled principal is theirs.
 *   Unscheduled principal (paid ahead of schedule) is a measure of the lessees' cash, not a balance movement.
 * - MDR numerator: principal outstanding at first default of the leases whose first default date falls in the month.
 * - delinquency ratios: balance of leases with DPD > 30 / > 60 / > 90 ÷ balance (bucket edges 31–60, 61–90, 91+).
 * - pool factor: balance ÷ original balance (Σ financed principal of every lease purchased by the month end).
 * - net loss of a lease: written off − recoveries; cumulative net loss % = Σ net loss ÷ Σ original principal of every
 *   lease purchased by the month end (dv01; the same definition as Defaults & losses, services/credit/screen.ts).
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
  /** In the pool at the month end (false: repaid or written off by then; the row still counts cumulatively). */
  inPool: boolean;
  startBalance: number;
  balance: number;
  scheduledPrincipal: number;
  /** Outstanding principal on the purchase date, for a lease purchased in the month (else 0). */
  purchasedPrincipal: number;
  /** Outstanding principal on the write-off date, for a lease written off in the month (else 0). */
  writtenOffPrincipal: number;
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
  /** Leases in the pool at the month end. */
  leases: number;
  /** Σ original principal of every lease purchased by the month end. */
  originalBalance: number;
  startBalance: number;
  balance: number;
  scheduledPrincipal: number;
  /** The scheduled principal of the leases in the pool at the start (the SMM's). */
  startScheduledPrincipal: number;
  purchasedPrincipal: number;
  writtenOffPrincipal: number;
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
  startScheduledPrincipal: 0,
  purchasedPrincipal: 0,
  writtenOffPrincipal: 0,
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
  const firstDay = `${month}-01`;
  for (const r of rows) {
    const t = (currencies[r.currency] ??= emptyTotals());
    if (r.inPool) t.leases++;
    t.originalBalance += r.originalPrincipal;
    t.startBalance += r.startBalance;
    t.balance += r.balance;
    t.scheduledPrincipal += r.scheduledPrincipal;
    if (r.purchaseDate < firstDay) t.startScheduledPrincipal += r.scheduledPrincipal;
    t.purchasedPrincipal += r.purchasedPrincipal;
    t.writtenOffPrincipal += r.writtenOffPrincipal;
    t.actualPrincipal += r.actualPrincipal;
    t.unscheduledPrincipal += r.unscheduledPrincipal;
    t.interest += r.interest;
    const ever = r.firstDefaultDate !== null && r.firstDefaultDate <= monthEnd;
    if (ever) {
      t.everDefaultedLeases++;
      t.everDefaultedPrincipal += r.defaultPrincipal;
      if (defaultedInMonth(r, month)) t.defaultedPrincipal += r.defaultPrincipal;
    }
    if (r.inPool && r.status === 'defaulted') t.defaultedLeases++;
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
  /** The roll-forward: startBalance (opening) + purchasedPrincipal − scheduledPrincipal − writtenOffPrincipal = balance (closing). */
  startBalance: number;
  purchasedPrincipal: number;
  scheduledPrincipal: number;
  writtenOffPrincipal: number;
  balance: number;
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
  // SMM over the leases in the pool at the start: their scheduled principal.
  const smm = smmOf({
    startBalance: t.startBalance,
    scheduledPrincipal: t.startScheduledPrincipal,
    unscheduledPrincipal: t.unscheduledPrincipal,
  });
  const mdr = mdrOf(t);
  const netLoss = t.writtenOff - t.recoveries;
  return {
    month,
    monthEnd,
    live,
    leases: t.leases,
    originalBalance: t.originalBalance,
    startBalance: t.startBalance,
    purchasedPrincipal: t.purchasedPrincipal,
    scheduledPrincipal: t.scheduledPrincipal,
    writtenOffPrincipal: t.writtenOffPrincipal,
    balance: t.balance,
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

export type VintagePoint = {
  monthsSince: number;
  month: string;
  defaulted: number;
  netLoss: number;
  originalBalance: number;
  value: number;
};
export type VintageCurve = { cohort: string; leases: number; originalBalance: number; points: VintagePoint[] };

/**
 * Vintage curves of one currency from consecutive months' aggregates (in month order): per cohort, one
 * point per month from the cohort quarter's last month on; the value is the measure ÷ the cohort's
 * original balance in that month, made non-decreasing (a cure, a recovery never lowers a cumulative curve).
 */
export function vintageCurves(
  months: readonly MonthAggregates[],
  currency: string,
  basis: CohortBasis,
  measure: VintageMeasure,
): VintageCurve[] {
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
      curve.points.push({
        monthsSince: x,
        month: m.month,
        defaulted: c.defaulted,
        netLoss: c.netLoss,
        originalBalance: c.originalBalance,
        value: Math.max(prev, raw),
      });
    }
  }
  return [...curves.values()].sort((a, b) => (a.cohort < b.cohort ? -1 : a.cohort > b.cohort ? 1 : 0));
}
