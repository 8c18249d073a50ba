import { writeAside } from '@/db/transaction';
/**
 * Covenant metrics of a facility per month end (domain.md §11), all decimals over the pool's leases in the
 * facility currency at the month end:
 * - dpd60Ratio: balance more than 60 days past due ÷ balance;
 * - defaultRatio: balance in default ÷ balance;
 * - cdr: CDR from the month's MDR = balance of leases that entered default in the month (at the previous
 *   month end's balance) ÷ the previous month end's balance (domain.md §9);
 * - cumulativeNetLoss: Σ net loss (written off − recoveries, from the credit facts of domain.md §8) up to the month
 *   end ÷ Σ original principal of the leases purchased by then (dv01's definition): the same figure as Performance
 *   history and Defaults & losses (§14);
 * - waRate: balance-weighted contract rate; top10LesseeShare: the ten largest lessees' share of the balance;
 * - excessConcentration: Σ concentration excess ÷ eligible balance.
 *
 * `monthEndBook` is the only place that reads the book at a month end. For a closed month (before today's month)
 * it reads the month-end snapshot of domain.md §9 (services/history/snapshots, built when first needed and then
 * kept): each lease's balance, DPD and credit status as they were at that month end, so a payment or a lease
 * edit recorded later does not move the figures. The cumulative losses come from the credit facts as of the month
 * end (a written-off lease has left the snapshot's pool, its loss has not). The descriptive terms the criteria and groups need (lessee,
 * industry, region, country, asset type, rate, remaining term) are not in the snapshot: they come from the lease
 * record when the month is first measured, and the month's values are then kept (facility_metric_results), so a
 * closed month's covenant result never changes. The running month is read live (servicing book as of the date).
 */
import type { DbOrTx } from '@/db/client';
import { getMetricResults, keepMetricResult, type Facility } from '@/db/queries/facilities';
import { cdrFromMdr } from '@/lib/finance';
import { addMonths } from '@/lib/finance/dates';
import { computeBorrowingBase, type CovenantMetric, type EligibilityLease } from '@/lib/facilities';
import type { LeaseSnapshot } from '@/lib/history';
import { isClosedMonth, monthEndOf, monthOf, monthRange } from '@/lib/history/months';
import { leaseSnapshotBatches } from '@/db/queries/history';
import { creditStatesAt } from '@/services/credit/book';
import { ensureSnapshots } from '@/services/history/snapshots';
import { loadBook, originalPrincipalAt } from '@/services/portfolio/valuation';
import { collateralAt, collateralLeases, type LeaseState } from './collateral';

/** The longest history measured (months): cumulative figures start there for an older facility. */
export const MAX_HISTORY = 120;

/** `cumulativeWrittenOff`: the gross loss (amounts written off) to the month end, the numerator of the net loss with the recoveries. */
export type MonthMetrics = Record<CovenantMetric, number> & { cumulativeWrittenOff: number; originalPrincipal: number };

/** Month ends from the facility start's month to the last month end on or before `asOf` (at most `max`, the latest). */
export function monthEndsUpTo(startDate: string, asOf: string, max = 600): string[] {
  return monthRange(monthOf(startDate), monthOf(asOf))
    .map(monthEndOf)
    .filter((m) => m <= asOf)
    .slice(-max);
}

/**
 * Gross loss (the amounts written off) and recoveries up to the month end of the leases in the currency, from the
 * credit states (domain.md §8; the same ledger as Defaults & losses and the snapshots' net loss).
 */
export async function lossesAt(
  db: DbOrTx,
  funderId: number,
  currency: string,
  monthEnd: string,
): Promise<{ gross: number; recoveries: number }> {
  let gross = 0;
  let recoveries = 0;
  // The credit states, not the valuation book: a written-off lease (the one with the loss) has left the latter.
  for (const s of (await creditStatesAt(db, funderId, monthEnd)).states) {
    if (s.currency !== currency) continue;
    gross += s.writtenOff;
    recoveries += s.recoveries;
  }
  return { gross, recoveries };
}

export type MonthEndBook = { leases: EligibilityLease[]; originalPrincipal: number; losses: { gross: number; recoveries: number } };

/** A closed month's snapshot rows of one currency as monthEndBook reads them (lease-id order), column by column. */
export type MonthStates = {
  leaseId: Float64Array;
  balance: Float64Array;
  dpd: Float64Array;
  status: string[];
  /** lossesAt at the month end, taken when the month was built (its credit states just computed). */
  losses?: { gross: number; recoveries: number };
};

/**
 * Keeps, per month, the `currency` rows of the snapshots ensureSnapshots has just built and stored (its onBuilt),
 * exactly as monthEndBook would read them back: the same values in lease-id order.
 */
function keepBuilt(into: Map<string, MonthStates>, currency: string, losses?: { db: DbOrTx; funderId: number }) {
  return async (month: string, rows: readonly LeaseSnapshot[]) => {
    const picked = rows.filter((r) => r.currency === currency);
    let sorted = true;
    for (let x = 1; x < picked.length && sorted; x++) sorted = picked[x - 1]!.leaseId < picked[x]!.leaseId;
    if (!sorted) picked.sort((a, b) => a.leaseId - b.leaseId);
    const n = picked.length;
    const states: MonthStates = {
      leaseId: new Float64Array(n),
      balance: new Float64Array(n),
      dpd: new Float64Array(n),
      status: new Array<string>(n),
    };
    for (let x = 0; x < n; x++) {
      const r = picked[x]!;
      states.leaseId[x] = r.leaseId;
      states.balance[x] = r.balance;
      states.dpd[x] = r.dpd;
      states.status[x] = r.status;
    }
    // The credit states of this month end were computed for its rows just now (memoised for a few days only): the
    // losses read them here rather than recomputing them when the month is measured after the whole run is built.
    if (losses) states.losses = await lossesAt(losses.db, losses.funderId, currency, monthEndOf(month));
    into.set(month, states);
  };
}

function* statesOf(m: MonthStates): Generator<LeaseState> {
  for (let x = 0; x < m.leaseId.length; x++) yield { leaseId: m.leaseId[x]!, balance: m.balance[x]!, dpd: m.dpd[x]!, status: m.status[x] };
}

/**
 * The book at a month end (pool leases with balance, DPD, default flag), the pool's original principal and the
 * losses to date. A closed month: the §9 snapshot; the running month: live.
 */
export async function monthEndBook(
  db: DbOrTx,
  funderId: number,
  currency: string,
  monthEnd: string,
  today: string,
  built?: Map<string, MonthStates>,
): Promise<MonthEndBook> {
  const month = monthOf(monthEnd);
  const originalPrincipal = (await originalPrincipalAt(db, funderId, monthEnd)).get(currency) ?? 0;
  if (!(isClosedMonth(month, today) && monthEnd === monthEndOf(month))) {
    const leases = (await collateralAt(db, funderId, monthEnd)).leases.filter((l) => l.currency === currency);
    return { leases, originalPrincipal, losses: await lossesAt(db, funderId, currency, monthEnd) };
  }
  // The month's rows as just built (by this call or by the caller's run, `built`: taken once), else read back.
  const here = new Map<string, MonthStates>();
  await ensureSnapshots(db, funderId, month, month, today, keepBuilt(here, currency));
  const kept = here.get(month) ?? built?.get(month);
  built?.delete(month);
  let states: Iterable<LeaseState>;
  if (kept) states = statesOf(kept);
  else {
    const read: LeaseState[] = [];
    for await (const batch of leaseSnapshotBatches(db, funderId, month)) {
      for (const r of batch)
        if (r.currency === currency) read.push({ leaseId: r.leaseId, balance: r.balance, dpd: r.dpd, status: r.status });
    }
    states = read;
  }
  // The losses from the credit facts as of the month end: a lease written off in an earlier month has left the
  // snapshot's pool, but its loss and recoveries still count in the cumulative figure.
  const losses = kept?.losses ?? (await lossesAt(db, funderId, currency, monthEnd));
  return { leases: collateralLeases(await loadBook(db, funderId), monthEnd, states), originalPrincipal, losses };
}

function ratio(a: number, b: number): number {
  return b > 0 ? a / b : 0;
}

function computeMonth(
  facility: Facility,
  leases: readonly EligibilityLease[],
  previous: { defaulted: Set<number>; balance: number } | null,
  originalPrincipal: number,
  losses: { gross: number; recoveries: number },
): MonthMetrics {
  let balance = 0;
  let dpd60 = 0;
  let inDefault = 0;
  let rateWeighted = 0;
  let newlyDefaulted = 0;
  const byLessee = new Map<number, number>();
  for (const l of leases) {
    balance += l.balance;
    if (l.dpd > 60) dpd60 += l.balance;
    if (l.inDefault) {
      inDefault += l.balance;
      if (previous && !previous.defaulted.has(l.leaseId)) newlyDefaulted += l.balance;
    }
    rateWeighted += l.rate * l.balance;
    byLessee.set(l.lesseeId, (byLessee.get(l.lesseeId) ?? 0) + l.balance);
  }
  const top10 = [...byLessee.values()]
    .sort((a, b) => b - a)
    .slice(0, 10)
    .reduce((s, v) => s + v, 0);
  const { base } = computeBorrowingBase(
    { currency: facility.currency, commitment: facility.commitment, advanceRate: facility.advanceRate, reserves: facility.reserves },
    facility.criteria,
    facility.limits,
    leases,
    0,
  );
  const mdr = previous ? Math.min(1, ratio(newlyDefaulted, previous.balance)) : 0;
  return {
    dpd60Ratio: ratio(dpd60, balance),
    defaultRatio: ratio(inDefault, balance),
    cdr: cdrFromMdr(mdr),
    cumulativeNetLoss: ratio(Math.max(0, losses.gross - losses.recoveries), originalPrincipal),
    waRate: ratio(rateWeighted, balance),
    top10LesseeShare: ratio(top10, balance),
    excessConcentration: ratio(base.excess.total, base.eligibleBalance),
    cumulativeWrittenOff: losses.gross,
    originalPrincipal,
  };
}

/**
 * The metrics at each of the last `months` month ends up to `asOf` (from the facility start at the earliest). Months
 * before `today`'s month are kept once computed; the running month is computed afresh each time. A month's metrics
 * read its own book and the previous month's (the newly defaulted balance), nothing earlier: only the months asked
 * for are computed, each with the book of the month before it (a first call used to measure every month since the
 * facility start, building the month-end snapshots of all of them).
 */
export async function facilityMonthMetrics(
  db: DbOrTx,
  facility: Facility,
  asOf: string,
  today: string,
  months = 12,
): Promise<{ monthEnd: string; metrics: MonthMetrics }[]> {
  // Month ends after today have no book yet; a history longer than MAX_HISTORY months is measured from then on.
  const end = asOf > today ? today : asOf;
  const from = addMonths(`${end.slice(0, 7)}-01`, -MAX_HISTORY);
  const all = monthEndsUpTo(facility.startDate > from ? facility.startDate : from, end);
  if (all.length === 0) return [];
  const first = Math.max(0, all.length - months);
  const kept = await getMetricResults(db, facility.id, all.slice(first));
  const closedBefore = `${today.slice(0, 7)}-01`;
  // The books needed: each month to compute and the month before it.
  const needed = new Set<number>();
  for (let i = first; i < all.length; i++) {
    if (kept.has(all[i]!)) continue;
    needed.add(i);
    if (i > 0) needed.add(i - 1);
  }
  // Their closed month-end snapshots, built run by run of consecutive months: each month then starts from the
  // previous month's end splits instead of recomputing them (services/history/snapshots). monthEndBook finds them
  // stored. The rows each build stores are kept for monthEndBook (the facility currency's, compactly) instead of read back.
  const built = new Map<string, MonthStates>();
  let run: string[] = [];
  const buildRun = async () => {
    if (run.length > 1)
      await ensureSnapshots(
        db,
        facility.funderId,
        monthOf(run[0]!),
        monthOf(run[run.length - 1]!),
        today,
        keepBuilt(built, facility.currency, { db, funderId: facility.funderId }),
      );
    run = [];
  };
  for (const [i, m] of all.entries()) {
    if (needed.has(i) && m < closedBefore) run.push(m);
    else await buildRun();
  }
  await buildRun();
  const out: { monthEnd: string; metrics: MonthMetrics }[] = [];
  // The book of the month just computed, the previous month of the next one.
  let previous: { month: string; defaulted: Set<number>; balance: number } | null = null;
  const summary = (month: string, leases: readonly EligibilityLease[]) => ({
    month,
    defaulted: new Set(leases.filter((l) => l.inDefault).map((l) => l.leaseId)),
    balance: leases.reduce((s, l) => s + l.balance, 0),
  });
  for (let i = first; i < all.length; i++) {
    const m = all[i]!;
    const hit = kept.get(m) as MonthMetrics | undefined;
    if (hit) {
      out.push({ monthEnd: m, metrics: hit });
      continue;
    }
    const before = i > 0 ? all[i - 1]! : null;
    if (before !== null && previous?.month !== before)
      previous = summary(before, (await monthEndBook(db, facility.funderId, facility.currency, before, today, built)).leases);
    const { leases, originalPrincipal, losses } = await monthEndBook(db, facility.funderId, facility.currency, m, today, built);
    const metrics = computeMonth(facility, leases, before === null ? null : previous, originalPrincipal, losses);
    if (m < closedBefore) writeAside(db, async (tx) => await keepMetricResult(tx, facility.id, m, metrics));
    out.push({ monthEnd: m, metrics });
    previous = summary(m, leases);
  }
  return out;
}
