/**
 * The card arithmetic (db/queries/content-cards.ts): period windows, month and day axes, growth labels,
 * and the cards reconciled with rows inserted into a fresh seeded database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conn } from '@/db/client';
import {
  customersCard,
  daysEnding,
  goalOverviewCard,
  growthLabel,
  monthsEnding,
  ordersStatCard,
  periodRanges,
  productOrdersCard,
  profitLineChartCard,
  revenueAnalyticsCard,
  revenueReportCard,
  revenueStatCard,
  salesStatCard,
  subscribersCard,
  supportTrackerCard,
  wholeUnits,
  type CardContext,
} from '@/db/queries/compat/content-cards';
import { seedContent } from '@/db/seed/content';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { createTestDb } from '../helpers/test-db';

const TODAY = '2026-11-21';

describe('period windows', () => {
  it.each([
    ['last-28-days', '2026-11-21', { from: '2026-10-25', to: '2026-11-21' }, { from: '2026-09-27', to: '2026-10-24' }],
    ['last-month', '2026-11-21', { from: '2026-10-01', to: '2026-10-31' }, { from: '2026-09-01', to: '2026-09-30' }],
    ['last-month', '2026-03-31', { from: '2026-02-01', to: '2026-02-28' }, { from: '2026-01-01', to: '2026-01-31' }],
    ['last-month', '2026-01-15', { from: '2025-12-01', to: '2025-12-31' }, { from: '2025-11-01', to: '2025-11-30' }],
    ['last-year', '2026-11-21', { from: '2025-11-22', to: '2026-11-21' }, { from: '2024-11-22', to: '2025-11-21' }],
  ] as const)('%s at %s', (period, asOf, current, previous) => {
    expect(periodRanges(period, asOf)).toEqual({ current, previous });
  });

  it.each([
    ['2026-11-21', 3, ['2026-09', '2026-10', '2026-11']],
    ['2026-02-28', 4, ['2025-11', '2025-12', '2026-01', '2026-02']],
  ] as const)('months ending %s (%i)', (asOf, n, expected) => {
    expect(monthsEnding(asOf, n)).toEqual(expected);
  });

  it('days ending across a month end', () => {
    expect(daysEnding('2026-03-02', 4)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('labels', () => {
  it.each([
    [105.2, 100, '+5.2%'],
    [97, 100, '-3.0%'],
    [100, 100, '0.0%'],
    [50, 0, '0.0%'],
  ])('growth %d over %d = %s', (cur, prev, expected) => {
    expect(growthLabel(cur, prev)).toBe(expected);
  });

  it.each([
    [2_585_249, '25,852'],
    [2_585_250, '25,853'],
    [0, '0'],
    [123_456_789, '1,234,568'],
  ])('%i minor units are %s whole units', (minor, expected) => {
    expect(wholeUnits(minor)).toBe(expected);
  });
});

describe('cards against the database', () => {
  let db: Conn;
  const ctx = (over: Partial<CardContext> = {}): CardContext => ({
    funderId: 1,
    asOf: TODAY,
    currency: 'EUR',
    locale: 'en',
    period: 'last-28-days',
    ...over,
  });
  const sql = <T>(q: string, ...args: unknown[]) => db.$client.prepare(q).get(...args) as T;
  let leaseId: number;

  beforeAll(() => {
    db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 120, today: TODAY, seed: 3 });
    seedContent(db, { today: TODAY });
    leaseId = sql<{ id: number }>("select id from leases where funder_id = 1 and currency = 'EUR' limit 1").id;
    const ins = db.$client.prepare(
      "insert into payments (funder_id, lease_id, kind, reverses_id, received_on, amount, currency, method, created_at) values (1, ?, ?, ?, ?, ?, ?, 'transfer', 0)",
    );
    ins.run(leaseId, 'payment', null, '2026-11-03', 120_000, 'EUR');
    ins.run(leaseId, 'payment', null, '2026-11-20', 30_055, 'EUR');
    const wrong = Number(ins.run(leaseId, 'payment', null, '2026-11-10', 999_999, 'EUR').lastInsertRowid);
    ins.run(leaseId, 'reversal', wrong, '2026-11-11', 999_999, 'EUR');
    ins.run(leaseId, 'payment', null, '2026-10-15', 70_000, 'EUR');
    ins.run(leaseId, 'payment', null, '2026-10-16', 5_000, 'GBP');
    ins.run(leaseId, 'payment', null, '2025-12-31', 1_000, 'EUR');
  });

  it('revenue: collections this month and last month, reversed payments and other currencies left out', async () => {
    const card = await revenueAnalyticsCard(db, ctx());
    expect(card).toMatchObject({ thisMonthMinor: 150_055, lastMonthMinor: 70_000, thisMonth: '1,501', lastMonth: '700', currency: 'EUR' });
    expect(await revenueAnalyticsCard(db, ctx({ currency: 'GBP' }))).toMatchObject({ thisMonthMinor: 0, lastMonthMinor: 5_000 });
  });

  it('revenue statistics: one value per month of the 12 ending asOf, summing to analyticsData.revenue', async () => {
    const card = await revenueStatCard(db, ctx());
    expect(card.months).toHaveLength(12);
    expect(card.months.at(-1)).toBe('2026-11');
    expect(card.series[0]!.data.at(-1)).toBe(150_055);
    expect(card.series[0]!.data.at(-2)).toBe(70_000);
    expect(card.series[0]!.data[0]).toBe(1_000);
    expect(card.analyticsData.revenue).toBe(221_055);
  });

  it('revenue report: collections against scheduled gross instalments of the year', async () => {
    const card = await revenueReportCard(db, ctx());
    const budget = sql<{ s: number }>(
      "select sum(s.gross) s from schedule_rows s join leases l on l.id = s.lease_id where l.funder_id = 1 and l.currency = 'EUR' and s.due_date between '2026-01-01' and '2026-12-31'",
    ).s;
    expect(card).toMatchObject({ years: ['2026', '2025', '2024'], priceMinor: 220_055, budgetMinor: budget });
  });

  it('goal overview: collected vs scheduled in the period', async () => {
    const card = await goalOverviewCard(db, ctx());
    const scheduled = sql<{ s: number }>(
      "select coalesce(sum(s.gross), 0) s from schedule_rows s join leases l on l.id = s.lease_id where l.funder_id = 1 and l.currency = 'EUR' and s.due_date between '2026-10-25' and '2026-11-21'",
    ).s;
    expect(card.collectedMinor).toBe(150_055);
    expect(card.scheduledMinor).toBe(scheduled);
    expect(card.inProgress).toBe(wholeUnits(Math.max(0, scheduled - 150_055)));
  });

  it('orders and sales: new leases and principal originated by purchase month', async () => {
    const months = monthsEnding(TODAY, 12);
    const orders = await ordersStatCard(db, ctx());
    const sales = await salesStatCard(db, ctx());
    months.forEach((m, i) => {
      const row = sql<{ n: number; p: number | null }>(
        "select count(*) n, sum(case when currency = 'EUR' then principal end) p from leases where funder_id = 1 and substr(purchase_date, 1, 7) = ?",
        m,
      );
      expect(orders.series[0]!.data[i], m).toBe(row.n);
      expect(sales.series[0]!.data[i], m).toBe(row.p ?? 0);
    });
  });

  it('profit line: interest by due month', async () => {
    const card = await profitLineChartCard(db, ctx());
    const row = sql<{ s: number }>(
      "select sum(s.interest) s from schedule_rows s join leases l on l.id = s.lease_id where l.funder_id = 1 and l.currency = 'EUR' and substr(s.due_date, 1, 7) = '2026-11'",
    );
    expect(card.series[0]!.data.at(-1)).toBe(row.s);
  });

  it('customers: new + returning never exceed the lessees with a lease in the period; active = distinct lessees with an active lease', async () => {
    const card = await customersCard(db, ctx({ period: 'last-year' }));
    const [newC, returning, active] = card.listData.map((x) => x.result);
    const inPeriod = sql<{ n: number }>(
      "select count(distinct lessee_id) n from leases where funder_id = 1 and purchase_date between '2025-11-22' and '2026-11-21'",
    ).n;
    expect(newC! + returning!).toBe(inPeriod);
    expect(active).toBe(sql<{ n: number }>("select count(distinct lessee_id) n from leases where funder_id = 1 and status = 'active'").n);
  });

  it('product orders: quotations of the period by status group', async () => {
    const now = Date.parse(`${TODAY}T12:00:00Z`);
    const lesseeId = sql<{ lessee_id: number }>('select lessee_id from leases where id = ?', leaseId).lessee_id;
    const cols = sql<Record<string, unknown>>('select * from leases where id = ?', leaseId);
    const before = (await productOrdersCard(db, ctx())).chart_info;
    const q = db.$client.prepare(
      `insert into quotations (funder_id, lessee_id, asset_type, asset_description, condition, currency, price, down_payment, residual, term, rate, timing, frequency, first_due_date, vat_rate, vat_regime, fee, fee_financed, instalment, status, created_at, updated_at)
       values (1, ?, 'it', 'Laptops', 'new', 'EUR', 100000, 0, 0, 12, 0.05, 'arrears', 'monthly', ?, 0.23, 'per-instalment', 0, 0, 8560, ?, ?, ?)`,
    );
    for (const status of ['approved', 'converted', 'draft', 'rejected']) q.run(lesseeId, cols.first_due_date, status, now, now);
    expect((await productOrdersCard(db, ctx())).chart_info).toEqual({
      finished: before.finished + 2,
      pending: before.pending + 1,
      rejected: before.rejected + 1,
    });
  });

  it('support tracker and subscribers read their seeded tables', async () => {
    const tracker = await supportTrackerCard(db, ctx());
    const opened = sql<{ n: number }>(
      "select count(*) n from support_tickets where funder_id = 1 and opened_on between '2026-10-25' and '2026-11-21'",
    ).n;
    expect(tracker.totalTicket).toBe(opened);
    expect(tracker.last_days).toEqual(['Last 28 Days', 'Last Month', 'Last Year']);
    expect((await supportTrackerCard(db, ctx({ locale: 'de' }))).last_days[0]).toBe('Letzte 28 Tage');
    const subs = await subscribersCard(db, ctx());
    expect(subs.days).toHaveLength(28);
    expect(subs.analyticsData.subscribers).toBe(
      sql<{ n: number }>("select sum(gained) n from newsletter_daily where day between '2026-10-25' and '2026-11-21'").n,
    );
  });
});
