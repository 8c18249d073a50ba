import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { fromMinor, minorUnitDigits } from '@/lib/finance/money';
import type { ExportColumn, RowBatches } from './columns';

/**
 * An XLSX workbook with one sheet, written by exceljs's streaming WorkbookWriter: rows are committed
 * batch by batch and the zip is streamed out as it is produced. Money is written as numbers in major
 * units with the currency's decimals, rates with a percentage format, dates as dates.
 */
export function xlsxStream<T>(columns: ExportColumn<T>[], batches: RowBatches<T>, opts: { sheetName: string }): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  void writeWorkbook(columns, batches, opts.sheetName, out).catch((e: unknown) => out.destroy(e as Error));
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}

/** The whole workbook in memory (tests and small tables). */
export async function xlsxBuffer<T>(columns: ExportColumn<T>[], rows: T[], sheetName: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await writeWorkbook(columns, [rows], sheetName, out);
  await ended;
  return Buffer.concat(chunks);
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function moneyFormat(currency: string): string {
  const digits = minorUnitDigits(currency);
  return digits === 0 ? '#,##0' : `#,##0.${'0'.repeat(digits)}`;
}

async function writeWorkbook<T>(columns: ExportColumn<T>[], batches: RowBatches<T>, sheetName: string, out: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  // Excel limits sheet names to 31 characters and forbids a few symbols.
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ key: c.id, width: c.width ?? (c.kind === 'text' ? 24 : 14) }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for (const batch of batches) {
    for (const row of batch) {
      const r = sheet.addRow(columns.map((c) => xlsxValue(c, row)));
      columns.forEach((c, i) => {
        const cell = r.getCell(i + 1);
        if (c.kind === 'money') cell.numFmt = moneyFormat(c.currency ? c.currency(row) : 'EUR');
        else if (c.kind === 'percent') cell.numFmt = '0.00%';
        else if (c.kind === 'date') cell.numFmt = 'yyyy-mm-dd';
        else if (c.kind === 'integer') cell.numFmt = '0';
      });
      r.commit();
    }
    // Let the zip stream drain between batches.
    await yieldToLoop();
  }
  sheet.commit();
  await workbook.commit();
}

function xlsxValue<T>(column: ExportColumn<T>, row: T): string | number | boolean | Date | null {
  const v = column.value(row);
  if (v === null || v === undefined) return null;
  switch (column.kind) {
    case 'money':
      return fromMinor(Number(v), column.currency ? column.currency(row) : 'EUR');
    case 'integer':
    case 'decimal':
    case 'percent':
      return Number(v);
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(v));
      return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : String(v);
    }
    case 'boolean':
      return Boolean(v);
    default:
      return String(v);
  }
}
