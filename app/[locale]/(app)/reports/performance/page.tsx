import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { Activity } from '@/lib/icons';
import { getDb } from '@/db';
import { RateCharts } from '@/components/reports/history-charts';
import { ExportLinks } from '@/components/reports/export-links';
import { FIELD, QueryForm, SELECT } from '@/components/reports/query-form';
import { REGION, TABLE, TD, TD_LEFT, TH, TH_LEFT } from '@/components/reports/table-styles';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { Amount } from '@/components/ui/amount';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CHART_COLORS } from '@/components/charts/series';
import { EmptyState } from '@/components/ui/empty-state';
import { requestClock } from '@/lib/clock';
import { formatDecimal, formatIsoMonth, formatPercent } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import type { PerformanceReport } from '@/services/history/snapshots';
import { performanceScreen } from '@/services/history/performance-screen';
import { SnapshotProgress } from '@/components/reports/snapshot-progress';
import { performanceQuery } from '@/lib/validations/history';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('performance');

/** The page's query schema (the funder is the active one), built once rather than on every request. */
const pageQuery = performanceQuery.omit({ funderId: true, format: true, locale: true });

/** Reports → Performance: per month SMM/CPR, MDR/CDR, pool factor, delinquency ratios and cumulative net loss (domain.md §9). */
export default async function PerformancePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'performance');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('history');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { value: query } = parseLenient(pageQuery, await searchParams);
  // A range the API would refuse with a 400 falls back to the default range; many missing month-end snapshots (a large
  // book's first visit) are built in the background: the page shows the progress.
  const screen = await performanceScreen(db, funder.id, query, requestClock(), 'page');
  if (screen.status === 'building') {
    return (
      <>
        <PageHeader help="performance" page="performance" description={t('performance.subtitle', { funder: funder.name })} />
        <SnapshotProgress testId="performance-building" readiness={screen.readiness} />
      </>
    );
  }
  const { report } = screen;
  const ccy = report.currency ?? funder.baseCurrency;
  const pct = (v: number) => formatPercent(format, v, 2);
  const monthLabel = (m: string) => formatIsoMonth(format, m);
  const data = (keys: (keyof PerformanceReport['rows'][number])[]) =>
    report.rows.map((r) => ({ x: monthLabel(r.month), ...Object.fromEntries(keys.map((k) => [k, r[k] as number])) }));
  const summaryValues = { currency: ccy, from: monthLabel(report.from), to: monthLabel(report.to) };

  return (
    <>
      <PageHeader
        help="performance"
        page="performance"
        description={t('performance.subtitle', { funder: funder.name })}
        actions={
          <ExportLinks
            endpoint="/api/reports/performance"
            query={{ funderId: String(funder.id), from: report.from, to: report.to, currency: ccy, locale }}
          />
        }
      />
      <Card className="mb-6">
        <CardContent className="flex flex-wrap items-end justify-between gap-4 pt-5 pb-5">
          <QueryForm>
            <label className={FIELD}>
              {t('from')}
              <input type="month" name="from" defaultValue={report.from} className={SELECT} data-testid="performance-from" />
            </label>
            <label className={FIELD}>
              {t('to')}
              <input
                type="month"
                name="to"
                defaultValue={report.to}
                max={screen.latestMonth}
                className={SELECT}
                data-testid="performance-to"
              />
            </label>
            {report.currencies.length > 1 ? (
              <label className={FIELD}>
                {t('currency')}
                <select name="currency" defaultValue={ccy} className={SELECT} data-testid="performance-currency">
                  {report.currencies.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </QueryForm>
          <p className="max-w-xl text-[13px]">{t('closedNote', { current: monthLabel(screen.currentMonth) })}</p>
        </CardContent>
      </Card>
      {report.rows.length === 0 ? (
        <EmptyState icon={Activity} title={t('performance.emptyTitle')}>
          {t('performance.empty')}
        </EmptyState>
      ) : (
        <>
          <Card className="mb-6">
            <CardContent className="pt-5 pb-5" data-testid="performance-charts">
              <RateCharts
                charts={[
                  {
                    id: 'performance-rates',
                    testId: 'performance-rates-chart',
                    title: t('performance.ratesChart'),
                    summary: t('performance.ratesChartSummary', summaryValues),
                    series: [
                      { key: 'cpr', label: t('columns.cpr'), color: CHART_COLORS.primary },
                      { key: 'cdr', label: t('columns.cdr'), color: CHART_COLORS.warning },
                    ],
                    data: data(['cpr', 'cdr']),
                  },
                  {
                    id: 'performance-delinquency',
                    testId: 'performance-delinquency-chart',
                    title: t('performance.delinquencyChart'),
                    summary: t('performance.delinquencyChartSummary', summaryValues),
                    series: [
                      { key: 'dq30', label: t('columns.dq30'), color: CHART_COLORS.info },
                      { key: 'dq60', label: t('columns.dq60'), color: CHART_COLORS.warning },
                      { key: 'dq90', label: t('columns.dq90'), color: '#c0399a' },
                    ],
                    data: data(['dq30', 'dq60', 'dq90']),
                  },
                  {
                    id: 'performance-pool',
                    testId: 'performance-pool-chart',
                    title: t('performance.poolChart'),
                    summary: t('performance.poolChartSummary', summaryValues),
                    series: [
                      { key: 'poolFactor', label: t('columns.poolFactor'), color: CHART_COLORS.primary },
                      { key: 'cumulativeNetLossPct', label: t('columns.cumulativeNetLossPct'), color: CHART_COLORS.warning },
                    ],
                    data: data(['poolFactor', 'cumulativeNetLossPct']),
                  },
                ]}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('performance.tableTitle')}</CardTitle>
              <CardDescription>{t('performance.tableHint')}</CardDescription>
            </CardHeader>
            <div className={REGION} role="region" aria-label={t('performance.tableTitle')} tabIndex={0}>
              <table className={TABLE} data-testid="performance-table">
                <caption className="sr-only">{t('performance.tableTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={TH_LEFT}>
                      {t('columns.month')}
                    </th>
                    {(
                      [
                        'leases',
                        'startBalance',
                        'purchasedPrincipal',
                        'scheduledPrincipal',
                        'writtenOffPrincipal',
                        'balance',
                        'unscheduledPrincipal',
                        'defaultedPrincipal',
                        'smm',
                        'cpr',
                        'mdr',
                        'cdr',
                        'poolFactor',
                        'dq30',
                        'dq60',
                        'dq90',
                        'cumulativeNetLossPct',
                      ] as const
                    ).map((k) => (
                      <th key={k} scope="col" className={TH}>
                        {t(`columns.${k}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((r) => (
                    <tr key={r.month} className="h-8" data-testid="performance-row">
                      <th scope="row" className={`${TD_LEFT} font-normal`}>
                        {monthLabel(r.month)}
                        {r.live ? (
                          <span
                            className="ml-2 rounded bg-primary-soft px-1.5 text-xs text-primary-strong"
                            title={t('performance.liveHint')}
                          >
                            {t('performance.live')}
                          </span>
                        ) : null}
                      </th>
                      <td className={TD}>{formatDecimal(format, r.leases)}</td>
                      <td className={TD}>
                        <Amount minor={r.startBalance} currency={ccy} />
                      </td>
                      <td className={TD}>
                        <Amount minor={r.purchasedPrincipal} currency={ccy} />
                      </td>
                      <td className={TD}>
                        <Amount minor={r.scheduledPrincipal} currency={ccy} />
                      </td>
                      <td className={TD}>
                        <Amount minor={r.writtenOffPrincipal} currency={ccy} />
                      </td>
                      <td className={TD}>
                        <Amount minor={r.balance} currency={ccy} />
                      </td>
                      <td className={TD}>
                        <Amount minor={r.unscheduledPrincipal} currency={ccy} />
                      </td>
                      <td className={TD}>
                        <Amount minor={r.defaultedPrincipal} currency={ccy} />
                      </td>
                      <td className={TD}>{pct(r.smm)}</td>
                      <td className={TD}>{pct(r.cpr)}</td>
                      <td className={TD}>{pct(r.mdr)}</td>
                      <td className={TD}>{pct(r.cdr)}</td>
                      <td className={TD}>{pct(r.poolFactor)}</td>
                      <td className={TD}>{pct(r.dq30)}</td>
                      <td className={TD}>{pct(r.dq60)}</td>
                      <td className={TD}>{pct(r.dq90)}</td>
                      <td className={TD}>{pct(r.cumulativeNetLossPct)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        </>
      )}
    </>
  );
}
