import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { ViewsManager } from '@/components/management/views-manager';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { getDb } from '@/db';
import { listPortfolioViews } from '@/db/queries/portfolio-views';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = metadataFor('management');

/** Management: the signed-in user's saved views of the Master File and the Total Cash Flow. */
export default async function ManagementPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'management');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('management');
  const views = (await listPortfolioViews(getDb(), access.principal.user.id)).map(({ id, module, name, columns, filters, updatedAt }) => ({
    id,
    module,
    name,
    columns,
    filters,
    updatedAt,
  }));

  return (
    <ClientMessages namespaces={['management', 'masterFile.statuses']}>
      <>
        <PageHeader page="management" description={t('subtitle')} />
        <ViewsManager views={views} />
      </>
    </ClientMessages>
  );
}
