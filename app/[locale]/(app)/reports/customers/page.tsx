import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { ArrowDown, ArrowUp, Users } from '@/lib/icons';
import { getDb } from '@/db';
import { Pagination } from '@/components/portfolio/pagination';
import { ExportLinks } from '@/components/reports/export-links';
import { FIELD, QueryForm, SELECT } from '@/components/reports/query-form';
import { REGION, TABLE, TD, TD_LEFT, TH, TH_LEFT } from '@/components/reports/table-styles';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { Amount } from '@/components/ui/amount';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/i18n/navigation';
import { formatDecimal, formatIsoDate, formatPercent } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import type { CustomerSort } from '@/lib/reports/constants';
import { delinquencyBucketLabel } from '@/lib/reports/labels';
import { customersScreen } from '@/services/reports/screens';
import { requestClock } from '@/lib/clock';
import { customersQuery } from '@/lib/validations/reports';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('customers');

const PATH = '/reports/customers';

/** The page's query schema (the funder is the active one), built once rather than on every request. */
const pageQuery = customersQuery.omit({ funderId: true, format: true, locale: true });

/** Reports → Customers: per lessee and currency, leases, outstanding, price, share, DPD and bucket, linked to the lessee's behaviour page. */
export default async function CustomersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'customers');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('reports');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { value: query } = parseLenient(pageQuery, await searchParams);
  // The filtered, sorted page of customers and the totals per currency at the as-of date (the clock's month by default).
  const result = await customersScreen(db, funder.id, query, requestClock());
  const { cutOff } = result;
  const baseQuery: Record<string, string> = {
    ...(query.asOf ? { asOf: query.asOf } : {}),
    ...(query.q ? { q: query.q } : {}),
    sort: query.sort,
    dir: query.dir,
  };
  const tr = (k: string, v?: Record<string, string | number>) => t(k as never, v as never);
  const sortHeader = (id: CustomerSort, left = false) => {
    const active = query.sort === id;
    const dir = active && query.dir === 'desc' ? 'asc' : active ? 'desc' : id === 'lesseeName' ? 'asc' : 'desc';
    return (
      <th scope="col" className={left ? TH_LEFT : TH} aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <Link href={{ pathname: PATH, query: { ...baseQuery, sort: id, dir } }} className="inline-flex items-center gap-1 hover:underline">
          {t(`customers.columns.${id}`)}
          {active ? (
            query.dir === 'asc' ? (
              <ArrowUp className="size-3" aria-hidden="true" />
            ) : (
              <ArrowDown className="size-3" aria-hidden="true" />
            )
          ) : null}
        </Link>
      </th>
    );
  };

  return (
    <>
      <PageHeader
        asOf={{ date: cutOff, kind: 'asOf' }}
        page="customers"
        description={t('customers.subtitle', { funder: funder.name })}
        actions={
          <ExportLinks
            endpoint="/api/reports/customers"
            query={{ funderId: String(funder.id), asOf: cutOff, q: query.q, sort: query.sort, dir: query.dir, locale }}
          />
        }
      />
      <Card className="mb-6">
        <CardContent className="flex flex-wrap items-end justify-between gap-4 pt-5 pb-5">
          <QueryForm hidden={{ sort: query.sort, dir: query.dir }}>
            <label className={FIELD}>
              {t('customers.search')}
              <input type="search" name="q" defaultValue={query.q} className={`${SELECT} w-56`} data-testid="customers-q" />
            </label>
            <label className={FIELD}>
              {t('asOf')}
              <input type="date" name="asOf" defaultValue={cutOff} className={SELECT} />
            </label>
          </QueryForm>
          <p className="text-[13px]">{t('customers.basis', { cutOff: formatIsoDate(format, cutOff, 'long') })}</p>
        </CardContent>
      </Card>
      {result.totals.length > 0 ? (
        <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="customers-totals">
          {result.totals.map((c) => (
            <Card key={c.currency}>
              <CardContent className="pt-5 pb-5 text-[13px]">
                <p className="text-[15px] font-medium text-heading">{c.currency}</p>
                <p>
                  {t('customers.totalLine', { customers: formatDecimal(format, c.customers), leases: formatDecimal(format, c.leases) })}
                </p>
                <p>
                  {t('customers.columns.outstanding')}: <Amount minor={c.outstanding} currency={c.currency} />
                </p>
                <p>
                  {t('customers.columns.price')}: <Amount minor={c.price} currency={c.currency} />
                </p>
              </CardContent>
            </Card>
          ))}
        </div>
      ) : null}
      {result.total === 0 ? (
        <EmptyState icon={Users} title={t('customers.emptyTitle')}>
          {t('customers.empty')}
        </EmptyState>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{t('customers.tableTitle')}</CardTitle>
            <CardDescription>{t('customers.tableHint')}</CardDescription>
          </CardHeader>
          <div className={REGION} role="region" aria-label={t('customers.tableTitle')} tabIndex={0}>
            <table className={TABLE} data-testid="customers-table">
              <caption className="sr-only">{t('customers.tableTitle')}</caption>
              <thead>
                <tr>
                  {sortHeader('lesseeName', true)}
                  <th scope="col" className={TH_LEFT}>
                    {t('customers.columns.currency')}
                  </th>
                  {sortHeader('leases')}
                  {sortHeader('outstanding')}
                  {sortHeader('price')}
                  {sortHeader('share')}
                  {sortHeader('dpd')}
                  <th scope="col" className={TH_LEFT}>
                    {t('customers.columns.bucket')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={`${r.lesseeId}:${r.currency}`} className="h-8">
                    <td className={TD_LEFT}>
                      <Link
                        href={`/servicing/clients-behavior/${r.lesseeId}`}
                        className="text-primary-strong hover:underline"
                        data-testid="customer-link"
                      >
                        {r.lesseeName}
                      </Link>
                    </td>
                    <td className={TD_LEFT}>{r.currency}</td>
                    <td className={TD}>{formatDecimal(format, r.leases)}</td>
                    <td className={TD}>
                      <Amount minor={r.outstanding} currency={r.currency} />
                    </td>
                    <td className={TD}>
                      <Amount minor={r.price} currency={r.currency} />
                    </td>
                    <td className={TD}>{formatPercent(format, r.share, 2)}</td>
                    <td className={TD}>{r.dpd === null ? '—' : formatDecimal(format, r.dpd)}</td>
                    <td className={TD_LEFT}>{r.bucket ? delinquencyBucketLabel(tr, r.bucket) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            pathname={PATH}
            queryFor={(page) => ({ ...baseQuery, page: String(page) })}
            page={query.page}
            pageCount={Math.max(1, Math.ceil(result.total / query.perPage))}
            total={result.total}
            perPage={query.perPage}
          />
        </Card>
      )}
    </>
  );
}
