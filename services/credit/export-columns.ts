/** Export columns of the Defaults & losses tables (headers translated by the caller's `t`, namespace `credit`). */
import type { ExportColumn } from '@/lib/exports';
import type { CREDIT_EXPORT_TABLES } from '@/lib/validations/credit-export';
import type { CreditFlagView, RecoveryView, WriteOffView } from '@/db/queries/credit';
import type { DefaultRow, EclRow, LossLedgerRow, MeasuresRow } from './screen';

type T = (key: string, values?: Record<string, string | number>) => string;

/** A table of the screen, as the export query names it (one list: lib/validations/credit-export). */
export type CreditTable = (typeof CREDIT_EXPORT_TABLES)[number];

function money<R extends { currency: string }>(id: string, header: string, value: (r: R) => number): ExportColumn<R> {
  return { id, header, kind: 'money', value, currency: (r) => r.currency };
}

export function defaultsColumns(t: T, note: (r: DefaultRow) => string): ExportColumn<DefaultRow>[] {
  return [
    { id: 'contract', header: t('columns.contract'), kind: 'text', value: (r) => r.contractNumber },
    { id: 'lessee', header: t('columns.lessee'), kind: 'text', value: (r) => r.lesseeName },
    { id: 'currency', header: t('columns.currency'), kind: 'text', value: (r) => r.currency },
    { id: 'why', header: t('columns.reason'), kind: 'text', value: (r) => t(`why.${r.why}`) },
    { id: 'note', header: t('columns.status'), kind: 'text', value: note },
    { id: 'since', header: t('columns.since'), kind: 'date', value: (r) => r.defaultSince },
    { id: 'creditDpd', header: t('columns.creditDpd'), kind: 'integer', value: (r) => r.creditDpd },
    { id: 'dpd', header: t('columns.dpd'), kind: 'integer', value: (r) => r.dpd },
    money('pastDue', t('columns.pastDue'), (r) => r.pastDue),
    money('exposure', t('columns.exposure'), (r) => r.exposure),
  ];
}

export function flagsColumns(t: T): ExportColumn<CreditFlagView>[] {
  return [
    { id: 'contract', header: t('columns.contract'), kind: 'text', value: (r) => r.contractNumber },
    { id: 'lessee', header: t('columns.lessee'), kind: 'text', value: (r) => r.lesseeName },
    { id: 'flaggedOn', header: t('columns.flaggedOn'), kind: 'date', value: (r) => r.flaggedOn },
    { id: 'reason', header: t('columns.reason'), kind: 'text', value: (r) => r.reason },
    { id: 'flaggedBy', header: t('columns.flaggedBy'), kind: 'text', value: (r) => r.flaggedByEmail },
  ];
}

export function writeOffsColumns(t: T): ExportColumn<WriteOffView>[] {
  return [
    { id: 'contract', header: t('columns.contract'), kind: 'text', value: (r) => r.contractNumber },
    { id: 'lessee', header: t('columns.lessee'), kind: 'text', value: (r) => r.lesseeName },
    { id: 'date', header: t('columns.date'), kind: 'date', value: (r) => r.writeOffOn },
    { id: 'currency', header: t('columns.currency'), kind: 'text', value: (r) => r.currency },
    money('amount', t('columns.amount'), (r) => r.amount),
    { id: 'status', header: t('columns.status'), kind: 'text', value: (r) => t(`writeOffStatus.${r.status}`) },
    { id: 'proposedBy', header: t('columns.proposedBy'), kind: 'text', value: (r) => r.proposedByEmail },
    { id: 'decidedBy', header: t('columns.decidedBy'), kind: 'text', value: (r) => r.decidedByEmail },
  ];
}

export function recoveriesColumns(t: T): ExportColumn<RecoveryView>[] {
  return [
    { id: 'contract', header: t('columns.contract'), kind: 'text', value: (r) => r.contractNumber },
    { id: 'lessee', header: t('columns.lessee'), kind: 'text', value: (r) => r.lesseeName },
    { id: 'date', header: t('columns.date'), kind: 'date', value: (r) => r.receivedOn },
    { id: 'kind', header: t('columns.kind'), kind: 'text', value: (r) => t(`recoveryKind.${r.kind}`) },
    { id: 'currency', header: t('columns.currency'), kind: 'text', value: (r) => r.currency },
    money('amount', t('columns.amount'), (r) => r.amount),
    { id: 'reference', header: t('columns.reference'), kind: 'text', value: (r) => r.reference },
  ];
}

export function ledgerColumns(t: T): ExportColumn<LossLedgerRow>[] {
  return [
    { id: 'date', header: t('columns.date'), kind: 'date', value: (r) => r.date },
    { id: 'entry', header: t('columns.entry'), kind: 'text', value: (r) => t(`ledgerKind.${r.kind}`) },
    { id: 'contract', header: t('columns.contract'), kind: 'text', value: (r) => r.contractNumber },
    { id: 'lessee', header: t('columns.lessee'), kind: 'text', value: (r) => r.lesseeName },
    { id: 'currency', header: t('columns.currency'), kind: 'text', value: (r) => r.currency },
    money('amount', t('columns.amount'), (r) => (r.kind === 'write_off' ? r.amount : -r.amount)),
    money('balance', t('columns.balance'), (r) => r.balance),
  ];
}

export function measuresColumns(t: T): ExportColumn<MeasuresRow>[] {
  return [
    { id: 'currency', header: t('columns.currency'), kind: 'text', value: (r) => r.currency },
    { id: 'defaultedLeases', header: t('columns.defaultedLeases'), kind: 'integer', value: (r) => r.defaultedLeases },
    money('defaultedExposure', t('columns.defaultedExposure'), (r) => r.defaultedExposure),
    money('grossLoss', t('columns.grossLoss'), (r) => r.grossLoss),
    money('recoveries', t('columns.recoveries'), (r) => r.recoveries),
    money('netLoss', t('columns.netLoss'), (r) => r.netLoss),
    { id: 'recoveryRate', header: t('columns.recoveryRate'), kind: 'percent', value: (r) => r.recoveryRate },
    { id: 'severity', header: t('columns.severity'), kind: 'percent', value: (r) => r.severity },
    { id: 'cumulativeNetLoss', header: t('columns.cumulativeNetLoss'), kind: 'percent', value: (r) => r.cumulativeNetLossRate },
  ];
}

export function eclColumns(t: T, bucket: (key: string) => string): ExportColumn<EclRow>[] {
  return [
    { id: 'currency', header: t('columns.currency'), kind: 'text', value: (r) => r.currency },
    { id: 'stage', header: t('columns.stage'), kind: 'integer', value: (r) => r.stage },
    { id: 'bucket', header: t('columns.bucket'), kind: 'text', value: (r) => bucket(r.bucket) },
    { id: 'leases', header: t('columns.leases'), kind: 'integer', value: (r) => r.leases },
    money('exposure', t('columns.exposure'), (r) => r.exposure),
    { id: 'rate', header: t('columns.rate'), kind: 'percent', value: (r) => r.rate },
    money('ecl', t('columns.ecl'), (r) => r.ecl),
  ];
}
