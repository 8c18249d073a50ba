import { getTranslations } from '@/i18n/translations';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';

export type DashboardTab = 'overview' | 'insights';

/** The Dashboard's tabs: the overview (KPIs and charts of the book) and the insights (analytics and statistics). */
export async function DashboardTabs({ active }: { active: DashboardTab }) {
  const t = await getTranslations('dashboard.insights.tabs');
  return (
    <nav aria-label={t('label')} className="mb-6 flex flex-wrap gap-1 border-b border-border" data-testid="dashboard-tabs">
      {(['overview', 'insights'] as const).map((tab) => (
        <Link
          key={tab}
          href={tab === 'overview' ? '/dashboard' : { pathname: '/dashboard', query: { tab } }}
          aria-current={tab === active ? 'page' : undefined}
          className={cn(
            '-mb-px border-b-2 px-4 py-2 text-sm font-medium hover:text-primary-strong focus-visible:outline-2 focus-visible:outline-primary',
            tab === active ? 'border-primary text-primary-strong' : 'border-transparent',
          )}
          data-testid={`dashboard-tab-${tab}`}
        >
          {t(tab)}
        </Link>
      ))}
    </nav>
  );
}
