import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { CountBarChart } from '@/components/charts/count-bar-chart';
import { PortfolioCashChart } from '@/components/charts/portfolio-cash-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';
import { formatIsoMonth, formatMoney, formatPercent } from '@/lib/format';
import type { Insights } from '@/services/dashboard/insights';

/**
 * A headline figure with its label. The figure is never cut: the figures of a card sit side by side while they fit and
 * wrap onto the next line when they do not (the card grows), and one wider than the whole card breaks rather than
 * running out of it. `data-figure` marks it for the layout checks.
 */
function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0 flex-auto">
      <dt className="text-[13px]">{label}</dt>
      <dd className="text-xl font-medium wrap-anywhere text-heading tabular-nums" data-figure="headline" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The figures of a card, side by side while they fit. */
const FIGURES = 'flex flex-wrap gap-x-6 gap-y-3';

/** The Dashboard's Insights tab: the book's analytics for a period and its statistics of the last twelve months. */
export async function InsightsView({ data }: { data: Insights }) {
  const t = await getTranslations('dashboard.insights');
  // Lease statuses in the Master File's words: one vocabulary on every screen (domain.md §8, §14).
  const ts = await getTranslations('masterFile.statuses');
  const format = await getFormatter();
  const money = (minor: number) => formatMoney(format, minor, data.currency);
  const labels = data.months.map((m) => formatIsoMonth(format, `${m}-01`));
  const { change } = data.monthOnMonth;
  const { share } = data.collections;
  const moneyChart = (key: 'principalOriginated' | 'interestIncome' | 'collectedByMonth') => (
    <Card key={key}>
      <CardHeader>
        <CardTitle>{t(`charts.${key}`)}</CardTitle>
        <CardDescription>{t('twelveMonths', { currency: data.currency })}</CardDescription>
      </CardHeader>
      <CardContent>
        <PortfolioCashChart
          series={[{ currency: data.currency, values: data[key] }]}
          labels={labels}
          currencyLabel={t('currency')}
          caption={t(`charts.${key}`)}
          periodHeader={t('monthColumn')}
          amountHeader={t('amount')}
          height={220}
          data-testid={`insights-${key}`}
        />
      </CardContent>
    </Card>
  );

  return (
    <div data-testid="insights">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">{t('intro', { currency: data.currency })}</p>
        <nav aria-label={t('periodLabel')} className="flex flex-wrap gap-1">
          {data.periods.map((p) => (
            <Link
              key={p}
              href={{ pathname: '/dashboard', query: { tab: 'insights', period: p } }}
              aria-current={p === data.period ? 'true' : undefined}
              className={cn(
                'inline-flex h-8 items-center rounded-md px-3 text-[13px] font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                p === data.period ? 'bg-primary-strong text-white' : 'bg-primary-soft text-primary-strong hover:bg-[#e3e1fc]',
              )}
              data-testid={`insights-period-${p}`}
            >
              {t(`periods.${p}`)}
            </Link>
          ))}
        </nav>
      </div>

      <div className="mb-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Card data-testid="insights-collections">
          <CardHeader>
            <CardTitle>{t('collections.title')}</CardTitle>
            <CardDescription>{t(`periods.${data.period}`)}</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className={FIGURES}>
              <Figure label={t('collections.collected')} value={money(data.collections.collected)} testId="insights-collected" />
              <Figure label={t('collections.scheduled')} value={money(data.collections.scheduled)} testId="insights-scheduled" />
            </dl>
            <div
              className="mt-3 h-2 overflow-hidden rounded-full bg-surface-muted"
              role="img"
              aria-label={t('collections.share', { percent: formatPercent(format, share, 0) })}
            >
              <div className="h-full bg-success-text" style={{ width: `${Math.round(share * 100)}%` }} />
            </div>
            <p className="mt-1 text-[13px]">{t('collections.share', { percent: formatPercent(format, share, 0) })}</p>
          </CardContent>
        </Card>
        <Card data-testid="insights-month">
          <CardHeader>
            <CardTitle>{t('month.title')}</CardTitle>
            <CardDescription>{t('month.subtitle')}</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className={FIGURES}>
              <Figure label={t('month.thisMonth')} value={money(data.monthOnMonth.thisMonth)} />
              <Figure label={t('month.lastMonth')} value={money(data.monthOnMonth.lastMonth)} />
            </dl>
            <p className="mt-3 text-[13px]">
              {change === null
                ? t('month.noBase')
                : t('month.change', {
                    change: format.number(change, {
                      style: 'percent',
                      minimumFractionDigits: 1,
                      maximumFractionDigits: 1,
                      signDisplay: 'exceptZero',
                    }),
                  })}
            </p>
          </CardContent>
        </Card>
        <Card data-testid="insights-year">
          <CardHeader>
            <CardTitle>{t('year.title', { year: data.year.year })}</CardTitle>
            <CardDescription>{t('year.subtitle')}</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className={FIGURES}>
              <Figure label={t('collections.collected')} value={money(data.year.collected)} />
              <Figure label={t('year.scheduled')} value={money(data.year.scheduled)} />
            </dl>
          </CardContent>
        </Card>
        <Card data-testid="insights-quotations">
          <CardHeader>
            <CardTitle>{t('quotations.title')}</CardTitle>
            <CardDescription>{t(`periods.${data.period}`)}</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className={FIGURES}>
              <Figure label={t('quotations.finished')} value={format.number(data.quotations.finished)} />
              <Figure label={t('quotations.pending')} value={format.number(data.quotations.pending)} />
              <Figure label={t('quotations.rejected')} value={format.number(data.quotations.rejected)} />
            </dl>
          </CardContent>
        </Card>
        <Card data-testid="insights-lessees">
          <CardHeader>
            <CardTitle>{t('lessees.title')}</CardTitle>
            <CardDescription>{t(`periods.${data.period}`)}</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className={FIGURES}>
              <Figure label={t('lessees.new')} value={format.number(data.lessees.new)} />
              <Figure label={t('lessees.returning')} value={format.number(data.lessees.returning)} />
              <Figure label={ts('performing')} value={format.number(data.lessees.performing)} testId="insights-performing-lessees" />
            </dl>
          </CardContent>
        </Card>
      </div>

      {/* One chart per row: twelve months side by side need the width (in half a row German months ran together). */}
      <div className="grid gap-4">
        <Card>
          <CardHeader>
            <CardTitle>{t('charts.newLeases')}</CardTitle>
            <CardDescription>{t('twelveMonthsCount')}</CardDescription>
          </CardHeader>
          <CardContent>
            <CountBarChart
              id="insights-new-leases"
              title={t('charts.newLeases')}
              summary={t('newLeasesSummary', { count: data.newLeasesTotal })}
              labels={labels}
              values={data.newLeases}
              seriesLabel={t('charts.newLeases')}
            />
          </CardContent>
        </Card>
        {moneyChart('principalOriginated')}
        {moneyChart('interestIncome')}
        {moneyChart('collectedByMonth')}
      </div>
    </div>
  );
}
