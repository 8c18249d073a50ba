import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { TrailHeader } from '@/components/shell/trail-header';
import { UserDetail } from '@/components/access/user-detail';
import { UserFundersCard } from '@/components/access/user-funders-card';
import { guardPage } from '@/app/[locale]/prelude';
import { getDb } from '@/db';
import { listUserFunderIds } from '@/db/queries/funder-access';
import { listFunders } from '@/db/queries/funders';
import { getDirectoryUser } from '@/db/queries/user-directory';
import { idParam } from '@/lib/validations/common';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'access' });
  return { title: t('title') };
}

/** One user (admin): profile, sign-in method, role and status, delete. */
export default async function UserPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('access');
  const access = await guardPage(locale, { scope: 'admin', title: t('title') });
  if (!access.ok) return access.forbidden;
  const parsedId = idParam.safeParse(id);
  if (!parsedId.success) notFound();
  const user = await getDirectoryUser(getDb(), parsedId.data);
  if (!user) notFound();
  const name = user.fullName || user.username;
  return (
    <ClientMessages namespaces={['access', 'common']}>
      <>
        <TrailHeader
          section={{ nav: 'settings', href: '/settings' }}
          trail={[{ label: t('breadcrumb'), href: '/settings/users' }, { label: name }]}
          title={t('detail.title', { name })}
        />
        <UserDetail user={user} />
        <div className="mt-4">
          <UserFundersCard
            userId={user.id}
            name={name}
            funders={(await listFunders(getDb())).map(({ id: funderId, name: funderName }) => ({ id: funderId, name: funderName }))}
            assigned={await listUserFunderIds(getDb(), user.id)}
            allFunders={user.role === 'admin'}
          />
        </div>
      </>
    </ClientMessages>
  );
}
