import type { Metadata } from 'next';
import { Upload } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { listImports } from '@/db/queries/imports';
import { MasterFileTabs } from '@/components/master-file/master-file-tabs';
import { PageHeader } from '@/components/shell/page-header';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { guardPage } from '@/app/[locale]/prelude';
import { Link } from '@/i18n/navigation';
import { canSee } from '@/lib/navigation';
import { getActiveFunder } from '@/services/portfolio/funder-context';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'tapeImport' });
  return { title: t('historyTitle') };
}

/** Master File → Import tape: the history of the funder's imports and the way to a new one. */
export default async function ImportHistoryPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'masterFile');
  if (!access.ok) return access.forbidden;
  const t = await getTranslations('tapeImport');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { rows } = await listImports(db, funder.id, 1, 100);
  return (
    <>
      <PageHeader
        help="tape-import"
        page="masterFile"
        description={t('description', { funder: funder.name })}
        actions={
          canSee(access.principal.scopes, 'write:funders') ? (
            <Link href="/master-file/import" className={buttonClasses()}>
              <Upload aria-hidden="true" />
              {t('newImport')}
            </Link>
          ) : null
        }
      />
      <MasterFileTabs active="imports" canImport={canSee(access.principal.scopes, 'write:funders')} />
      <Card className="overflow-x-auto">
        {rows.length === 0 ? (
          <p className="p-5 text-sm">{t('history.empty')}</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{t('historyTitle')}</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('history.date')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('detail.source')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('detail.file')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('detail.mode')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('history.rows')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('counts.new')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('counts.updated')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('counts.rejected')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('history.status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="h-8 border-b border-border">
                  <td className="px-3">{format.dateTime(new Date(r.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}</td>
                  <td className="px-3">{r.sourceName}</td>
                  <td className="px-3">
                    <Link href={`/master-file/imports/${r.id}`} className="text-primary-strong hover:underline">
                      {r.fileName}
                    </Link>
                  </td>
                  <td className="px-3">{t(`detail.modes.${r.mode}`)}</td>
                  <td className="tabular px-3 text-right">{format.number(r.rowCount)}</td>
                  <td className="tabular px-3 text-right">{format.number(r.newCount)}</td>
                  <td className="tabular px-3 text-right">{format.number(r.updatedCount)}</td>
                  <td className="tabular px-3 text-right">{format.number(r.rejectedCount)}</td>
                  <td className="px-3">
                    <Badge variant={r.status === 'committed' ? 'success' : r.status === 'failed' ? 'danger' : 'info'}>
                      {t(`status.${r.status}`)}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  );
}
