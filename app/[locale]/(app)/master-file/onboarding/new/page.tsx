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
  const t = await getTranslations({ locale, namespace: 'onboarding' });
  return { title: t('newQuotation') };
}

/** A new draft quotation (write:funders). */
export default async function NewQuotationPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('onboarding');
  const access = await guardPage(locale, { scope: 'write:funders', title: t('newQuotation') });
  if (!access.ok) return access.forbidden;
  const funder = await getActiveFunder(getDb());
  return (
    <ClientMessages namespaces={['numberInput', 'masterFile']}>
      <>
        <SubPageHeader
          trail={[{ label: t('title'), href: '/master-file/onboarding' }, { label: t('newQuotation') }]}
          title={t('newQuotation')}
        />
        <TermsForm
          kind="quotation"
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
