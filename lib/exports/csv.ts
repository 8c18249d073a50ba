import { minorToDecimalString } from '@/lib/finance/money';
import type { ExportColumn, ExportValue, RowBatches } from './columns';

/**
 * RFC 4180 CSV (comma, CRLF, quotes doubled) as a pull-driven ReadableStream: one batch of rows is
 * encoded per pull, so a large export never sits in memory as a whole. A UTF-8 byte-order mark leads
 * the file so spreadsheet programs read accents correctly.
 */
export function csvStream<T>(columns: ExportColumn<T>[], batches: RowBatches<T>, opts: { bom?: boolean } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: Iterator<T[]> | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${opts.bom === false ? '' : '\uFEFF'}${csvLine(columns.map((c) => c.header))}`));
    },
    pull(controller) {
      iterator ??= batches[Symbol.iterator]();
      const next = iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      let text = '';
      for (const row of next.value) text += csvLine(columns.map((c) => csvCell(c, row)));
      controller.enqueue(encoder.encode(text));
    },
    cancel() {
      iterator?.return?.();
    },
  });
}

/** The whole CSV as text (small tables and tests). */
export function csvText<T>(columns: ExportColumn<T>[], rows: T[]): string {
  return [columns.map((c) => c.header), ...rows.map((r) => columns.map((c) => csvCell(c, r)))].map(csvLine).join('');
}

export function csvLine(cells: string[]): string {
  return `${cells.map(quote).join(',')}\r\n`;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** The text of one cell. Text that a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvCell<T>(column: ExportColumn<T>, row: T): string {
  const v: ExportValue = column.value(row);
  if (v === null || v === undefined) return '';
  switch (column.kind) {
    case 'money':
      return minorToDecimalString(Number(v), column.currency ? column.currency(row) : 'EUR');
    case 'boolean':
      return v ? 'true' : 'false';
    case 'integer':
    case 'decimal':
    case 'percent':
      return String(v);
    case 'date':
      return String(v);
    default: {
      const s = String(v);
      return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
    }
  }
}
