import { CONTENT_TYPES, safeFileName, type ExportColumn, type ExportFormat, type RowBatches } from './columns';
import { csvStream, type CsvOptions } from './csv';
import { xlsxSheetsStream, xlsxStream, type XlsxSheet, type XlsxSheets } from './xlsx';

/**
 * The one CSV/XLSX kit: column definitions (./columns.ts), the CSV writer (./csv.ts), the XLSX writer
 * (./xlsx.ts) and the formula-injection guard both apply to every text cell (./guard.ts). Every export
 * of the app goes through here; tests/unit/exports-kit.test.ts fails on a file that writes CSV or
 * XLSX by hand. Browser code imports ./csv and ./columns directly (this index pulls node:zlib).
 */
export * from './columns';
export { csvBlob, csvCell, csvFile, csvStream, csvText, textColumns, type CsvOptions } from './csv';
export { isFormulaLike, guardCsvText } from './guard';
export {
  xlsxStream,
  xlsxSheetsStream,
  xlsxBuffer,
  xlsxChunks,
  writeXlsx,
  sheetName,
  DEFAULT_XLSX_DATE,
  type XlsxSheet,
  type XlsxSheets,
} from './xlsx';

type DownloadOptions = { fileName?: string; headers?: Record<string, string>; csv?: CsvOptions };

function download(format: ExportFormat, baseName: string, body: ReadableStream<Uint8Array>, opts: DownloadOptions): Response {
  return new Response(body, {
    headers: {
      'content-type': CONTENT_TYPES[format],
      'content-disposition': `attachment; filename="${opts.fileName ?? `${safeFileName(baseName)}.${format}`}"`,
      'cache-control': 'no-store',
      ...opts.headers,
    },
  });
}

/** A streamed download of a table as CSV or XLSX. */
export function exportResponse<T>(
  format: ExportFormat,
  baseName: string,
  columns: ExportColumn<T>[],
  batches: RowBatches<T>,
  sheetName = baseName,
  opts: DownloadOptions = {},
): Response {
  const body = format === 'xlsx' ? xlsxStream(columns, batches, { sheetName }) : csvStream(columns, batches, opts.csv);
  return download(format, baseName, body, opts);
}

/**
 * A streamed download of a workbook of several sheets; as CSV only the first sheet (the table) is
 * written, the others (totals) being XLSX conveniences.
 */
export function exportSheetsResponse<T extends unknown[]>(
  format: ExportFormat,
  baseName: string,
  sheets: XlsxSheets<T>,
  opts: DownloadOptions = {},
): Response {
  const first = (sheets as unknown as XlsxSheet<unknown>[])[0]!;
  const body = format === 'xlsx' ? xlsxSheetsStream(sheets) : csvStream(first.columns, first.batches ?? [first.rows ?? []], opts.csv);
  return download(format, baseName, body, opts);
}
