import { getTranslations } from '@/i18n/translations';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A GET form over the page's URL (works without JavaScript): its fields, then "Show". */
export async function QueryForm({ children, hidden = {} }: { children: ReactNode; hidden?: Record<string, string> }) {
  const t = await getTranslations('reports');
  return (
    <form method="get" className="flex flex-wrap items-end gap-4" data-testid="report-query">
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children}
      <Button type="submit" variant="primary" size="sm">
        {t('show')}
      </Button>
    </form>
  );
}

export const SELECT =
  'h-8 rounded-md border border-border-strong bg-surface px-2 text-[13px] text-heading focus-visible:outline-2 focus-visible:outline-primary';
export const FIELD = 'grid gap-1 text-[13px] font-medium text-heading';
