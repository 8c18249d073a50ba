import { History } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { AutoRefresh } from '@/components/reports/auto-refresh';
import { EmptyState } from '@/components/ui/empty-state';

type Props = {
  /** The background build's state (services/history/background.ts snapshotReadiness, when not ready). */
  readiness: { built: number; needed: number; error: string | null };
  testId: string;
};

/** While a report's month-end snapshots are built in the background: months built of months needed, refreshing until done. */
export async function SnapshotProgress({ readiness: { built, needed, error }, testId }: Props) {
  const t = await getTranslations('history.building');
  const progress = t('progress', { built, needed });
  return (
    <EmptyState icon={History} title={t('title')} tone={error ? 'danger' : 'info'} data-testid={testId}>
      <p role="status" aria-live="polite">
        {error === null ? progress : t('error', { error })}
      </p>
      {error === null ? (
        <>
          <progress className="mt-3 h-2 w-64 max-w-full accent-primary" value={built} max={Math.max(1, needed)} aria-label={progress} />
          <p className="mt-2 text-[13px]">{t('hint')}</p>
          <AutoRefresh ms={2000} />
        </>
      ) : null}
    </EmptyState>
  );
}
