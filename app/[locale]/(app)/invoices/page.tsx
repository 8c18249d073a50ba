import { FileText } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { guardPage } from '@/app/[locale]/prelude';
import { Pagination } from '@/components/portfolio/pagination';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { Amount } from '@/components/ui/amount';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { INVOICE_STATUS_BADGE } from '@/components/workspace/invoice-status';
import { ListToolbar } from '@/components/workspace/list-toolbar';
import { Link } from '@/i18n/navigation';
import { formatIsoDate } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { INVOICE_STATUS_VALUES, invoicesListQuery } from '@/lib/validations/invoices';
import { invoicesScreen } from '@/services/workspace/invoices';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = metadataFor('invoices');

/** Workspace → Invoices: search (client name or e-mail), status filter and paging; each row opens the invoice. */
export default async function InvoicesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'invoices');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('workspace.invoices');
  const format = await getFormatter();
  const { value: q } = parseLenient(invoicesListQuery, await searchParams);
  const screen = await invoicesScreen(getDb(), q, requestClock());
  const pageCount = Math.max(1, Math.ceil(screen.total / q.perPage));
  const base = { ...(q.q ? { q: q.q } : {}), ...(q.status ? { status: q.status } : {}) };

  return (
    <>
      <PageHeader page="invoices" description={t('subtitle')} />
      <Card className="min-w-0">
        <ListToolbar
          q={q.q ?? ''}
          labels={{ search: t('search'), apply: t('apply'), clear: t('clear') }}
          select={{
            name: 'status',
            label: t('status'),
            value: q.status ?? '',
            options: [
              { value: '', label: t('allStatuses') },
              ...INVOICE_STATUS_VALUES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
            ],
          }}
        />
        {screen.invoices.length === 0 ? (
          <EmptyState icon={FileText} title={t('empty')} className="m-4" />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="invoice-table">
              <thead className="sticky top-0 bg-surface shadow-[0_1px_0_var(--color-border)]">
                <tr className="text-left">
                  <th scope="col" className="px-3 py-2">
                    {t('number')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('client')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('service')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('issued')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('due')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('total')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('balance')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {screen.invoices.map((inv) => (
                  <tr key={inv.id} className="h-8 border-t border-border hover:bg-surface-muted">
                    <td className="px-3 py-1">
                      <Link
                        href={`/invoices/${inv.id}`}
                        className="text-primary-strong hover:underline focus-visible:underline"
                        data-testid="invoice-link"
                      >
                        #{inv.id}
                      </Link>
                    </td>
                    <td className="max-w-56 px-3 py-1">{inv.client.name}</td>
                    <td className="max-w-56 px-3 py-1">{inv.service}</td>
                    <td className="px-3 py-1 whitespace-nowrap">{formatIsoDate(format, inv.issuedDate)}</td>
                    <td className="px-3 py-1 whitespace-nowrap">{formatIsoDate(format, inv.dueDate)}</td>
                    <td className="px-3 py-1 text-right">
                      <Amount minor={inv.total} currency={inv.currency} />
                    </td>
                    <td className="px-3 py-1 text-right">
                      <Amount minor={inv.balance} currency={inv.currency} />
                    </td>
                    <td className="px-3 py-1">
                      <Badge variant={INVOICE_STATUS_BADGE[inv.invoiceStatus]}>{t(`statuses.${inv.invoiceStatus}`)}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination
          pathname="/invoices"
          queryFor={(p) => ({ ...base, page: String(p), perPage: String(q.perPage) })}
          page={q.page}
          pageCount={pageCount}
          total={screen.total}
          perPage={q.perPage}
        />
      </Card>
    </>
  );
}
