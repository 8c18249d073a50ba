import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { listImportSources } from '@/db/queries/imports';
import { SubPageHeader } from '@/components/master-file/sub-page-header';
import { TapeImportWorkspace } from '@/components/tape-import/tape-import-workspace';
import { guardPage } from '@/app/[locale]/prelude';
import { env } from '@/lib/env';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { ClientMessages } from '@/app/[locale]/client-messages';

/** The wizard's messages and the labels of the enumerated values it offers for every row (asset type, timing…). */
const TAPE_IMPORT_MESSAGES = [
  'tapeImport',
  'masterFile.assetTypes',
  'masterFile.conditions',
  'masterFile.timings',
  'masterFile.frequencies',
  'masterFile.vatRegimes',
  'masterFile.statuses',
];

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'tapeImport' });
  return { title: t('title') };
}

/** Master File → Import tape: upload a lessor's tape (write:funders). */
export default async function ImportTapePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('tapeImport');
  const access = await guardPage(locale, { scope: 'write:funders', title: t('title') });
  if (!access.ok) return access.forbidden;
  const db = getDb();
  const funder = await getActiveFunder(db);
  return (
    <ClientMessages namespaces={TAPE_IMPORT_MESSAGES}>
      <>
        <SubPageHeader
          trail={[{ label: t('historyTitle'), href: '/master-file/imports' }, { label: t('title') }]}
          title={t('title')}
          description={t('description', { funder: funder.name })}
        />
        <TapeImportWorkspace
          funderId={funder.id}
          sources={(await listImportSources(db, funder.id)).map((s) => s.name)}
          maxBytes={env().IMPORT_MAX_BYTES}
        />
      </>
    </ClientMessages>
  );
}
