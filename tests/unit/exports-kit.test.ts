/**
 * The one CSV/XLSX kit (lib/exports): every writer applies the one formula-injection guard to every
 * text cell (and never to numbers), the XLSX writer streams the same bytes it writes whole, and no file
 * outside lib/exports writes CSV or XLSX by hand.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import {
  csvBlob,
  csvCell,
  csvFile,
  csvStream,
  csvText,
  isFormulaLike,
  writeXlsx,
  xlsxBuffer,
  xlsxSheetsStream,
  xlsxStream,
  type ExportColumn,
} from '@/lib/exports';

type Row = { text: string | number; amount: number; n: number | string };
const columns: ExportColumn<Row>[] = [
  { id: 'text', header: 'Text', kind: 'text', value: (r) => r.text },
  { id: 'amount', header: 'Amount', kind: 'money', value: (r) => r.amount, currency: () => 'EUR' },
  { id: 'n', header: 'N', kind: 'integer', value: (r) => r.n },
];

/** Text a spreadsheet would run as a formula → its CSV cell. */
const DANGEROUS: [string, string][] = [
  ['=1+2', "'=1+2"],
  ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
  ['+41 79 000', "'+41 79 000"],
  ['-2+3', "'-2+3"],
  ['-12', "'-12"],
  ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
  ['\t=1', "'\t=1"],
  ['\r=1', "'\r=1"],
];
const SAFE = ['Alpine GmbH', ' =not a formula', 'a=b', '12', "'quoted", ''];

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** The entries of a zip written by the kit (read through the central directory; no comment). */
function unzip(buf: Buffer): Map<string, string> {
  const end = buf.length - 22;
  expect(buf.readUInt32LE(end)).toBe(0x06054b50);
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const compressed = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const offset = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const start = offset + 30 + buf.readUInt16LE(offset + 26) + buf.readUInt16LE(offset + 28);
    out.set(name, inflateRawSync(buf.subarray(start, start + compressed)).toString('utf8'));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** The writers, each turning rows into the text of the first data row's first cell as the file holds it. */
const csvWriters: [string, (rows: Row[]) => Promise<string>][] = [
  ['csvCell', async (rows) => csvCell(columns[0]!, rows[0]!)],
  ['csvText', async (rows) => parseFirstCell(csvText(columns, rows))],
  ['csvFile', async (rows) => parseFirstCell(csvFile([{ columns: columns as ExportColumn<never>[], rows }]).slice(1))],
  ['csvStream', async (rows) => parseFirstCell((await bytesOf(csvStream(columns, [rows]))).toString('utf8').slice(1))],
  [
    'csvBlob',
    async (rows) =>
      parseFirstCell(
        Buffer.from(await csvBlob(columns, rows).arrayBuffer())
          .toString('utf8')
          .slice(1),
      ),
  ],
];

/** The first cell of the second line of RFC 4180 text. */
function parseFirstCell(text: string): string {
  const body = text.slice(text.indexOf('\r\n') + 2);
  if (!body.startsWith('"')) return body.slice(0, body.search(/[,\r\n]/));
  let s = '';
  for (let i = 1; ; i++) {
    if (body[i] === '"' && body[i + 1] === '"') s += body[i++];
    else if (body[i] === '"') return s;
    else s += body[i];
  }
}

const xlsxWriters: [string, (rows: Row[]) => Promise<Buffer>][] = [
  ['writeXlsx', async (rows) => writeXlsx([{ name: 'S', columns, rows }])],
  ['xlsxBuffer', (rows) => xlsxBuffer(columns, rows, 'S')],
  ['xlsxStream', (rows) => bytesOf(xlsxStream(columns, [rows], { sheetName: 'S' }))],
  ['xlsxSheetsStream', (rows) => bytesOf(xlsxSheetsStream([{ name: 'S', columns, batches: [rows] }]))],
];

describe('the formula guard', () => {
  test.each(DANGEROUS)('%j is formula-like', (text) => expect(isFormulaLike(text)).toBe(true));
  test.each(SAFE)('%j is not', (text) => expect(isFormulaLike(text)).toBe(false));

  describe.each(csvWriters)('CSV writer %s', (_, write) => {
    test.each(DANGEROUS)('text %j → %j', async (text, expected) => expect(await write([{ text, amount: 0, n: 1 }])).toBe(expected));
    test.each(SAFE)('text %j stays as it is', async (text) => expect(await write([{ text, amount: 0, n: 1 }])).toBe(text));
    test('a negative NUMBER is a number, not text', async () => expect(await write([{ text: -12.5, amount: 0, n: 1 }])).toBe('-12.5'));
  });

  test('CSV: negative money and numbers are never prefixed; a non-numeric string in a numeric column is guarded', () => {
    expect(csvText(columns, [{ text: 'x', amount: -1234, n: -3 }])).toBe('Text,Amount,N\r\nx,-12.34,-3\r\n');
    expect(csvText(columns, [{ text: 'x', amount: 0, n: '-1' }])).toBe('Text,Amount,N\r\nx,0.00,-1\r\n');
    expect(csvText(columns, [{ text: 'x', amount: 0, n: '-1+1' }])).toBe("Text,Amount,N\r\nx,0.00,'-1+1\r\n");
  });

  describe.each(xlsxWriters)('XLSX writer %s', (_, write) => {
    test.each(DANGEROUS)('text %j is a quote-prefixed text cell with the text unchanged', async (text) => {
      const buf = await write([{ text, amount: -500, n: -3 }]);
      const xml = unzip(buf).get('xl/worksheets/sheet1.xml')!;
      const a2 = /<c r="A2"([^>]*)>([\s\S]*?)<\/c>/.exec(xml)!;
      expect(a2[1]).toBe(' s="7" t="inlineStr"');
      expect(a2[2]).not.toContain('<f>');
      expect(unzip(buf).get('xl/styles.xml')).toMatch(/<cellXfs count="20">(<xf [^>]*\/>){7}<xf [^>]*quotePrefix="1"/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.getCell('A2').value).toBe(text);
      expect(ws.getCell('B2').value).toBe(-5);
      expect(ws.getCell('C2').value).toBe(-3);
    });
    test.each(SAFE.filter((s) => s !== ''))('text %j is a plain text cell', async (text) => {
      const xml = unzip(await write([{ text, amount: 0, n: 1 }])).get('xl/worksheets/sheet1.xml')!;
      expect(/<c r="A2"([^>]*)>/.exec(xml)![1]).toBe(' t="inlineStr"');
    });
    test('a negative NUMBER in a text column is a number cell', async () => {
      const xml = unzip(await write([{ text: -12.5, amount: 0, n: 1 }])).get('xl/worksheets/sheet1.xml')!;
      expect(xml).toContain('<c r="A2"><v>-12.5</v></c>');
    });
  });
});

describe('XLSX streaming', () => {
  const rows: Row[] = Array.from({ length: 2500 }, (_, i) => ({ text: `Lessee ${i}`, amount: i * 101 - 5000, n: i }));

  test('streams batch by batch what it writes whole, and reads back with every row', async () => {
    let pulled = 0;
    function* batches() {
      for (let i = 0; i < rows.length; i += 500) {
        pulled++;
        yield rows.slice(i, i + 500);
      }
    }
    const stream = xlsxStream(columns, batches(), { sheetName: 'S' });
    expect(pulled).toBe(0);
    const streamed = await bytesOf(stream);
    expect(pulled).toBe(5);
    const whole = await writeXlsx([
      { name: 'S', columns, batches: Array.from({ length: 5 }, (_, k) => rows.slice(k * 500, k * 500 + 500)) },
    ]);
    expect(streamed.equals(whole)).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(streamed as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.actualRowCount).toBe(2501);
    expect(ws.getCell('A2501').value).toBe('Lessee 2499');
    expect(ws.getCell('B2501').value).toBe((2499 * 101 - 5000) / 100);
  });

  test('a number Excel cannot hold is an empty cell, not a corrupt file', async () => {
    const xml = unzip(
      await writeXlsx([{ name: 'S', columns, rows: [{ text: 'x', amount: Number.NaN, n: Number.POSITIVE_INFINITY }] }]),
    ).get('xl/worksheets/sheet1.xml')!;
    expect(xml).toContain('<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">x</t></is></c></row>');
  });

  test('footer rows come after the data, in bold, with their number formats; a dangerous footer text stays guarded', async () => {
    const buf = await writeXlsx([
      {
        name: 'S',
        columns,
        rows: rows.slice(0, 2),
        footer: [
          { text: 'Total', amount: 123456, n: 2 },
          { text: '=1', amount: 0, n: 0 },
        ],
      },
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A4').value).toBe('Total');
    expect(ws.getCell('A4').font?.bold).toBe(true);
    expect(ws.getCell('B4').value).toBe(1234.56);
    expect(ws.getCell('B4').font?.bold).toBe(true);
    expect(ws.getCell('B4').numFmt).toBe('#,##0.00');
    expect(ws.getCell('C4').font?.bold).toBe(true);
    expect(ws.getCell('B2').font?.bold).toBeFalsy();
    expect(unzip(buf).get('xl/worksheets/sheet1.xml')).toContain('<c r="A5" s="16" t="inlineStr">');
    expect(unzip(buf).get('xl/styles.xml')).toMatch(
      /<cellXfs count="20">(<xf [^>]*\/>){16}<xf numFmtId="0" fontId="1"[^>]*quotePrefix="1"\/>/,
    );
  });

  test('frozen identification columns and red negatives where asked', async () => {
    const cols: ExportColumn<Row>[] = [columns[0]!, { ...columns[1]!, redNegatives: true }];
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(writeXlsx([{ name: 'S', columns: cols, rows: rows.slice(0, 2), freezeColumns: 1 }]) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
    expect(ws.getCell('B2').numFmt).toBe('#,##0.00;[Red]-#,##0.00');
  });
});

/**
 * Files that write CSV or XLSX by hand: an exceljs import, a zip signature, a UTF-8 byte-order mark
 * (a hand-made CSV download) or a string literal holding CRLF (hand-joined CSV lines). Only
 * lib/exports may.
 */
const HAND_WRITTEN: [string, RegExp][] = [
  ['imports exceljs', /(?:from\s+|require\(\s*|import\(\s*)['"]exceljs['"]/],
  ['writes a zip', /PK\\x03\\x04|0x04034b50/],
  // In a string literal (a file being made); a reader stripping it uses a regex or a char code.
  ['writes a byte-order mark', /['"`](?:\\uFEFF|\uFEFF)/i],
  ['joins CRLF lines', /(['"`])[^'"`\n]*\\r\\n[^'"`\n]*\1/],
];

function sourceFiles(dir: string): string[] {
  let st;
  try {
    st = statSync(dir);
  } catch {
    return [];
  }
  if (!st.isDirectory()) return /\.(?:ts|tsx|mts|js|mjs)$/.test(dir) ? [dir] : [];
  return readdirSync(dir).flatMap((name) => (name === 'node_modules' || name.startsWith('.') ? [] : sourceFiles(join(dir, name))));
}

/** exceljs's writing API: a workbook made in memory or streamed out. */
const EXCELJS_WRITES = /new\s+ExcelJS\.Workbook\b|WorkbookWriter|\.xlsx\.write(?:Buffer|File)?\b|\.csv\.write/;

/**
 * Readers of incoming files (tape uploads) may use exceljs's streaming reader — and nothing of its
 * writing API (checked below), so every file QUANTUM writes still comes from lib/exports.
 */
const READERS = new Set(['services/imports/read-file.ts']);

function handWritten(source: string, file = ''): string[] {
  return HAND_WRITTEN.filter(
    ([what, re]) => re.test(source) && !(what === 'imports exceljs' && READERS.has(file) && !EXCELJS_WRITES.test(source)),
  ).map(([what]) => what);
}

describe('no CSV/XLSX written outside lib/exports', () => {
  test.each([
    ["import ExcelJS from 'exceljs';", 'imports exceljs'],
    ["const wb = await import('exceljs');", 'imports exceljs'],
    ["const csv = '\\uFEFF' + lines.join('\\r\\n');", 'writes a byte-order mark'],
    ["return lines.map((l) => l.join(',')).join('\\r\\n');", 'joins CRLF lines'],
    ['local.writeUInt32LE(0x04034b50, 0);', 'writes a zip'],
  ])('the scan catches %s', (source, what) => expect(handWritten(source)).toContain(what));

  test('a reader of incoming files is allowed exceljs, not its writing API', () => {
    expect(
      handWritten("import ExcelJS from 'exceljs';\nnew ExcelJS.stream.xlsx.WorkbookReader(p);", 'services/imports/read-file.ts'),
    ).toEqual([]);
    expect(handWritten("import ExcelJS from 'exceljs';\nconst wb = new ExcelJS.Workbook();", 'services/imports/read-file.ts')).toContain(
      'imports exceljs',
    );
  });

  test('app/, components/, lib/, services/ and db/ hold none', () => {
    const root = process.cwd();
    const offenders = ['app', 'components', 'lib', 'services', 'db']
      .flatMap((d) => sourceFiles(join(root, d)))
      .map((f) => relative(root, f))
      .filter((f) => !f.startsWith(join('lib', 'exports')))
      .flatMap((f) => handWritten(readFileSync(join(root, f), 'utf8'), f.split('\\').join('/')).map((what) => `${f}: ${what}`));
    expect(offenders).toEqual([]);
  });
});
