import type { ReactNode } from 'react';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { PasswordForm } from '@/components/account/password-form';
import { guardPage } from '@/app/[locale]/prelude';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SCOPES, type Scope } from '@/lib/auth/scopes';
import { formatTimestamp, toIsoDate } from '@/lib/format';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { AccountTabs } from '@/components/workspace/account-tabs';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = metadataFor('account');

const SCOPE_MESSAGE: Record<Scope, 'readFunders' | 'writeFunders' | 'admin'> = {
  'read:funders': 'readFunders',
  'write:funders': 'writeFunders',
  admin: 'admin',
};

/** The signed-in user's profile and permissions. Open to every signed-in user, including clients without scopes. */
export default async function AccountPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'account');
  if (!access.ok) return access.forbidden;
  const { user, scopes } = access.principal;

  const t = await getTranslations('account');
  const tc = await getTranslations('common');
  const format = await getFormatter();
  const name = user.fullName || user.username;

  const rows: { label: string; value: ReactNode; testId?: string }[] = [
    { label: t('name'), value: name },
    { label: t('username'), value: user.username },
    { label: t('email'), value: user.email },
    { label: t('role'), value: <Badge variant="primary">{tc(`roles.${user.role}`)}</Badge> },
  ];
  if (user.company) rows.push({ label: t('company'), value: user.company });
  if (user.country) rows.push({ label: t('country'), value: user.country });
  rows.push({
    label: t('memberSince'),
    testId: 'member-since',
    value: <time dateTime={toIsoDate(user.createdAt)}>{formatTimestamp(format, user.createdAt, { dateStyle: 'long' })}</time>,
  });

  const held = SCOPES.filter((s) => scopes.includes(s));

  return (
    <ClientMessages namespaces={['account.password']}>
      <>
        <PageHeader page="account" description={t('subtitle')} />
        <AccountTabs active="account" />
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <Card>
            <div className="flex items-center gap-4 px-6 pt-6 pb-4">
              <span
                className="flex size-14 shrink-0 items-center justify-center rounded-md bg-primary-soft text-xl font-semibold text-primary-strong"
                aria-hidden="true"
              >
                {name
                  .split(/\s+/)
                  .map((p) => p[0])
                  .slice(0, 2)
                  .join('')
                  .toUpperCase()}
              </span>
              <div className="min-w-0">
                <CardTitle>{t('profile')}</CardTitle>
                <p className="truncate">{user.email}</p>
              </div>
            </div>
            <CardContent>
              <dl className="divide-y divide-border">
                {rows.map((row) => (
                  <div key={row.label} className="grid grid-cols-[minmax(8rem,40%)_1fr] gap-4 py-2.5" data-testid={row.testId}>
                    <dt className="font-medium text-heading">{row.label}</dt>
                    <dd className="min-w-0 break-words">{row.value}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('permissions')}</CardTitle>
              <p>{held.length > 0 ? t('permissionsIntro') : t('noPermissions')}</p>
            </CardHeader>
            {held.length > 0 ? (
              <CardContent>
                <ul className="flex flex-col gap-3" data-testid="scopes">
                  {held.map((scope) => (
                    <li key={scope} className="flex flex-wrap items-center gap-3 rounded-md border border-border px-4 py-3">
                      <Badge variant={scope === 'admin' ? 'warning' : 'success'} className="font-mono">
                        {scope}
                      </Badge>
                      <span className="text-heading">{t(`scopes.${SCOPE_MESSAGE[scope]}`)}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            ) : null}
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('password.title')}</CardTitle>
            </CardHeader>
            <CardContent>
              {user.authProvider === 'credentials' ? <PasswordForm locale={locale} /> : <p>{t('password.identityProvider')}</p>}
            </CardContent>
          </Card>
        </div>
      </>
    </ClientMessages>
  );
}
