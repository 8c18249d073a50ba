import { setRequestLocale } from 'next-intl/server';
import { metadataFor } from '@/components/shell/page-metadata';
import { PlaceholderPage } from '@/components/shell/placeholder-page';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = metadataFor('develop');

/** Not built yet: the scope check and a "not available yet" panel. Replace the body when the feature lands. */
export default async function DevelopPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <PlaceholderPage locale={locale} page="develop" />;
}
