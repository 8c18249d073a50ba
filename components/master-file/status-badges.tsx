import { Info } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { LeaseStatus, ShownStatus } from '@/lib/validations/leases';

const LEASE_VARIANT: Record<string, BadgeVariant> = {
  active: 'success',
  performing: 'success',
  cured: 'info',
  repaid: 'secondary',
  written_off: 'danger',
  closed: 'secondary',
  defaulted: 'danger',
  terminated: 'warning',
};
/** A stored business status or a shown (derived, domain.md §8) one. */
type AnyLeaseStatus = LeaseStatus | ShownStatus;
const QUOTATION_VARIANT: Record<string, BadgeVariant> = {
  draft: 'secondary',
  submitted: 'info',
  approved: 'success',
  rejected: 'danger',
  converted: 'primary',
};

/** A lease status as a tinted label (works in server and client components). */
export function LeaseStatusBadge({ status }: { status: AnyLeaseStatus }) {
  const t = useTranslations('masterFile.statuses');
  return (
    <Badge variant={LEASE_VARIANT[status]} data-testid="lease-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}

/**
 * A lease status in a table, with an info marker when the screens explain it (`note`: who set it, when,
 * DPD now). The note shows beside the marker on hover, and while keyboard focus is in its row (on the row's link): the
 * marker is no tab stop of its own, so a table of a hundred notes is not a hundred more stops. Screen readers read the
 * note with the cell, from its sr-only copy.
 */
export function LeaseStatusCell({
  status,
  note,
  opens = 'left',
}: {
  status: AnyLeaseStatus;
  note?: string | null;
  /** Which way the note opens from the marker: toward the table's wider side (left in a last column). */
  opens?: 'left' | 'right';
}) {
  return (
    <span className="inline-flex items-center gap-1">
      <LeaseStatusBadge status={status} />
      {note ? <StatusNoteMarker note={note} opens={opens} /> : null}
    </span>
  );
}

function StatusNoteMarker({ note, opens }: { note: string; opens: 'left' | 'right' }) {
  return (
    <span className="group relative inline-flex">
      <span
        className="inline-flex rounded-full text-body group-hover:text-primary-strong [tr:focus-within_&]:text-primary-strong"
        data-testid="status-note"
      >
        <Info className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{note}</span>
      </span>
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute top-full ${opens === 'left' ? 'right-0' : 'left-0'} z-30 mt-1 hidden w-72 rounded-md border border-border bg-surface p-2 text-xs font-normal whitespace-normal text-heading normal-case shadow-dropdown group-hover:block [tr:focus-within_&]:block`}
      >
        {note}
      </span>
    </span>
  );
}

export function QuotationStatusBadge({ status }: { status: 'draft' | 'submitted' | 'approved' | 'rejected' | 'converted' }) {
  const t = useTranslations('onboarding.statuses');
  return (
    <Badge variant={QUOTATION_VARIANT[status]} data-testid="quotation-status">
      {t(status)}
    </Badge>
  );
}
