import { Banknote, CalendarRange, FileText, LayoutDashboard, Percent, Scale } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { PortfolioCashChart } from '@/components/charts/portfolio-cash-chart';
import { PortfolioShareChart } from '@/components/charts/portfolio-share-chart';
import { KpiCard } from '@/components/dashboard/kpi-card';
import { PerformanceRatesCard } from '@/components/dashboard/performance-rates-card';
import { TOTAL_CASH_FLOW_PATH } from '@/components/portfolio/cash-flow-url';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { Amount } from '@/components/ui/amount';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/i18n/navigation';
import { formatDecimal, formatIsoDate, formatIsoMonth, formatMoney, formatPercent } from '@/lib/format';
import { periodMonth } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { defaultCutOff } from '@/services/portfolio/valuation';
import { dashboardScreen } from '@/services/dashboard/screen';
import { ServicingKpis } from '@/components/servicing/servicing-kpis';
import { requestClock } from '@/lib/clock';
import { z } from 'zod';
import { DashboardTabs } from '@/components/dashboard/dashboard-tabs';
import { InsightsView } from '@/components/dashboard/insights-view';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { INSIGHT_PERIODS, insightsScreen } from '@/services/dashboard/insights';
import { contentLocaleOf } from '@/services/workspace/content';
import { CreditKpis } from '@/components/credit/credit-kpis';
import { FacilitiesTile } from '@/components/facilities/facilities-tile';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const dashboardViewQuery = z.object({
  tab: z.enum(['overview', 'insights']).default('overview'),
  period: z.enum(INSIGHT_PERIODS).default('last-28-days'),
});

export const generateMetadata = metadataFor('dashboard');

const SUMMARY_PATH = '/portfolio/summary';
const MASTER_FILE_PATH = '/master-file';

/** The active funder's book at the default cut-off: KPIs per currency and charts, each linking to the screen behind it. */
export default async function DashboardPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'dashboard');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('dashboard');
  const th = await getTranslations('history.dashboard');
  const ta = await getTranslations('portfolio.assetTypes');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const clock = requestClock();
  const cutOff = defaultCutOff(clock.today);
  const pageHeader = (
    <PageHeader
      asOf={{ date: cutOff, kind: 'cutOff' }}
      page="dashboard"
      description={t('subtitle', { funder: funder.name, cutOff: formatIsoDate(format, cutOff, 'long') })}
    />
  );
  // The Insights tab is its own view of the book (analytics and statistics cards); the overview below is the default.
  const { value: view } = parseLenient(dashboardViewQuery, await searchParams);
  if (view.tab === 'insights') {
    return (
      <>
        {pageHeader}
        <DashboardTabs active="insights" />
        <InsightsView data={await insightsScreen(db, funder, clock.today, view.period, contentLocaleOf(locale))} />
      </>
    );
  }
  const header = (
    <>
      {pageHeader}
      <DashboardTabs active="overview" />
    </>
  );
  const screen = await dashboardScreen(db, access.principal, funder, clock);
  const { figures, currencies: order, rates, ratesReady } = screen;

  if (figures.length === 0) {
    return (
      <>
        {header}
        <EmptyState icon={LayoutDashboard} title={t('emptyTitle')}>
          {t('emptyBody')}
        </EmptyState>
      </>
    );
  }

  const money = (minor: number, currency: string) => <Amount minor={minor} currency={currency} />;
  const months = Array.from({ length: 24 }, (_, k) => formatIsoMonth(format, periodMonth(cutOff, k + 1)));

  return (
    <>
      {header}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" data-testid="kpis">
        <KpiCard
          data-testid="kpi-principal"
          title={t('kpi.principal')}
          icon={Banknote}
          href={{ pathname: SUMMARY_PATH }}
          linkLabel={t('links.summary')}
          lines={figures.map((f) => ({ currency: f.currency, value: money(f.prin, f.currency) }))}
        />
        <KpiCard
          data-testid="kpi-active"
          title={t('kpi.activeLeases')}
          icon={FileText}
          href={{ pathname: TOTAL_CASH_FLOW_PATH }}
          linkLabel={t('links.poolLeases')}
          lines={figures.map((f) => ({ currency: f.currency, value: formatDecimal(format, f.count) }))}
        />
        <KpiCard
          data-testid="kpi-delta"
          title={t('kpi.delta')}
          icon={Scale}
          href={{ pathname: TOTAL_CASH_FLOW_PATH, query: { sort: 'delta', dir: 'desc' } }}
          linkLabel={t('links.totalCashFlow')}
          lines={figures.map((f) => ({
            currency: f.currency,
            value: (
              <span className="flex flex-col items-end">
                {money(f.delta, f.currency)}
                <span className="text-xs font-normal text-body">
                  {t('kpi.priceVsNpv', { price: formatMoney(format, f.sellto4G, f.currency), npv: formatMoney(format, f.npv, f.currency) })}
                </span>
              </span>
            ),
          }))}
        />
        <KpiCard
          data-testid="kpi-next12"
          title={t('kpi.next12')}
          icon={CalendarRange}
          href={{ pathname: TOTAL_CASH_FLOW_PATH }}
          linkLabel={t('links.totalCashFlow')}
          lines={figures.map((f) => ({ currency: f.currency, value: money(f.next12, f.currency) }))}
        />
        <KpiCard
          data-testid="kpi-rate"
          title={t('kpi.waRate')}
          icon={Percent}
          href={{ pathname: SUMMARY_PATH }}
          linkLabel={t('links.summary')}
          lines={figures.map((f) => ({ currency: f.currency, value: f.waRate === null ? '—' : formatPercent(format, f.waRate) }))}
        />
        <ServicingKpis kpis={screen.servicing} today={screen.today} currencies={order} />
        <PerformanceRatesCard
          title={th('title')}
          currency={rates.currency}
          lines={rates.rows.map((r) => ({
            month: r.month,
            label: formatIsoMonth(format, r.month),
            value: th('line', { cpr: formatPercent(format, r.cpr), cdr: formatPercent(format, r.cdr) }),
          }))}
          linkLabel={th('link')}
          emptyLabel={ratesReady.ready ? th('none') : th('building', { built: ratesReady.built, needed: ratesReady.needed })}
        />
        <CreditKpis kpis={screen.credit} currencies={order} />
      </div>
      <FacilitiesTile {...screen.facilities} />

      <div className="mt-6 grid gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader>
            <CardTitle>
              <Link href={TOTAL_CASH_FLOW_PATH} className="hover:text-primary-strong hover:underline">
                {t('charts.monthly')}
              </Link>
            </CardTitle>
            <CardDescription>{t('charts.monthlyHint')}</CardDescription>
          </CardHeader>
          <CardContent>
            <PortfolioCashChart
              data-testid="dashboard-monthly-chart"
              series={figures.map((f) => ({ currency: f.currency, values: f.monthly }))}
              labels={months}
              currencyLabel={t('charts.currency')}
              caption={t('charts.monthly')}
              periodHeader={t('charts.month')}
              amountHeader={t('charts.cash')}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <Link href={SUMMARY_PATH} className="hover:text-primary-strong hover:underline">
                {t('charts.byCurrency')}
              </Link>
            </CardTitle>
            <CardDescription>{t('charts.byCurrencyHint')}</CardDescription>
          </CardHeader>
          <CardContent>
            <PortfolioShareChart
              data-testid="dashboard-currency-chart"
              slices={figures.map((f) => ({
                key: f.currency,
                label: t('charts.currencyLeases', { currency: f.currency, count: f.count, countText: formatDecimal(format, f.count) }),
                value: f.count,
                display: formatMoney(format, f.prin, f.currency),
                href: { pathname: TOTAL_CASH_FLOW_PATH, query: { currency: f.currency } },
              }))}
            />
          </CardContent>
        </Card>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-asset-types">
        {figures.map((f) => (
          <Card key={f.currency}>
            <CardHeader>
              <CardTitle>
                <Link
                  href={{ pathname: MASTER_FILE_PATH, query: { currency: f.currency } }}
                  className="hover:text-primary-strong hover:underline"
                >
                  {t('charts.byAssetType', { currency: f.currency })}
                </Link>
              </CardTitle>
              <CardDescription>{t('charts.byAssetTypeHint')}</CardDescription>
            </CardHeader>
            <CardContent>
              <PortfolioShareChart
                slices={f.byAssetType.map((a) => ({
                  key: a.assetType,
                  label: ta(a.assetType),
                  value: a.prin,
                  display: formatMoney(format, a.prin, f.currency),
                  href: { pathname: MASTER_FILE_PATH, query: { currency: f.currency, assetType: a.assetType } },
                }))}
              />
            </CardContent>
          </Card>
        ))}
      </div>
    </>
  );
}
