import { CONTENT_TYPES, safeFileName, type ExportColumn, type ExportFormat, type RowBatches } from './columns';
import { csvStream } from './csv';
import { xlsxStream } from './xlsx';

export * from './columns';
export { csvStream, csvText, csvCell } from './csv';
export { xlsxStream, xlsxBuffer } from './xlsx';

/** A streamed download of a table as CSV or XLSX. */
export function exportResponse<T>(
  format: ExportFormat,
  baseName: string,
  columns: ExportColumn<T>[],
  batches: RowBatches<T>,
  sheetName = baseName,
): Response {
  const body = format === 'xlsx' ? xlsxStream(columns, batches, { sheetName }) : csvStream(columns, batches);
  return new Response(body, {
    headers: {
      'content-type': CONTENT_TYPES[format],
      'content-disposition': `attachment; filename="${safeFileName(baseName)}.${format}"`,
      'cache-control': 'no-store',
    },
  });
}
