import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { CovenantStatus } from '@/lib/domain/facilities';

const VARIANT: Record<CovenantStatus, BadgeVariant> = { compliant: 'success', warning: 'warning', breach: 'danger' };

/** Compliant / Warning / Breach (or no covenant), as a badge with its text (colour is never the only cue). */
export function CovenantBadge({ status, label }: { status: CovenantStatus | null; label: string }) {
  return (
    <Badge variant={status ? VARIANT[status] : 'secondary'} data-status={status ?? 'none'}>
      {label}
    </Badge>
  );
}
