import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import type { PaymentListRow } from '@/db/queries/payments';
import { Amount } from '@/components/ui/amount';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Link } from '@/i18n/navigation';
import { formatDecimal } from '@/lib/format';
import type { LeaseServicingState } from '@/services/servicing/book';
import { bucketLabel } from '@/lib/servicing/view-keys';
import { PaymentsTable } from './payments-table';
import { RecordPaymentForm } from './record-payment-form';

/** The Master File lease page's servicing card: DPD and arrears today, the record-payment form (writers) and the lease's ledger. */
export async function LeasePaymentsCard({
  lease,
  funderId,
  state,
  list,
  canWrite,
}: {
  lease: { id: number; contractNumber: string; currency: string };
  funderId: number;
  /** The lease's servicing state today (undefined: not in the servicing book). */
  state: LeaseServicingState | undefined;
  list: { rows: PaymentListRow[]; total: number };
  canWrite: boolean;
}) {
  const t = await getTranslations('servicing');
  const format = await getFormatter();
  return (
    <Card className="mt-6" id="payments">
      <CardHeader>
        <CardTitle>{t('lease.title')}</CardTitle>
        <CardDescription>
          {state ? (
            <span data-testid="lease-servicing-state">
              {t('lease.state', { dpd: formatDecimal(format, state.dpd), bucket: bucketLabel(state.bucket, t('buckets.current')) })}{' '}
              <Amount minor={state.arrearsTotal} currency={lease.currency} />
            </span>
          ) : (
            t('lease.notInBook')
          )}{' '}
          <Link
            href={{ pathname: '/servicing/payments', query: { lease: String(lease.id) } }}
            className="text-primary-strong hover:underline"
          >
            {t('lease.openLedger')}
          </Link>
        </CardDescription>
      </CardHeader>
      {canWrite ? (
        <CardContent>
          <h3 className="mb-3 text-[15px] font-medium text-heading">{t('record.title')}</h3>
          <RecordPaymentForm funderId={funderId} lease={lease} />
        </CardContent>
      ) : null}
      {list.rows.length > 0 ? (
        <PaymentsTable rows={list.rows} funderId={funderId} canWrite={canWrite} showLease={false} />
      ) : (
        <CardContent>{t('lease.noPayments')}</CardContent>
      )}
    </Card>
  );
}
