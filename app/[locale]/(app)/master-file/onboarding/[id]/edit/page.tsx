import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { notFound } from 'next/navigation';
import { getDb } from '@/db';
import { SubPageHeader } from '@/components/master-file/sub-page-header';
import { TermsForm } from '@/components/master-file/terms-form';
import { guardPage } from '@/app/[locale]/prelude';
import { Alert } from '@/components/ui/alert';
import { Link } from '@/i18n/navigation';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { quotationFormScreen } from '@/services/master-file/lease-screen';
import { idParam } from '@/lib/validations/common';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { requestClock } from '@/lib/clock';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'onboarding' });
  return { title: t('editTitle', { id }) };
}

/** Edits a draft quotation (write:funders); other statuses cannot be edited. */
export default async function EditQuotationPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('onboarding');
  const access = await guardPage(locale, { scope: 'write:funders', title: t('editTitle', { id: rawId }) });
  if (!access.ok) return access.forbidden;
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const screen = await quotationFormScreen(db, access.principal, { funderId: funder.id, id: id.data }, requestClock());
  if (!screen) notFound();
  const { quotation, record } = screen;
  const trail = [
    { label: t('title'), href: '/master-file/onboarding' },
    { label: t('number', { id: quotation.id }), href: `/master-file/onboarding/${quotation.id}` },
    { label: t('edit') },
  ];
  if (record === null) {
    return (
      <>
        <SubPageHeader trail={trail} title={t('editTitle', { id: quotation.id })} />
        <Alert variant="warning" role="status">
          <span>
            {t('onlyDraft', { status: t(`statuses.${quotation.status}`) })}{' '}
            <Link href={`/master-file/onboarding/${quotation.id}`} className="font-medium underline">
              {t('back')}
            </Link>
          </span>
        </Alert>
      </>
    );
  }
  return (
    <ClientMessages namespaces={['numberInput', 'masterFile']}>
      <>
        <SubPageHeader trail={trail} title={t('editTitle', { id: quotation.id })} />
        <TermsForm
          kind="quotation"
          funderId={funder.id}
          rateConvention={funder.rateConvention}
          vatDefault={funder.vatDefault}
          baseCurrency={funder.baseCurrency}
          today={screen.today}
          record={record}
        />
      </>
    </ClientMessages>
  );
}
