/**
 * Deterministic rendering of a report table as a kept file (CSV or XLSX) through the export kit
 * (lib/exports). The same report inputs give the same bytes: no clock inside the content, the
 * workbook's created/modified dates and the zip entries' dates are a fixed value derived from the
 * report's period, and the sheet order is fixed.
 */
import { createHash } from 'node:crypto';
import { CONTENT_TYPES, csvFile, writeXlsx, type ExportColumn } from '@/lib/exports';

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

export const CSV_CONTENT_TYPE = CONTENT_TYPES.csv;
export const XLSX_CONTENT_TYPE = CONTENT_TYPES.xlsx;

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
  const data = Buffer.from(csvFile(sheets as unknown as { columns: ExportColumn<never>[]; rows: unknown[] }[]), 'utf8');
  return { data, sha256: sha256Hex(data), contentType: CSV_CONTENT_TYPE };
}

/** An XLSX workbook (sheets in the given order) whose bytes depend only on its content and `fixedDate`. */
export async function renderXlsx<T>(sheets: FileSheet<T>[], fixedDate: Date): Promise<RenderedFile> {
  const data = await writeXlsx(sheets, fixedDate);
  return { data, sha256: sha256Hex(data), contentType: XLSX_CONTENT_TYPE };
}
