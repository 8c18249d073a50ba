import { minorToDecimalString } from '@/lib/finance/money';
import { batchIterator, CONTENT_TYPES, type ExportColumn, type ExportValue, type RowBatches } from './columns';
import { guardCsvText, PLAIN_NUMBER } from './guard';

/**
 * The one CSV writer: RFC 4180 (comma, CRLF, quotes doubled, fields with a comma, quote or line break
 * quoted), every text cell through the formula guard (./guard.ts). Files lead with a UTF-8 byte-order
 * mark by default so spreadsheet programs read accents correctly (`bom: false` for the few files that
 * never had one, e.g. the calculators' schedule).
 */
export type CsvOptions = { bom?: boolean };

const BOM = '\uFEFF';

/**
 * The same CSV as a pull-driven ReadableStream: one batch of rows is encoded per pull, so a large
 * export never sits in memory as a whole.
 */
export function csvStream<T>(columns: ExportColumn<T>[], batches: RowBatches<T>, opts: CsvOptions = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: Iterator<readonly T[]> | AsyncIterator<readonly T[]> | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${opts.bom === false ? '' : BOM}${csvHeader(columns)}`));
    },
    async pull(controller) {
      iterator ??= batchIterator(batches);
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      let text = '';
      for (const row of next.value) text += csvRow(columns, row);
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await iterator?.return?.();
    },
  });
}

/** The whole CSV as text, without a byte-order mark (small tables, kept files and tests). */
export function csvText<T>(columns: ExportColumn<T>[], rows: readonly T[]): string {
  let text = csvHeader(columns);
  for (const row of rows) text += csvRow(columns, row);
  return text;
}

/** A file of one or more tables, separated by an empty line (a kept report's lines, then its totals). */
export function csvFile(tables: { columns: ExportColumn<never>[]; rows: readonly unknown[] }[], opts: CsvOptions = {}): string {
  const parts = tables.map((t) => csvText(t.columns as ExportColumn<unknown>[], t.rows));
  return (opts.bom === false ? '' : BOM) + parts.join('\r\n');
}

function csvHeader<T>(columns: ExportColumn<T>[]): string {
  return csvLine(columns.map((c) => guardCsvText(c.header)));
}

function csvRow<T>(columns: ExportColumn<T>[], row: T): string {
  return csvLine(columns.map((c) => csvCell(c, row)));
}

/** One line of already-guarded cells. */
function csvLine(cells: string[]): string {
  return `${cells.map(quote).join(',')}\r\n`;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * The text of one cell. Money is a plain decimal of the currency's digits; numbers are their own
 * spelling; any string — in a text column or a string that is not a plain number in a numeric one
 * (a "Total" label in a period column) — goes through the formula guard.
 */
export function csvCell<T>(column: ExportColumn<T>, row: T): string {
  const v: ExportValue = column.value(row);
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number')
    return column.kind === 'money' ? minorToDecimalString(v, column.currency ? column.currency(row) : 'EUR') : String(v);
  const s = String(v);
  if (column.kind !== 'text' && column.kind !== 'date' && PLAIN_NUMBER.test(s)) {
    return column.kind === 'money' ? minorToDecimalString(Number(s), column.currency ? column.currency(row) : 'EUR') : s;
  }
  return guardCsvText(s);
}

/** A CSV file made in the browser (small on-screen tables), with the byte-order mark unless `bom: false`. */
export function csvBlob<T>(columns: ExportColumn<T>[], rows: readonly T[], opts: CsvOptions = {}): Blob {
  return new Blob([opts.bom === false ? '' : BOM, csvText(columns, rows)], { type: CONTENT_TYPES.csv });
}

/** Columns of plain text cells from a header row (a table already rendered to strings in the reader's language). */
export function textColumns(headers: readonly string[]): ExportColumn<readonly (string | number | null)[]>[] {
  return headers.map((header, i) => ({ id: String(i), header, kind: 'text', value: (row) => row[i] }));
}
