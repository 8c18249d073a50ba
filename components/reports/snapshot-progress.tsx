import { History } from 'lucide-react';
import { AutoRefresh } from '@/components/reports/auto-refresh';
import { EmptyState } from '@/components/ui/empty-state';

type Props = {
  title: string;
  /** "7 of 24 months built", already formatted. */
  progress: string;
  hint: string;
  built: number;
  needed: number;
  /** The build's error, already worded (no refreshing then). */
  error: string | null;
  testId: string;
};

/** While a report's month-end snapshots are built in the background: months built of months needed, refreshing until done. */
export function SnapshotProgress({ title, progress, hint, built, needed, error, testId }: Props) {
  return (
    <EmptyState icon={History} title={title} tone={error ? 'danger' : 'info'} data-testid={testId}>
      <p role="status" aria-live="polite">{error ?? progress}</p>
      {error ? null : (
        <>
          <progress className="mt-3 h-2 w-64 max-w-full accent-primary" value={built} max={Math.max(1, needed)} aria-label={progress} />
          <p className="mt-2 text-[13px]">{hint}</p>
          <AutoRefresh ms={2000} />
        </>
      )}
    </EmptyState>
  );
}
