import { cn } from '@/components/ui/cn';

const COLORS: Record<string, string> = {
  get: 'bg-info-soft text-info-text',
  post: 'bg-success-soft text-success-text',
  put: 'bg-warning-soft text-warning-text',
  patch: 'bg-warning-soft text-warning-text',
  delete: 'bg-danger-soft text-danger-text',
};

/** The HTTP method as a tinted tag (GET blue, POST green, PUT/PATCH orange, DELETE red). */
export function MethodBadge({ method, compact = false }: { method: string; compact?: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 justify-center rounded-sm font-mono font-semibold uppercase',
        compact ? 'w-14 px-1 text-[11px] leading-5' : 'px-2 py-0.5 text-[13px]',
        COLORS[method] ?? 'bg-surface-muted text-heading',
      )}
    >
      {method}
    </span>
  );
}
