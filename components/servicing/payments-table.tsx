import { HEAD_CELLS, ROW_RULES, STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import type { PaymentListRow } from '@/db/queries/payments';
import { Amount } from '@/components/ui/amount';
import { Badge } from '@/components/ui/badge';
import { Link } from '@/i18n/navigation';
import { formatIsoDate } from '@/lib/format';
import { ReversePaymentButton } from './reverse-payment-button';

/** Ledger rows (payments and reversals), newest first; a payment not yet reversed gets a Reverse action for writers. */
export function PaymentsTable({
  rows,
  funderId,
  canWrite,
  showLease = true,
}: {
  rows: PaymentListRow[];
  funderId: number;
  canWrite: boolean;
  showLease?: boolean;
}) {
  const t = useTranslations('servicing');
  const format = useFormatter();
  return (
    <div className="max-h-[70vh] overflow-auto">
      <table className={`w-full text-[13px] ${STICKY_FIRST_COLUMN} ${ROW_RULES}`} data-testid="payments-table">
        <thead className={`sticky top-0 z-10 shadow-[0_1px_0_var(--color-border)] ${HEAD_CELLS}`}>
          <tr className="text-left">
            <th scope="col" className="px-3 py-2">
              {t('columns.receivedOn')}
            </th>
            {showLease ? (
              <th scope="col" className="px-3 py-2">
                {t('columns.contract')}
              </th>
            ) : null}
            {showLease ? (
              <th scope="col" className="px-3 py-2">
                {t('columns.lessee')}
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2">
              {t('columns.kind')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('columns.method')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('columns.reference')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t('columns.amount')}
            </th>
            {canWrite ? (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('columns.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} className="h-8" data-testid={`payment-${p.id}`}>
              <td className="px-3 py-1 whitespace-nowrap">{formatIsoDate(format, p.receivedOn)}</td>
              {showLease ? (
                <td className="px-3 py-1">
                  <Link href={`/master-file/${p.leaseId}`} className="text-primary-strong hover:underline focus-visible:underline">
                    {p.contractNumber}
                  </Link>
                </td>
              ) : null}
              {showLease ? (
                <td className="px-3 py-1">
                  <Link href={`/servicing/clients-behavior/${p.lesseeId}`} className="hover:underline focus-visible:underline">
                    {p.lesseeName}
                  </Link>
                </td>
              ) : null}
              <td className="px-3 py-1">
                {p.kind === 'reversal' ? (
                  <Badge variant="warning">{t('kinds.reversal', { id: p.reversesId ?? 0 })}</Badge>
                ) : p.reversedBy ? (
                  <Badge variant="secondary">{t('kinds.reversed')}</Badge>
                ) : (
                  t('kinds.payment')
                )}
              </td>
              <td className="px-3 py-1">{t(`methods.${p.method}`)}</td>
              <td className="px-3 py-1">{p.reference || '—'}</td>
              <td className="px-3 py-1 text-right">
                <Amount minor={p.kind === 'reversal' ? -p.amount : p.amount} currency={p.currency} />
              </td>
              {canWrite ? (
                <td className="px-3 py-1 text-right">
                  {p.kind === 'payment' && !p.reversedBy ? (
                    <ReversePaymentButton paymentId={p.id} funderId={funderId} receivedOn={p.receivedOn} />
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
