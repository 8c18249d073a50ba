import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { pageMetadata } from '@/components/shell/page-metadata';
import { PlaceholderPage } from '@/components/shell/placeholder-page';
import { isLiabilityKind, LIABILITY_PAGE } from '@/lib/navigation';

type Props = { params: Promise<{ locale: string; kind: string }> };

export async function generateMetadata({ params }: Props) {
  const { locale, kind } = await params;
  return isLiabilityKind(kind) ? pageMetadata(locale, LIABILITY_PAGE[kind]) : pageMetadata(locale, 'notFound');
}

/** Liability cash flow by kind (principal, interest, VAT). Not built yet. */
export default async function LiabilityPage({ params }: Props) {
  const { locale, kind } = await params;
  setRequestLocale(locale);
  if (!isLiabilityKind(kind)) notFound();
  return <PlaceholderPage locale={locale} page={LIABILITY_PAGE[kind]} />;
}
