import 'server-only';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { minorToDecimalString, minorUnitDigits, type CurrencySummary } from '@/lib/finance';
import { periodMonth, toTableRow, type CashFlowSource, type CashFlowTableRow, type ViewColumn } from '@/lib/portfolio/cash-flow-table';

/** Rows written between two yields to the event loop: the export must not stall other requests. */
const CHUNK = 500;

type Column = { header: string; text?: (r: CashFlowTableRow) => string | number; minor?: (r: CashFlowTableRow) => number };

/**
 * The export's columns: identification, then the chosen amount columns. Headers are the API's field
 * names (cash columns with their month, e.g. "cash1 (2026-11)"); amounts are in MAJOR units of the
 * row's currency (fx), exact decimals, so the file reads like the screen.
 */
export function exportColumns(cutOff: string, columns: readonly ViewColumn[]): Column[] {
  const out: Column[] = [
    { header: 'id', text: (r) => r.id },
    { header: 'contractNumber', text: (r) => r.contractNumber },
    { header: 'lessee', text: (r) => r.lessee },
    { header: 'fx', text: (r) => r.fx },
    { header: 'assetType', text: (r) => r.assetType },
    { header: 'status', text: (r) => r.status },
  ];
  for (const c of columns) {
    if (c === 'cashBeyond') out.push({ header: 'cashBeyond', minor: (r) => r.cashBeyond });
    else if (c.startsWith('cash')) {
      const k = Number(c.slice(4));
      out.push({ header: `${c} (${periodMonth(cutOff, k).slice(0, 7)})`, minor: (r) => r.cash[k - 1]! });
    } else {
      const key = c as Exclude<ViewColumn, `cash${number}` | 'cashBeyond'>;
      out.push({ header: key, minor: (r) => r[key] });
    }
  }
  return out;
}

/** RFC 4180 quoting; text that a spreadsheet would run as a formula is prefixed with an apostrophe. */
function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV (UTF-8 with BOM so spreadsheets read accents, CRLF lines), generated as the client reads it. */
export function csvStream(src: CashFlowSource, indices: ArrayLike<number>, columns: Column[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = -1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < 0) {
        controller.enqueue(encoder.encode(`\uFEFF${columns.map((c) => csvField(c.header)).join(',')}\r\n`));
        next = 0;
        return;
      }
      const end = Math.min(indices.length, next + CHUNK);
      let chunk = '';
      for (let j = next; j < end; j++) {
        const r = toTableRow(src, indices[j]!);
        chunk += columns.map((c) => (c.minor ? minorToDecimalString(c.minor(r), r.fx) : csvField(c.text!(r)))).join(',') + '\r\n';
      }
      if (chunk) controller.enqueue(encoder.encode(chunk));
      next = end;
      if (next >= indices.length) controller.close();
    },
  });
}

function numFmt(currency: string): string {
  const digits = minorUnitDigits(currency);
  return digits > 0 ? `#,##0.${'0'.repeat(digits)};[Red]-#,##0.${'0'.repeat(digits)}` : '#,##0;[Red]-#,##0';
}

/**
 * XLSX through exceljs's streaming writer: sheet "Total cash flow" (frozen header and identification,
 * amounts as numbers in major units with the currency's decimals) and sheet "Totals" (per currency,
 * never added across currencies).
 */
export function xlsxStream(
  src: CashFlowSource,
  indices: ArrayLike<number>,
  columns: Column[],
  totals: CurrencySummary[],
  totalColumns: readonly ViewColumn[],
): ReadableStream<Uint8Array> {
  const pass = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  void (async () => {
    try {
      const ws = wb.addWorksheet('Total cash flow', { views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }] });
      ws.columns = columns.map((c) => ({ header: c.header, width: c.minor ? 14 : c.header === 'lessee' ? 34 : 16 }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      for (let j = 0; j < indices.length; j++) {
        const r = toTableRow(src, indices[j]!);
        const digits = minorUnitDigits(r.fx);
        const row = ws.addRow(columns.map((c) => (c.minor ? c.minor(r) / 10 ** digits : c.text!(r))));
        const fmt = numFmt(r.fx);
        columns.forEach((c, n) => {
          if (c.minor) row.getCell(n + 1).numFmt = fmt;
        });
        row.commit();
        if (j % CHUNK === CHUNK - 1) await new Promise((resolve) => setImmediate(resolve));
      }
      ws.commit();

      const tw = wb.addWorksheet('Totals');
      const amountHeaders = columns.filter((c) => c.minor).map((c) => c.header);
      tw.columns = [{ header: 'fx', width: 8 }, { header: 'count', width: 10 }, ...amountHeaders.map((h) => ({ header: h, width: 16 }))];
      tw.getRow(1).font = { bold: true };
      tw.getRow(1).commit();
      for (const t of totals) {
        const digits = minorUnitDigits(t.currency);
        const values = totalColumns.map((c) => {
          if (c === 'cashBeyond') return t.cashBeyond;
          if (c.startsWith('cash')) return t.cash[Number(c.slice(4)) - 1]!;
          return t[c as 'prin' | 'sellto4G' | 'npv' | 'delta' | 'check' | 'totalcf'];
        });
        const row = tw.addRow([t.currency, t.count, ...values.map((m) => m / 10 ** digits)]);
        const fmt = numFmt(t.currency);
        values.forEach((_, n) => (row.getCell(n + 3).numFmt = fmt));
        row.commit();
      }
      tw.commit();
      await wb.commit();
    } catch (e) {
      pass.destroy(e as Error);
    }
  })();
  return Readable.toWeb(pass) as ReadableStream<Uint8Array>;
}
