import { HEAD_CELLS, ROW_RULES, STICKY_FIRST_COLUMN, STICKY_FIRST_COLUMN_HOVER } from '@/components/data-table/table-classes';
import { TriangleAlert, Download } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { Pagination } from '@/components/portfolio/pagination';
import { FilterForm } from '@/components/portfolio/filter-form';
import { Select } from '@/components/portfolio/fields';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { FollowUpLink } from '@/components/workspace/follow-up-link';
import { AmountsChart } from '@/components/reports/bucket-chart';
import { SortLink, ariaSort } from '@/components/servicing/sort-link';
import { Amount } from '@/components/ui/amount';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Label } from '@/components/ui/input';
import { Link } from '@/i18n/navigation';
import { addMonths } from '@/lib/finance';
import { formatDecimal, formatIsoDate, formatMoney } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { bucketLabel } from '@/lib/servicing/view-keys';
import { rollRates } from '@/services/servicing/views';
import { delinquencyScreen } from '@/services/servicing/delinquency-screen';
import { LeaseStatusCell } from '@/components/master-file/status-badges';
import { delinquencyQuery } from '@/lib/validations/servicing';
import { isoDateParam } from '@/lib/validations/common';
import { requestClock } from '@/lib/clock';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('delinquency');

const PATH = '/servicing/delinquency';
const pageQuery = delinquencyQuery.omit({ funderId: true }).extend({ rrFrom: isoDateParam.optional(), rrTo: isoDateParam.optional() });

/** Servicing → Delinquency: DPD, bucket and arrears per lease or lessee at an as-of date, the bucket summary with a chart, and a roll-rate matrix. */
export default async function DelinquencyPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'delinquency');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('servicing');
  const tw = await getTranslations('workspace.tasks');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { value: q } = parseLenient(pageQuery, await searchParams);
  const tm = await getTranslations('masterFile');
  // The page's rows with their status at the as-of date (domain.md §8, as on the register) and why each has it.
  const view = await delinquencyScreen(db, { ...q, funderId: funder.id }, requestClock(), { t: (key, values) => tm(key, values), format });
  const { asOf, rows, pageCount } = view;
  const rrTo = q.rrTo ?? asOf;
  const rrFrom = q.rrFrom && q.rrFrom <= rrTo ? q.rrFrom : addMonths(rrTo, -1);
  const matrix = await rollRates(db, funder.id, rrFrom, rrTo);
  const current = t('buckets.current');
  const label = (k: string) => bucketLabel(k, current);

  const base: Record<string, string> = {
    ...(q.asOf ? { asOf } : {}),
    level: q.level,
    ...(q.q ? { q: q.q } : {}),
    ...(q.bucket?.length ? { bucket: q.bucket.join(',') } : {}),
    sort: q.sort,
    dir: q.dir,
    ...(q.rrFrom ? { rrFrom: q.rrFrom } : {}),
    ...(q.rrTo ? { rrTo: q.rrTo } : {}),
  };
  const exportHref = (fmt: 'csv' | 'xlsx') => {
    const p = new URLSearchParams({ funderId: String(funder.id), asOf, level: q.level, sort: q.sort, dir: q.dir, format: fmt, locale });
    if (q.q) p.set('q', q.q);
    if (q.bucket?.length) p.set('bucket', q.bucket.join(','));
    return `/api/servicing/delinquency/export?${p.toString()}`;
  };
  const currencies = [...new Set(view.summary.map((s) => s.currency))].sort();
  const delinquentKeys = view.bucketKeys.filter((b) => b !== 'current');
  const unit = q.level === 'lease' ? t('delinquency.unitLeases') : t('delinquency.unitLessees');

  return (
    <>
      <PageHeader
        help="servicing"
        asOf={{ date: asOf, kind: 'asOf' }}
        page="delinquency"
        description={t('delinquency.subtitle', { funder: funder.name, asOf: formatIsoDate(format, asOf, 'long') })}
        actions={
          <Link href="/servicing/payments" className={buttonClasses({ variant: 'outline' })}>
            {t('payments.open')}
          </Link>
        }
      />
      <Card className="mb-6">
        <CardContent className="pt-5 pb-5">
          <FilterForm
            pathname={PATH}
            keep={{ sort: q.sort, dir: q.dir, rrFrom: q.rrFrom, rrTo: q.rrTo }}
            aria-label={t('delinquency.filters')}
            className="flex flex-wrap items-end gap-4"
          >
            <div className="w-44">
              <Label htmlFor="asOf">{t('fields.asOf')}</Label>
              <Input id="asOf" name="asOf" type="date" defaultValue={asOf} className="h-8.5 text-sm" />
            </div>
            <Select id="level" name="level" label={t('fields.level')} defaultValue={q.level} className="w-40">
              <option value="lease">{t('delinquency.levelLease')}</option>
              <option value="lessee">{t('delinquency.levelLessee')}</option>
            </Select>
            <Select id="bucket" name="bucket" label={t('fields.bucket')} defaultValue={q.bucket?.[0] ?? ''} className="w-40">
              <option value="">{t('fields.allBuckets')}</option>
              {view.bucketKeys.map((b) => (
                <option key={b} value={b}>
                  {label(b)}
                </option>
              ))}
            </Select>
            <div className="w-64">
              <Label htmlFor="q">{t('fields.search')}</Label>
              <Input id="q" name="q" type="search" defaultValue={q.q} placeholder={t('fields.searchHint')} className="h-8.5 text-sm" />
            </div>
          </FilterForm>
        </CardContent>
      </Card>

      <section aria-labelledby="bucket-summary" className="mb-6">
        <h2 id="bucket-summary" className="sr-only">
          {t('delinquency.summaryTitle')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5" data-testid="bucket-cards">
          {view.bucketKeys.map((b) => {
            const items = view.summary.filter((s) => s.bucket === b);
            const count = items.reduce((n, s) => n + s.count, 0);
            return (
              <Card key={b} data-testid={`bucket-${b}`}>
                <CardHeader className="pb-2">
                  <CardTitle className="text-[15px]">{label(b)}</CardTitle>
                  <CardDescription>{t('delinquency.countOf', { count, countText: formatDecimal(format, count), unit })}</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-1 text-[13px]">
                  {items.length === 0 ? <span>—</span> : null}
                  {items.map((s) => (
                    <div key={s.currency} className="flex justify-between gap-2">
                      <span>{t('delinquency.arrearsIn', { currency: s.currency })}</span>
                      <Amount minor={s.arrearsTotal} currency={s.currency} />
                    </div>
                  ))}
                </CardContent>
              </Card>
            );
          })}
        </div>
      </section>

      {/*
        Amounts, not counts: most of a book is current, so counting leases per bucket flattened every delinquent
        bucket to a sliver. The chart shows what is at stake in the delinquent buckets; Current is a figure beside it.
      */}
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>{t('delinquency.amountsTitle')}</CardTitle>
          <CardDescription>{t('delinquency.amountsHint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 lg:grid-cols-2">
          {currencies.map((c) => {
            const of = (b: string) => view.summary.find((s) => s.bucket === b && s.currency === c);
            const cur = of('current');
            const data = delinquentKeys.map((b) => ({
              x: label(b),
              arrears: of(b)?.arrearsTotal ?? 0,
              outstanding: of(b)?.outstandingPrincipal ?? 0,
            }));
            const title = t('delinquency.amountsChartTitle', { currency: c });
            return (
              <div key={c} data-testid={`delinquency-chart-${c}`}>
                <p className="mb-3 text-[13px]" data-testid={`current-figure-${c}`}>
                  {t('delinquency.currentFigure', {
                    count: cur?.count ?? 0,
                    countText: formatDecimal(format, cur?.count ?? 0),
                    unit,
                    outstanding: formatMoney(format, cur?.outstandingPrincipal ?? 0, c),
                    current,
                  })}
                </p>
                {data.every((d) => d.arrears === 0 && d.outstanding === 0) ? (
                  <p className="text-[13px]" data-testid={`no-delinquency-${c}`}>
                    {t('delinquency.noneDelinquent', { currency: c })}
                  </p>
                ) : (
                  <AmountsChart
                    id={`delinquency-chart-${c}`}
                    title={title}
                    summary={t('delinquency.amountsChartSummary', { currency: c })}
                    currency={c}
                    series={[
                      { key: 'arrears', label: t('columns.arrearsTotal') },
                      { key: 'outstanding', label: t('columns.outstanding') },
                    ]}
                    data={data}
                  />
                )}
                <table className="sr-only">
                  <caption>{title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('columns.bucket')}</th>
                      <th scope="col">{t('columns.arrearsTotal')}</th>
                      <th scope="col">{t('columns.outstanding')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.map((d) => (
                      <tr key={d.x}>
                        <th scope="row">{d.x}</th>
                        <td>{formatMoney(format, d.arrears, c)}</td>
                        <td>{formatMoney(format, d.outstanding, c)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          })}
        </CardContent>
      </Card>

      <Card className="mb-6">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle>{q.level === 'lease' ? t('delinquency.tableLeases') : t('delinquency.tableLessees')}</CardTitle>
            <CardDescription>
              {t('delinquency.tableHint', {
                tolerance: formatDecimal(format, funder.materialityTolerance / 100, 2),
                grace: funder.graceDays,
              })}
            </CardDescription>
          </div>
          <div className="flex gap-2">
            {(['csv', 'xlsx'] as const).map((f) => (
              <a key={f} href={exportHref(f)} className={buttonClasses({ variant: 'outline', size: 'sm' })} download>
                <Download aria-hidden="true" />
                {t(`export.${f}`)}
              </a>
            ))}
          </div>
        </CardHeader>
        {view.total === 0 ? (
          <EmptyState icon={TriangleAlert} title={t('delinquency.emptyTitle')}>
            {t('delinquency.empty')}
          </EmptyState>
        ) : (
          <>
            <div className="max-h-[70vh] overflow-auto">
              <table
                className={`w-full text-[13px] ${STICKY_FIRST_COLUMN} ${STICKY_FIRST_COLUMN_HOVER} ${ROW_RULES}`}
                data-testid="delinquency-table"
              >
                <thead className={`sticky top-0 z-10 shadow-[0_1px_0_var(--color-border)] ${HEAD_CELLS}`}>
                  <tr className="text-left">
                    {q.level === 'lease' ? (
                      <th scope="col" className="px-3 py-2" aria-sort={ariaSort('contract', q.sort, q.dir)}>
                        <SortLink
                          pathname={PATH}
                          query={base}
                          sort="contract"
                          current={q.sort}
                          dir={q.dir}
                          label={t('columns.contract')}
                          defaultDir="asc"
                        />
                      </th>
                    ) : null}
                    <th scope="col" className="px-3 py-2" aria-sort={ariaSort('name', q.sort, q.dir)}>
                      <SortLink
                        pathname={PATH}
                        query={base}
                        sort="name"
                        current={q.sort}
                        dir={q.dir}
                        label={t('columns.lessee')}
                        defaultDir="asc"
                      />
                    </th>
                    {q.level === 'lessee' ? (
                      <th scope="col" className="px-3 py-2 text-right">
                        {t('columns.leases')}
                      </th>
                    ) : (
                      <th scope="col" className="px-3 py-2">
                        {t('columns.status')}
                      </th>
                    )}
                    <th scope="col" className="px-3 py-2 text-right" aria-sort={ariaSort('dpd', q.sort, q.dir)}>
                      <SortLink pathname={PATH} query={base} sort="dpd" current={q.sort} dir={q.dir} label={t('columns.dpd')} />
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t('columns.bucket')}
                    </th>
                    {(['arrearsNet', 'arrearsVat', 'arrearsTotal', 'outstanding'] as const).map((s) => (
                      <th key={s} scope="col" className="px-3 py-2 text-right" aria-sort={ariaSort(s, q.sort, q.dir)}>
                        <SortLink pathname={PATH} query={base} sort={s} current={q.sort} dir={q.dir} label={t(`columns.${s}`)} />
                      </th>
                    ))}
                    <th scope="col" className="px-3 py-2">
                      {t('columns.lastPayment')}
                    </th>
                    <th scope="col" className="px-1 py-2">
                      <span className="sr-only">{tw('followUp')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.key} className="h-8 hover:bg-surface-muted" data-testid={`row-${r.contractNumber ?? r.lesseeId}`}>
                      {q.level === 'lease' ? (
                        <td className="px-3 py-1 whitespace-nowrap">
                          <Link href={`/master-file/${r.leaseId}`} className="text-primary-strong hover:underline focus-visible:underline">
                            {r.contractNumber}
                          </Link>
                        </td>
                      ) : null}
                      <td className="px-3 py-1">
                        <Link
                          href={`/servicing/clients-behavior/${r.lesseeId}`}
                          title={r.lesseeName}
                          className="block max-w-64 truncate whitespace-nowrap hover:underline focus-visible:underline"
                        >
                          {r.lesseeName}
                        </Link>
                      </td>
                      {q.level === 'lessee' ? (
                        <td className="tabular px-3 py-1 text-right">{formatDecimal(format, r.leases)}</td>
                      ) : (
                        <td className="px-3 py-1 whitespace-nowrap" data-testid="status">
                          {r.shownStatus !== null ? <LeaseStatusCell status={r.shownStatus} note={r.statusNote} opens="right" /> : null}
                        </td>
                      )}
                      <td className="tabular px-3 py-1 text-right" data-testid="dpd">
                        {formatDecimal(format, r.dpd)}
                      </td>
                      <td className="px-3 py-1">{label(r.bucket)}</td>
                      <td className="px-3 py-1 text-right">
                        <Amount minor={r.arrearsNet} currency={r.currency} />
                      </td>
                      <td className="px-3 py-1 text-right">
                        <Amount minor={r.arrearsVat} currency={r.currency} />
                      </td>
                      <td className="px-3 py-1 text-right" data-testid="arrears-total">
                        <Amount minor={r.arrearsTotal} currency={r.currency} />
                      </td>
                      <td className="px-3 py-1 text-right">
                        <Amount minor={r.outstandingPrincipal} currency={r.currency} />
                      </td>
                      <td className="px-3 py-1 whitespace-nowrap">{r.lastPaymentOn ? formatIsoDate(format, r.lastPaymentOn) : '—'}</td>
                      <td className="px-1 py-0.5">
                        {q.level === 'lease' && r.leaseId ? (
                          <FollowUpLink compact target={{ leaseId: r.leaseId }} name={r.contractNumber ?? String(r.leaseId)} />
                        ) : (
                          <FollowUpLink compact target={{ lesseeId: r.lesseeId }} name={r.lesseeName} />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              pathname={PATH}
              queryFor={(p) => ({ ...base, page: String(p), perPage: String(q.perPage) })}
              page={q.page}
              pageCount={pageCount}
              total={view.total}
              perPage={q.perPage}
            />
          </>
        )}
      </Card>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>{t('rollRates.title')}</CardTitle>
            <CardDescription>{t('rollRates.hint')}</CardDescription>
          </div>
          <div className="flex gap-2">
            {(['csv', 'xlsx'] as const).map((f) => (
              <a
                key={f}
                href={`/api/servicing/roll-rates/export?${new URLSearchParams({ funderId: String(funder.id), from: rrFrom, to: rrTo, format: f, locale }).toString()}`}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
                download
              >
                <Download aria-hidden="true" />
                {t(`export.${f}`)}
              </a>
            ))}
          </div>
        </CardHeader>
        <CardContent>
          <FilterForm
            pathname={PATH}
            keep={Object.fromEntries(Object.entries(base).filter(([k]) => k !== 'rrFrom' && k !== 'rrTo'))}
            aria-label={t('rollRates.form')}
            className="mb-4 flex flex-wrap items-end gap-4"
          >
            <div className="w-44">
              <Label htmlFor="rrFrom">{t('rollRates.from')}</Label>
              <Input id="rrFrom" name="rrFrom" type="date" defaultValue={rrFrom} className="h-8.5 text-sm" />
            </div>
            <div className="w-44">
              <Label htmlFor="rrTo">{t('rollRates.to')}</Label>
              <Input id="rrTo" name="rrTo" type="date" defaultValue={rrTo} className="h-8.5 text-sm" />
            </div>
          </FilterForm>
          <div className="overflow-auto">
            <table className="text-[13px]" data-testid="roll-rates">
              <caption className="sr-only">
                {t('rollRates.caption', { from: formatIsoDate(format, rrFrom), to: formatIsoDate(format, rrTo) })}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="px-3 py-2 text-left">
                    {t('rollRates.corner')}
                  </th>
                  {matrix.buckets.map((b) => (
                    <th key={b.key} scope="col" className="px-3 py-2 text-right">
                      {label(b.key)}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('rollRates.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {matrix.buckets.map((b, i) => (
                  <tr key={b.key} className="h-8 border-t border-border">
                    <th scope="row" className="px-3 py-1 text-left font-medium">
                      {label(b.key)}
                    </th>
                    {matrix.counts[i]!.map((n, j) => {
                      const rowTotal = matrix.rowCounts[i]!;
                      return (
                        <td key={j} className={`tabular px-3 py-1 text-right ${i === j ? 'font-medium text-heading' : ''}`}>
                          {formatDecimal(format, n)}
                          {rowTotal > 0 ? (
                            <span className="ml-1 text-[12px]">({formatDecimal(format, (n / rowTotal) * 100, 1)} %)</span>
                          ) : null}
                        </td>
                      );
                    })}
                    <td className="tabular px-3 py-1 text-right">{formatDecimal(format, matrix.rowCounts[i]!)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </CardContent>
      </Card>
    </>
  );
}
