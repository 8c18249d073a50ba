import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { getImport } from '@/db/queries/payments';
import { guardPage } from '@/app/[locale]/prelude';
import { ImportLines } from '@/components/servicing/import-lines';
import { TrailHeader } from '@/components/shell/trail-header';
import { Card, CardContent } from '@/components/ui/card';
import { canSee } from '@/lib/navigation';
import { formatTimestamp } from '@/lib/format';
import { idParam } from '@/lib/validations/common';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { isApiError } from '@/services/servicing/route-helpers';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'servicing' });
  return { title: t('import.title') };
}

/** Servicing → Payments → one bank-statement import: its lines, and the manual match of each unmatched line (also after a reload). */
export default async function ImportPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('servicing');
  const access = await guardPage(locale, { scope: 'read:funders', title: t('import.title') });
  if (!access.ok) return access.forbidden;
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  const db = getDb();
  const funder = await getActiveFunder(db);
  let imp;
  try {
    imp = await getImport(db, funder.id, id.data);
  } catch (e) {
    if (isApiError(e, 'not_found')) notFound();
    throw e;
  }
  const format = await getFormatter();
  const canWrite = canSee(access.principal.scopes, 'write:funders');
  return (
    <ClientMessages namespaces={['servicing.import']}>
      <>
        <TrailHeader
          section={{ nav: 'servicing' }}
          trail={[{ label: t('payments.title'), href: '/servicing/payments' }, { label: imp.fileName }]}
          title={t('import.pageTitle', { file: imp.fileName })}
          description={t('import.pageDescription', { at: formatTimestamp(format, imp.createdAt) })}
        />
        <Card>
          <CardContent className="pt-5 pb-5">
            <ImportLines
              funderId={funder.id}
              initial={{ id: imp.id, fileName: imp.fileName, lineCount: imp.lineCount, lines: imp.lines }}
              canWrite={canWrite}
            />
          </CardContent>
        </Card>
      </>
    </ClientMessages>
  );
}
