import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { Amount } from '@/components/ui/amount';
import { Badge } from '@/components/ui/badge';
import { formatIsoDate } from '@/lib/format';
import type { InvoiceDto, paymentDetailsDto } from '@/lib/validations/invoices';
import type { z } from 'zod';
import { INVOICE_STATUS_BADGE } from './invoice-status';

type Props = {
  invoice: InvoiceDto;
  payment: z.infer<typeof paymentDetailsDto>;
  /** Minor units of the invoice's currency. */ paid: number;
  /** The lease instalment the invoice bills, whose ledger state its amounts and status are at `asOf`; null: none. */
  ledger?: { contractNumber: string; period: number; asOf: string } | null;
};

/** The invoice as a document: parties, dates, the line, totals and where to pay. Shared by the page and its print view. */
export async function InvoiceDocument({ invoice, payment, paid, ledger = null }: Props) {
  const t = await getTranslations('workspace.invoices');
  const format = await getFormatter();
  const c = invoice.client;
  return (
    <article className="rounded-md bg-surface p-6 shadow-sm print:p-0 print:shadow-none" data-testid="invoice-document">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-border pb-4">
        <div>
          <p className="text-xl font-semibold text-heading">QUANTUM</p>
          <p className="text-sm">{t('issuer')}</p>
        </div>
        <div className="text-right text-sm">
          <h2 className="text-lg font-medium text-heading">{t('invoiceNumber', { id: invoice.id })}</h2>
          <p>
            {t('issued')}: <time dateTime={invoice.issuedDate}>{formatIsoDate(format, invoice.issuedDate, 'long')}</time>
          </p>
          <p>
            {t('due')}: <time dateTime={invoice.dueDate}>{formatIsoDate(format, invoice.dueDate, 'long')}</time>
          </p>
          <Badge variant={INVOICE_STATUS_BADGE[invoice.invoiceStatus]} className="mt-1 print:border print:border-border">
            {t(`statuses.${invoice.invoiceStatus}`)}
          </Badge>
        </div>
      </header>
      <section className="grid gap-6 border-b border-border py-4 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h3 className="mb-1 text-[13px] font-medium tracking-wide text-heading uppercase">{t('billTo')}</h3>
          <p className="text-sm text-heading">{c.name}</p>
          <p className="text-sm">{c.company}</p>
          <p className="text-sm">{c.address}</p>
          <p className="text-sm">{c.country}</p>
          <p className="text-sm">{c.companyEmail}</p>
        </div>
        <div data-testid="payment-details">
          <h3 className="mb-1 text-[13px] font-medium tracking-wide text-heading uppercase">{t('paymentDetails')}</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt>{t('totalDue')}</dt>
            <dd className="text-right text-heading">
              <Amount minor={payment.totalDue} currency={payment.currency} />
            </dd>
            <dt>{t('bank')}</dt>
            <dd className="text-right">{payment.bankName}</dd>
            <dt>{t('country')}</dt>
            <dd className="text-right">{payment.country}</dd>
            <dt>IBAN</dt>
            <dd className="text-right font-mono text-[13px]">{payment.iban}</dd>
            <dt>SWIFT</dt>
            <dd className="text-right font-mono text-[13px]">{payment.swiftCode}</dd>
          </dl>
        </div>
      </section>
      <table className="my-4 w-full text-sm">
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-2">
              {t('service')}
            </th>
            <th scope="col" className="py-2">
              {t('kind')}
            </th>
            <th scope="col" className="py-2 text-right">
              {t('total')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-border">
            <td className="py-2">{invoice.service}</td>
            <td className="py-2">{t(`kinds.${invoice.kind}`)}</td>
            <td className="py-2 text-right">
              <Amount minor={invoice.total} currency={invoice.currency} />
            </td>
          </tr>
        </tbody>
      </table>
      <dl className="ml-auto grid w-64 grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt>{t('total')}</dt>
        <dd className="text-right">
          <Amount minor={invoice.total} currency={invoice.currency} />
        </dd>
        <dt>{t('paid')}</dt>
        <dd className="text-right">
          <Amount minor={paid} currency={invoice.currency} />
        </dd>
        <dt className="font-medium text-heading">{t('balance')}</dt>
        <dd className="text-right font-medium text-heading" data-testid="invoice-balance">
          <Amount minor={invoice.balance} currency={invoice.currency} />
        </dd>
      </dl>
      {ledger && (
        <p className="mt-4 text-xs text-body" data-testid="invoice-ledger-note">
          {t('ledgerNote', { contract: ledger.contractNumber, period: ledger.period, date: formatIsoDate(format, ledger.asOf, 'long') })}
        </p>
      )}
    </article>
  );
}
