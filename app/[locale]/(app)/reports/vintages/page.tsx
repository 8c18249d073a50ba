import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { ChartSpline } from '@/lib/icons';
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
import { EmptyState } from '@/components/ui/empty-state';
import { requestClock } from '@/lib/clock';
import { formatDecimal, formatIsoMonth, formatPercent } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { vintagesScreen } from '@/services/history/performance-screen';
import { SnapshotProgress } from '@/components/reports/snapshot-progress';
import { vintagesQuery } from '@/lib/validations/history';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('vintages');

/** The page's query schema (the funder is the active one), built once rather than on every request. */
const pageQuery = vintagesQuery.omit({ funderId: true, format: true, locale: true });

/** Reports → Vintages: cumulative default (or net loss) curves per purchase or origination quarter (domain.md §9). */
export default async function VintagesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'vintages');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('history');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { value: query } = parseLenient(pageQuery, await searchParams);
  // A range the API would refuse with a 400 falls back to the default range; many missing month-end snapshots (a large
  // book's first visit) are built in the background: the page shows the progress.
  const screen = await vintagesScreen(db, funder.id, query, requestClock(), 'page');
  if (screen.status === 'building') {
    return (
      <>
        <PageHeader help="vintages" page="vintages" description={t('vintages.subtitle', { funder: funder.name })} />
        <SnapshotProgress testId="vintages-building" readiness={screen.readiness} />
      </>
    );
  }
  // The table's columns (xs), and the chart's newest cohorts over the months they span.
  const { report, monthsSince: xs, charted, chartMonthsSince } = screen;
  const ccy = report.currency ?? funder.baseCurrency;
  const data = chartMonthsSince.map((x) => ({
    x: t('vintages.monthsSinceValue', { n: x }),
    ...Object.fromEntries(
      charted.flatMap((c) => {
        const p = c.points.find((q) => q.monthsSince === x);
        return p ? [[c.cohort, p.value]] : [];
      }),
    ),
  }));
  const measureLabel = report.measure === 'default' ? t('vintages.measureDefault') : t('vintages.measureNetLoss');

  return (
    <>
      <PageHeader
        help="vintages"
        page="vintages"
        description={t('vintages.subtitle', { funder: funder.name })}
        actions={
          <ExportLinks
            endpoint="/api/reports/vintages"
            query={{
              funderId: String(funder.id),
              from: report.from,
              to: report.to,
              by: report.by,
              measure: report.measure,
              currency: ccy,
              locale,
            }}
          />
        }
      />
      <Card className="mb-6">
        <CardContent className="flex flex-wrap items-end justify-between gap-4 pt-5 pb-5">
          <QueryForm>
            <label className={FIELD}>
              {t('vintages.by')}
              <select name="by" defaultValue={report.by} className={SELECT} data-testid="vintages-by">
                <option value="purchase">{t('vintages.byPurchase')}</option>
                <option value="origination">{t('vintages.byOrigination')}</option>
              </select>
            </label>
            <label className={FIELD}>
              {t('vintages.measure')}
              <select name="measure" defaultValue={report.measure} className={SELECT} data-testid="vintages-measure">
                <option value="default">{t('vintages.measureDefault')}</option>
                <option value="netLoss">{t('vintages.measureNetLoss')}</option>
              </select>
            </label>
            <label className={FIELD}>
              {t('from')}
              <input type="month" name="from" defaultValue={report.from} className={SELECT} />
            </label>
            <label className={FIELD}>
              {t('to')}
              <input type="month" name="to" defaultValue={report.to} max={screen.latestMonth} className={SELECT} />
            </label>
            {report.currencies.length > 1 ? (
              <label className={FIELD}>
                {t('currency')}
                <select name="currency" defaultValue={ccy} className={SELECT}>
                  {report.currencies.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </QueryForm>
          <p className="max-w-xl text-[13px]">{t('closedNote', { current: formatIsoMonth(format, screen.currentMonth) })}</p>
        </CardContent>
      </Card>
      {report.curves.length === 0 ? (
        <EmptyState icon={ChartSpline} title={t('vintages.emptyTitle')}>
          {t('vintages.empty')}
        </EmptyState>
      ) : (
        <>
          <Card className="mb-6">
            <CardContent className="pt-5 pb-5">
              <RateCharts
                charts={[
                  {
                    id: 'vintage-curves',
                    testId: 'vintages-chart',
                    title: `${t('vintages.chartTitle')} · ${measureLabel}`,
                    summary: t('vintages.chartSummary', { measure: measureLabel, currency: ccy }),
                    series: charted.map((c) => ({ key: c.cohort, label: c.cohort, color: '' })),
                    data,
                  },
                ]}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('vintages.tableTitle')}</CardTitle>
              <CardDescription>{t('vintages.tableHint')}</CardDescription>
            </CardHeader>
            <div className={REGION} role="region" aria-label={t('vintages.tableTitle')} tabIndex={0}>
              <table className={TABLE} data-testid="vintages-table">
                <caption className="sr-only">{`${t('vintages.tableTitle')} · ${measureLabel}`}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={TH_LEFT}>
                      {t('vintageColumns.cohort')}
                    </th>
                    <th scope="col" className={TH}>
                      {t('vintageColumns.leases')}
                    </th>
                    <th scope="col" className={TH}>
                      {t('vintageColumns.originalBalance')}
                    </th>
                    {xs.map((x) => (
                      <th key={x} scope="col" className={TH}>
                        {t('vintages.monthsSinceValue', { n: x })}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.curves.map((c) => {
                    const byX = new Map(c.points.map((p) => [p.monthsSince, p.value]));
                    return (
                      <tr key={c.cohort} className="h-8" data-testid="vintage-row">
                        <th scope="row" className={`${TD_LEFT} font-normal`}>
                          {c.cohort}
                        </th>
                        <td className={TD}>{formatDecimal(format, c.leases)}</td>
                        <td className={TD}>
                          <Amount minor={c.originalBalance} currency={ccy} />
                        </td>
                        {xs.map((x) => {
                          const v = byX.get(x);
                          return (
                            <td key={x} className={TD}>
                              {v === undefined ? '' : formatPercent(format, v, 2)}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </Card>
        </>
      )}
    </>
  );
}
