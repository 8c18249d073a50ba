/**
 * Reading an uploaded tape: CSV (encoding, BOM and delimiter detected) or XLSX (one sheet, read with
 * exceljs's streaming reader; formulas give their cached values, never evaluated). Rows come out as
 * text cells, a batch at a time, so a 100,000-row file is never held as row objects at once.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { csvRecords, decodeText, detectDelimiter, detectEncoding, type TextEncoding } from '@/lib/import/text';

export interface TapeFileHead {
  format: 'csv' | 'xlsx';
  sheets: string[];
  sheet: string | null;
  encoding: TextEncoding | null;
  bom: boolean;
  delimiter: string | null;
}

export interface TapeFile extends TapeFileHead {
  /** The header row as written (may be empty for an empty file). */
  header: string[] | null;
  /** Data rows as text, in batches. */
  batches: AsyncGenerator<string[][]>;
}

/** Detects the format from the first bytes (a ZIP is XLSX), not from the name. */
export function isXlsx(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

type CellValue = ExcelJS.CellValue;

/** An XLSX cell as text: numbers in JS's shortest form with '.', dates as YYYY-MM-DD, formulas by their cached result. */
export function xlsxCellText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return xlsxCellText((v as { result?: CellValue }).result ?? null);
    if ('formula' in v || 'sharedFormula' in v) return '';
    if ('richText' in v) return (v as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
    if ('text' in v) return String((v as { text: unknown }).text);
    if ('error' in v) return '';
  }
  return String(v);
}

const BATCH = 1000;

export async function openTapeFile(path: string, wantedSheet?: string | null): Promise<TapeFile> {
  const bytes = await readFile(path);
  if (isXlsx(bytes)) return openXlsx(path, wantedSheet ?? null);
  const { encoding, bom } = detectEncoding(bytes);
  const text = decodeText(bytes, encoding);
  const delimiter = detectDelimiter(text);
  const records = csvRecords(text, delimiter);
  const first = records.next();
  const header = first.done ? null : first.value;
  async function* batches(): AsyncGenerator<string[][]> {
    let batch: string[][] = [];
    for (const r of records) {
      batch.push(r);
      if (batch.length === BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }
  return { format: 'csv', sheets: [], sheet: null, encoding, bom, delimiter, header, batches: batches() };
}

async function openXlsx(path: string, wantedSheet: string | null): Promise<TapeFile> {
  // First pass: the sheet names (the workbook part is small; worksheets are skipped unread).
  const sheets: string[] = [];
  const probe = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'ignore',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  for await (const ws of probe) {
    const name = (ws as unknown as { name?: string }).name;
    sheets.push(name ?? `Sheet${sheets.length + 1}`);
    await skipSheet(ws);
  }
  const sheet = wantedSheet && sheets.includes(wantedSheet) ? wantedSheet : (sheets[0] ?? null);
  const index = sheet === null ? -1 : sheets.indexOf(sheet);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
  });
  const iterator = rowsOfSheet(reader, index);
  const first = await iterator.next();
  const header = first.done ? null : first.value;
  async function* batches(): AsyncGenerator<string[][]> {
    let batch: string[][] = [];
    for await (const r of iterator) {
      batch.push(r);
      if (batch.length === BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }
  return { format: 'xlsx', sheets, sheet, encoding: null, bom: false, delimiter: null, header, batches: batches() };
}

/**
 * Reads a worksheet the caller does not want to its end as raw bytes (no XML parsing). exceljs puts a worksheet that
 * comes before the shared strings in the archive into a temporary file, opens a read stream on it, hands the sheet
 * out and deletes the file when the caller asks for the next one: a sheet left unread had its stream still opening
 * the deleted file, and the ENOENT was an uncaught exception (seen once in a CI run of the XLSX import test).
 */
async function skipSheet(ws: unknown): Promise<void> {
  const raw = (ws as { iterator?: AsyncIterable<unknown> }).iterator;
  if (raw) for await (const chunk of raw) void chunk;
}

async function* rowsOfSheet(reader: ExcelJS.stream.xlsx.WorkbookReader, index: number): AsyncGenerator<string[]> {
  let i = -1;
  for await (const ws of reader) {
    i++;
    if (i !== index) {
      await skipSheet(ws);
      continue;
    }
    for await (const row of ws) {
      // row.values is 1-based (index 0 empty).
      const values = (row as ExcelJS.Row).values as CellValue[];
      const cells: string[] = [];
      for (let c = 1; c < values.length; c++) cells.push(xlsxCellText(values[c] ?? null).trim());
      if (cells.some((c) => c !== '')) yield cells;
    }
  }
}
