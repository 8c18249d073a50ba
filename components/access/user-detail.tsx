'use client';

import { ArrowLeft } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Link } from '@/i18n/navigation';
import type { DirectoryUser } from '@/lib/validations/users';
import { DeleteUserButton } from './delete-user-button';
import { UserFieldSelect, type AccessErrorKey } from './user-access-controls';

type Translate = ReturnType<typeof useTranslations<'access'>>;

/**
 * The profile lines of a user. The plan (Basic, Company, Enterprise, Team) is the admin template's subscription of a
 * client account: funder staff (admin, analyst, viewer) have none, so their profile has no plan line.
 */
export function profileLines(t: Translate, user: DirectoryUser): [string, string][] {
  const lines: [string, string][] = [
    [t('columns.fullName'), user.fullName],
    [t('columns.username'), user.username],
    [t('columns.email'), user.email],
    [t('columns.company'), user.company],
    [t('columns.country'), user.country],
    [t('columns.contact'), user.contact],
  ];
  if (user.role === 'client') lines.push([t('columns.currentPlan'), t(`plans.${user.currentPlan}`)]);
  return lines;
}

/** One user's profile and access, with role and status changes and delete. */
export function UserDetail({ user }: { user: DirectoryUser }) {
  const t = useTranslations('access');
  const [error, setError] = useState<AccessErrorKey | null>(null);
  const profile = profileLines(t, user);
  return (
    <div className="flex flex-col gap-4">
      {error ? (
        <Alert variant={error === 'lastAdmin' ? 'warning' : 'danger'} role="alert" data-testid="access-error">
          {t(`errors.${error}`)}
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('detail.profile')}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
              {profile.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium text-heading">{label}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('detail.access')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4 text-sm">
            <div className="flex flex-wrap items-center gap-4">
              <div>
                <p className="mb-1 text-[13px] font-medium text-heading">{t('roleLabel')}</p>
                <UserFieldSelect user={user} field="role" onError={setError} />
              </div>
              <div>
                <p className="mb-1 text-[13px] font-medium text-heading">{t('statusLabel')}</p>
                <UserFieldSelect user={user} field="status" onError={setError} />
              </div>
            </div>
            <p>{t('roleSessions')}</p>
            <p>
              <span className="font-medium text-heading">{t('detail.signIn')}: </span>
              {t(`detail.provider.${user.authProvider}`)}
            </p>
            {user.authProvider === 'credentials' && !user.hasPassword ? <Alert variant="info">{t('detail.noPassword')}</Alert> : null}
          </CardContent>
        </Card>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href="/settings/users" className={buttonClasses({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          {t('detail.back')}
        </Link>
        <DeleteUserButton user={user} onError={setError} afterDelete="/settings/users" />
      </div>
    </div>
  );
}
