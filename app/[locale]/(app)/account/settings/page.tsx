import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { z } from 'zod';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { TrailHeader } from '@/components/shell/trail-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { AccountSettingsForm, type AccountSettingsSection } from '@/components/workspace/account-settings-form';
import { AccountTabs } from '@/components/workspace/account-tabs';
import { Link } from '@/i18n/navigation';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { accountSettingsScreen } from '@/services/workspace/account';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const SECTIONS = ['general', 'info', 'social', 'notification'] as const satisfies readonly AccountSettingsSection[];
const pageQuery = z.object({ tab: z.enum(SECTIONS).default('general') });

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'workspace.settings' });
  return { title: t('title') };
}

/** The signed-in user's own settings: general, info, social links and notifications, one section per tab. */
export default async function AccountSettingsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'account');
  if (!access.ok) return access.forbidden;
  const settings = await accountSettingsScreen(getDb(), access.principal.user.id);
  if (!settings) notFound();
  const t = await getTranslations('workspace.settings');
  const { value: q } = parseLenient(pageQuery, await searchParams);

  return (
    <ClientMessages namespaces={['workspace.settings']}>
      <>
        <TrailHeader
          section={{ nav: 'account', href: '/account' }}
          trail={[{ label: t('title') }]}
          title={t('title')}
          description={t('subtitle')}
        />
        <AccountTabs active="settings" />
        <div className="grid items-start gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
          <Card className="p-3">
            <nav aria-label={t('sectionsLabel')}>
              <ul className="flex flex-col gap-0.5">
                {SECTIONS.map((s) => (
                  <li key={s}>
                    <Link
                      href={{ pathname: '/account/settings', query: { tab: s } }}
                      aria-current={q.tab === s ? 'page' : undefined}
                      className={cn(
                        'flex h-9 items-center rounded-md px-3 text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary',
                        q.tab === s && 'bg-primary-soft font-medium text-primary-strong',
                      )}
                      data-testid={`settings-tab-${s}`}
                    >
                      {t(`sections.${s}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t(`sections.${q.tab}`)}</CardTitle>
            </CardHeader>
            <CardContent>
              <AccountSettingsForm key={q.tab} section={q.tab} initial={settings} />
            </CardContent>
          </Card>
        </div>
      </>
    </ClientMessages>
  );
}
