import { HEAD_CELLS, ROW_RULES, STICKY_FIRST_COLUMN, STICKY_FIRST_COLUMN_HOVER } from '@/components/data-table/table-classes';
import { Activity, Download } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { Checkbox, Select } from '@/components/portfolio/fields';
import { FilterForm } from '@/components/portfolio/filter-form';
import { Pagination } from '@/components/portfolio/pagination';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { SortLink, ariaSort } from '@/components/servicing/sort-link';
import { PaymentStrip, StripLegend } from '@/components/servicing/strip';
import { Amount } from '@/components/ui/amount';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Label } from '@/components/ui/input';
import { Link } from '@/i18n/navigation';
import { formatDecimal, formatIsoDate, formatPercent } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { bucketLabel } from '@/lib/servicing/view-keys';
import type { BehaviourSort } from '@/services/servicing/views';
import { behaviourScreen } from '@/services/servicing/behaviour-screen';
import { behaviourQuery } from '@/lib/validations/servicing';
import { requestClock } from '@/lib/clock';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('clientsBehavior');

const PATH = '/servicing/clients-behavior';

/** The page's query schema (the funder is the active one), built once rather than on every request. */
const pageQuery = behaviourQuery.omit({ funderId: true });

/** Servicing → Clients Behavior: per lessee the payment measures of domain.md §5 with the 12-month strip; sortable, filterable, exportable. */
export default async function ClientsBehaviorPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'clientsBehavior');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('servicing');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { value: q } = parseLenient(pageQuery, await searchParams);
  const view = await behaviourScreen(db, { ...q, funderId: funder.id }, requestClock());
  const { asOf, rows, bucketKeys, total, pageCount } = view;
  const current = t('buckets.current');
  const base: Record<string, string> = {
    ...(q.asOf ? { asOf } : {}),
    ...(q.q ? { q: q.q } : {}),
    ...(q.bucket?.length ? { bucket: q.bucket.join(',') } : {}),
    ...(q.late ? { late: '1' } : {}),
    sort: q.sort,
    dir: q.dir,
  };
  const exportHref = (fmt: 'csv' | 'xlsx') => {
    const p = new URLSearchParams({ funderId: String(funder.id), asOf, sort: q.sort, dir: q.dir, format: fmt, locale });
    if (q.q) p.set('q', q.q);
    if (q.bucket?.length) p.set('bucket', q.bucket.join(','));
    if (q.late) p.set('late', '1');
    return `/api/servicing/behaviour/export?${p.toString()}`;
  };
  const sortable = (s: BehaviourSort, label: string, align = 'text-right', defaultDir: 'asc' | 'desc' = 'desc') => (
    <th scope="col" className={`px-3 py-2 ${align}`} aria-sort={ariaSort(s, q.sort, q.dir)}>
      <SortLink pathname={PATH} query={base} sort={s} current={q.sort} dir={q.dir} label={label} defaultDir={defaultDir} />
    </th>
  );

  return (
    <>
      <PageHeader
        help="servicing"
        asOf={{ date: asOf, kind: 'asOf' }}
        page="clientsBehavior"
        description={t('behaviour.subtitle', { funder: funder.name, asOf: formatIsoDate(format, asOf, 'long') })}
      />
      <Card className="mb-6">
        <CardContent className="pt-5 pb-5">
          <FilterForm
            pathname={PATH}
            keep={{ sort: q.sort, dir: q.dir }}
            aria-label={t('behaviour.filters')}
            className="flex flex-wrap items-end gap-4"
          >
            <div className="w-44">
              <Label htmlFor="asOf">{t('fields.asOf')}</Label>
              <Input id="asOf" name="asOf" type="date" defaultValue={asOf} className="h-8.5 text-sm" />
            </div>
            <Select id="bucket" name="bucket" label={t('fields.bucket')} defaultValue={q.bucket?.[0] ?? ''} className="w-40">
              <option value="">{t('fields.allBuckets')}</option>
              {bucketKeys.map((b) => (
                <option key={b} value={b}>
                  {bucketLabel(b, current)}
                </option>
              ))}
            </Select>
            <div className="w-64">
              <Label htmlFor="q">{t('fields.search')}</Label>
              <Input id="q" name="q" type="search" defaultValue={q.q} placeholder={t('behaviour.searchHint')} className="h-8.5 text-sm" />
            </div>
            <Checkbox id="late" name="late" value="1" defaultChecked={q.late ?? false} label={t('behaviour.onlyLate')} className="pb-2" />
          </FilterForm>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle>{t('behaviour.tableTitle')}</CardTitle>
            <CardDescription>{t('behaviour.tableHint', { count: total, grace: funder.graceDays })}</CardDescription>
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <StripLegend />
            {(['csv', 'xlsx'] as const).map((f) => (
              <a key={f} href={exportHref(f)} className={buttonClasses({ variant: 'outline', size: 'sm' })} download>
                <Download aria-hidden="true" />
                {t(`export.${f}`)}
              </a>
            ))}
          </div>
        </CardHeader>
        {total === 0 ? (
          <EmptyState icon={Activity} title={t('behaviour.emptyTitle')}>
            {t('behaviour.empty')}
          </EmptyState>
        ) : (
          <>
            <div className="max-h-[70vh] overflow-auto">
              <table
                className={`w-full min-w-max text-[13px] ${STICKY_FIRST_COLUMN} ${STICKY_FIRST_COLUMN_HOVER} ${ROW_RULES}`}
                data-testid="behaviour-table"
              >
                <thead className={`sticky top-0 z-10 shadow-[0_1px_0_var(--color-border)] ${HEAD_CELLS}`}>
                  <tr className="text-left">
                    {sortable('name', t('columns.lessee'), 'text-left', 'asc')}
                    {sortable('instalmentsDue', t('columns.instalmentsDue'))}
                    <th scope="col" className="px-3 py-2 text-right">
                      {t('columns.paidOnTime')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      {t('columns.paidLateOrUnpaid')}
                    </th>
                    {sortable('onTimeRate', t('columns.onTimeRate'))}
                    {sortable('averageDaysLate', t('columns.averageDaysLate'))}
                    {sortable('maxDaysLate', t('columns.maxDaysLate'))}
                    {sortable('dpd', t('columns.dpd'))}
                    <th scope="col" className="px-3 py-2">
                      {t('columns.bucket')}
                    </th>
                    {sortable('arrearsTotal', t('columns.arrearsTotal'))}
                    {sortable('lastPaymentDate', t('columns.lastPayment'), 'text-left')}
                    <th scope="col" className="px-3 py-2">
                      {t('columns.strip')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={`${r.lesseeId}-${r.currency}`} className="h-8 hover:bg-surface-muted">
                      {/* One line per lessee: long names are cut with an ellipsis and shown whole in the title. */}
                      <td className="px-3 py-1">
                        <span className="flex max-w-72 min-w-48 items-baseline gap-1 whitespace-nowrap">
                          <Link
                            href={`/servicing/clients-behavior/${r.lesseeId}`}
                            title={r.lesseeName}
                            className="truncate text-primary-strong hover:underline focus-visible:underline"
                          >
                            {r.lesseeName}
                          </Link>
                          <span className="shrink-0 text-[12px]">{r.currency}</span>
                        </span>
                      </td>
                      <td className="tabular px-3 py-1 text-right">{formatDecimal(format, r.instalmentsDue)}</td>
                      <td className="tabular px-3 py-1 text-right">{formatDecimal(format, r.paidOnTime)}</td>
                      <td className="tabular px-3 py-1 text-right">{formatDecimal(format, r.paidLate + r.unpaidOverdue)}</td>
                      <td className="tabular px-3 py-1 text-right">
                        {r.onTimeRate === null ? '—' : formatPercent(format, r.onTimeRate, 1)}
                      </td>
                      <td className="tabular px-3 py-1 text-right">
                        {r.averageDaysLate === null ? '—' : formatDecimal(format, r.averageDaysLate, 1)}
                      </td>
                      <td className="tabular px-3 py-1 text-right">{formatDecimal(format, r.maxDaysLate)}</td>
                      <td className="tabular px-3 py-1 text-right">{formatDecimal(format, r.dpd)}</td>
                      <td className="px-3 py-1">{bucketLabel(r.bucket, current)}</td>
                      <td className="px-3 py-1 text-right">
                        <Amount minor={r.arrearsTotal} currency={r.currency} />
                      </td>
                      <td className="px-3 py-1 whitespace-nowrap">{r.lastPaymentDate ? formatIsoDate(format, r.lastPaymentDate) : '—'}</td>
                      <td className="px-3 py-1">
                        <PaymentStrip strip={r.strip} />
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
              total={total}
              perPage={q.perPage}
            />
          </>
        )}
      </Card>
    </>
  );
}
