import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { SubPageHeader } from '@/components/master-file/sub-page-header';
import { TermsForm } from '@/components/master-file/terms-form';
import { guardPage } from '@/app/[locale]/prelude';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { requestClock } from '@/lib/clock';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'masterFile.form' });
  return { title: t('newLease') };
}

/** A new lease of the active funder (write:funders). */
export default async function NewLeasePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('masterFile.form');
  const access = await guardPage(locale, { scope: 'write:funders', title: t('newLease') });
  if (!access.ok) return access.forbidden;
  const funder = await getActiveFunder(getDb());
  return (
    <ClientMessages namespaces={['numberInput', 'masterFile']}>
      <>
        <SubPageHeader trail={[{ label: t('newLease') }]} title={t('newLease')} description={t('newLeaseFor', { funder: funder.name })} />
        <TermsForm
          kind="lease"
          funderId={funder.id}
          rateConvention={funder.rateConvention}
          vatDefault={funder.vatDefault}
          baseCurrency={funder.baseCurrency}
          today={requestClock().today}
        />
      </>
    </ClientMessages>
  );
}
