import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { notFound } from 'next/navigation';
import { getDb } from '@/db';
import { SubPageHeader } from '@/components/master-file/sub-page-header';
import { TermsForm } from '@/components/master-file/terms-form';
import { guardPage } from '@/app/[locale]/prelude';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { leaseFormScreen } from '@/services/master-file/lease-screen';
import { idParam } from '@/lib/validations/common';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { requestClock } from '@/lib/clock';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'masterFile.form' });
  return { title: t('editLeaseMeta', { id }) };
}

/** Edits a lease of the active funder (write:funders); the form sends the version it loaded. */
export default async function EditLeasePage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('masterFile.form');
  const access = await guardPage(locale, { scope: 'write:funders', title: t('editLeaseMeta', { id: rawId }) });
  if (!access.ok) return access.forbidden;
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const screen = await leaseFormScreen(db, access.principal, { funderId: funder.id, id: id.data }, requestClock());
  if (!screen) notFound();
  const lease = screen.record;
  return (
    <ClientMessages namespaces={['numberInput', 'masterFile']}>
      <>
        <SubPageHeader
          trail={[{ label: lease.contractNumber, href: `/master-file/${lease.id}` }, { label: t('edit') }]}
          title={t('editLease', { contractNumber: lease.contractNumber })}
          description={t('editVersion', { version: lease.version })}
        />
        <TermsForm
          kind="lease"
          funderId={funder.id}
          rateConvention={funder.rateConvention}
          vatDefault={funder.vatDefault}
          baseCurrency={funder.baseCurrency}
          today={screen.today}
          record={lease}
        />
      </>
    </ClientMessages>
  );
}
