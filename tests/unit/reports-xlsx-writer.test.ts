/**
 * The kept files' XLSX writer: a workbook ExcelJS reads back with the same sheets (in order), headers,
 * values (money in major units with the currency's decimals, percentages, dates, text with XML
 * specials) and frozen header; the same content and date give the same bytes, another date other bytes.
 */
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import type { ExportColumn } from '@/lib/exports';
import { sheetName, writeXlsx } from '@/lib/exports/xlsx';

type Row = { name: string; amount: number; currency: string; rate: number; due: string; n: number; ok: boolean; empty: null };
const columns: ExportColumn<Row>[] = [
  { id: 'name', header: 'Name & <co>', kind: 'text', value: (r) => r.name },
  { id: 'amount', header: 'Amount', kind: 'money', value: (r) => r.amount, currency: (r) => r.currency },
  { id: 'rate', header: 'Rate', kind: 'percent', value: (r) => r.rate },
  { id: 'due', header: 'Due', kind: 'date', value: (r) => r.due },
  { id: 'n', header: 'N', kind: 'integer', value: (r) => r.n },
  { id: 'ok', header: 'OK', kind: 'boolean', value: (r) => r.ok },
  { id: 'empty', header: 'Empty', kind: 'text', value: (r) => r.empty },
];
const rows: Row[] = [
  { name: 'Müller "GmbH" <&>', amount: 123456, currency: 'EUR', rate: 0.0525, due: '2026-10-31', n: 7, ok: true, empty: null },
  { name: '=SUM(A1)', amount: -5, currency: 'JPY', rate: 0, due: '2024-02-29', n: 0, ok: false, empty: null },
];
const DATE = new Date(Date.UTC(2026, 10, 1));

async function read(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

describe('writeXlsx', () => {
  test('ExcelJS reads back sheets, headers and values', async () => {
    const wb = await read(
      await writeXlsx(
        [
          { name: 'Lines', columns, rows },
          { name: 'Totals/[x]', columns: columns.slice(0, 2), rows: rows.slice(0, 1) },
        ],
        DATE,
      ),
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Lines', 'Totals  x ']);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Name & <co>', 'Amount', 'Rate', 'Due', 'N', 'OK', 'Empty']);
    expect(ws.getCell('A2').value).toBe('Müller "GmbH" <&>');
    expect(ws.getCell('B2').value).toBe(1234.56);
    expect(ws.getCell('B2').numFmt).toBe('#,##0.00');
    expect(ws.getCell('B3').value).toBe(-5);
    expect(ws.getCell('B3').numFmt).toBe('#,##0');
    expect(ws.getCell('C2').value).toBe(0.0525);
    expect(ws.getCell('C2').numFmt).toBe('0.00%');
    expect((ws.getCell('D3').value as Date).toISOString().slice(0, 10)).toBe('2024-02-29');
    expect(ws.getCell('E2').value).toBe(7);
    expect(ws.getCell('F2').value).toBe(true);
    expect(ws.getCell('F3').value).toBe(false);
    expect(ws.getCell('G2').value).toBeNull();
    expect(ws.getCell('A3').value).toBe('=SUM(A1)');
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(wb.created.toISOString()).toBe(DATE.toISOString());
    expect(wb.worksheets[1]!.actualRowCount).toBe(2);
  });

  test('same content and date → same bytes; another date → other bytes', async () => {
    const a = await writeXlsx([{ name: 'S', columns, rows }], DATE);
    const b = await writeXlsx([{ name: 'S', columns, rows }], new Date(DATE));
    const c = await writeXlsx([{ name: 'S', columns, rows }], new Date(Date.UTC(2026, 11, 1)));
    expect(b.equals(a)).toBe(true);
    expect(c.equals(a)).toBe(false);
  });

  test.each([
    ['Lines', 'Lines'],
    ['a/b\\c*d?e:f[g]', 'a b c d e f g '],
    ['x'.repeat(40), 'x'.repeat(31)],
    ['', 'Sheet'],
  ])('sheet name %j → %j', (name, expected) => expect(sheetName(name)).toBe(expected));
});
