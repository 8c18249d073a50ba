import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { TrailHeader } from '@/components/shell/trail-header';
import { AddUserForm } from '@/components/access/add-user-form';
import { UsersTable } from '@/components/access/users-table';
import { UsersToolbar } from '@/components/access/users-toolbar';
import { guardPage } from '@/app/[locale]/prelude';
import { getDb } from '@/db';
import { pageDirectoryUsers } from '@/db/queries/user-directory';
import { usersListQuery } from '@/lib/validations/users';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'access' });
  return { title: t('title') };
}

/** Users & access (admin): the directory with search, filters and paging in the URL; add, change role or status, delete. */
export default async function UsersAccessPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('access');
  const access = await guardPage(locale, { scope: 'admin', title: t('title') });
  if (!access.ok) return access.forbidden;

  const raw = await searchParams;
  const single = Object.fromEntries(
    Object.entries(raw)
      .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])
      .filter(([, v]) => v !== undefined),
  );
  // A hand-edited URL with a bad value shows the unfiltered first page rather than an error.
  const parsed = usersListQuery.safeParse(single);
  const query = parsed.success ? parsed.data : usersListQuery.parse({});
  const { users, total } = await pageDirectoryUsers(getDb(), query);

  const filter = new URLSearchParams({ locale });
  for (const key of ['q', 'role', 'currentPlan', 'status'] as const) if (query[key]) filter.set(key, query[key]);
  const exportHref = (format: string) => `/api/users/export?format=${format}&${filter.toString()}`;

  return (
    <ClientMessages namespaces={['access', 'common', 'masterFile.dataTable']}>
      <>
        <TrailHeader
          section={{ nav: 'settings', href: '/settings' }}
          trail={[{ label: t('breadcrumb') }]}
          title={t('title')}
          description={t('subtitle')}
        />
        <div className="mb-4 flex flex-col items-start gap-2">
          <AddUserForm />
          <p className="text-[13px]">{t('roleSessions')}</p>
        </div>
        <UsersTable
          users={users}
          total={total}
          page={query.page}
          perPage={query.perPage}
          currentUserId={access.principal.user.id}
          exports={[
            { format: 'csv', label: t('export.csv'), href: exportHref('csv') },
            { format: 'xlsx', label: t('export.xlsx'), href: exportHref('xlsx') },
          ]}
          toolbar={<UsersToolbar q={query.q} role={query.role ?? ''} currentPlan={query.currentPlan ?? ''} status={query.status ?? ''} />}
        />
      </>
    </ClientMessages>
  );
}
