import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { guardPage } from '@/app/[locale]/prelude';
import { InvoiceDocument } from '@/components/workspace/invoice-document';
import { PrintButton } from '@/components/workspace/print-button';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { idParam } from '@/lib/validations/common';
import { invoiceScreen } from '@/services/workspace/invoices';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'workspace.invoices' });
  return { title: t('invoiceNumber', { id }), robots: { index: false } };
}

/** The print view of an invoice: the document alone on white, A4 margins; the buttons are hidden in print. */
export default async function InvoicePrintPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'invoices');
  if (!access.ok) return <main className="mx-auto max-w-3xl p-6">{access.forbidden}</main>;
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  const data = await invoiceScreen(getDb(), id.data, requestClock());
  if (!data) notFound();
  const t = await getTranslations('workspace.invoices');
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 print:max-w-none print:p-0" data-testid="invoice-print-view">
      <div className="mb-4 flex justify-end gap-3 print:hidden">
        <Link href={`/invoices/${data.invoice.id}`} className={buttonClasses({ variant: 'ghost' })}>
          {t('backToInvoice')}
        </Link>
        <PrintButton label={t('print')} />
      </div>
      <InvoiceDocument
        invoice={data.invoice}
        payment={data.paymentDetails}
        paid={data.paid}
        ledger={data.link && { ...data.link, asOf: data.asOf }}
      />
    </main>
  );
}
