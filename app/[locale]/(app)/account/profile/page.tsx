import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { TrailHeader } from '@/components/shell/trail-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AccountTabs } from '@/components/workspace/account-tabs';
import { formatIsoDate, formatTimestamp } from '@/lib/format';
import { profileScreen } from '@/services/workspace/account';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'workspace.profile' });
  return { title: t('title') };
}

/** The signed-in user's profile: about, latest lease activity, colleagues and bookmarked pages. */
export default async function ProfilePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'account');
  if (!access.ok) return access.forbidden;
  const t = await getTranslations('workspace.profile');
  const profile = await profileScreen(getDb(), access.principal.user.id, (action, contract) => t(`actions.${action}`, { contract }));
  if (!profile) notFound();
  const format = await getFormatter();
  const { header, userAbout } = profile;

  const about: { label: string; value: React.ReactNode }[] = [
    { label: t('email'), value: userAbout.email },
    { label: t('joined'), value: <time dateTime={userAbout.joined}>{formatIsoDate(format, userAbout.joined, 'long')}</time> },
  ];
  if (userAbout.lives) about.push({ label: t('lives'), value: userAbout.lives });
  if (userAbout.website) {
    about.push({
      label: t('website'),
      value: (
        <a href={userAbout.website} rel="noopener noreferrer nofollow" className="break-all text-primary-strong hover:underline">
          {userAbout.website}
        </a>
      ),
    });
  }

  return (
    <>
      <TrailHeader
        section={{ nav: 'account', href: '/account' }}
        trail={[{ label: t('title') }]}
        title={header.username}
        description={header.designation || t('subtitle')}
      />
      <AccountTabs active="profile" />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card data-testid="profile-about">
            <CardHeader>
              <CardTitle>{t('about')}</CardTitle>
            </CardHeader>
            <CardContent>
              {userAbout.about ? (
                <p className="mb-4 whitespace-pre-line text-heading">{userAbout.about}</p>
              ) : (
                <p className="mb-4">{t('noBio')}</p>
              )}
              <dl className="divide-y divide-border text-sm">
                {about.map((row) => (
                  <div key={row.label} className="grid grid-cols-[minmax(7rem,35%)_1fr] gap-4 py-2">
                    <dt className="font-medium text-heading">{row.label}</dt>
                    <dd className="min-w-0 break-words">{row.value}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Card data-testid="profile-activity">
            <CardHeader>
              <CardTitle>{t('activity')}</CardTitle>
            </CardHeader>
            <CardContent>
              {profile.post.length === 0 ? (
                <p>{t('noActivity')}</p>
              ) : (
                <ol className="flex flex-col gap-3">
                  {profile.post.map((p) => (
                    <li key={p.id} className="border-l-2 border-primary pl-3">
                      <p className="text-heading">{p.postText}</p>
                      <time dateTime={p.postTime} className="text-[13px]">
                        {formatTimestamp(format, Date.parse(p.postTime), { dateStyle: 'medium', timeStyle: 'short' })}
                      </time>
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('colleagues')}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2 sm:grid-cols-2">
                {profile.suggestions.map((c, i) => (
                  <li key={`${c.name}-${i}`} className="min-w-0">
                    <p className="truncate font-medium text-heading">{c.name}</p>
                    {c.mutualFriend ? <p className="truncate text-[13px]">{c.mutualFriend}</p> : null}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
