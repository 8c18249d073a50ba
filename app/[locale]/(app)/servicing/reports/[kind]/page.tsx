import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { notFound } from 'next/navigation';
import { FileBarChart } from '@/lib/icons';
import { getDb } from '@/db';
import { Pagination } from '@/components/portfolio/pagination';
import { AmountsChart } from '@/components/reports/bucket-chart';
import { GenerateFileButtons } from '@/components/reports/generate-file-buttons';
import { KeptFilesTable } from '@/components/reports/kept-files-table';
import { FIELD, QueryForm, SELECT } from '@/components/reports/query-form';
import { ReportLinesTable } from '@/components/reports/servicing-report-view';
import { pageMetadata } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { hasScope } from '@/lib/auth/scopes';
import { isServicingReportKind, SERVICING_REPORT_PAGE } from '@/lib/navigation';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import type { ServicingReport } from '@/services/reports/servicing-reports';
import { servicingReportScreen } from '@/services/reports/servicing-report-screen';
import { monthParam } from '@/lib/validations/reports';
import { pageParam } from '@/lib/validations/common';
import { z } from 'zod';
import { addDays } from '@/lib/finance/dates';
import { requestClock } from '@/lib/clock';
import { formatIsoDate } from '@/lib/format';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = {
  params: Promise<{ locale: string; kind: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props) {
  const { locale, kind } = await params;
  return isServicingReportKind(kind) ? pageMetadata(locale, SERVICING_REPORT_PAGE[kind]) : pageMetadata(locale, 'notFound');
}

const PER_PAGE = 50;
/** The kind's latest kept files the page lists. */
const KEPT_FILES = 20;
const pageQuery = z.object({ month: monthParam.optional(), page: pageParam, file: z.coerce.number().int().positive().optional() });

/** The chart of a report's totals for one currency: scheduled vs collected by component (collections), else the totals' amounts. */
function chartOf(report: ServicingReport, totals: ServicingReport['totals'][number], label: (id: string) => string) {
  if (report.kind === 'collections') {
    return {
      series: [
        { key: 'scheduled', label: label('scheduledTotal') },
        { key: 'collected', label: label('received') },
      ],
      data: (['Vat', 'Fee', 'Interest', 'Principal'] as const).map((c) => ({
        x: label(`component${c}`),
        scheduled: Number(totals[`scheduled${c}`] ?? 0),
        collected: Number(totals[`collected${c}`] ?? 0),
      })),
    };
  }
  const money = report.columns.filter((c) => c.kind === 'money');
  return {
    series: [{ key: 'value', label: label('amount') }],
    data: money.map((c) => ({ x: label(c.id), value: Number(totals[c.id] ?? 0) })),
  };
}

/** Servicing → Servicing Reports → {kind}: the month's report with totals per currency, a chart, its lines, and its kept files. */
export default async function ServicingReportPage({ params, searchParams }: Props) {
  const { locale, kind } = await params;
  setRequestLocale(locale);
  if (!isServicingReportKind(kind)) notFound();
  const access = await guardPage(locale, SERVICING_REPORT_PAGE[kind]);
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('reports');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { value: query } = parseLenient(pageQuery, await searchParams);
  const view = await servicingReportScreen(
    db,
    funder,
    kind,
    { month: query.month, page: query.page, perPage: PER_PAGE, keptFiles: KEPT_FILES },
    requestClock(),
  );
  const { month, report } = view;
  const canWrite = hasScope(access.principal.scopes, 'write:funders');
  const label = (id: string) => t(`columns.${id}` as never);
  const totalsColumns = [
    { id: 'currency', kind: 'text' as const },
    { id: 'lines', kind: 'integer' as const },
    ...report.columns.filter((c) => c.kind === 'money'),
  ];

  return (
    <ClientMessages namespaces={['reports.files']}>
      <>
        <PageHeader
          asOf={{ date: report.to, kind: 'asOf' }}
          page={SERVICING_REPORT_PAGE[kind]}
          description={
            kind === 'liability' ? (
              <>
                {t(`servicing.${kind}`)}{' '}
                <span data-testid="liability-balance-dates">
                  {t('servicing.liabilityDates', {
                    from: formatIsoDate(format, report.from, 'medium'),
                    to: formatIsoDate(format, report.to, 'medium'),
                    next: formatIsoDate(format, addDays(report.to, 1), 'medium'),
                  })}
                </span>
              </>
            ) : (
              t(`servicing.${kind}`)
            )
          }
        />
        <Card className="mb-6">
          <CardContent className="flex flex-wrap items-end justify-between gap-4 pt-5 pb-5">
            <QueryForm>
              <label className={FIELD}>
                {t('month')}
                <input type="month" name="month" defaultValue={month} className={SELECT} data-testid="report-month" />
              </label>
            </QueryForm>
            {canWrite ? <GenerateFileButtons funderId={funder.id} kind={kind} month={month} locale={locale} /> : null}
          </CardContent>
        </Card>
        <div className="grid gap-6">
          <Card data-testid="kept-files-card">
            <CardHeader>
              <CardTitle>{t('files.title')}</CardTitle>
              <CardDescription>{t('files.hint')}</CardDescription>
            </CardHeader>
            <KeptFilesTable files={view.files} funderId={funder.id} highlightId={query.file} />
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('servicing.totalsTitle', { month })}</CardTitle>
              <CardDescription>{t('servicing.totalsHint', { from: report.from, to: report.to })}</CardDescription>
            </CardHeader>
            {report.totals.length === 0 ? (
              <EmptyState icon={FileBarChart} title={t('servicing.emptyTitle')} className="m-6">
                {t('servicing.empty', { month })}
              </EmptyState>
            ) : (
              <>
                <ReportLinesTable
                  columns={totalsColumns}
                  lines={report.totals}
                  label={t('servicing.totalsTitle', { month })}
                  testId="report-totals"
                />
                <CardContent className="grid gap-6 pt-5">
                  {report.totals.map((tot) => {
                    const chart = chartOf(report, tot, label);
                    return (
                      <div key={tot.currency} data-testid={`report-chart-${tot.currency}`}>
                        <AmountsChart
                          id={`report-chart-${tot.currency}`}
                          title={t('servicing.chartTitle', { currency: tot.currency })}
                          summary={t('servicing.chartSummary', { currency: tot.currency, month })}
                          currency={tot.currency}
                          series={chart.series}
                          data={chart.data}
                        />
                      </div>
                    );
                  })}
                </CardContent>
              </>
            )}
          </Card>
          {report.lines.length > 0 && report.columns.some((c) => c.id === 'leaseId') ? (
            <Card>
              <CardHeader>
                <CardTitle>{t('servicing.linesTitle')}</CardTitle>
              </CardHeader>
              <ReportLinesTable columns={report.columns} lines={view.lines} label={t('servicing.linesTitle')} testId="report-lines" />
              <Pagination
                pathname={`/servicing/reports/${kind}`}
                queryFor={(page) => ({ month, page: String(page) })}
                page={query.page}
                pageCount={view.pageCount}
                total={report.lines.length}
                perPage={PER_PAGE}
              />
            </Card>
          ) : null}
        </div>
      </>
    </ClientMessages>
  );
}
