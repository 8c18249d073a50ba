/**
 * The export tables (CSV/XLSX through lib/exports) of Reports → Performance, Reports → Vintages and a
 * month's lease snapshots; headers from the `history` messages. Rates are written as decimals with 8
 * digits (never raw floats), money in minor units of the row's currency (the kit formats it).
 */
import type { ExportColumn, ExportKind } from '@/lib/exports';
import type { LeaseSnapshot, PerformanceRow, VintagePoint } from '@/lib/history';
import type { Translate } from '@/lib/reports/labels';

const RATE_DECIMALS = 8;
const round = (x: number) => Math.round(x * 10 ** RATE_DECIMALS) / 10 ** RATE_DECIMALS;

function columns<T extends object>(
  t: Translate,
  prefix: string,
  currency: (row: T) => string,
  spec: [keyof T & string, ExportKind][],
): ExportColumn<T>[] {
  return spec.map(([id, kind]) => ({
    id,
    header: t(`${prefix}.${id}`),
    kind,
    value: (r: T) => {
      const v = r[id] as unknown;
      if (kind === 'percent' && typeof v === 'number') return round(v);
      return v as string | number | boolean | null;
    },
    ...(kind === 'money' ? { currency } : {}),
  }));
}

export function performanceExportColumns(t: Translate, currency: string): ExportColumn<PerformanceRow>[] {
  return columns<PerformanceRow>(t, 'columns', () => currency, [
    ['month', 'text'],
    ['live', 'boolean'],
    ['leases', 'integer'],
    ['startBalance', 'money'],
    ['purchasedPrincipal', 'money'],
    ['scheduledPrincipal', 'money'],
    ['writtenOffPrincipal', 'money'],
    ['balance', 'money'],
    ['unscheduledPrincipal', 'money'],
    ['defaultedPrincipal', 'money'],
    ['originalBalance', 'money'],
    ['smm', 'percent'],
    ['cpr', 'percent'],
    ['mdr', 'percent'],
    ['cdr', 'percent'],
    ['poolFactor', 'percent'],
    ['dq30', 'percent'],
    ['dq60', 'percent'],
    ['dq90', 'percent'],
    ['cumulativeNetLoss', 'money'],
    ['cumulativeNetLossPct', 'percent'],
  ]);
}

export type VintageExportRow = VintagePoint & { cohort: string; leases: number };

export function vintageExportColumns(t: Translate, currency: string): ExportColumn<VintageExportRow>[] {
  return columns<VintageExportRow>(t, 'vintageColumns', () => currency, [
    ['cohort', 'text'],
    ['leases', 'integer'],
    ['monthsSince', 'integer'],
    ['month', 'text'],
    ['originalBalance', 'money'],
    ['defaulted', 'money'],
    ['netLoss', 'money'],
    ['value', 'percent'],
  ]);
}

export function snapshotExportColumns(t: Translate): ExportColumn<LeaseSnapshot>[] {
  return columns<LeaseSnapshot>(t, 'snapshotColumns', (r) => r.currency, [
    ['leaseId', 'integer'],
    ['contractNumber', 'text'],
    ['currency', 'text'],
    ['purchaseDate', 'date'],
    ['originationDate', 'date'],
    ['originalPrincipal', 'money'],
    ['inPool', 'boolean'],
    ['startBalance', 'money'],
    ['purchasedPrincipal', 'money'],
    ['scheduledPrincipal', 'money'],
    ['writtenOffPrincipal', 'money'],
    ['balance', 'money'],
    ['actualPrincipal', 'money'],
    ['unscheduledPrincipal', 'money'],
    ['interest', 'money'],
    ['dpd', 'integer'],
    ['bucket', 'text'],
    ['status', 'text'],
    ['firstDefaultDate', 'date'],
    ['defaultAmount', 'money'],
    ['defaultPrincipal', 'money'],
    ['writtenOff', 'money'],
    ['recoveries', 'money'],
  ]);
}
