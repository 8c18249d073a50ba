import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvCell, csvStream, csvText, xlsxBuffer, type ExportColumn } from '@/lib/exports';
import { leaseExportColumns, type LeaseExportRow } from '@/services/master-file/lease-columns';
import { DEFAULT_MASTER_FILE_COLUMNS, MASTER_FILE_COLUMN_IDS } from '@/lib/validations/leases';

type Row = { name: string; amount: number; currency: string; rate: number; due: string; n: number | null };

const columns: ExportColumn<Row>[] = [
  { id: 'name', header: 'Name', kind: 'text', value: (r) => r.name },
  { id: 'amount', header: 'Amount', kind: 'money', value: (r) => r.amount, currency: (r) => r.currency },
  { id: 'rate', header: 'Rate', kind: 'percent', value: (r) => r.rate },
  { id: 'due', header: 'Due', kind: 'date', value: (r) => r.due },
  { id: 'n', header: 'N', kind: 'integer', value: (r) => r.n },
];

const rows: Row[] = [
  { name: 'Alpine Logistics GmbH', amount: 123_456, currency: 'EUR', rate: 0.065, due: '2026-12-01', n: 3 },
  { name: 'Comma, "Quoted" & Co', amount: -5, currency: 'EUR', rate: 0, due: '2027-01-31', n: null },
  { name: 'Tokyo Kikai', amount: 1_500_000, currency: 'JPY', rate: 0.0125, due: '2027-02-28', n: 0 },
  { name: 'line\nbreak', amount: 0, currency: 'CHF', rate: 1, due: '2027-03-01', n: 12 },
];

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  // ignoreBOM keeps the byte-order mark in the text, so the test sees it.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe('CSV', () => {
  it.each([
    { row: rows[0]!, col: 1, text: '1234.56' },
    { row: rows[1]!, col: 1, text: '-0.05' },
    { row: rows[2]!, col: 1, text: '1500000' },
    { row: rows[0]!, col: 2, text: '0.065' },
    { row: rows[1]!, col: 4, text: '' },
    { row: { ...rows[0]!, name: '=HYPERLINK("x")' }, col: 0, text: `'=HYPERLINK("x")` },
    { row: { ...rows[0]!, name: '-12' }, col: 0, text: `'-12` },
    { row: { ...rows[0]!, name: '@sum' }, col: 0, text: `'@sum` },
  ])('writes $text for column $col', ({ row, col, text }) => {
    expect(csvCell(columns[col]!, row)).toBe(text);
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and ends lines with CRLF', () => {
    expect(csvText(columns, rows)).toBe(
      'Name,Amount,Rate,Due,N\r\n' +
        'Alpine Logistics GmbH,1234.56,0.065,2026-12-01,3\r\n' +
        '"Comma, ""Quoted"" & Co",-0.05,0,2027-01-31,\r\n' +
        'Tokyo Kikai,1500000,0.0125,2027-02-28,0\r\n' +
        '"line\nbreak",0.00,1,2027-03-01,12\r\n',
    );
  });

  it('streams batch by batch the same text, after a byte-order mark', async () => {
    let pulled = 0;
    function* batches() {
      for (const r of rows) {
        pulled++;
        yield [r];
      }
    }
    const stream = csvStream(columns, batches());
    expect(pulled).toBe(0);
    expect(await readAll(stream)).toBe(`\uFEFF${csvText(columns, rows)}`);
    expect(pulled).toBe(rows.length);
  });

  it('writes only the header for an empty result', async () => {
    expect(await readAll(csvStream(columns, [], { bom: false }))).toBe('Name,Amount,Rate,Due,N\r\n');
  });
});

describe('XLSX', () => {
  it('writes numbers, percentages and dates with formats, and a bold frozen header', async () => {
    const buf = await xlsxBuffer(columns, rows, 'Leases');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Leases')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Amount', 'Rate', 'Due', 'N']);
    expect(sheet.getRow(1).font?.bold ?? sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('B2').value).toBe(1234.56);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('B4').value).toBe(1_500_000);
    expect(sheet.getCell('B4').numFmt).toBe('#,##0');
    expect(sheet.getCell('C2').value).toBe(0.065);
    expect(sheet.getCell('C2').numFmt).toBe('0.00%');
    expect((sheet.getCell('D3').value as Date).toISOString().slice(0, 10)).toBe('2027-01-31');
    expect(sheet.getCell('E3').value).toBeNull();
    expect(sheet.rowCount).toBe(5);
  });
});

describe('Master File export columns', () => {
  const t = (key: string) => `«${key}»`;
  const lease = {
    contractNumber: 'QL-2026-000001',
    lesseeName: 'Atlas Freight Ltd',
    lesseeIdOdoo: 'ODOO-1000001',
    assetType: 'vehicle',
    status: 'active',
    shownStatus: 'performing',
    currency: 'GBP',
    price: 4_200_000,
    rate: 0.061,
  } as unknown as LeaseExportRow;

  it('follow the requested ids and order, with translated headers and values', () => {
    const cols = leaseExportColumns(t, ['status', 'contractNumber', 'price', 'assetType']);
    expect(cols.map((c) => c.header)).toEqual(['«columns.status»', '«columns.contractNumber»', '«columns.price»', '«columns.assetType»']);
    expect(csvText(cols, [lease])).toBe(
      '«columns.status»,«columns.contractNumber»,«columns.price»,«columns.assetType»\r\n«statuses.performing»,QL-2026-000001,42000.00,«assetTypes.vehicle»\r\n',
    );
  });

  it('cover every Master File column, defaults included', () => {
    expect(leaseExportColumns(t, MASTER_FILE_COLUMN_IDS)).toHaveLength(MASTER_FILE_COLUMN_IDS.length);
    expect(DEFAULT_MASTER_FILE_COLUMNS.every((id) => MASTER_FILE_COLUMN_IDS.includes(id))).toBe(true);
  });

  it.each([
    { name: 'an amount in GBP', row: { currency: 'GBP', outstandingPrincipal: 3_123_456 }, text: '31234.56' },
    { name: 'an amount in JPY (no minor digits)', row: { currency: 'JPY', outstandingPrincipal: 150_000 }, text: '150000' },
    { name: 'a repaid lease', row: { currency: 'EUR', outstandingPrincipal: 0 }, text: '0.00' },
    { name: 'a lease not in the pool at the cut-off', row: { currency: 'EUR', outstandingPrincipal: null }, text: '' },
  ])('write the outstanding principal of $name as $text', ({ row, text }) => {
    const [col] = leaseExportColumns(t, ['outstandingPrincipal']);
    expect(csvCell(col!, { ...lease, ...row } as LeaseExportRow)).toBe(text);
  });

  it("head the outstanding principal with the register's cut-off when given, and keep the financed principal apart", () => {
    const withDate = (key: string, values?: Record<string, string | number>) => (values ? `«${key}:${values.date}»` : `«${key}»`);
    const cols = leaseExportColumns(withDate, ['principal', 'outstandingPrincipal'], { cutOff: '2026-11-01' });
    expect(cols.map((c) => c.header)).toEqual(['«columns.principal»', '«export.outstandingPrincipalAt:2026-11-01»']);
    expect(leaseExportColumns(withDate, ['outstandingPrincipal'])[0]!.header).toBe('«columns.outstandingPrincipal»');
  });

  it.each(['en', 'de', 'fr', 'pt'])(
    "%s: the headers say which principal is which (the financed one is not a bare 'Principal')",
    (locale) => {
      const m = JSON.parse(readFileSync(path.join(process.cwd(), 'messages', 'masterFile', `${locale}.json`), 'utf8')) as {
        columns: Record<string, string>;
        export: Record<string, string>;
      };
      expect(['Principal', 'Kapital', 'Capital']).not.toContain(m.columns.principal);
      expect(m.columns.outstandingPrincipal).toBeTruthy();
      expect(m.columns.outstandingPrincipal).not.toBe(m.columns.principal);
      expect(m.export.outstandingPrincipalAt).toContain('{date}');
    },
  );
});
