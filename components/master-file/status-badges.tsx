import { useTranslations } from 'next-intl';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const LEASE_VARIANT: Record<string, BadgeVariant> = { active: 'success', closed: 'secondary', defaulted: 'danger', terminated: 'warning' };
const QUOTATION_VARIANT: Record<string, BadgeVariant> = { draft: 'secondary', submitted: 'info', approved: 'success', rejected: 'danger', converted: 'primary' };

/** A lease status as a tinted label (works in server and client components). */
export function LeaseStatusBadge({ status }: { status: 'active' | 'closed' | 'defaulted' | 'terminated' }) {
  const t = useTranslations('masterFile.statuses');
  return <Badge variant={LEASE_VARIANT[status]}>{t(status)}</Badge>;
}

export function QuotationStatusBadge({ status }: { status: 'draft' | 'submitted' | 'approved' | 'rejected' | 'converted' }) {
  const t = useTranslations('onboarding.statuses');
  return (
    <Badge variant={QUOTATION_VARIANT[status]} data-testid="quotation-status">
      {t(status)}
    </Badge>
  );
}
