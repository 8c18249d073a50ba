import type { BadgeVariant } from '@/components/ui/badge';
import type { InvoiceStatusValue } from '@/lib/validations/invoices';

export const INVOICE_STATUS_BADGE: Record<InvoiceStatusValue, BadgeVariant> = {
  Paid: 'success',
  Downloaded: 'info',
  Draft: 'secondary',
  Sent: 'primary',
  'Past Due': 'danger',
  'Partial Payment': 'warning',
};
