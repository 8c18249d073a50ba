/** Export columns of the servicing tables (headers translated by the caller's `t`, namespace `servicing`). */
import type { ExportColumn } from '@/lib/exports';
import type { BehaviourRow, DelinquencyRow } from './views';

type T = (key: string) => string;

export function delinquencyExportColumns(t: T, level: 'lease' | 'lessee'): ExportColumn<DelinquencyRow>[] {
  const money = (id: keyof DelinquencyRow, header: string): ExportColumn<DelinquencyRow> => ({ id, header, kind: 'money', value: (r) => r[id] as number, currency: (r) => r.currency });
  return [
    ...(level === 'lease' ? [{ id: 'contract', header: t('columns.contract'), kind: 'text' as const, value: (r: DelinquencyRow) => r.contractNumber }] : []),
    { id: 'lessee', header: t('columns.lessee'), kind: 'text', value: (r) => r.lesseeName },
    ...(level === 'lessee' ? [{ id: 'leases', header: t('columns.leases'), kind: 'integer' as const, value: (r: DelinquencyRow) => r.leases }] : []),
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
    { id: 'averageDaysLate', header: t('columns.averageDaysLate'), kind: 'decimal', value: (r) => (r.averageDaysLate === null ? null : Math.round(r.averageDaysLate * 10) / 10) },
    { id: 'maxDaysLate', header: t('columns.maxDaysLate'), kind: 'integer', value: (r) => r.maxDaysLate },
    { id: 'dpd', header: t('columns.dpd'), kind: 'integer', value: (r) => r.dpd },
    { id: 'bucket', header: t('columns.bucket'), kind: 'text', value: (r) => r.bucket },
    { id: 'arrearsTotal', header: t('columns.arrearsTotal'), kind: 'money', value: (r) => r.arrearsTotal, currency: (r) => r.currency },
    { id: 'lastPaymentDate', header: t('columns.lastPayment'), kind: 'date', value: (r) => r.lastPaymentDate },
    { id: 'lastPaymentAmount', header: t('columns.lastPaymentAmount'), kind: 'money', value: (r) => r.lastPaymentAmount, currency: (r) => r.currency },
    { id: 'strip', header: t('columns.strip'), kind: 'text', value: (r) => r.strip.map((c) => `${c.month}:${c.status}`).join(' ') },
  ];
}
