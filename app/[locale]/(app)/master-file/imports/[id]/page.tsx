import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { findImport, listImportSources } from '@/db/queries/imports';
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

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'tapeImport' });
  return { title: t('title') };
}

/** One import: who, when, source, file and checksum, mode, counts, exceptions, mapping, commit, the leases it changed. */
export default async function ImportPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('tapeImport');
  const access = await guardPage(locale, 'masterFile');
  if (!access.ok) return access.forbidden;
  const db = getDb();
  const funder = await getActiveFunder(db);
  const importId = Number(id);
  const imp = Number.isInteger(importId) && importId > 0 ? await findImport(db, funder.id, importId) : undefined;
  if (!imp) notFound();
  return (
    <ClientMessages namespaces={TAPE_IMPORT_MESSAGES}>
      <>
        <SubPageHeader
          trail={[{ label: t('historyTitle'), href: '/master-file/imports' }, { label: imp.fileName }]}
          title={`${t('title')}: ${imp.fileName}`}
        />
        <TapeImportWorkspace
          funderId={funder.id}
          importId={imp.id}
          sources={(await listImportSources(db, funder.id)).map((s) => s.name)}
          maxBytes={env().IMPORT_MAX_BYTES}
        />
      </>
    </ClientMessages>
  );
}
