import { Download, Wallet } from '@/lib/icons';
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { listImports, listPayments } from '@/db/queries/payments';
import { FilterForm } from '@/components/portfolio/filter-form';
import { Select } from '@/components/portfolio/fields';
import { Pagination } from '@/components/portfolio/pagination';
import { guardPage } from '@/app/[locale]/prelude';
import { ImportPanel } from '@/components/servicing/import-panel';
import { PaymentsTable } from '@/components/servicing/payments-table';
import { RecordPaymentForm } from '@/components/servicing/record-payment-form';
import { TrailHeader } from '@/components/shell/trail-header';
import { Amount } from '@/components/ui/amount';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/i18n/navigation';
import { Input, Label } from '@/components/ui/input';
import { canSee } from '@/lib/navigation';
import { formatTimestamp } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { paymentListQuery } from '@/lib/validations/servicing';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const PATH = '/servicing/payments';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'servicing' });
  return { title: t('payments.title') };
}

/** The page's query schema (the funder is the active one), built once rather than on every request. */
const pageQuery = paymentListQuery.omit({ funderId: true });

/** Servicing → Payments: the collections ledger (filters, paging), the record-payment form, reversals and the bank-statement import. */
export default async function PaymentsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('servicing');
  const access = await guardPage(locale, { scope: 'read:funders', title: t('payments.title') });
  if (!access.ok) return access.forbidden;
  const canWrite = canSee(access.principal.scopes, 'write:funders');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { value: q } = parseLenient(pageQuery, await searchParams);
  const list = await listPayments(db, funder.id, {
    leaseId: q.lease,
    lesseeId: q.lessee,
    from: q.from,
    to: q.to,
    method: q.method,
    q: q.q,
    page: q.page,
    perPage: q.perPage,
  });
  const imports = canWrite ? await listImports(db, funder.id, 5) : [];
  const base: Record<string, string> = {
    ...(q.q ? { q: q.q } : {}),
    ...(q.from ? { from: q.from } : {}),
    ...(q.to ? { to: q.to } : {}),
    ...(q.method?.length ? { method: q.method.join(',') } : {}),
    ...(q.lease ? { lease: String(q.lease) } : {}),
  };
  return (
    <ClientMessages namespaces={['numberInput', 'servicing.import', 'servicing.methods', 'servicing.record', 'servicing.reverse']}>
      <>
        <TrailHeader
          section={{ nav: 'servicing' }}
          trail={[{ label: t('payments.title') }]}
          title={t('payments.title')}
          description={t('payments.subtitle', { funder: funder.name })}
        />
        {canWrite ? (
          <div className="mb-6 grid gap-6">
            <Card>
              <CardHeader>
                <CardTitle>{t('record.title')}</CardTitle>
                <CardDescription>{t('record.hint')}</CardDescription>
              </CardHeader>
              <CardContent>
                <RecordPaymentForm funderId={funder.id} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t('import.title')}</CardTitle>
                <CardDescription>{t('import.hint')}</CardDescription>
              </CardHeader>
              <CardContent>
                <ImportPanel funderId={funder.id} />
                {imports.length > 0 ? (
                  <div className="mt-4">
                    <h3 className="mb-1 text-[13px] font-medium text-heading">{t('import.recent')}</h3>
                    <ul className="grid gap-1 text-[13px]" data-testid="recent-imports">
                      {imports.map((i) => (
                        <li key={i.id}>
                          <Link href={`${PATH}/imports/${i.id}`} className="rounded-sm text-primary-strong hover:underline">
                            {t('import.recentLine', {
                              file: i.fileName,
                              at: formatTimestamp(format, i.createdAt),
                              lines: i.lineCount,
                              matched: i.matchedCount,
                              unmatched: i.unmatchedCount,
                              invalid: i.invalidCount,
                            })}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </CardContent>
            </Card>
          </div>
        ) : null}
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
            <div>
              <CardTitle>{t('payments.ledger')}</CardTitle>
              <CardDescription>
                {list.totals.length === 0
                  ? t('payments.noTotals')
                  : list.totals.map((x, i) => (
                      <span key={x.currency}>
                        {i > 0 ? ' · ' : ''}
                        {t('payments.totalLine', { count: x.count, currency: x.currency })}{' '}
                        <Amount minor={x.received - x.reversed} currency={x.currency} />
                      </span>
                    ))}
              </CardDescription>
            </div>
            <div className="flex gap-2">
              {(['csv', 'xlsx'] as const).map((f) => (
                <a
                  key={f}
                  href={`/api/payments/export?${new URLSearchParams({ ...base, funderId: String(funder.id), format: f, locale }).toString()}`}
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
            <FilterForm pathname={PATH} aria-label={t('payments.filters')} className="mb-4 flex flex-wrap items-end gap-4">
              <div className="w-64">
                <Label htmlFor="pq">{t('fields.search')}</Label>
                <Input id="pq" name="q" type="search" defaultValue={q.q} placeholder={t('payments.searchHint')} className="h-8.5 text-sm" />
              </div>
              <div className="w-44">
                <Label htmlFor="pfrom">{t('fields.from')}</Label>
                <Input id="pfrom" name="from" type="date" defaultValue={q.from ?? ''} className="h-8.5 text-sm" />
              </div>
              <div className="w-44">
                <Label htmlFor="pto">{t('fields.to')}</Label>
                <Input id="pto" name="to" type="date" defaultValue={q.to ?? ''} className="h-8.5 text-sm" />
              </div>
              <Select id="pmethod" name="method" label={t('fields.method')} defaultValue={q.method?.[0] ?? ''} className="w-44">
                <option value="">{t('fields.allMethods')}</option>
                {(['direct_debit', 'transfer', 'other'] as const).map((m) => (
                  <option key={m} value={m}>
                    {t(`methods.${m}`)}
                  </option>
                ))}
              </Select>
              {q.lease ? <input type="hidden" name="lease" value={q.lease} /> : null}
            </FilterForm>
          </CardContent>
          {list.rows.length === 0 ? (
            <EmptyState icon={Wallet} title={t('payments.emptyTitle')}>
              {t('payments.empty')}
            </EmptyState>
          ) : (
            <>
              <PaymentsTable rows={list.rows} funderId={funder.id} canWrite={canWrite} />
              <Pagination
                pathname={PATH}
                queryFor={(p) => ({ ...base, page: String(p), perPage: String(q.perPage) })}
                page={q.page}
                pageCount={Math.max(1, Math.ceil(list.total / q.perPage))}
                total={list.total}
                perPage={q.perPage}
              />
            </>
          )}
        </Card>
      </>
    </ClientMessages>
  );
}
