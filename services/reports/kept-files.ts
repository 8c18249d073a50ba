/**
 * Generating a servicing report's kept file: the report rendered as CSV (one table: the lines) or XLSX (a sheet of
 * lines and a sheet of per-currency totals) with headers in the requested locale, a file name from the report and its
 * month, and nothing time-dependent inside, so regenerating a past month gives the same bytes.
 */
import type { ExportColumn } from '@/lib/exports';
import { fileDateOf, renderCsv, renderXlsx, type FileSheet, type RenderedFile } from '@/lib/reports/files';
import type { ReportColumn, ReportLine, ServicingReport } from '@/services/reports/servicing-reports';

export type Header = (columnId: string) => string;

export function reportExportColumns(columns: readonly ReportColumn[], header: Header, withLines = false): ExportColumn<ReportLine>[] {
  const out: ExportColumn<ReportLine>[] = columns.map((c) => ({
    id: c.id,
    header: header(c.id),
    kind:
      c.kind === 'money'
        ? 'money'
        : c.kind === 'percent'
          ? 'percent'
          : c.kind === 'integer'
            ? 'integer'
            : c.kind === 'date'
              ? 'date'
              : 'text',
    value: (r: ReportLine) => r[c.id],
    ...(c.kind === 'money' ? { currency: (r: ReportLine) => r.currency } : {}),
  }));
  if (withLines) out.splice(1, 0, { id: 'lines', header: header('lines'), kind: 'integer', value: (r) => r.lines });
  return out;
}

/** The totals table: currency, number of lines, then the money columns. */
function totalsColumns(columns: readonly ReportColumn[]): ReportColumn[] {
  return [{ id: 'currency', kind: 'text' }, ...columns.filter((c) => c.kind === 'money')];
}

export function reportSheets(
  report: ServicingReport,
  header: Header,
  sheetNames: { lines: string; totals: string },
): FileSheet<ReportLine>[] {
  return [
    { name: sheetNames.lines, columns: reportExportColumns(report.columns, header), rows: report.lines },
    { name: sheetNames.totals, columns: reportExportColumns(totalsColumns(report.columns), header, true), rows: report.totals },
  ];
}

export function reportFileName(report: Pick<ServicingReport, 'kind' | 'month'>, funderId: number, format: 'csv' | 'xlsx'): string {
  return `${report.kind}-f${funderId}-${report.month}.${format}`;
}

/** The file of a servicing report; the same report, format and headers always give the same bytes. */
export async function renderServicingReport(
  report: ServicingReport,
  format: 'csv' | 'xlsx',
  header: Header,
  sheetNames: { lines: string; totals: string },
): Promise<RenderedFile> {
  const [lines, totals] = reportSheets(report, header, sheetNames);
  // A CSV file is one table, as the programs that read it expect; the totals (sums of its money columns per currency)
  // are the workbook's second sheet and the screen's footer.
  return format === 'csv' ? renderCsv([lines!]) : renderXlsx([lines!, totals!], fileDateOf(report.month));
}
