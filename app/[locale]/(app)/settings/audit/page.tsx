import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getFormatter } from '@/i18n/format';
import { getTranslations } from '@/i18n/translations';
import { AuditTable } from '@/components/access/audit-table';
import { TrailHeader } from '@/components/shell/trail-header';
import { guardPage } from '@/app/[locale]/prelude';
import { getDb } from '@/db';
import { listAllDirectoryUsers } from '@/db/queries/user-directory';
import { auditQuery } from '@/lib/validations/access';
import { auditScreen, auditWordsOf } from '@/services/audit/trail';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'access' });
  return { title: t('audit.title') };
}

/** Settings › Audit (admin): the append-only trail with filters by user, entity and dates, paging and export. */
export default async function AuditPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('access');
  const access = await guardPage(locale, { scope: 'admin', title: t('audit.title') });
  if (!access.ok) return access.forbidden;

  const raw = await searchParams;
  // Empty form fields arrive as "": they mean "no filter".
  const single = Object.fromEntries(
    Object.entries(raw)
      .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])
      .filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = auditQuery.safeParse(single);
  const query = parsed.success ? parsed.data : auditQuery.parse({});
  const db = getDb();
  // Each row told in the viewer's words (field labels, money, dates, actions), by the formatter the export uses too.
  const words = auditWordsOf(await getTranslations({ locale, namespace: 'access.audit' }), await getFormatter({ locale }));
  const { rows, total, page, perPage } = await auditScreen(db, query, words);
  const filter = new URLSearchParams({ locale });
  for (const key of ['userId', 'entity', 'from', 'to'] as const) if (query[key] !== undefined) filter.set(key, String(query[key]));
  const exportHref = (format: string) => `/api/audit/export?format=${format}&${filter.toString()}`;

  return (
    <>
      <TrailHeader
        section={{ nav: 'settings', href: '/settings' }}
        trail={[{ label: t('audit.title') }]}
        title={t('audit.title')}
        description={t('audit.subtitle')}
      />
      <AuditTable
        rows={rows}
        total={total}
        page={page}
        perPage={perPage}
        filter={{ userId: query.userId, entity: query.entity, from: query.from, to: query.to }}
        users={(await listAllDirectoryUsers(db)).map((u) => ({ id: u.id, email: u.email }))}
        exports={[
          { format: 'csv', label: t('export.csv'), href: exportHref('csv') },
          { format: 'xlsx', label: t('export.xlsx'), href: exportHref('xlsx') },
        ]}
      />
    </>
  );
}
