import { Landmark } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { notFound } from 'next/navigation';
import { getDb } from '@/db';
import { PortfolioCashChart } from '@/components/charts/portfolio-cash-chart';
import { CutOffForm } from '@/components/portfolio/cut-off-form';
import { ExportLinks } from '@/components/reports/export-links';
import { LiabilityTable, LiabilityTabs } from '@/components/portfolio/liability-view';
import { pageMetadata } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { Amount } from '@/components/ui/amount';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDecimal, formatIsoDate, formatIsoMonth, formatPercent } from '@/lib/format';
import { isLiabilityKind, LIABILITY_PAGE } from '@/lib/navigation';
import { CASH_PERIODS, parseLenient, periodMonth, valuationParamsSchema } from '@/lib/portfolio/cash-flow-table';
import { idParam } from '@/lib/validations/common';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { liabilityScreen } from '@/services/portfolio/screens';
import { requestClock } from '@/lib/clock';

type Props = {
  params: Promise<{ locale: string; kind: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props) {
  const { locale, kind } = await params;
  return isLiabilityKind(kind) ? pageMetadata(locale, LIABILITY_PAGE[kind]) : pageMetadata(locale, 'notFound');
}

/** The page's query schema (the funder is the active one), built once rather than on every request. */
const pageQuery = valuationParamsSchema.pick({ cutOff: true }).extend({ facility: idParam.optional() });

/** Portfolio CF → Liability CF (domain.md §4): the funding line against the book, per period and currency; Principal, Interest and VAT tabs. */
export default async function LiabilityPage({ params, searchParams }: Props) {
  const { locale, kind } = await params;
  setRequestLocale(locale);
  if (!isLiabilityKind(kind)) notFound();
  const access = await guardPage(locale, LIABILITY_PAGE[kind]);
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('portfolio');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  // ?facility=<id>: one of the funder's facilities, validated like every query field (an invalid or unknown one shows the whole book).
  const { value: query } = parseLenient(pageQuery, await searchParams);
  // The funding line per currency, or the facility's, at the cut-off (the clock's month by default).
  const { cutOff, facilities, facility, lines, balances } = await liabilityScreen(
    db,
    access.principal,
    { funderId: funder.id, cutOff: query.cutOff, facilityId: query.facility, unknownFacility: 'whole-book' },
    requestClock(),
  );
  const linkQuery: Record<string, string> = { ...(query.cutOff ? { cutOff } : {}), ...(facility ? { facility: String(facility.id) } : {}) };
  const labels = CASH_PERIODS.map((k) => formatIsoMonth(format, periodMonth(cutOff, k)));

  return (
    <>
      <PageHeader
        asOf={{ date: cutOff, kind: 'cutOff' }}
        page={LIABILITY_PAGE[kind]}
        description={t('liability.subtitle', {
          funder: funder.name,
          advanceRate: formatPercent(format, funder.advanceRate, 1),
          facilityRate: formatPercent(format, funder.facilityRate, 2),
        })}
      />
      <LiabilityTabs kind={kind} query={linkQuery} />
      <Card className="mb-6">
        <CardContent className="flex flex-wrap items-end justify-between gap-4 pt-5 pb-5">
          <CutOffForm
            pathname={`/portfolio/liability/${kind}`}
            cutOff={cutOff}
            facility={
              facilities.length > 0
                ? {
                    label: t('liability.facility'),
                    none: t('liability.wholeBook'),
                    options: facilities.map((f) => ({ id: f.id, name: f.name })),
                    value: facility?.id ?? null,
                  }
                : undefined
            }
          />
          <p className="max-w-prose text-[13px]" data-testid="liability-method">
            {facility
              ? t('liability.facilityMethod', {
                  facility: facility.name,
                  cutOff: formatIsoDate(format, cutOff, 'long'),
                  currency: facility.currency,
                })
              : t('liability.method', { cutOff: formatIsoDate(format, cutOff, 'long') })}
          </p>
        </CardContent>
      </Card>
      {lines.length === 0 ? (
        <EmptyState icon={Landmark} title={t('liability.emptyTitle')}>
          {t('totalCashFlow.emptyBook')}
        </EmptyState>
      ) : (
        <div className="grid gap-6">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="liability-currencies">
            {lines.map((l) => (
              <Card key={l.currency} data-testid={`liability-card-${l.currency}`}>
                <CardHeader className="pb-2">
                  <CardTitle className="text-base">{l.currency}</CardTitle>
                  <CardDescription>
                    {t('liability.leases', { count: l.leases, countText: formatDecimal(format, l.leases) })}
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-[13px]">
                    <dt>{facility ? t('liability.facilityDrawn') : t('liability.advance')}</dt>
                    <dd className="text-right text-heading">
                      <Amount minor={l.opening} currency={l.currency} />
                    </dd>
                    <dt>{t('liability.balanceOn', { date: formatIsoDate(format, cutOff, 'medium') })}</dt>
                    <dd className="text-right font-semibold text-heading" data-testid={`liability-balance-${l.currency}`}>
                      <Amount minor={balances.get(l.currency) ?? 0} currency={l.currency} />
                    </dd>
                    <dt>{t(`liability.totals.${kind}`)}</dt>
                    <dd className="text-right font-semibold text-heading">
                      <Amount minor={l.total[kind]} currency={l.currency} />
                    </dd>
                  </dl>
                </CardContent>
              </Card>
            ))}
          </div>
          <Card>
            <CardHeader>
              <CardTitle>{t('liability.chartTitle', { kind: t(`liability.tabs.${kind}`) })}</CardTitle>
            </CardHeader>
            <CardContent>
              <PortfolioCashChart
                data-testid="liability-chart"
                series={lines.map((l) => ({ currency: l.currency, values: l[kind] }))}
                labels={labels}
                currencyLabel={t('chart.currency')}
                caption={t('liability.chartTitle', { kind: t(`liability.tabs.${kind}`) })}
                periodHeader={t('chart.period')}
                amountHeader={t(`liability.tabs.${kind}`)}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
              <CardTitle>{t('liability.tableTitle', { kind: t(`liability.tabs.${kind}`) })}</CardTitle>
              <ExportLinks
                endpoint={`/api/reports/liability/${kind}`}
                query={{ funderId: String(funder.id), asOf: cutOff, locale, ...(facility ? { facilityId: String(facility.id) } : {}) }}
                testId="liability-export"
              />
            </CardHeader>
            <LiabilityTable lines={lines} kind={kind} cutOff={cutOff} />
          </Card>
        </div>
      )}
    </>
  );
}
