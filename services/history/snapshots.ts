/**
 * Month-end snapshots of a funder's book (domain.md §9) and the reports over them.
 *
 * - A month is closed when it lies before today's month (lib/history isClosedMonth). A closed month's
 *   snapshot is built the first time a report needs it, from the schedules and the ledger as recorded
 *   (payments received on or before the month end), stored (db/queries/history.ts) and never rebuilt:
 *   every report of that month reads the stored rows and aggregates, so it does not change when later
 *   payments, edits or status changes arrive.
 * - The current month is computed live to today with the same code and never stored.
 * - Per lease: DPD, bucket and outstanding principal from the servicing book's one engine
 *   (lib/servicing/book-store bookAt, the funder's settings); the principal split (scheduled, actual,
 *   prepaid) and the interest collected from the same stores (lib/history cashSplitAt); default,
 *   write-off and recovery amounts from the credit facts (services/credit/facts.ts) as of the month end.
 */
import { databaseKey, type DbOrTx } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { bookExtent, historyLeaseTerms, insertSnapshotMonth, snapshotMonthsIn, type SnapshotMonthRow } from '@/db/queries/history';
import { Invalid } from '@/lib/domain/errors';
import { intern } from '@/lib/intern';
import { addMonths, PERIOD_MONTHS, tryParseDate } from '@/lib/finance';
import { todayIso } from '@/lib/clock';
import {
  addMonthsTo,
  aggregateMonth,
  cashSplitAt,
  isClosedMonth,
  monthEndOf,
  monthOf,
  monthRange,
  performanceRow,
  principalDueFrom,
  principalDueIn,
  splitColumns,
  vintageCurves,
  type CashSplit,
  type CohortBasis,
  type LeaseSnapshot,
  type MonthAggregates,
  type PerformanceRow,
  type VintageCurve,
  type VintageMeasure,
} from '@/lib/history';
import { bookAt, exitDayOf, purchaseDayOf, statesAt, type ScheduleStore } from '@/lib/servicing/book-store';
import { creditFactsAt, type LeaseCreditFacts } from '@/services/credit/facts';
import { changedLeasesOf, servicingSettingsOf, servicingStores } from '@/services/servicing/book';
import { databaseState } from '@/lib/views';

/** The longest range a report may ask for (months). */
export const MAX_REPORT_MONTHS = 120;
/** The default range: the last 24 months. */
export const DEFAULT_REPORT_MONTHS = 24;

const originationOf = (
  l: ScheduleStore['leases'][number] & { firstDueDate: string; timing: string; frequency: keyof typeof PERIOD_MONTHS },
) => (l.timing === 'arrears' ? intern(addMonths(l.firstDueDate, -PERIOD_MONTHS[l.frequency])) : l.firstDueDate);

/**
 * The row with the credit facts (services/credit/facts.ts as of the snapshot date) in place of its own, as one object
 * literal naming every field: a `{ ...row, ...facts }` copy per lease spills its fields into a property array of its
 * own in V8, and the live month is aggregated over a copy of every lease row (issue #10).
 */
function withFacts(r: LeaseSnapshot, f: LeaseCreditFacts | undefined): LeaseSnapshot {
  return {
    leaseId: r.leaseId,
    contractNumber: r.contractNumber,
    currency: r.currency,
    purchaseDate: r.purchaseDate,
    originationDate: r.originationDate,
    originalPrincipal: r.originalPrincipal,
    inPool: r.inPool,
    startBalance: r.startBalance,
    balance: r.balance,
    scheduledPrincipal: r.scheduledPrincipal,
    purchasedPrincipal: r.purchasedPrincipal,
    writtenOffPrincipal: r.writtenOffPrincipal,
    actualPrincipal: r.actualPrincipal,
    unscheduledPrincipal: r.unscheduledPrincipal,
    interest: r.interest,
    dpd: r.dpd,
    bucket: r.bucket,
    status: f?.status ?? 'performing',
    firstDefaultDate: f?.everDefaulted ? f.firstDefaultDate : null,
    defaultAmount: f?.everDefaulted ? f.defaultAmount : 0,
    defaultPrincipal: f?.everDefaulted ? f.defaultedPrincipal : 0,
    writtenOff: f?.writtenOff ?? 0,
    recoveries: f?.recoveries ?? 0,
  };
}

export type Carry = {
  month: string;
  schedule: ScheduleStore;
  splits: (CashSplit | undefined)[];
  terms: Awaited<ReturnType<typeof historyLeaseTerms>>;
};

/**
 * The lease snapshots of the funder at the end of `month` (or, `live`, at `asOf` = today for the current month),
 * computed from the servicing stores; `carry` reuses the previous month's end splits when building months in sequence.
 *
 * One row per lease purchased by the as-of day (domain.md §14): `inPool` at the as-of day by statesAt's rule (the one the
 * servicing book and the screens use), balances as every screen takes them at a date (§3's prin at the month end, or
 * today for the live month: the principal due on or after it), and the month's roll-forward per lease: opening (the
 * previous month end's balance, when the lease was in the pool then) + purchased (its balance on its purchase date in
 * the month) − scheduled (principal due from the previous month end while it was in the pool) − written off (its
 * balance on its write-off date in the month) = closing, to the cent.
 */
export async function computeMonthSnapshot(
  db: DbOrTx,
  funderId: number,
  month: string,
  asOf: string,
  carry?: Carry,
  only?: { indexes: readonly number[]; facts: Map<number, LeaseCreditFacts> },
): Promise<{ rows: LeaseSnapshot[]; carry: Carry }> {
  const { funder, schedule, ledger } = await servicingStores(db, funderId);
  const settings = servicingSettingsOf(funder);
  const options = {
    componentOrder: settings.componentOrder,
    tolerance: settings.tolerance,
    graceDays: settings.graceDays,
    edges: settings.edges,
  };
  const order = settings.componentOrder;
  const endDay = tryParseDate(asOf)!;
  const previousEnd = monthEndOf(addMonthsTo(month, -1));
  const startDay = tryParseDate(previousEnd)!;
  // Every lease of the book, or (`only`) the leases at those store indexes: the one DPD engine either way.
  const states = only ? statesAt(schedule, ledger, only.indexes, asOf, options) : bookAt(schedule, ledger, asOf, options);
  const count = only ? only.indexes.length : schedule.n;
  // The lease terms read once per sequence of months (a lease change rebuilds the stores: a new schedule object).
  const terms =
    carry && carry.schedule === schedule
      ? carry.terms
      : only
        ? await historyLeaseTerms(
            db,
            funderId,
            only.indexes.map((i) => schedule.leases[i]!.id),
          )
        : await historyLeaseTerms(db, funderId);
  const facts = only ? only.facts : await creditFactsAt(db, funderId, asOf, { keep: false });
  const reuse = carry && carry.schedule === schedule && carry.month === addMonthsTo(month, -1) ? carry.splits : undefined;
  const cols = splitColumns(schedule, order);
  const splits: (CashSplit | undefined)[] = new Array(schedule.n);
  const rows: LeaseSnapshot[] = [];
  for (let x = 0; x < count; x++) {
    const i = only ? only.indexes[x]! : x;
    const lease = schedule.leases[i] as ScheduleStore['leases'][number] & {
      firstDueDate: string;
      timing: string;
      frequency: keyof typeof PERIOD_MONTHS;
      purchaseDate: string;
    };
    const purchaseDay = purchaseDayOf(lease);
    // Not yet purchased: in no figure of the month.
    if (purchaseDay > endDay) continue;
    const st = states[x]!;
    const exitDay = exitDayOf(lease);
    const end = cashSplitAt(schedule, ledger, i, endDay, cols);
    splits[i] = end;
    const start = reuse?.[i] ?? cashSplitAt(schedule, ledger, i, startDay, cols);
    const f = facts.get(lease.id);
    const t = terms.get(lease.id);
    // In the pool at the previous month end: purchased by then and not written off by then.
    const wasInPool = purchaseDay <= startDay && exitDay > startDay;
    const purchasedInMonth = purchaseDay > startDay && exitDay > purchaseDay;
    const writtenOffInMonth = exitDay > startDay && exitDay <= endDay && (wasInPool || purchasedInMonth);
    // The stretch of the month the lease was in the pool: from the month's start or its purchase to its write-off or the closing cut-off.
    const from = wasInPool ? startDay : purchasedInMonth ? purchaseDay : endDay;
    const to = writtenOffInMonth ? exitDay : endDay;
    const startBalance = wasInPool ? principalDueFrom(schedule, i, startDay) : 0;
    rows.push({
      leaseId: lease.id,
      contractNumber: t?.contractNumber ?? '',
      currency: lease.currency,
      purchaseDate: lease.purchaseDate,
      originationDate: originationOf(lease),
      originalPrincipal: t?.principal ?? 0,
      inPool: st.inPool,
      startBalance,
      // statesAt's outstanding principal at the as-of day (0 outside the pool): every screen's figure at that date.
      balance: st.outstandingPrincipal,
      scheduledPrincipal: from < to ? principalDueIn(schedule, i, from, to) : 0,
      purchasedPrincipal: purchasedInMonth ? principalDueFrom(schedule, i, purchaseDay) : 0,
      writtenOffPrincipal: writtenOffInMonth ? principalDueFrom(schedule, i, exitDay) : 0,
      // Principal collected in the month (the cash view; the balance above is contractual).
      actualPrincipal: wasInPool ? start.outstanding - end.outstanding : 0,
      unscheduledPrincipal: wasInPool ? Math.max(0, end.principalAhead - start.principalAhead) : 0,
      interest: end.interestPaid - start.interestPaid,
      dpd: st.dpd,
      bucket: st.bucket,
      // Every field named (no spread of factFields): the live month keeps these rows, one per lease (issue #10).
      status: f?.status ?? 'performing',
      firstDefaultDate: f?.everDefaulted ? f.firstDefaultDate : null,
      defaultAmount: f?.everDefaulted ? f.defaultAmount : 0,
      defaultPrincipal: f?.everDefaulted ? f.defaultedPrincipal : 0,
      writtenOff: f?.writtenOff ?? 0,
      recoveries: f?.recoveries ?? 0,
    });
  }
  return { rows, carry: { month, schedule, splits, terms } };
}

/**
 * bookExtent kept per database, funder and data version (every lease write moves it, a payment does not): the
 * reports, the Dashboard card and the readiness check ask for it on every request, and the query scans the book.
 */
export async function bookExtentOf(db: DbOrTx, funderId: number): ReturnType<typeof bookExtent> {
  const dataVersion = (await getFunder(db, funderId))?.dataVersion ?? -1;
  const byFunder = extentMemo.of(databaseKey(db));
  const hit = byFunder.get(funderId);
  if (hit && hit.dataVersion === dataVersion) return hit.value;
  const value = await bookExtent(db, funderId);
  byFunder.set(funderId, { dataVersion, value });
  return value;
}

const extentMemo = databaseState(
  'bookExtents',
  "each funder's first purchase and last instalment, by data version",
  'one per funder',
  () => new Map<number, { dataVersion: number; value: Awaited<ReturnType<typeof bookExtent>> }>(),
);

/** The first month with a lease in the funder's pool (null: no leases); the servicing stores not needed. */
export async function firstBookMonth(db: DbOrTx, funderId: number): Promise<string | null> {
  const { firstPurchase } = await bookExtentOf(db, funderId);
  return firstPurchase === null ? null : monthOf(firstPurchase);
}

/**
 * The stored snapshots of the closed months in [from, to], building (and storing) those missing, in
 * month order; months before the funder's first purchase have none. Returns the month rows. `onBuilt` is handed
 * the lease rows of each month this call built and stored (as stored), so a caller about to read them need not.
 */
export async function ensureSnapshots(
  db: DbOrTx,
  funderId: number,
  from: string,
  to: string,
  today = todayIso(),
  onBuilt?: (month: string, rows: readonly LeaseSnapshot[]) => void | Promise<void>,
): Promise<SnapshotMonthRow[]> {
  const last = to < monthOf(today) ? to : addMonthsTo(monthOf(today), -1);
  const first = await firstBookMonth(db, funderId);
  if (first === null || last < from) return [];
  const lo = from < first ? first : from;
  const have = new Set((await snapshotMonthsIn(db, funderId, lo, last)).map((r) => r.month));
  let carry: Carry | undefined;
  for (const month of monthRange(lo, last)) {
    if (have.has(month)) continue;
    const monthEnd = monthEndOf(month);
    const built = await computeMonthSnapshot(db, funderId, month, monthEnd, carry);
    carry = built.carry;
    // onBuilt: the rows just stored, for a caller that reads them next (only when this call stored them).
    if (await insertSnapshotMonth(db, funderId, month, monthEnd, built.rows, aggregateMonth(month, monthEnd, built.rows)))
      await onBuilt?.(month, built.rows);
  }
  return await snapshotMonthsIn(db, funderId, lo, last);
}

type LiveEntry = {
  today: string;
  settingsKey: string;
  version: number;
  rows: Map<number, LeaseSnapshot>;
  aggregates: { key: string; value: MonthAggregates } | null;
};
const liveCache = databaseState(
  'liveMonths',
  "each funder's current-month snapshot rows and aggregates, live to today",
  'one per funder',
  () => new Map<number, LiveEntry>(),
);

/**
 * The current month's aggregates, live to `today` (never stored). The lease rows are kept per funder and
 * updated lease by lease: after a write only the leases changed since (changedLeasesOf the servicing
 * book) are recomputed; a new day, other servicing settings or a rebuild of the stores recompute them all.
 */
export async function liveMonthAggregates(db: DbOrTx, funderId: number, today = todayIso()): Promise<MonthAggregates> {
  const { funder, entry, schedule } = await servicingStores(db, funderId);
  const month = monthOf(today);
  const settingsKey = JSON.stringify(servicingSettingsOf(funder));
  const byFunder = liveCache.of(databaseKey(db));
  let live = byFunder.get(funderId);
  const changed = live && live.today === today && live.settingsKey === settingsKey ? changedLeasesOf(entry, live.version) : null;
  if (!live || !changed || changed.ids === null) {
    const { rows } = await computeMonthSnapshot(db, funderId, month, today);
    live = { today, settingsKey, version: entry.version, rows: new Map(rows.map((r) => [r.leaseId, r])), aggregates: null };
    byFunder.set(funderId, live);
  } else if (changed.ids.length > 0) {
    const indexes = changed.ids.map((id) => schedule.indexById.get(id)).filter((i): i is number => i !== undefined);
    const { rows } = await computeMonthSnapshot(db, funderId, month, today, undefined, { indexes, facts: new Map() });
    for (const id of changed.ids) live.rows.delete(id);
    for (const r of rows) live.rows.set(r.leaseId, r);
    live.version = changed.version;
  }
  // Credit facts are re-applied whenever the book moved (the rows' version or the funder's dataVersion, which
  // every book write bumps): a write-off may change them without a ledger entry.
  const key = `${live.version}:${funder.dataVersion}`;
  if (live.aggregates?.key === key) return live.aggregates.value;
  const facts = await creditFactsAt(db, funderId, today);
  const rows = [...live.rows.values()].map((r) => withFacts(r, facts.get(r.leaseId)));
  live.aggregates = { key, value: aggregateMonth(month, today, rows) };
  return live.aggregates.value;
}

/** The validated month range of a report: default the last 24 months up to the current one; 400 on from > to, a future `to` or a range too long. */
export function reportRange(
  q: { from?: string; to?: string },
  today: string,
  opts: { closedOnly?: boolean } = {},
): { from: string; to: string } {
  const current = monthOf(today);
  const latest = opts.closedOnly ? addMonthsTo(current, -1) : current;
  const to = q.to ?? latest;
  const from = q.from ?? addMonthsTo(to, -(DEFAULT_REPORT_MONTHS - 1));
  if (to > latest)
    throw new Invalid('The month range is invalid.', [
      {
        field: 'to',
        message: opts.closedOnly ? `must be a closed month (${latest} or earlier)` : `must not be after the current month ${current}`,
      },
    ]);
  if (from > to) throw new Invalid('The month range is invalid.', [{ field: 'from', message: 'must not be after to' }]);
  if (monthRange(from, to).length > MAX_REPORT_MONTHS)
    throw new Invalid('The month range is invalid.', [{ field: 'from', message: `the range must not exceed ${MAX_REPORT_MONTHS} months` }]);
  return { from, to };
}

/**
 * For a page (not the API, which answers 400): the query with its month range, or, when the range would be refused
 * (from after to, a future month, too long), the query without from/to and the default range.
 */
export function reportQueryOrDefault<Q extends { from?: string; to?: string }>(
  query: Q,
  today: string,
  opts: { closedOnly?: boolean } = {},
): { query: Q; from: string; to: string } {
  try {
    return { query, ...reportRange(query, today, opts) };
  } catch (e) {
    if (!(e instanceof Invalid)) throw e;
    const { from: _from, to: _to, ...rest } = query;
    return { query: rest as Q, ...reportRange(rest, today, opts) };
  }
}

/** The currencies of the months' aggregates, the largest final balance first; and the chosen one. */
function currenciesOf(months: readonly MonthAggregates[], wanted?: string): { currency: string | null; currencies: string[] } {
  const last = new Map<string, number>();
  for (const m of months) for (const [c, t] of Object.entries(m.currencies)) last.set(c, t.balance + t.originalBalance * 1e-9);
  const currencies = [...last.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([c]) => c);
  const currency = wanted && currencies.includes(wanted) ? wanted : (currencies[0] ?? wanted ?? null);
  return { currency, currencies };
}

export type PerformanceReport = { from: string; to: string; currency: string | null; currencies: string[]; rows: PerformanceRow[] };

/** Month aggregates of [from, to]: the stored closed months, and the live current month when in range. */
export async function monthAggregates(
  db: DbOrTx,
  funderId: number,
  from: string,
  to: string,
  today = todayIso(),
): Promise<{ aggregates: MonthAggregates[]; liveMonth: string | null }> {
  const stored = (await ensureSnapshots(db, funderId, from, to, today)).map((r) => r.aggregates);
  const current = monthOf(today);
  const includeLive = from <= current && to >= current && !isClosedMonth(current, today) && (await firstBookMonth(db, funderId)) !== null;
  return {
    aggregates: includeLive ? [...stored, await liveMonthAggregates(db, funderId, today)] : stored,
    liveMonth: includeLive ? current : null,
  };
}

/** Reports → Performance: per month SMM/CPR, MDR/CDR, pool factor, 30+/60+/90+ ratios, cumulative net loss % of one currency. */
export async function performanceReport(
  db: DbOrTx,
  funderId: number,
  q: { from?: string; to?: string; currency?: string },
  today = todayIso(),
): Promise<PerformanceReport> {
  const { from, to } = reportRange(q, today);
  const { aggregates, liveMonth } = await monthAggregates(db, funderId, from, to, today);
  const { currency, currencies } = currenciesOf(aggregates, q.currency);
  const rows =
    currency === null
      ? []
      : aggregates
          .filter((m) => m.currencies[currency])
          .map((m) => performanceRow(m.month, m.monthEnd, m.currencies[currency]!, m.month === liveMonth));
  return { from, to, currency, currencies, rows };
}

export type VintageReport = {
  from: string;
  to: string;
  by: CohortBasis;
  measure: VintageMeasure;
  currency: string | null;
  currencies: string[];
  curves: VintageCurve[];
};

/** Reports → Vintages over the closed months [from, to] (default the last 24 closed months). */
export async function vintageReport(
  db: DbOrTx,
  funderId: number,
  q: { from?: string; to?: string; by: CohortBasis; measure: VintageMeasure; currency?: string },
  today = todayIso(),
): Promise<VintageReport> {
  const { from, to } = reportRange(q, today, { closedOnly: true });
  const aggregates = (await ensureSnapshots(db, funderId, from, to, today)).map((r) => r.aggregates);
  const { currency, currencies } = currenciesOf(aggregates, q.currency);
  const curves = currency === null ? [] : vintageCurves(aggregates, currency, q.by, q.measure);
  return { from, to, by: q.by, measure: q.measure, currency, currencies, curves };
}

/** The CPR and CDR of the last `n` closed months (all currencies' leading one), for the Dashboard. */
export async function recentRates(
  db: DbOrTx,
  funderId: number,
  n = 3,
  today = todayIso(),
): Promise<{ currency: string | null; rows: Pick<PerformanceRow, 'month' | 'cpr' | 'cdr'>[] }> {
  const to = addMonthsTo(monthOf(today), -1);
  const report = await performanceReport(db, funderId, { from: addMonthsTo(to, -(n - 1)), to }, today);
  return { currency: report.currency, rows: report.rows.map((r) => ({ month: r.month, cpr: r.cpr, cdr: r.cdr })) };
}

/**
 * A closed month's stored snapshot (built when missing): 400 for the current or a future month (computed
 * live, never a snapshot); a month before the funder's first purchase has an empty snapshot (0 leases).
 */
export async function closedSnapshotMonth(
  db: DbOrTx,
  funderId: number,
  month: string,
  today = todayIso(),
): Promise<{ month: string; monthEnd: string; leaseCount: number }> {
  if (!isClosedMonth(month, today))
    throw new Invalid('The month is not closed yet.', [{ field: 'month', message: `must be a closed month (before ${monthOf(today)})` }]);
  const row = (await ensureSnapshots(db, funderId, month, month, today))[0];
  return row ?? { month, monthEnd: monthEndOf(month), leaseCount: 0 };
}
