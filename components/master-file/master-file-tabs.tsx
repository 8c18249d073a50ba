import { getTranslations } from '@/i18n/translations';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';

/**
 * The tabs of the Master File: the lease register, onboarding (quotations) and tape imports. Links, so each is a URL.
 * The imports tab is named for what its reader can do there: import a tape (write:funders), or read the imports' history.
 */
export async function MasterFileTabs({ active, canImport }: { active: 'register' | 'onboarding' | 'imports'; canImport: boolean }) {
  const t = await getTranslations('masterFile.tabs');
  const tabs = [
    { key: 'register', href: '/master-file', label: t('register') },
    { key: 'onboarding', href: '/master-file/onboarding', label: t('onboarding') },
    { key: 'imports', href: '/master-file/imports', label: t(canImport ? 'imports' : 'importHistory') },
  ] as const;
  return (
    <nav aria-label={t('label')} className="mb-5 border-b border-border">
      <ul className="-mb-px flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              aria-current={tab.key === active ? 'page' : undefined}
              className={cn(
                'inline-flex h-10 items-center border-b-2 px-4 text-sm font-medium',
                tab.key === active ? 'border-primary text-primary-strong' : 'border-transparent text-body hover:text-heading',
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
