import { rowsOf } from '../../dialect';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { type ContentLocale } from '@/db/schema/content';
import { cardTargets, newsletterDaily, supportTickets, webTrafficDaily, funders, leases, quotations, scheduleRows } from '@/db/tables';
import { CARD_TEXTS, PERIOD_LABELS } from '@/db/queries/workspace/content-labels';

/**
 * The analytics and statistics cards (api-reference §12) for one funder. Cards with a portfolio meaning
 * are computed from the book: collections = Σ amount of `payments` rows of kind 'payment' that no
 * reversal names, in the card's currency; new leases and principal originated by purchase month;
 * interest income = Σ schedule interest by due month; scheduled = Σ gross instalments by due date.
 * Cards without a portfolio meaning (service desk, portal traffic, newsletter) read their seeded tables.
 * Money series are integer minor units; the documented string fields are whole currency units, en-US grouping.
 */

export type Period = 'last-28-days' | 'last-month' | 'last-year';
export type DateRange = { from: string; to: string };
export type CardContext = { funderId: number; asOf: string; currency: string; locale: ContentLocale; period: Period };

export function shiftDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function monthStart(iso: string, monthsBack = 0): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - monthsBack, 1));
  return d.toISOString().slice(0, 10);
}

function monthEnd(iso: string, monthsBack = 0): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - monthsBack, 0)).toISOString().slice(0, 10);
}

/**
 * The date range a period choice covers at `asOf`, and the equally long range before it (for growth):
 * last 28 days = the 28 days ending asOf; last month = the previous calendar month; last year = the 365 days ending asOf.
 */
export function periodRanges(period: Period, asOf: string): { current: DateRange; previous: DateRange } {
  if (period === 'last-month') {
    return {
      current: { from: monthStart(asOf, 1), to: monthEnd(asOf, 1) },
      previous: { from: monthStart(asOf, 2), to: monthEnd(asOf, 2) },
    };
  }
  const len = period === 'last-28-days' ? 28 : 365;
  return {
    current: { from: shiftDays(asOf, -(len - 1)), to: asOf },
    previous: { from: shiftDays(asOf, -(2 * len - 1)), to: shiftDays(asOf, -len) },
  };
}

/** The `n` months ('YYYY-MM') ending with the month of `asOf`, oldest first. */
export function monthsEnding(asOf: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => monthStart(asOf, n - 1 - i).slice(0, 7));
}

/** The `n` days ending with `asOf`, oldest first. */
export function daysEnding(asOf: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => shiftDays(asOf, -(n - 1 - i)));
}

/** '+5.2%' / '-3.0%' / '0.0%'; a change from nothing is reported as 0.0% rather than infinity. */
export function growthLabel(current: number, previous: number): string {
  const pct = growthPercent(current, previous);
  return `${pct > 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Whole currency units with en-US grouping ('25,852'), as the documented string fields are. */
export function wholeUnits(minor: number, digits = 2): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(Math.round(minor / 10 ** digits));
}

const MONTHS_IN_SERIES = 12;
const DAYS_IN_SERIES = 28;

export async function funderBaseCurrency(db: DbOrTx, funderId: number): Promise<string | undefined> {
  return (await db.select({ c: funders.baseCurrency }).from(funders).where(eq(funders.id, funderId)).limit(1))[0]?.c;
}

function labels(ctx: CardContext): string[] {
  return (['last-28-days', 'last-month', 'last-year'] as const).map((p) => PERIOD_LABELS[p][ctx.locale]);
}

/** Collections (non-reversed payments) of the funder in the currency, by day or month key. */
async function collectionsBy(db: DbOrTx, ctx: CardContext, range: DateRange, keyLength: 7 | 10): Promise<Map<string, number>> {
  const rows = await rowsOf<{ k: string; total: number }>(
    db,
    `select substr(p.received_on, 1, ${keyLength}) as k, sum(p.amount) as total
    from payments p
    where p.funder_id = ? and p.kind = 'payment' and p.currency = ?
      and p.received_on between ? and ?
      and not exists (select 1 from payments r where r.reverses_id = p.id)
    group by substr(p.received_on, 1, ${keyLength})`,
    [ctx.funderId, ctx.currency, range.from, range.to],
  );
  return new Map(rows.map((r) => [r.k, Number(r.total)]));
}

async function collectionsTotal(db: DbOrTx, ctx: CardContext, range: DateRange): Promise<number> {
  let sum = 0;
  for (const v of (await collectionsBy(db, ctx, range, 7)).values()) sum += v;
  return sum;
}

async function scheduledGross(db: DbOrTx, ctx: CardContext, range: DateRange): Promise<number> {
  const row = (
    await db
      .select({ total: sql<number>`coalesce(sum(${scheduleRows.gross}), 0)` })
      .from(scheduleRows)
      .innerJoin(leases, eq(leases.id, scheduleRows.leaseId))
      .where(
        and(
          eq(leases.funderId, ctx.funderId),
          eq(leases.currency, ctx.currency),
          gte(scheduleRows.dueDate, range.from),
          lte(scheduleRows.dueDate, range.to),
        ),
      )
      .limit(1)
  )[0];
  return Number(row?.total ?? 0);
}

function monthRange(asOf: string, n: number): DateRange {
  return { from: monthStart(asOf, n - 1), to: monthEnd(asOf, 0) };
}

/* ---------- analytics ---------- */

export async function supportTrackerCard(db: DbOrTx, ctx: CardContext) {
  const { current } = periodRanges(ctx.period, ctx.asOf);
  const opened = await db
    .select()
    .from(supportTickets)
    .where(
      and(eq(supportTickets.funderId, ctx.funderId), gte(supportTickets.openedOn, current.from), lte(supportTickets.openedOn, current.to)),
    );
  const openAtEnd = (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(supportTickets)
      .where(
        and(
          eq(supportTickets.funderId, ctx.funderId),
          lte(supportTickets.openedOn, current.to),
          sql`(${supportTickets.closedOn} is null or ${supportTickets.closedOn} > ${current.to})`,
        ),
      )
      .limit(1)
  )[0];
  const completed = (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(supportTickets)
      .where(
        and(
          eq(supportTickets.funderId, ctx.funderId),
          gte(supportTickets.closedOn, current.from),
          lte(supportTickets.closedOn, current.to),
        ),
      )
      .limit(1)
  )[0];
  const isOpenAtEnd = (t: (typeof opened)[number]) => t.closedOn === null || t.closedOn > current.to;
  const answered = opened.filter((t) => t.firstResponseHours !== null);
  const avg = answered.length ? answered.reduce((s, t) => s + (t.firstResponseHours ?? 0), 0) / answered.length : 0;
  return {
    title: CARD_TEXTS.supportTracker[ctx.locale],
    last_days: labels(ctx),
    totalTicket: opened.length,
    newTicket: opened.filter(isOpenAtEnd).length,
    openTicket: Number(openAtEnd?.n ?? 0),
    responseTime: Math.round(avg * 10) / 10,
    completedTickets: Number(completed?.n ?? 0),
  };
}

async function trafficTotals(db: DbOrTx, range: DateRange) {
  return (
    await db
      .select({
        device: webTrafficDaily.device,
        sessions: sql<number>`coalesce(sum(${webTrafficDaily.sessions}), 0)`,
        users: sql<number>`coalesce(sum(${webTrafficDaily.users}), 0)`,
        returning: sql<number>`coalesce(sum(${webTrafficDaily.returningUsers}), 0)`,
        weightedDuration: sql<number>`coalesce(sum(${webTrafficDaily.durationSec} * ${webTrafficDaily.sessions}), 0)`,
      })
      .from(webTrafficDaily)
      .where(and(gte(webTrafficDaily.day, range.from), lte(webTrafficDaily.day, range.to)))
      .groupBy(webTrafficDaily.device)
  ).map((r) => ({
    device: r.device,
    sessions: Number(r.sessions),
    users: Number(r.users),
    returning: Number(r.returning),
    weightedDuration: Number(r.weightedDuration),
  }));
}

export async function avgSessionsCard(db: DbOrTx, ctx: CardContext) {
  const { current, previous } = periodRanges(ctx.period, ctx.asOf);
  const now = await trafficTotals(db, current);
  const before = await trafficTotals(db, previous);
  const sum = (rows: typeof now, k: 'sessions' | 'users' | 'returning' | 'weightedDuration') => rows.reduce((s, r) => s + r[k], 0);
  const sessions = sum(now, 'sessions');
  const users = sum(now, 'users');
  const goal = (await db.select().from(cardTargets).where(eq(cardTargets.key, 'sessions_goal')).limit(1))[0]?.value ?? 0;
  return {
    sessions,
    last_days: labels(ctx),
    growth: growthLabel(sessions, sum(before, 'sessions')),
    goal,
    users,
    retention: users ? Math.round((sum(now, 'returning') / users) * 100) : 0,
    duration: sessions ? Math.round(sum(now, 'weightedDuration') / sessions) : 0,
  };
}

export async function revenueReportCard(db: DbOrTx, ctx: CardContext) {
  const year = ctx.asOf.slice(0, 4);
  const range = { from: `${year}-01-01`, to: `${year}-12-31` };
  const priceMinor = await collectionsTotal(db, ctx, range);
  const budgetMinor = await scheduledGross(db, ctx, range);
  return {
    years: [0, 1, 2].map((k) => String(Number(year) - k)),
    year,
    price: wholeUnits(priceMinor),
    budget: wholeUnits(budgetMinor),
    priceMinor,
    budgetMinor,
    currency: ctx.currency,
  };
}

export async function goalOverviewCard(db: DbOrTx, ctx: CardContext) {
  const { current } = periodRanges(ctx.period, ctx.asOf);
  const collectedMinor = await collectionsTotal(db, ctx, current);
  const scheduledMinor = await scheduledGross(db, ctx, current);
  return {
    completed: wholeUnits(collectedMinor),
    inProgress: wholeUnits(Math.max(0, scheduledMinor - collectedMinor)),
    collectedMinor,
    scheduledMinor,
    percent: scheduledMinor ? Math.round((collectedMinor / scheduledMinor) * 100) : 0,
    currency: ctx.currency,
  };
}

export async function revenueAnalyticsCard(db: DbOrTx, ctx: CardContext) {
  const thisMonthMinor = await collectionsTotal(db, ctx, { from: monthStart(ctx.asOf), to: ctx.asOf });
  const lastMonthMinor = await collectionsTotal(db, ctx, { from: monthStart(ctx.asOf, 1), to: monthEnd(ctx.asOf, 1) });
  return {
    thisMonth: wholeUnits(thisMonthMinor),
    lastMonth: wholeUnits(lastMonthMinor),
    thisMonthMinor,
    lastMonthMinor,
    currency: ctx.currency,
  };
}

/** Onboarding quotations created in the period: approved or converted = finished, draft or submitted = pending. */
export async function productOrdersCard(db: DbOrTx, ctx: CardContext) {
  const { current } = periodRanges(ctx.period, ctx.asOf);
  const fromMs = Date.parse(`${current.from}T00:00:00Z`);
  const toMs = Date.parse(`${shiftDays(current.to, 1)}T00:00:00Z`);
  const rows = await db
    .select({ status: quotations.status, n: sql<number>`count(*)` })
    .from(quotations)
    .where(and(eq(quotations.funderId, ctx.funderId), gte(quotations.createdAt, fromMs), sql`${quotations.createdAt} < ${toMs}`))
    .groupBy(quotations.status);
  const count = (...s: string[]) => rows.filter((r) => s.includes(r.status)).reduce((a, r) => a + Number(r.n), 0);
  return {
    last_days: labels(ctx),
    chart_info: { finished: count('approved', 'converted'), pending: count('draft', 'submitted'), rejected: count('rejected') },
  };
}

const DEVICE_LOOK = { desktop: ['Monitor', 'primary'], mobile: ['Smartphone', 'warning'], tablet: ['Tablet', 'danger'] } as const;

export async function sessionsDeviceCard(db: DbOrTx, ctx: CardContext) {
  const { current, previous } = periodRanges(ctx.period, ctx.asOf);
  const now = await trafficTotals(db, current);
  const before = await trafficTotals(db, previous);
  return {
    last_days: labels(ctx),
    chart_info: (['desktop', 'mobile', 'tablet'] as const).map((device) => {
      const usage = now.find((r) => r.device === device)?.sessions ?? 0;
      return {
        icon: DEVICE_LOOK[device][0],
        name: CARD_TEXTS[device][ctx.locale],
        iconColor: DEVICE_LOOK[device][1],
        usage,
        upDown: growthPercent(usage, before.find((r) => r.device === device)?.sessions ?? 0),
      };
    }),
  };
}

/**
 * Lessee counts: new = lessees whose first lease was purchased in the period; returning = lessees with
 * a lease purchased in the period and an earlier one; active = lessees with at least one active lease.
 */
export async function customersCard(db: DbOrTx, ctx: CardContext) {
  const { current } = periodRanges(ctx.period, ctx.asOf);
  const firsts = await db
    .select({
      lesseeId: leases.lesseeId,
      first: sql<string>`min(${leases.purchaseDate})`,
      inPeriod: sql<number>`sum(case when ${leases.purchaseDate} between ${current.from} and ${current.to} then 1 else 0 end)`,
    })
    .from(leases)
    .where(eq(leases.funderId, ctx.funderId))
    .groupBy(leases.lesseeId);
  const active = (
    await db
      .select({ n: sql<number>`count(distinct ${leases.lesseeId})` })
      .from(leases)
      .where(and(eq(leases.funderId, ctx.funderId), eq(leases.status, 'active')))
      .limit(1)
  )[0];
  const newCount = firsts.filter((f) => f.first >= current.from && f.first <= current.to).length;
  const returning = firsts.filter((f) => Number(f.inPeriod) > 0 && f.first < current.from).length;
  return {
    last_days: labels(ctx),
    listData: [
      { icon: 'UserPlus', iconColor: 'primary', text: CARD_TEXTS.newLessees[ctx.locale], result: newCount },
      { icon: 'Repeat', iconColor: 'warning', text: CARD_TEXTS.returningLessees[ctx.locale], result: returning },
      { icon: 'Users', iconColor: 'success', text: CARD_TEXTS.activeLessees[ctx.locale], result: Number(active?.n ?? 0) },
    ],
  };
}

/* ---------- statistics ---------- */

async function leasesByMonth(db: DbOrTx, ctx: CardContext, months: string[], currencyOnly: boolean) {
  const range = monthRange(ctx.asOf, months.length);
  const rows = await db
    .select({
      m: sql<string>`substr(${leases.purchaseDate}, 1, 7)`,
      n: sql<number>`count(*)`,
      principal: sql<number>`sum(${leases.principal})`,
    })
    .from(leases)
    .where(
      and(
        eq(leases.funderId, ctx.funderId),
        gte(leases.purchaseDate, range.from),
        lte(leases.purchaseDate, range.to),
        currencyOnly ? eq(leases.currency, ctx.currency) : undefined,
      ),
    )
    .groupBy(sql`substr(${leases.purchaseDate}, 1, 7)`);
  const by = new Map(rows.map((r) => [r.m, r]));
  return months.map((m) => ({ count: Number(by.get(m)?.n ?? 0), principal: Number(by.get(m)?.principal ?? 0) }));
}

function compact(locale: ContentLocale, n: number): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 }).format(n);
}

export async function ordersBarChartCard(db: DbOrTx, ctx: CardContext) {
  const months = monthsEnding(ctx.asOf, MONTHS_IN_SERIES);
  const data = (await leasesByMonth(db, ctx, months, false)).map((r) => r.count);
  return {
    title: CARD_TEXTS.newLeases[ctx.locale],
    statistics: compact(
      ctx.locale,
      data.reduce((a, b) => a + b, 0),
    ),
    series: [{ name: CARD_TEXTS.newLeases[ctx.locale], data }],
    months,
  };
}

export async function profitLineChartCard(db: DbOrTx, ctx: CardContext) {
  const months = monthsEnding(ctx.asOf, MONTHS_IN_SERIES);
  const range = monthRange(ctx.asOf, MONTHS_IN_SERIES);
  const rows = await db
    .select({ m: sql<string>`substr(${scheduleRows.dueDate}, 1, 7)`, interest: sql<number>`sum(${scheduleRows.interest})` })
    .from(scheduleRows)
    .innerJoin(leases, eq(leases.id, scheduleRows.leaseId))
    .where(
      and(
        eq(leases.funderId, ctx.funderId),
        eq(leases.currency, ctx.currency),
        gte(scheduleRows.dueDate, range.from),
        lte(scheduleRows.dueDate, range.to),
      ),
    )
    .groupBy(sql`substr(${scheduleRows.dueDate}, 1, 7)`);
  const by = new Map(rows.map((r) => [r.m, Number(r.interest)]));
  const data = months.map((m) => by.get(m) ?? 0);
  return {
    title: CARD_TEXTS.interestIncome[ctx.locale],
    statistics: compact(ctx.locale, Math.round(data.reduce((a, b) => a + b, 0) / 100)),
    series: [{ name: CARD_TEXTS.interestIncome[ctx.locale], data }],
    months,
    currency: ctx.currency,
  };
}

export async function revenueStatCard(db: DbOrTx, ctx: CardContext) {
  const months = monthsEnding(ctx.asOf, MONTHS_IN_SERIES);
  const by = await collectionsBy(db, ctx, monthRange(ctx.asOf, MONTHS_IN_SERIES), 7);
  const data = months.map((m) => by.get(m) ?? 0);
  return {
    series: [{ name: CARD_TEXTS.collections[ctx.locale], data }],
    analyticsData: { revenue: data.reduce((a, b) => a + b, 0) },
    months,
    currency: ctx.currency,
  };
}

/** Principal originated per month; `sales` is the change of the last six months against the six before. */
export async function salesStatCard(db: DbOrTx, ctx: CardContext) {
  const months = monthsEnding(ctx.asOf, MONTHS_IN_SERIES);
  const data = (await leasesByMonth(db, ctx, months, true)).map((r) => r.principal);
  const half = MONTHS_IN_SERIES / 2;
  const recent = data.slice(half).reduce((a, b) => a + b, 0);
  const before = data.slice(0, half).reduce((a, b) => a + b, 0);
  return {
    series: [{ name: CARD_TEXTS.principalOriginated[ctx.locale], data }],
    analyticsData: { sales: growthLabel(recent, before) },
    months,
    currency: ctx.currency,
  };
}

export async function ordersStatCard(db: DbOrTx, ctx: CardContext) {
  const months = monthsEnding(ctx.asOf, MONTHS_IN_SERIES);
  const data = (await leasesByMonth(db, ctx, months, false)).map((r) => r.count);
  return { series: [{ name: CARD_TEXTS.newLeases[ctx.locale], data }], analyticsData: { orders: data.reduce((a, b) => a + b, 0) }, months };
}

async function dailyTraffic(db: DbOrTx, days: string[], field: 'sessions' | 'users') {
  const rows = await db
    .select({ day: webTrafficDaily.day, v: sql<number>`sum(${field === 'sessions' ? webTrafficDaily.sessions : webTrafficDaily.users})` })
    .from(webTrafficDaily)
    .where(inArray(webTrafficDaily.day, days))
    .groupBy(webTrafficDaily.day);
  const by = new Map(rows.map((r) => [r.day, Number(r.v)]));
  return days.map((d) => by.get(d) ?? 0);
}

async function dailyNewsletter(db: DbOrTx, days: string[]) {
  const by = new Map((await db.select().from(newsletterDaily).where(inArray(newsletterDaily.day, days))).map((r) => [r.day, r.gained]));
  return days.map((d) => by.get(d) ?? 0);
}

export async function subscribersCard(db: DbOrTx, ctx: CardContext) {
  const days = daysEnding(ctx.asOf, DAYS_IN_SERIES);
  const data = await dailyNewsletter(db, days);
  return {
    series: [{ name: CARD_TEXTS.subscribers[ctx.locale], data }],
    analyticsData: { subscribers: data.reduce((a, b) => a + b, 0) },
    days,
  };
}

export async function siteTrafficCard(db: DbOrTx, ctx: CardContext) {
  const days = daysEnding(ctx.asOf, DAYS_IN_SERIES);
  return { series: [{ name: CARD_TEXTS.sessions[ctx.locale], data: await dailyTraffic(db, days, 'sessions') }], days };
}

export async function activeUsersCard(db: DbOrTx, ctx: CardContext) {
  const days = daysEnding(ctx.asOf, DAYS_IN_SERIES);
  return { series: [{ name: CARD_TEXTS.activeUsers[ctx.locale], data: await dailyTraffic(db, days, 'users') }], days };
}

export async function newsletterCard(db: DbOrTx, ctx: CardContext) {
  const days = daysEnding(ctx.asOf, DAYS_IN_SERIES);
  return { series: [{ name: CARD_TEXTS.newsletter[ctx.locale], data: await dailyNewsletter(db, days) }], days };
}

export const ANALYTICS_CARDS = {
  'support-tracker': supportTrackerCard,
  'avg-sessions': avgSessionsCard,
  'revenue-report': revenueReportCard,
  'goal-overview': goalOverviewCard,
  revenue: revenueAnalyticsCard,
  'product-orders': productOrdersCard,
  'sessions-device': sessionsDeviceCard,
  customers: customersCard,
} as const;

export const STATISTICS_CARDS = {
  'orders-bar-chart': ordersBarChartCard,
  'profit-line-chart': profitLineChartCard,
  subscribers: subscribersCard,
  revenue: revenueStatCard,
  sales: salesStatCard,
  orders: ordersStatCard,
  'site-traffic': siteTrafficCard,
  'active-users': activeUsersCard,
  newsletter: newsletterCard,
} as const;
