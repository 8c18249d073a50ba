import { useTranslations } from '@/i18n/use-translations';

/**
 * What a Portfolio CF page shows while the server values the book: the first request after a start
 * (or after the book changed) loads and values every lease, which on a large book takes seconds.
 */
export function PageSkeleton({ cards = 1 }: { cards?: number }) {
  const t = useTranslations('portfolio');
  return (
    <div role="status" aria-live="polite" className="animate-pulse" data-testid="page-loading">
      <span className="sr-only">{t('loading')}</span>
      <div className="mb-6 flex flex-col gap-2" aria-hidden="true">
        <div className="h-3 w-40 rounded-sm bg-border" />
        <div className="h-7 w-72 rounded-sm bg-border" />
        <div className="h-4 w-96 max-w-full rounded-sm bg-border" />
      </div>
      <div className="grid gap-6" aria-hidden="true">
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className="h-48 rounded-md bg-surface shadow-card" />
        ))}
      </div>
      <p className="mt-4 text-[13px]">{t('loadingHint')}</p>
    </div>
  );
}
