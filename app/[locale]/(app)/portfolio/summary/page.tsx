import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { PortfolioCashChart } from '@/components/charts/portfolio-cash-chart';
import { TOTAL_CASH_FLOW_PATH } from '@/components/portfolio/cash-flow-url';
import { CutOffForm } from '@/components/portfolio/cut-off-form';
import { SummaryTable } from '@/components/portfolio/summary-table';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/i18n/navigation';
import { formatDecimal, formatIsoDate, formatIsoMonth } from '@/lib/format';
import { CASH_PERIODS, parseLenient, periodMonth, valuationParamsSchema } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { portfolioSummaryScreen } from '@/services/portfolio/screens';
import { requestClock } from '@/lib/clock';
import { Layers } from '@/lib/icons';
import { ScenarioCard } from '@/components/scenarios/scenario-card';
import { scenarioParam } from '@/lib/validations/scenarios';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('portfolioSummary');

const SUMMARY_PATH = '/portfolio/summary';

/** The page's query schema (the funder is the active one), built once rather than on every request. */
const pageQuery = valuationParamsSchema.omit({ funderId: true }).extend({ scenario: scenarioParam });

/** Portfolio CF → Summary: per-currency totals of the Total Cash Flow rows, WA rate, WA remaining term, WAL, and the 61-period aggregate. */
export default async function PortfolioSummaryPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'portfolioSummary');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('portfolio');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { value: query } = parseLenient(pageQuery, await searchParams);
  // The book's summary and the scenario card at the cut-off (the clock's month by default).
  const {
    cutOff,
    summary,
    endedCount: ended,
    scenarios,
    chosen,
    comparison,
  } = await portfolioSummaryScreen(db, funder.id, query, requestClock());
  const linkQuery: Record<string, string> = { ...(query.cutOff ? { cutOff } : {}), ...(query.gross ? { gross: '1' } : {}) };
  const labels = CASH_PERIODS.map((k) => formatIsoMonth(format, periodMonth(cutOff, k)));

  return (
    <>
      <PageHeader
        asOf={{ date: cutOff, kind: 'cutOff' }}
        page="portfolioSummary"
        description={t('summary.subtitle', { funder: funder.name })}
        actions={
          <Link
            href={{ pathname: TOTAL_CASH_FLOW_PATH, query: chosen ? { ...linkQuery, scenario: String(chosen.id) } : linkQuery }}
            className={buttonClasses({ variant: 'outline' })}
          >
            {t('summary.openTotalCashFlow')}
          </Link>
        }
      />
      <Card className="mb-6">
        <CardContent className="flex flex-wrap items-end justify-between gap-4 pt-5 pb-5">
          <CutOffForm
            pathname={SUMMARY_PATH}
            cutOff={cutOff}
            gross={query.gross}
            keep={{ scenario: chosen ? String(chosen.id) : undefined }}
          />
          <p className="text-[13px]" data-testid="summary-basis">
            {t('totalCashFlow.basis', { cutOff: formatIsoDate(format, cutOff, 'long'), gross: query.gross ? 'gross' : 'net' })}{' '}
            {t('totalCashFlow.ended', { count: ended, countText: formatDecimal(format, ended) })}
          </p>
        </CardContent>
      </Card>
      {summary.length > 0 ? (
        <ScenarioCard pathname={SUMMARY_PATH} scenarios={scenarios} comparison={comparison} keep={linkQuery} linkQuery={linkQuery} />
      ) : null}
      {summary.length === 0 ? (
        <EmptyState icon={Layers} title={t('summary.emptyTitle')}>
          {t('totalCashFlow.emptyBook')}
        </EmptyState>
      ) : (
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t('summary.byCurrency')}</CardTitle>
              <CardDescription>{t('summary.byCurrencyHint')}</CardDescription>
            </CardHeader>
            <SummaryTable summary={summary} query={linkQuery} />
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('summary.chartTitle')}</CardTitle>
              <CardDescription>{t('summary.chartHint')}</CardDescription>
            </CardHeader>
            <CardContent>
              <PortfolioCashChart
                data-testid="summary-chart"
                series={summary.map((s) => ({ currency: s.currency, values: s.cash }))}
                labels={labels}
                currencyLabel={t('chart.currency')}
                caption={t('summary.chartTitle')}
                periodHeader={t('chart.period')}
                amountHeader={t('chart.cash')}
              />
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
