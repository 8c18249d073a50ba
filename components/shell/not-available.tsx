import { Construction } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import type { NavPageKey } from '@/lib/navigation';

/** Stands in for a feature that is not built yet: says so plainly, never shows invented data. */
export async function NotAvailable({ page }: { page: NavPageKey }) {
  const t = await getTranslations('notAvailable');
  const tp = await getTranslations('pages');
  return (
    <EmptyState icon={Construction} tone="warning" title={t('title', { page: tp(page) })} data-testid="not-available">
      {t('body')}
    </EmptyState>
  );
}
