/**
 * A table export's columns: how to read a cell of a row and what kind of value it is. The writers
 * (CSV, XLSX) decide the representation per kind: money is integer minor units of the row's currency,
 * written as a plain decimal in CSV and as a number with the currency's decimals in XLSX; rates are
 * decimals (0.065), written as such in CSV and as a percentage format in XLSX; dates are YYYY-MM-DD.
 */
export type ExportKind = 'text' | 'integer' | 'decimal' | 'percent' | 'date' | 'money' | 'boolean';

export type ExportValue = string | number | boolean | null | undefined;

export type ExportColumn<T> = {
  id: string;
  header: string;
  kind: ExportKind;
  value: (row: T) => ExportValue;
  /** Money columns: the ISO code of the row's amount. */
  currency?: (row: T) => string;
  /** XLSX column width in characters. */
  width?: number;
  /** Money columns in XLSX: negative amounts in red (the cash-flow and schedule files). */
  redNegatives?: boolean;
};

/** Rows arrive in batches so a writer can stream a large result without holding it; an async iterable of batches reads them as they are pulled. */
export type RowBatches<T> = Iterable<readonly T[]> | AsyncIterable<readonly T[]>;

/** The batches' iterator, synchronous or not (a query's batches are read as they are pulled). */
export function batchIterator<T>(batches: RowBatches<T>): Iterator<readonly T[]> | AsyncIterator<readonly T[]> {
  return Symbol.asyncIterator in batches ? batches[Symbol.asyncIterator]() : batches[Symbol.iterator]();
}

export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A file name safe for Content-Disposition: letters, digits, dot, dash and underscore. */
export function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
}
