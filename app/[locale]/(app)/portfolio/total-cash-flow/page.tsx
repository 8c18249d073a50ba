import { FileDown, FileSpreadsheet, Info } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { ASSET_TYPES } from '@/db/schema/portfolio';
import { STATUS_FILTER_VALUES } from '@/lib/validations/leases';
import { cashFlowExportHref, cashFlowQuery, TOTAL_CASH_FLOW_PATH } from '@/components/portfolio/cash-flow-url';
import { Pagination } from '@/components/portfolio/pagination';
import { TotalCashFlowTable } from '@/components/portfolio/total-cash-flow-table';
import { TotalCashFlowToolbar } from '@/components/portfolio/total-cash-flow-toolbar';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDecimal, formatIsoDate, formatIsoMonth } from '@/lib/format';
import { CASH_PERIODS, periodMonth } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { totalCashFlowPageScreen } from '@/services/portfolio/screens';
import { requestClock } from '@/lib/clock';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { ScenarioCard } from '@/components/scenarios/scenario-card';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('totalCashFlow');

/** Portfolio CF → Total Cash Flow: one row per lease with something left at the cut-off; paging, sorting and filters in the URL. */
export default async function TotalCashFlowPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'totalCashFlow');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('portfolio');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  // The rows, totals and scenario card as shown: the URL's parameters over the saved view, the clock's cut-off by default.
  const screen = await totalCashFlowPageScreen(db, access.principal, { funderId: funder.id, raw: await searchParams }, requestClock());
  const { query, ignored, view, cutOff, chosen, rows, totals, liveCount, endedCount: ended, page } = screen;
  const monthLabels = CASH_PERIODS.map((k) => formatIsoMonth(format, periodMonth(cutOff, k)));
  const { scenario: _scenario, ...keepQuery } = cashFlowQuery(query, { page: 1 });
  // The downloads hold the rows as shown: under the chosen scenario, and without one the page ignored.
  const exportQuery = chosen ? query : { ...query, scenario: undefined };

  return (
    <ClientMessages namespaces={['portfolio.table', 'masterFile.statuses', 'onboarding.statuses']}>
      <>
        <PageHeader
          asOf={{ date: cutOff, kind: 'cutOff' }}
          page="totalCashFlow"
          description={t('totalCashFlow.subtitle', { funder: funder.name })}
          actions={
            <>
              <a
                href={cashFlowExportHref(exportQuery, funder.id, cutOff, 'csv')}
                download
                className={buttonClasses({ variant: 'outline' })}
              >
                <FileDown aria-hidden="true" />
                {t('export.csv')}
              </a>
              <a
                href={cashFlowExportHref(exportQuery, funder.id, cutOff, 'xlsx')}
                download
                className={buttonClasses({ variant: 'outline' })}
              >
                <FileSpreadsheet aria-hidden="true" />
                {t('export.xlsx')}
              </a>
            </>
          }
        />
        {ignored.length > 0 ? (
          <Alert variant="warning" role="alert" className="mb-4">
            <Info aria-hidden="true" />
            <span>{t('ignoredParams', { params: ignored.join(', ') })}</span>
          </Alert>
        ) : null}
        <ScenarioCard
          pathname={TOTAL_CASH_FLOW_PATH}
          scenarios={screen.scenarios}
          comparison={screen.comparison}
          keep={keepQuery}
          linkQuery={{ ...(query.cutOff ? { cutOff } : {}), ...(query.gross ? { gross: '1' } : {}) }}
        />
        <Card className="min-w-0">
          <TotalCashFlowToolbar
            query={query}
            cutOff={cutOff}
            currencies={screen.currencies}
            assetTypes={ASSET_TYPES}
            statuses={STATUS_FILTER_VALUES}
            views={screen.views}
          />
          <div
            className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-border px-4 py-3 text-[13px]"
            data-testid="table-status"
          >
            <span>
              {t('totalCashFlow.basis', {
                cutOff: formatIsoDate(format, cutOff, 'long'),
                gross: query.gross ? 'gross' : 'net',
              })}
            </span>
            {view ? <Badge variant="primary">{t('totalCashFlow.viewActive', { name: view.name })}</Badge> : null}
            {chosen ? (
              <Badge variant="primary" data-testid="scenario-rows">
                {t('totalCashFlow.scenarioRows', { name: chosen.name })}
              </Badge>
            ) : null}
            <span>
              {t('totalCashFlow.count', { shown: formatDecimal(format, screen.filteredCount), live: formatDecimal(format, liveCount) })}
            </span>
            <span data-testid="ended-note">{t('totalCashFlow.ended', { count: ended, countText: formatDecimal(format, ended) })}</span>
            <span>{t('totalCashFlow.checkNote')}</span>
          </div>
          {rows.length > 0 || totals.length > 0 ? (
            <TotalCashFlowTable rows={rows} totals={totals} columns={screen.columns} monthLabels={monthLabels} query={query} />
          ) : null}
          {screen.filteredCount === 0 ? (
            <p className="border-t border-border px-4 py-8 text-center" data-testid="no-rows">
              {liveCount === 0 ? t('totalCashFlow.emptyBook') : t('totalCashFlow.noMatch')}
            </p>
          ) : null}
          <div className="border-t border-border">
            <Pagination
              pathname={TOTAL_CASH_FLOW_PATH}
              queryFor={(p) => cashFlowQuery(query, { page: p })}
              page={page.page}
              pageCount={page.pageCount}
              total={page.total}
              perPage={page.perPage}
            />
          </div>
        </Card>
      </>
    </ClientMessages>
  );
}
