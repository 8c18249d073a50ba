/**
 * The one XLSX writer: a small SpreadsheetML writer for every workbook of the app, streamed or whole.
 * Numbers, inline strings, booleans and dates; a bold frozen header row (and optionally frozen
 * identification columns); money with the currency's decimals, percentages and ISO dates — nothing
 * else. It replaced exceljs (tens of seconds for a 60,000-line report or a 100,000-row tape on this
 * hardware, and zip entries stamped with the wall clock): here every byte depends only on the content
 * and the date given, so a kept report file regenerates byte-identical.
 *
 * Streaming: a sheet's rows arrive in batches; each batch is rendered to XML and deflated on its own
 * (a raw-deflate segment ending in a sync flush, so the segments concatenate into one valid deflate
 * stream), and the zip entries carry their CRC and sizes in a data descriptor after the data. Memory
 * stays at one batch, and the output depends only on the batches' content and boundaries.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { minorUnitDigits } from '@/lib/finance/money';
import type { ExportColumn, RowBatches } from './columns';
import { isFormulaLike, PLAIN_NUMBER } from './guard';

export interface XlsxSheet<T> {
  name: string;
  columns: ExportColumn<T>[];
  /** The rows: all at once (`rows`) or batch by batch (`batches`, for streamed exports). */
  rows?: readonly T[];
  batches?: RowBatches<T>;
  /** Columns frozen left of the scroll area besides the frozen header row (identification columns). */
  freezeColumns?: number;
  /** Rows after the data in bold (a totals line); XLSX only, CSV files hold the data rows alone. */
  footer?: readonly T[];
}

/** Zip-entry and document date of a live export: fixed, as lib/ has no clock (Excel shows it as the file's creation date). */
export const DEFAULT_XLSX_DATE = new Date(Date.UTC(1980, 0, 1));

/** Rows rendered and deflated together when a sheet is given as one array. */
const ROWS_PER_SEGMENT = 2000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NEEDS_ESCAPE = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
function esc(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return s;
  return (
    s
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // A raw CR would be read back as LF (XML end-of-line handling).
      .replace(/\r/g, '&#13;')
      // Characters XML 1.0 cannot carry.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
  );
}

function columnLetters(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The sheet name Excel accepts: at most 31 characters, none of \ / * ? : [ ]. */
export function sheetName(name: string): string {
  return name.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31) || 'Sheet';
}

/**
 * Style ids of styles.xml below (a fixed table, so the bytes never depend on which styles a file uses).
 * Ids 2–10 have bold twins at id + 9 (a sheet's footer rows); the bold twin of 0 is the header's 1.
 */
const STYLE = {
  header: 1,
  money2: 2,
  money0: 3,
  percent: 4,
  date: 5,
  money3: 6,
  quotedText: 7,
  money2Red: 8,
  money0Red: 9,
  money3Red: 10,
} as const;
const NUMBER_FORMATS: [numFmtId: number, extra: string][] = [
  [164, ''],
  [166, ''],
  [10, ''],
  [165, ''],
  [167, ''],
  // Excel's own "text typed with a leading apostrophe": shown and kept as text, even after an edit.
  [0, ' quotePrefix="1"'],
  [168, ''],
  [169, ''],
  [170, ''],
];
const xf = (numFmtId: number, extra: string, fontId: 0 | 1) =>
  `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}${extra}/>`;
const STYLES_XML =
  XML_HEAD +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="7"><numFmt numFmtId="164" formatCode="#,##0.00"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/><numFmt numFmtId="166" formatCode="#,##0"/><numFmt numFmtId="167" formatCode="#,##0.000"/>' +
  '<numFmt numFmtId="168" formatCode="#,##0.00;[Red]-#,##0.00"/><numFmt numFmtId="169" formatCode="#,##0;[Red]-#,##0"/><numFmt numFmtId="170" formatCode="#,##0.000;[Red]-#,##0.000"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  `<cellXfs count="${2 + 2 * NUMBER_FORMATS.length}">` +
  xf(0, '', 0) +
  xf(0, '', 1) +
  NUMBER_FORMATS.map(([id, extra]) => xf(id, extra, 0)).join('') +
  NUMBER_FORMATS.map(([id, extra]) => xf(id, extra, 1)).join('') +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** The ` s="…"` attribute of a cell of style `id`, in its bold twin for a footer row. */
function styleAttr(id: number, bold: boolean): string {
  const s = bold ? (id === 0 ? STYLE.header : id + NUMBER_FORMATS.length) : id;
  return s === 0 ? '' : ` s="${s}"`;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

function textCell(ref: string, text: string, bold: boolean): string {
  // An inline string is never evaluated; formula-like text is also quote-prefixed (the guard of ./guard.ts).
  return `<c r="${ref}"${styleAttr(isFormulaLike(text) ? STYLE.quotedText : 0, bold)} t="inlineStr"><is><t xml:space="preserve">${esc(text)}</t></is></c>`;
}

function moneyStyle(digits: number, red: boolean): number {
  if (digits === 0) return red ? STYLE.money0Red : STYLE.money0;
  if (digits === 3) return red ? STYLE.money3Red : STYLE.money3;
  return red ? STYLE.money2Red : STYLE.money2;
}

/** Per-currency cell style and divisor, looked up once per currency rather than per cell. */
const moneyCache = new Map<string, { digits: number; divisor: number }>();
function moneyOf(currency: string): { digits: number; divisor: number } {
  let m = moneyCache.get(currency);
  if (!m) {
    const digits = minorUnitDigits(currency);
    m = { digits, divisor: 10 ** digits };
    moneyCache.set(currency, m);
  }
  return m;
}

/** Excel's serial day of a YYYY-MM-DD text (null when it is none); a book repeats few dates, so they are remembered. */
const serialCache = new Map<string, number | null>();
function serialOf(text: string): number | null {
  let v = serialCache.get(text);
  if (v === undefined) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    v = m ? (Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - EXCEL_EPOCH) / 86_400_000 : null;
    if (serialCache.size > 100_000) serialCache.clear();
    serialCache.set(text, v);
  }
  return v;
}

function cellXml<T>(c: ExportColumn<T>, row: T, ref: string, bold: boolean): string {
  const raw = c.value(row);
  // An empty cell for nothing, and for a number Excel cannot hold (NaN or ±Infinity would corrupt the file).
  if (raw === null || raw === undefined || raw === '' || (typeof raw === 'number' && !Number.isFinite(raw))) return '';
  if (typeof raw === 'boolean') return `<c r="${ref}"${styleAttr(0, bold)} t="b"><v>${raw ? 1 : 0}</v></c>`;
  // A string that is not a plain number stays text, whatever the column's kind (a "Total" label in a period column).
  if (typeof raw === 'string' && (c.kind === 'text' || (c.kind !== 'date' && !PLAIN_NUMBER.test(raw)))) return textCell(ref, raw, bold);
  switch (c.kind) {
    case 'money': {
      const { digits, divisor } = moneyOf(c.currency ? c.currency(row) : 'EUR');
      // Minor units over 10^digits: the same division as lib/finance fromMinor.
      return `<c r="${ref}"${styleAttr(moneyStyle(digits, c.redNegatives === true), bold)}><v>${digits === 0 ? Number(raw) : Number(raw) / divisor}</v></c>`;
    }
    case 'percent':
      return `<c r="${ref}"${styleAttr(STYLE.percent, bold)}><v>${Number(raw)}</v></c>`;
    case 'date': {
      const serial = serialOf(String(raw));
      return serial === null ? textCell(ref, String(raw), bold) : `<c r="${ref}"${styleAttr(STYLE.date, bold)}><v>${serial}</v></c>`;
    }
    default:
      return Number.isFinite(Number(raw)) ? `<c r="${ref}"${styleAttr(0, bold)}><v>${Number(raw)}</v></c>` : '';
  }
}

async function* sheetXml<T>(sheet: XlsxSheet<T>): AsyncGenerator<string> {
  const letters = sheet.columns.map((_, i) => columnLetters(i));
  const x = sheet.freezeColumns ?? 0;
  const pane =
    x > 0
      ? `<pane xSplit="${x}" ySplit="1" topLeftCell="${columnLetters(x)}2" activePane="bottomRight" state="frozen"/>`
      : '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>';
  yield (
    XML_HEAD +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>` +
    '<cols>' +
    sheet.columns
      .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? (c.kind === 'text' ? 24 : 14)}" customWidth="1"/>`)
      .join('') +
    '</cols><sheetData>' +
    `<row r="1">${sheet.columns.map((c, i) => `<c r="${letters[i]}1" s="${STYLE.header}" t="inlineStr"><is><t xml:space="preserve">${esc(c.header)}</t></is></c>`).join('')}</row>`
  );
  let r = 1;
  const rowsXml = (rows: readonly T[], bold: boolean): string => {
    let xml = '';
    for (const row of rows) {
      r++;
      xml += `<row r="${r}">`;
      for (let i = 0; i < sheet.columns.length; i++) xml += cellXml(sheet.columns[i]!, row, `${letters[i]}${r}`, bold);
      xml += '</row>';
    }
    return xml;
  };
  for await (const batch of batchesOf(sheet)) {
    const xml = rowsXml(batch, false);
    if (xml) yield xml;
  }
  if (sheet.footer?.length) yield rowsXml(sheet.footer, true);
  yield '</sheetData></worksheet>';
}

async function* batchesOf<T>(sheet: XlsxSheet<T>): AsyncGenerator<readonly T[]> {
  if (sheet.batches) {
    yield* sheet.batches;
    return;
  }
  const rows = sheet.rows ?? [];
  for (let i = 0; i < rows.length; i += ROWS_PER_SEGMENT) yield rows.slice(i, i + ROWS_PER_SEGMENT);
}

function dosDateTime(date: Date): { dosDate: number; dosTime: number } {
  const year = Math.min(2107, Math.max(1980, date.getUTCFullYear()));
  return {
    dosDate: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
    dosTime: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
  };
}

/** General-purpose flags: bit 3 (CRC and sizes in a data descriptor after the data), bit 11 (UTF-8 names). */
const FLAGS = 0x0808;
const FINAL_EMPTY_BLOCK = deflateRawSync(Buffer.alloc(0));

/**
 * The zip (deflate) of the entries in order, as chunks, every entry dated `date` (MS-DOS time,
 * 2-second resolution). Each entry's content is an iterable of text parts, deflated part by part.
 */
async function* zipChunks(entries: Iterable<[string, Iterable<string> | AsyncIterable<string>]>, date: Date): AsyncGenerator<Buffer> {
  const { dosDate, dosTime } = dosDateTime(date);
  const centrals: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const [name, parts] of entries) {
    const nameBuf = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt16LE(nameBuf.length, 26);
    yield Buffer.concat([local, nameBuf]);
    let crc = 0;
    let size = 0;
    let compressed = 0;
    for await (const part of parts) {
      const data = Buffer.from(part, 'utf8');
      if (data.length === 0) continue;
      crc = crc32(data, crc);
      size += data.length;
      const deflated = deflateRawSync(data, { level: 6, finishFlush: constants.Z_SYNC_FLUSH });
      compressed += deflated.length;
      yield deflated;
    }
    compressed += FINAL_EMPTY_BLOCK.length;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield Buffer.concat([FINAL_EMPTY_BLOCK, descriptor]);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + compressed + 16;
    count++;
  }
  const centralSize = centrals.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([...centrals, end]);
}

/** The workbook's parts (in a fixed order) as zip entries. */
function* workbookEntries(
  sheets: readonly XlsxSheet<unknown>[],
  date: Date,
): Generator<[string, Iterable<string> | AsyncIterable<string>]> {
  const iso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const n = sheets.length;
  yield [
    '[Content_Types].xml',
    [
      XML_HEAD +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheets
          .map(
            (_, i) =>
              `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>',
    ],
  ];
  yield [
    '_rels/.rels',
    [
      XML_HEAD +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>',
    ],
  ];
  yield [
    'docProps/core.xml',
    [
      XML_HEAD +
        `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>QUANTUM</dc:creator><cp:lastModifiedBy>QUANTUM</cp:lastModifiedBy><dcterms:created xsi:type="dcterms:W3CDTF">${iso}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${iso}</dcterms:modified></cp:coreProperties>`,
    ],
  ];
  yield [
    'docProps/app.xml',
    [
      XML_HEAD +
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>QUANTUM</Application></Properties>',
    ],
  ];
  yield [
    'xl/workbook.xml',
    [
      XML_HEAD +
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
        sheets.map((s, i) => `<sheet name="${esc(sheetName(s.name))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    ],
  ];
  yield [
    'xl/_rels/workbook.xml.rels',
    [
      XML_HEAD +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        sheets
          .map(
            (_, i) =>
              `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
          )
          .join('') +
        `<Relationship Id="rId${n + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ],
  ];
  yield ['xl/styles.xml', [STYLES_XML]];
  for (let i = 0; i < n; i++) yield [`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheets[i]!)];
}

/** Sheets of different row types in one workbook. */
export type XlsxSheets<T extends unknown[]> = { [K in keyof T]: XlsxSheet<T[K]> };

/** The workbook as chunks, produced as they are pulled (a sheet's rows are read batch by batch). */
export function xlsxChunks<T extends unknown[]>(sheets: XlsxSheets<T>, date: Date = DEFAULT_XLSX_DATE): AsyncGenerator<Buffer> {
  return zipChunks(workbookEntries(sheets as unknown as XlsxSheet<unknown>[], date), date);
}

/** The whole workbook in memory: bytes depend only on the sheets' content and `fixedDate` (kept report files). */
export async function writeXlsx<T extends unknown[]>(sheets: XlsxSheets<T>, fixedDate: Date = DEFAULT_XLSX_DATE): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxChunks(sheets, fixedDate)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The workbook as a pull-driven ReadableStream: one batch of rows is rendered and deflated per pull. */
export function xlsxSheetsStream<T extends unknown[]>(sheets: XlsxSheets<T>, date: Date = DEFAULT_XLSX_DATE): ReadableStream<Uint8Array> {
  let chunks: AsyncGenerator<Buffer> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      chunks ??= xlsxChunks(sheets, date);
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    },
    async cancel() {
      await chunks?.return(undefined);
    },
  });
}

/** A one-sheet workbook streamed batch by batch (the table exports). */
export function xlsxStream<T>(
  columns: ExportColumn<T>[],
  batches: RowBatches<T>,
  opts: { sheetName: string; date?: Date },
): ReadableStream<Uint8Array> {
  return xlsxSheetsStream<[T]>([{ name: opts.sheetName, columns, batches }], opts.date);
}

/** A one-sheet workbook in memory (small tables and tests). */
export function xlsxBuffer<T>(columns: ExportColumn<T>[], rows: readonly T[], name: string): Promise<Buffer> {
  return writeXlsx<[T]>([{ name, columns, rows }]);
}
