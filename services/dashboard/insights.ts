import type { DbOrTx } from '@/db/client';
import {
  customersCard,
  goalOverviewCard,
  ordersStatCard,
  productOrdersCard,
  profitLineChartCard,
  revenueAnalyticsCard,
  revenueReportCard,
  revenueStatCard,
  salesStatCard,
  type CardContext,
  type Period,
} from '@/db/queries/workspace/cards';
import type { ContentLocale } from '@/lib/domain/enums';
import { listLeaseStatusesAt } from '@/db/queries/leases';
import { shownStatusesOf } from '@/services/master-file/register-status';

export const INSIGHT_PERIODS = ['last-28-days', 'last-month', 'last-year'] as const satisfies readonly Period[];

export type Insights = {
  currency: string;
  asOf: string;
  period: Period;
  /** The periods the tab offers, in order. */
  periods: readonly Period[];
  /** Collections against the gross instalments due in the period (minor units); share = collected / scheduled capped at 1 (0 with nothing scheduled), percent its whole-percent figure uncapped. */
  collections: { collected: number; scheduled: number; percent: number; share: number };
  /** Collections this month so far and in the whole previous month; change = this / last - 1, null without collections last month. */
  monthOnMonth: { thisMonth: number; lastMonth: number; change: number | null };
  /** Collections and scheduled gross instalments of the calendar year of `asOf`. */
  year: { year: string; collected: number; scheduled: number };
  /** Quotations created in the period by outcome. */
  quotations: { finished: number; pending: number; rejected: number };
  /**
   * Lessees: first lease in the period, another lease in the period after an earlier one, and with a lease shown
   * "performing" on `asOf` (the Master File register's status, domain.md §8: the one status vocabulary).
   */
  lessees: { new: number; returning: number; performing: number };
  /** The twelve months ending with the month of `asOf` (YYYY-MM) and a value per month. */
  months: string[];
  newLeases: number[];
  /** The sum of newLeases. */
  newLeasesTotal: number;
  principalOriginated: number[];
  interestIncome: number[];
  collectedByMonth: number[];
};

/**
 * The Dashboard's Insights tab: the template's analytics and statistics cards that have a meaning for a funder,
 * computed from the funder's book in its base currency (db/queries/workspace/cards.ts says how each is defined).
 * The portal-traffic, newsletter and service-desk cards are left out: they do not describe the book.
 */
export async function insightsScreen(
  db: DbOrTx,
  funder: { id: number; baseCurrency: string },
  asOf: string,
  period: Period,
  locale: ContentLocale,
): Promise<Insights> {
  const ctx: CardContext = { funderId: funder.id, asOf, currency: funder.baseCurrency, locale, period };
  const goal = await goalOverviewCard(db, ctx);
  const revenue = await revenueAnalyticsCard(db, ctx);
  const report = await revenueReportCard(db, ctx);
  const orders = (await productOrdersCard(db, ctx)).chart_info;
  const [newLessees, returning] = (await customersCard(db, ctx)).listData.map((r) => r.result);
  const leasesPerMonth = await ordersStatCard(db, ctx);
  return {
    currency: funder.baseCurrency,
    asOf,
    period,
    periods: INSIGHT_PERIODS,
    collections: {
      collected: goal.collectedMinor,
      scheduled: goal.scheduledMinor,
      percent: goal.percent,
      share: goal.scheduledMinor ? Math.min(1, goal.collectedMinor / goal.scheduledMinor) : 0,
    },
    monthOnMonth: {
      thisMonth: revenue.thisMonthMinor,
      lastMonth: revenue.lastMonthMinor,
      change: revenue.lastMonthMinor ? (revenue.thisMonthMinor - revenue.lastMonthMinor) / revenue.lastMonthMinor : null,
    },
    year: { year: report.year, collected: report.priceMinor, scheduled: report.budgetMinor },
    quotations: orders,
    lessees: { new: newLessees ?? 0, returning: returning ?? 0, performing: await performingLessees(db, funder.id, asOf) },
    months: leasesPerMonth.months,
    newLeases: leasesPerMonth.series[0]!.data,
    newLeasesTotal: leasesPerMonth.series[0]!.data.reduce((a, b) => a + b, 0),
    principalOriginated: (await salesStatCard(db, ctx)).series[0]!.data,
    interestIncome: (await profitLineChartCard(db, ctx)).series[0]!.data,
    collectedByMonth: (await revenueStatCard(db, ctx)).series[0]!.data,
  };
}

/** The lessees with at least one lease the register shows "performing" on `asOf` (the same shownStatus, the same credit states). */
export async function performingLessees(db: DbOrTx, funderId: number, asOf: string): Promise<number> {
  const leases = await listLeaseStatusesAt(db, funderId, asOf);
  const shown = await shownStatusesOf(db, funderId, leases, asOf);
  const lessees = new Set<number>();
  leases.forEach((l, k) => {
    if (shown[k] === 'performing') lessees.add(l.lesseeId);
  });
  return lessees.size;
}
