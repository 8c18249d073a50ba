/** Export columns of the servicing tables (headers translated by the caller's `t`, namespace `servicing`). */
import type { ExportColumn } from '@/lib/exports';
import type { PaymentListRow } from '@/db/queries/payments';
import type { BehaviourRow, DelinquencyRow } from '@/services/servicing/views';

type T = (key: string, values?: Record<string, string | number>) => string;

/** A Delinquency export row; `statusNote` says why a lease has its status where the screens explain it. */
export type DelinquencyExportRow = DelinquencyRow & { statusNote?: string | null };

/**
 * The Delinquency table's export columns. At lease level with `tm` (the masterFile translator), the
 * lease status and its reason follow the lessee, as on screen.
 */
export function delinquencyExportColumns(t: T, level: 'lease' | 'lessee', tm?: T): ExportColumn<DelinquencyExportRow>[] {
  const money = (id: keyof DelinquencyRow, header: string): ExportColumn<DelinquencyExportRow> => ({
    id,
    header,
    kind: 'money',
    value: (r) => r[id] as number,
    currency: (r) => r.currency,
  });
  const status: ExportColumn<DelinquencyExportRow>[] =
    level === 'lease' && tm
      ? [
          { id: 'status', header: t('columns.status'), kind: 'text', value: (r) => (r.status ? tm(`statuses.${r.status}`) : null) },
          { id: 'statusReason', header: tm('status.reason'), kind: 'text', value: (r) => r.statusNote ?? null },
        ]
      : [];
  return [
    ...(level === 'lease'
      ? [{ id: 'contract', header: t('columns.contract'), kind: 'text' as const, value: (r: DelinquencyExportRow) => r.contractNumber }]
      : []),
    { id: 'lessee', header: t('columns.lessee'), kind: 'text', value: (r) => r.lesseeName },
    ...status,
    ...(level === 'lessee'
      ? [{ id: 'leases', header: t('columns.leases'), kind: 'integer' as const, value: (r: DelinquencyExportRow) => r.leases }]
      : []),
    { id: 'currency', header: t('columns.currency'), kind: 'text', value: (r) => r.currency },
    { id: 'dpd', header: t('columns.dpd'), kind: 'integer', value: (r) => r.dpd },
    { id: 'bucket', header: t('columns.bucket'), kind: 'text', value: (r) => r.bucket },
    money('arrearsNet', t('columns.arrearsNet')),
    money('arrearsVat', t('columns.arrearsVat')),
    money('arrearsTotal', t('columns.arrearsTotal')),
    money('outstandingPrincipal', t('columns.outstanding')),
    money('credit', t('columns.credit')),
    { id: 'lastPaymentOn', header: t('columns.lastPayment'), kind: 'date', value: (r) => r.lastPaymentOn },
  ];
}

export function behaviourExportColumns(t: T): ExportColumn<BehaviourRow>[] {
  return [
    { id: 'lessee', header: t('columns.lessee'), kind: 'text', value: (r) => r.lesseeName },
    { id: 'idOdoo', header: t('columns.idOdoo'), kind: 'text', value: (r) => r.idOdoo },
    { id: 'currency', header: t('columns.currency'), kind: 'text', value: (r) => r.currency },
    { id: 'leases', header: t('columns.leases'), kind: 'integer', value: (r) => r.leases },
    { id: 'instalmentsDue', header: t('columns.instalmentsDue'), kind: 'integer', value: (r) => r.instalmentsDue },
    { id: 'paidOnTime', header: t('columns.paidOnTime'), kind: 'integer', value: (r) => r.paidOnTime },
    { id: 'paidLate', header: t('columns.paidLate'), kind: 'integer', value: (r) => r.paidLate },
    { id: 'unpaidOverdue', header: t('columns.unpaidOverdue'), kind: 'integer', value: (r) => r.unpaidOverdue },
    { id: 'onTimeRate', header: t('columns.onTimeRate'), kind: 'percent', value: (r) => r.onTimeRate },
    {
      id: 'averageDaysLate',
      header: t('columns.averageDaysLate'),
      kind: 'decimal',
      value: (r) => (r.averageDaysLate === null ? null : Math.round(r.averageDaysLate * 10) / 10),
    },
    { id: 'maxDaysLate', header: t('columns.maxDaysLate'), kind: 'integer', value: (r) => r.maxDaysLate },
    { id: 'dpd', header: t('columns.dpd'), kind: 'integer', value: (r) => r.dpd },
    { id: 'bucket', header: t('columns.bucket'), kind: 'text', value: (r) => r.bucket },
    { id: 'arrearsTotal', header: t('columns.arrearsTotal'), kind: 'money', value: (r) => r.arrearsTotal, currency: (r) => r.currency },
    { id: 'lastPaymentDate', header: t('columns.lastPayment'), kind: 'date', value: (r) => r.lastPaymentDate },
    {
      id: 'lastPaymentAmount',
      header: t('columns.lastPaymentAmount'),
      kind: 'money',
      value: (r) => r.lastPaymentAmount,
      currency: (r) => r.currency,
    },
    { id: 'strip', header: t('columns.strip'), kind: 'text', value: (r) => r.strip.map((c) => `${c.month}:${c.status}`).join(' ') },
  ];
}

/** Ledger export columns. */
export function paymentExportColumns(t: T): ExportColumn<PaymentListRow>[] {
  return [
    { id: 'id', header: t('columns.entryId'), kind: 'integer', value: (r) => r.id },
    { id: 'receivedOn', header: t('columns.receivedOn'), kind: 'date', value: (r) => r.receivedOn },
    { id: 'contract', header: t('columns.contract'), kind: 'text', value: (r) => r.contractNumber },
    { id: 'lessee', header: t('columns.lessee'), kind: 'text', value: (r) => r.lesseeName },
    {
      id: 'kind',
      header: t('columns.kind'),
      kind: 'text',
      value: (r) =>
        r.kind === 'reversal' ? t('kinds.reversal', { id: r.reversesId ?? 0 }) : r.reversedBy ? t('kinds.reversed') : t('kinds.payment'),
    },
    { id: 'method', header: t('columns.method'), kind: 'text', value: (r) => t(`methods.${r.method}`) },
    { id: 'reference', header: t('columns.reference'), kind: 'text', value: (r) => r.reference },
    { id: 'currency', header: t('columns.currency'), kind: 'text', value: (r) => r.currency },
    {
      id: 'amount',
      header: t('columns.amount'),
      kind: 'money',
      value: (r) => (r.kind === 'reversal' ? -r.amount : r.amount),
      currency: (r) => r.currency,
    },
  ];
}

/** One row of the roll-rate export: the bucket at the first date and the lease counts per bucket at the second. */
export type RollRateExportRow = { from: string; counts: number[]; total: number; balance: number };

export function rollRateExportColumns(t: T, bucketLabels: string[]): ExportColumn<RollRateExportRow>[] {
  return [
    { id: 'from', header: t('rollRates.corner'), kind: 'text', value: (r) => r.from },
    ...bucketLabels.map((b, j): ExportColumn<RollRateExportRow> => ({
      id: `to${j}`,
      header: b,
      kind: 'integer',
      value: (r) => r.counts[j],
    })),
    { id: 'total', header: t('rollRates.total'), kind: 'integer', value: (r) => r.total },
  ];
}
