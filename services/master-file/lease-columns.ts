import type { LeaseListRow } from '@/db/queries/leases';
import type { ScheduleRowRecord } from '@/db/schema/portfolio';
import type { MasterFileColumnId, ShownStatus } from '@/lib/validations/leases';
import type { ExportColumn } from '@/lib/exports/columns';

/** A translator of the masterFile message namespace (next-intl's `t`). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A register row of an export; `statusNote` says why the lease has its status where the screens explain it;
 * `outstandingPrincipal` is the book engine's at the register's cut-off (null: not in the pool then, an empty cell).
 */
export type LeaseExportRow = LeaseListRow & { shownStatus: ShownStatus; statusNote?: string | null; outstandingPrincipal?: number | null };

/**
 * The Master File's columns as export columns, with headers and enumerated values in the reader's
 * language. `ids` picks and orders them (the table's visible columns); default: every column. With
 * `statusReason`, the status is followed by the reason column (the rows' `statusNote`), as on screen. With
 * `cutOff`, the outstanding principal's header names its date (a file is read long after the day it was made).
 */
export function leaseExportColumns(
  t: Translate,
  ids: readonly MasterFileColumnId[],
  opts: { statusReason?: boolean; cutOff?: string } = {},
): ExportColumn<LeaseExportRow>[] {
  const currency = (r: LeaseListRow) => r.currency;
  const all: Record<MasterFileColumnId, Omit<ExportColumn<LeaseExportRow>, 'id' | 'header'>> = {
    contractNumber: { kind: 'text', value: (r) => r.contractNumber, width: 18 },
    lessee: { kind: 'text', value: (r) => r.lesseeName, width: 34 },
    clientId: { kind: 'text', value: (r) => r.lesseeIdOdoo, width: 16 },
    assetType: { kind: 'text', value: (r) => t(`assetTypes.${r.assetType}`) },
    assetDescription: { kind: 'text', value: (r) => r.assetDescription, width: 34 },
    condition: { kind: 'text', value: (r) => t(`conditions.${r.condition}`) },
    currency: { kind: 'text', value: (r) => r.currency, width: 9 },
    price: { kind: 'money', value: (r) => r.price, currency },
    downPayment: { kind: 'money', value: (r) => r.downPayment, currency },
    principal: { kind: 'money', value: (r) => r.principal, currency },
    outstandingPrincipal: { kind: 'money', value: (r) => r.outstandingPrincipal, currency, width: 16 },
    residual: { kind: 'money', value: (r) => r.residual, currency },
    term: { kind: 'integer', value: (r) => r.term, width: 8 },
    rate: { kind: 'percent', value: (r) => r.rate, width: 9 },
    instalment: { kind: 'money', value: (r) => r.instalment, currency },
    timing: { kind: 'text', value: (r) => t(`timings.${r.timing}`) },
    frequency: { kind: 'text', value: (r) => t(`frequencies.${r.frequency}`) },
    firstDueDate: { kind: 'date', value: (r) => r.firstDueDate, width: 12 },
    vatRate: { kind: 'percent', value: (r) => r.vatRate, width: 9 },
    fee: { kind: 'money', value: (r) => r.fee, currency },
    purchaseDate: { kind: 'date', value: (r) => r.purchaseDate, width: 12 },
    agreedPurchasePrice: { kind: 'money', value: (r) => r.agreedPurchasePrice, currency },
    status: { kind: 'text', value: (r) => t(`statuses.${r.shownStatus}`) },
  };
  return ids.flatMap((id): ExportColumn<LeaseExportRow>[] => [
    {
      id,
      header: id === 'outstandingPrincipal' && opts.cutOff ? t('export.outstandingPrincipalAt', { date: opts.cutOff }) : t(`columns.${id}`),
      ...all[id],
    },
    ...(id === 'status' && opts.statusReason
      ? [
          {
            id: 'statusReason',
            header: t('status.reason'),
            kind: 'text' as const,
            value: (r: LeaseExportRow) => r.statusNote ?? null,
            width: 60,
          },
        ]
      : []),
  ]);
}

/** A lease's schedule as export columns (amounts in the lease's currency). */
export function scheduleExportColumns(t: Translate, currency: string): ExportColumn<Omit<ScheduleRowRecord, 'leaseId'>>[] {
  const cur = () => currency;
  return [
    { id: 'period', header: t('schedule.period'), kind: 'integer', value: (r) => r.period, width: 8 },
    { id: 'dueDate', header: t('schedule.dueDate'), kind: 'date', value: (r) => r.dueDate, width: 12 },
    { id: 'instalment', header: t('schedule.instalment'), kind: 'money', value: (r) => r.instalment, currency: cur },
    { id: 'interest', header: t('schedule.interest'), kind: 'money', value: (r) => r.interest, currency: cur },
    { id: 'principal', header: t('schedule.principal'), kind: 'money', value: (r) => r.principal, currency: cur },
    { id: 'vat', header: t('schedule.vat'), kind: 'money', value: (r) => r.vat, currency: cur },
    { id: 'fee', header: t('schedule.fee'), kind: 'money', value: (r) => r.fee, currency: cur },
    { id: 'gross', header: t('schedule.gross'), kind: 'money', value: (r) => r.gross, currency: cur },
    { id: 'balanceAfter', header: t('schedule.balanceAfter'), kind: 'money', value: (r) => r.balanceAfter, currency: cur },
  ];
}
