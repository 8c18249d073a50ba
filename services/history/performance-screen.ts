/**
 * Reports → Performance and Reports → Vintages as their pages and their JSON APIs (GET /api/reports/performance,
 * GET /api/reports/vintages, whose `format=csv|xlsx` is the export) show them: one call each that returns the report
 * over the query's month range on the clock's day, so the page, the API and the export cannot disagree.
 *
 * The two callers differ only in how they treat what cannot be answered at once:
 * - 'api' (the default): a refused month range is a 400, and missing month-end snapshots are built in the request;
 * - 'page': a refused range falls back to the default one, and when many snapshots are missing (a large book's first
 *   visit) they are built in the background and the screen says how far the build is (status 'building').
 */
import type { DbOrTx } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { lastClosedMonth, monthOf } from '@/lib/history';
import { snapshotReadiness, type SnapshotReadiness } from './background';
import { performanceReport, reportQueryOrDefault, vintageReport, type PerformanceReport, type VintageReport } from './snapshots';

export type HistoryScreenMode = 'api' | 'page';

/** The clock's day and the months a report's form and notes speak of. */
type ScreenDays = {
  today: string;
  /** The current (open) month, YYYY-MM: computed live in Performance, not yet in Vintages. */
  currentMonth: string;
  /** The latest month the report may end with, YYYY-MM (the current month, or for Vintages the last closed one). */
  latestMonth: string;
};

/** Month-end snapshots still being built in the background (a page only): how far the build is. */
export type HistoryBuilding = ScreenDays & { status: 'building'; readiness: Exclude<SnapshotReadiness, { ready: true }> };

export type PerformanceQuery = { from?: string; to?: string; currency?: string };

export type PerformanceScreen = ScreenDays & { status: 'ready'; report: PerformanceReport };

/**
 * A page's query: its month range, or the default one when the API would refuse it with a 400 (from after to, a
 * future or open month, too long); or, when many of the range's snapshots are missing, how far their background
 * build is.
 */
async function pageQueryOf<Q extends { from?: string; to?: string }>(
  db: DbOrTx,
  funderId: number,
  query: Q,
  days: ScreenDays,
  opts: { closedOnly?: boolean } = {},
): Promise<{ query: Q } | HistoryBuilding> {
  const { query: q, from, to } = reportQueryOrDefault(query, days.today, opts);
  const readiness = await snapshotReadiness(db, funderId, from, to, days.today);
  return readiness.ready ? { query: q } : { ...days, status: 'building', readiness };
}

/** Reports → Performance of `funderId` over the query's months (default the last 24 up to the current one). */
export function performanceScreen(
  db: DbOrTx,
  funderId: number,
  query: PerformanceQuery,
  clock: Clock,
  mode: 'page',
): Promise<PerformanceScreen | HistoryBuilding>;
export function performanceScreen(
  db: DbOrTx,
  funderId: number,
  query: PerformanceQuery,
  clock: Clock,
  mode?: 'api',
): Promise<PerformanceScreen>;
export async function performanceScreen(
  db: DbOrTx,
  funderId: number,
  query: PerformanceQuery,
  clock: Clock,
  mode: HistoryScreenMode = 'api',
): Promise<PerformanceScreen | HistoryBuilding> {
  const today = clock.today;
  const days: ScreenDays = { today, currentMonth: monthOf(today), latestMonth: monthOf(today) };
  let q = query;
  if (mode === 'page') {
    const forPage = await pageQueryOf(db, funderId, query, days);
    if ('status' in forPage) return forPage;
    q = forPage.query;
  }
  return { ...days, status: 'ready', report: await performanceReport(db, funderId, q, today) };
}

export type VintagesQuery = Parameters<typeof vintageReport>[2];

export type VintagesScreen = ScreenDays & {
  status: 'ready';
  report: VintageReport;
  /** The table's columns: months since the cohort, 0 to the longest curve's last. */
  monthsSince: number[];
  /** The chart's cohorts: the newest CHART_COHORTS (the table and the export hold them all). */
  charted: VintageReport['curves'];
  /** The chart's x axis: the months since the cohort its own cohorts span (the older ones' later months are in the table). */
  chartMonthsSince: number[];
};

/** The chart draws the newest cohorts only. */
export const CHART_COHORTS = 8;

/** Reports → Vintages of `funderId` over the query's closed months (default the last 24 closed months). */
export function vintagesScreen(
  db: DbOrTx,
  funderId: number,
  query: VintagesQuery,
  clock: Clock,
  mode: 'page',
): Promise<VintagesScreen | HistoryBuilding>;
export function vintagesScreen(db: DbOrTx, funderId: number, query: VintagesQuery, clock: Clock, mode?: 'api'): Promise<VintagesScreen>;
export async function vintagesScreen(
  db: DbOrTx,
  funderId: number,
  query: VintagesQuery,
  clock: Clock,
  mode: HistoryScreenMode = 'api',
): Promise<VintagesScreen | HistoryBuilding> {
  const today = clock.today;
  const days: ScreenDays = { today, currentMonth: monthOf(today), latestMonth: lastClosedMonth(today) };
  let q = query;
  if (mode === 'page') {
    const forPage = await pageQueryOf(db, funderId, query, days, { closedOnly: true });
    if ('status' in forPage) return forPage;
    q = forPage.query;
  }
  const report = await vintageReport(db, funderId, q, today);
  const maxX = Math.max(-1, ...report.curves.flatMap((c) => c.points.map((p) => p.monthsSince)));
  const monthsSince = Array.from({ length: maxX + 1 }, (_, k) => k);
  const charted = report.curves.slice(-CHART_COHORTS);
  const chartMaxX = Math.max(0, ...charted.flatMap((c) => c.points.map((p) => p.monthsSince)));
  const chartMonthsSince = monthsSince.filter((x) => x <= chartMaxX);
  return { ...days, status: 'ready', report, monthsSince, charted, chartMonthsSince };
}
