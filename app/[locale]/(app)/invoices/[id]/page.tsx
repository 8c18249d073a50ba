import { Download, Printer } from '@/lib/icons';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { guardPage } from '@/app/[locale]/prelude';
import { TrailHeader } from '@/components/shell/trail-header';
import { buttonClasses } from '@/components/ui/button';
import { InvoiceDocument } from '@/components/workspace/invoice-document';
import { Link } from '@/i18n/navigation';
import { idParam } from '@/lib/validations/common';
import { invoiceScreen } from '@/services/workspace/invoices';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'workspace.invoices' });
  return { title: t('invoiceNumber', { id }) };
}

/** One invoice: the document with its payment details, a print view and a PDF download. */
export default async function InvoicePage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'invoices');
  if (!access.ok) return access.forbidden;
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  const data = await invoiceScreen(getDb(), id.data, requestClock());
  if (!data) notFound();

  const t = await getTranslations('workspace.invoices');
  const tn = await getTranslations('nav');
  return (
    <>
      <TrailHeader
        section={{ nav: 'workspace' }}
        trail={[{ label: tn('invoices'), href: '/invoices' }, { label: t('invoiceNumber', { id: data.invoice.id }) }]}
        title={t('invoiceNumber', { id: data.invoice.id })}
        description={data.invoice.client.name}
        actions={
          <>
            <Link href={`/print/invoices/${data.invoice.id}`} className={buttonClasses({ variant: 'outline' })} data-testid="invoice-print">
              <Printer aria-hidden="true" />
              {t('printView')}
            </Link>
            <a
              href={`/api/workspace/invoices/${data.invoice.id}/pdf?locale=${locale}`}
              className={buttonClasses()}
              download
              data-testid="invoice-pdf"
            >
              <Download aria-hidden="true" />
              {t('downloadPdf')}
            </a>
          </>
        }
      />
      <div className="max-w-4xl">
        <InvoiceDocument
          invoice={data.invoice}
          payment={data.paymentDetails}
          paid={data.paid}
          ledger={data.link && { ...data.link, asOf: data.asOf }}
        />
      </div>
    </>
  );
}
