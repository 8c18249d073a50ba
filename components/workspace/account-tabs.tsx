import { getTranslations } from '@/i18n/translations';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';

export type AccountTab = 'account' | 'settings' | 'profile';

const TABS: { key: AccountTab; href: '/account' | '/account/settings' | '/account/profile' }[] = [
  { key: 'account', href: '/account' },
  { key: 'settings', href: '/account/settings' },
  { key: 'profile', href: '/account/profile' },
];

/** The links between the user's own pages: account and permissions, settings, profile. */
export async function AccountTabs({ active }: { active: AccountTab }) {
  const t = await getTranslations('workspace.settings.tabs');
  return (
    <nav aria-label={t('label')} className="mb-6 flex flex-wrap gap-1 border-b border-border" data-testid="account-tabs">
      {TABS.map((tab) => (
        <Link
          key={tab.key}
          href={tab.href}
          aria-current={tab.key === active ? 'page' : undefined}
          className={cn(
            '-mb-px border-b-2 px-4 py-2 text-sm font-medium hover:text-primary-strong focus-visible:outline-2 focus-visible:outline-primary',
            tab.key === active ? 'border-primary text-primary-strong' : 'border-transparent',
          )}
          data-testid={`account-tab-${tab.key}`}
        >
          {t(tab.key)}
        </Link>
      ))}
    </nav>
  );
}
