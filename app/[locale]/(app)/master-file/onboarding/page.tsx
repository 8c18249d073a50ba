import { Plus } from '@/lib/icons';
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { MasterFileTabs } from '@/components/master-file/master-file-tabs';
import { canSee } from '@/lib/navigation';
import { QuotationTable } from '@/components/master-file/quotation-table';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { onboardingScreen } from '@/services/master-file/register-screen';
import { quotationListQuery } from '@/lib/validations/quotations';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'onboarding' });
  return { title: t('title') };
}

/** The Master File's onboarding tab: the funder's quotations with a status filter, paged in the URL. */
export default async function OnboardingPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'masterFile');
  if (!access.ok) return access.forbidden;
  const t = await getTranslations('onboarding');
  const tm = await getTranslations('masterFile');
  const db = getDb();
  const funder = await getActiveFunder(db);
  const raw = await searchParams;
  const input: Record<string, string> = {};
  for (const key of ['status', 'page', 'perPage']) {
    const v = raw[key];
    if (typeof v === 'string' && v) input[key] = v;
  }
  const parsed = quotationListQuery.safeParse(input);
  const query = parsed.success ? parsed.data : quotationListQuery.parse({});
  const { quotations, total, canWrite } = await onboardingScreen(db, access.principal, { ...query, funderId: funder.id });
  const status = query.status?.join(',') ?? '';
  const exportHref = (format: 'csv' | 'xlsx') =>
    `/api/quotations/export?funderId=${funder.id}&locale=${locale}&format=${format}${status ? `&status=${status}` : ''}`;

  return (
    <ClientMessages namespaces={['masterFile', 'onboarding']}>
      <>
        <PageHeader
          page="masterFile"
          description={t('description', { funder: funder.name })}
          actions={
            canWrite ? (
              <Link href="/master-file/onboarding/new" className={buttonClasses()}>
                <Plus aria-hidden="true" />
                {t('newQuotation')}
              </Link>
            ) : null
          }
        />
        <MasterFileTabs active="onboarding" canImport={canSee(access.principal.scopes, 'write:funders')} />
        <QuotationTable
          rows={quotations}
          total={total}
          page={query.page}
          perPage={query.perPage}
          status={status}
          exports={[
            { format: 'csv', label: tm('export.csv'), href: exportHref('csv') },
            { format: 'xlsx', label: tm('export.xlsx'), href: exportHref('xlsx') },
          ]}
        />
      </>
    </ClientMessages>
  );
}
