import 'server-only';
import type { ExportColumn, XlsxSheets } from '@/lib/exports';
import type { CurrencySummary } from '@/lib/finance';
import {
  periodMonth,
  toTableRow,
  type CashFlowTableRow,
  type StatusedCashFlowSource,
  type ViewColumn,
} from '@/lib/portfolio/cash-flow-table';

/** Rows rendered per batch: the export must not stall other requests. */
const CHUNK = 500;

type TotalsColumn = Exclude<ViewColumn, `cash${number}` | 'cashBeyond'>;

/**
 * The export's columns: identification, then the chosen amount columns. Headers are the API's field
 * names (cash columns with their month, e.g. "cash1 (2026-11)"); amounts are money in the row's
 * currency (fx): exact decimals in CSV, numbers in major units in XLSX, so the file reads like the screen.
 */
export function exportColumns(cutOff: string, columns: readonly ViewColumn[]): ExportColumn<CashFlowTableRow>[] {
  const fx = (r: CashFlowTableRow) => r.fx;
  const money = (id: string, header: string, minor: (r: CashFlowTableRow) => number): ExportColumn<CashFlowTableRow> => ({
    id,
    header,
    kind: 'money',
    value: minor,
    currency: fx,
    redNegatives: true,
  });
  const out: ExportColumn<CashFlowTableRow>[] = [
    { id: 'id', header: 'id', kind: 'integer', value: (r) => r.id, width: 16 },
    { id: 'contractNumber', header: 'contractNumber', kind: 'text', value: (r) => r.contractNumber, width: 16 },
    { id: 'lessee', header: 'lessee', kind: 'text', value: (r) => r.lessee, width: 34 },
    { id: 'fx', header: 'fx', kind: 'text', value: (r) => r.fx, width: 16 },
    { id: 'assetType', header: 'assetType', kind: 'text', value: (r) => r.assetType, width: 16 },
    // The shown status at the cut-off (performing, defaulted, …): the Master File's word, not the stored "active".
    { id: 'status', header: 'status', kind: 'text', value: (r) => r.status, width: 16 },
  ];
  for (const c of columns) {
    if (c === 'cashBeyond') out.push(money(c, 'cashBeyond', (r) => r.cashBeyond));
    else if (c.startsWith('cash')) {
      const k = Number(c.slice(4));
      out.push(money(c, `${c} (${periodMonth(cutOff, k).slice(0, 7)})`, (r) => r.cash[k - 1]!));
    } else {
      const key = c as TotalsColumn;
      out.push(money(key, key, (r) => r[key]));
    }
  }
  return out;
}

async function* rowBatches(
  src: StatusedCashFlowSource,
  indices: ArrayLike<number>,
  rowOf: (row: CashFlowTableRow, i: number) => CashFlowTableRow,
): AsyncGenerator<CashFlowTableRow[]> {
  for (let start = 0; start < indices.length; start += CHUNK) {
    const batch: CashFlowTableRow[] = [];
    for (let j = start; j < Math.min(indices.length, start + CHUNK); j++) batch.push(rowOf(toTableRow(src, indices[j]!), indices[j]!));
    yield batch;
  }
}

/**
 * The workbook: sheet "Total cash flow" (frozen header and identification) and sheet "Totals" (per
 * currency, never added across currencies); as CSV only the first.
 */
export function exportSheets(
  src: StatusedCashFlowSource,
  indices: ArrayLike<number>,
  columns: ExportColumn<CashFlowTableRow>[],
  totals: CurrencySummary[],
  totalColumns: readonly ViewColumn[],
  /** Each row as exported (under a scenario: the scenario's flows of lease i, lib/portfolio/scenario-rows.ts). */
  rowOf: (row: CashFlowTableRow, i: number) => CashFlowTableRow = (row) => row,
): XlsxSheets<[CashFlowTableRow, CurrencySummary]> {
  const amountOf = (t: CurrencySummary, c: ViewColumn): number => {
    if (c === 'cashBeyond') return t.cashBeyond;
    if (c.startsWith('cash')) return t.cash[Number(c.slice(4)) - 1]!;
    return t[c as TotalsColumn];
  };
  const amountHeaders = columns.filter((c) => c.kind === 'money').map((c) => c.header);
  const totalsColumns: ExportColumn<CurrencySummary>[] = [
    { id: 'fx', header: 'fx', kind: 'text', value: (t) => t.currency, width: 8 },
    { id: 'count', header: 'count', kind: 'integer', value: (t) => t.count, width: 10 },
    ...totalColumns.map((c, n): ExportColumn<CurrencySummary> => ({
      id: c,
      header: amountHeaders[n] ?? c,
      kind: 'money',
      value: (t) => amountOf(t, c),
      currency: (t) => t.currency,
      redNegatives: true,
      width: 16,
    })),
  ];
  return [
    { name: 'Total cash flow', columns, batches: rowBatches(src, indices, rowOf), freezeColumns: 3 },
    { name: 'Totals', columns: totalsColumns, rows: totals },
  ];
}
