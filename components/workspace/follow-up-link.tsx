import { ListPlus } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';

type Props = {
  /** What the task follows up: a lease or a lessee of the book. */
  target: { leaseId: number } | { lesseeId: number };
  /** The contract number or the lessee's name, for the task's title. */
  name: string;
  /** An icon-only link (in table rows) or a labelled button. */
  compact?: boolean;
};

/** "Add follow-up task": opens Tasks with the add form prefilled and linked to this lease or lessee. */
export function FollowUpLink({ target, name, compact }: Props) {
  // Synchronous (useTranslations works in a server component): a table renders one per row, and an async
  // component per row is a promise for the RSC renderer to wait on each time.
  const t = useTranslations('workspace.tasks');
  const query = {
    new: '1',
    title: t('followUpTitle', { name }),
    ...Object.fromEntries(Object.entries(target).map(([k, v]) => [k, String(v)])),
  };
  const label = t('followUp');
  return (
    <Link
      href={{ pathname: '/tasks', query }}
      className={buttonClasses({ variant: compact ? 'ghost' : 'outline', size: 'sm', className: compact ? 'h-7 px-1.5' : undefined })}
      // Only the action: a row's own links are found by the contract number, which this name must not repeat.
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      data-testid="follow-up"
    >
      <ListPlus aria-hidden="true" />
      {compact ? null : label}
    </Link>
  );
}
