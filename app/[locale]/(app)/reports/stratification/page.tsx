import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { Layers } from '@/lib/icons';
import { getDb } from '@/db';
import { BucketChart } from '@/components/reports/bucket-chart';
import { ExportLinks } from '@/components/reports/export-links';
import { FIELD, QueryForm, SELECT } from '@/components/reports/query-form';
import { ConcentrationTable, StratTable } from '@/components/reports/strat-tables';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDecimal, formatIsoDate } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { STRAT_DIMENSIONS } from '@/lib/reports/constants';
import { bucketLabel } from '@/lib/reports/labels';
import { stratificationScreen } from '@/services/reports/screens';
import { requestClock } from '@/lib/clock';
import { stratificationQuery } from '@/lib/validations/reports';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('stratification');

/** The page's query schema (the funder is the active one), built once rather than on every request. */
const pageQuery = stratificationQuery.omit({ funderId: true });

/** Reports → Stratification: a dimension's buckets per currency with totals, a chart and the top-10 lessees. */
export default async function StratificationPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'stratification');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('reports');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { value: query } = parseLenient(pageQuery, await searchParams);
  // The dimension's buckets per currency at the as-of date (the clock's month by default).
  const { cutOff, strat } = await stratificationScreen(db, funder.id, query, requestClock());
  const tr = (k: string, v?: Record<string, string | number>) => t(k as never, v as never);

  return (
    <>
      <PageHeader
        asOf={{ date: cutOff, kind: 'asOf' }}
        page="stratification"
        description={t('strat.subtitle', { funder: funder.name })}
        actions={
          <ExportLinks
            endpoint="/api/reports/stratification"
            query={{ funderId: String(funder.id), dimension: query.dimension, asOf: cutOff, locale }}
          />
        }
      />
      <Card className="mb-6">
        <CardContent className="flex flex-wrap items-end justify-between gap-4 pt-5 pb-5">
          <QueryForm>
            <label className={FIELD}>
              {t('strat.dimension')}
              <select name="dimension" defaultValue={query.dimension} className={SELECT} data-testid="strat-dimension">
                {STRAT_DIMENSIONS.map((d) => (
                  <option key={d} value={d}>
                    {t(`dimensions.${d}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className={FIELD}>
              {t('asOf')}
              <input type="date" name="asOf" defaultValue={cutOff} className={SELECT} />
            </label>
          </QueryForm>
          <p className="text-[13px]" data-testid="strat-basis">
            {t('strat.basis', { cutOff: formatIsoDate(format, cutOff, 'long') })}
          </p>
        </CardContent>
      </Card>
      {strat.currencies.length === 0 ? (
        <EmptyState icon={Layers} title={t('emptyTitle')}>
          {t('emptyBook')}
        </EmptyState>
      ) : (
        <div className="grid gap-6">
          {strat.currencies.map((c) => (
            <Card key={c.currency} data-testid={`strat-${c.currency}`}>
              <CardHeader>
                <CardTitle>{t('strat.currencyTitle', { currency: c.currency, dimension: t(`dimensions.${query.dimension}`) })}</CardTitle>
                <CardDescription>
                  {t('strat.currencyHint', { count: c.total.count, countText: formatDecimal(format, c.total.count) })}
                </CardDescription>
              </CardHeader>
              <StratTable strat={c} dimension={query.dimension} />
              <CardContent className="grid gap-6 pt-5 lg:grid-cols-2">
                <div data-testid={`strat-chart-${c.currency}`}>
                  <BucketChart
                    id={`strat-chart-${c.currency}`}
                    title={t('strat.chartTitle', { currency: c.currency })}
                    summary={t('strat.chartSummary', { currency: c.currency, dimension: t(`dimensions.${query.dimension}`) })}
                    currency={c.currency}
                    seriesLabel={t('strat.columns.outstanding')}
                    bars={c.buckets.map((b) => ({ label: bucketLabel(tr, format, query.dimension, b), value: b.outstanding }))}
                  />
                </div>
                <div>
                  <h3 className="mb-2 text-[15px] font-medium text-heading">{t('strat.top10', { currency: c.currency })}</h3>
                  <ConcentrationTable strat={c} />
                </div>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
