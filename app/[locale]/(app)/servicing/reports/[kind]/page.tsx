import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { pageMetadata } from '@/components/shell/page-metadata';
import { PlaceholderPage } from '@/components/shell/placeholder-page';
import { isServicingReportKind, SERVICING_REPORT_PAGE } from '@/lib/navigation';

type Props = { params: Promise<{ locale: string; kind: string }> };

export async function generateMetadata({ params }: Props) {
  const { locale, kind } = await params;
  return isServicingReportKind(kind) ? pageMetadata(locale, SERVICING_REPORT_PAGE[kind]) : pageMetadata(locale, 'notFound');
}

/** Servicing reports by kind (draws, distributions, collections, liability, VAT, total CF). Not built yet. */
export default async function ServicingReportPage({ params }: Props) {
  const { locale, kind } = await params;
  setRequestLocale(locale);
  if (!isServicingReportKind(kind)) notFound();
  return <PlaceholderPage locale={locale} page={SERVICING_REPORT_PAGE[kind]} />;
}
