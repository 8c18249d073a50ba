/**
 * Deterministic rendering of a report table as a kept file (CSV or XLSX). The same report inputs give
 * the same bytes: no clock inside the content, the workbook's created/modified dates are a fixed value
 * derived from the report's period, the sheet order is fixed, and the zip entries' DOS timestamps are
 * rewritten to that same fixed date (JSZip, under exceljs, stamps every entry with the current time).
 */
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { csvText, type ExportColumn } from '@/lib/exports';
import { fromMinor, minorUnitDigits } from '@/lib/finance/money';

export interface FileSheet<T> {
  name: string;
  columns: ExportColumn<T>[];
  rows: T[];
}

/** A rendered file: bytes, their sha256 and the content type. */
export interface RenderedFile {
  data: Buffer;
  sha256: string;
  contentType: string;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function sha256Hex(data: Buffer | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The fixed timestamp of a report's files: midnight UTC of the first day after the period
 * (`YYYY-MM` → the next month's 1st; `YYYY-MM-DD` → that day). Never the wall clock.
 */
export function fileDateOf(period: string): Date {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(period);
  if (!m) return new Date(Date.UTC(2000, 0, 1));
  const [y, mo, d] = [Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : null];
  return d === null ? new Date(Date.UTC(y, mo, 1)) : new Date(Date.UTC(y, mo - 1, d));
}

/** CSV of one or more sheets: each sheet's table, sheets separated by an empty line, UTF-8 with BOM. */
export function renderCsv<T>(sheets: FileSheet<T>[]): RenderedFile {
  const text = '\uFEFF' + sheets.map((s) => csvText(s.columns, s.rows)).join('\r\n');
  const data = Buffer.from(text, 'utf8');
  return { data, sha256: sha256Hex(data), contentType: CSV_CONTENT_TYPE };
}

function moneyFormat(currency: string): string {
  const digits = minorUnitDigits(currency);
  return digits === 0 ? '#,##0' : `#,##0.${'0'.repeat(digits)}`;
}

function cellValue<T>(c: ExportColumn<T>, row: T): string | number | boolean | Date | null {
  const v = c.value(row);
  if (v === null || v === undefined) return null;
  switch (c.kind) {
    case 'money':
      return fromMinor(Number(v), c.currency ? c.currency(row) : 'EUR');
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

/** An XLSX workbook (sheets in the given order) whose bytes depend only on its content and `fixedDate`. */
export async function renderXlsx<T>(sheets: FileSheet<T>[], fixedDate: Date): Promise<RenderedFile> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'QUANTUM';
  wb.lastModifiedBy = 'QUANTUM';
  wb.created = fixedDate;
  wb.modified = fixedDate;
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = s.columns.map((c) => ({ key: c.id, width: c.width ?? (c.kind === 'text' ? 24 : 14) }));
    ws.addRow(s.columns.map((c) => c.header)).font = { bold: true };
    for (const row of s.rows) {
      const r = ws.addRow(s.columns.map((c) => cellValue(c, row)));
      s.columns.forEach((c, i) => {
        const cell = r.getCell(i + 1);
        if (c.kind === 'money') cell.numFmt = moneyFormat(c.currency ? c.currency(row) : 'EUR');
        else if (c.kind === 'percent') cell.numFmt = '0.00%';
        else if (c.kind === 'date') cell.numFmt = 'yyyy-mm-dd';
      });
    }
  }
  const data = fixZipTimestamps(Buffer.from(await wb.xlsx.writeBuffer()), fixedDate);
  return { data, sha256: sha256Hex(data), contentType: XLSX_CONTENT_TYPE };
}

/** MS-DOS date and time words of a UTC date (2-second resolution, years 1980–2107). */
function dosDateTime(d: Date): { date: number; time: number } {
  const year = Math.min(2107, Math.max(1980, d.getUTCFullYear()));
  return {
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
  };
}

/**
 * Rewrites the modification date/time of every entry of a zip (local headers and central directory)
 * to `fixed`. The zip's CRCs cover the entries' data only, so the archive stays valid.
 */
export function fixZipTimestamps(zip: Buffer, fixed: Date): Buffer {
  const { date, time } = dosDateTime(fixed);
  const out = Buffer.from(zip);
  // End of central directory: signature 0x06054b50, searched backwards (a comment may follow it).
  let eocd = -1;
  for (let i = out.length - 22; i >= Math.max(0, out.length - 22 - 0xffff); i--) {
    if (out.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive');
  const entries = out.readUInt16LE(eocd + 10);
  let p = out.readUInt32LE(eocd + 16);
  for (let e = 0; e < entries; e++) {
    if (out.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    out.writeUInt16LE(time, p + 12);
    out.writeUInt16LE(date, p + 14);
    const local = out.readUInt32LE(p + 42);
    if (out.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
    out.writeUInt16LE(time, local + 10);
    out.writeUInt16LE(date, local + 12);
    p += 46 + out.readUInt16LE(p + 28) + out.readUInt16LE(p + 30) + out.readUInt16LE(p + 32);
  }
  return out;
}
