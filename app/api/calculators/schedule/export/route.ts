import ExcelJS from 'exceljs';
import { ApiError } from '@/lib/api/errors';
import { withAuth } from '@/services/api/handler';
import { computeSchedule } from '@/lib/calculators';
import { parseScheduleQuery, type FieldErrorKey } from '@/lib/calculators-query';
import { fromMinor, minorToDecimalString, minorUnitDigits, type Schedule } from '@/lib/finance';
import en from '@/messages/en.json';

export const dynamic = 'force-dynamic';

/** The columns of both files; amounts are the currency's major units. */
const COLUMNS = ['period', 'due_date', 'instalment', 'interest', 'principal', 'vat', 'fee', 'gross', 'balance_after'] as const;

const MONEY_FIELDS = ['instalment', 'interest', 'principal', 'vat', 'fee', 'gross', 'balanceAfter'] as const;

function fileName(schedule: Schedule, extension: string): string {
  return `schedule-${schedule.currency}-${schedule.term}x-${schedule.firstDueDate}.${extension}`;
}

/** One row per instalment (so the row count is the term), '.' decimals without grouping; the residual is not a row. */
function toCsv(schedule: Schedule): string {
  const c = schedule.currency;
  const lines = [COLUMNS.join(',')];
  for (const row of schedule.rows) {
    lines.push([String(row.period), row.dueDate, ...MONEY_FIELDS.map((f) => minorToDecimalString(row[f], c))].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function toXlsx(schedule: Schedule): Promise<ArrayBuffer> {
  const c = schedule.currency;
  const digits = minorUnitDigits(c);
  const moneyFormat = digits === 0 ? '#,##0;[Red]-#,##0' : `#,##0.${'0'.repeat(digits)};[Red]-#,##0.${'0'.repeat(digits)}`;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'QUANTUM';
  const sheet = workbook.addWorksheet('Schedule', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((key) => ({
    header: key,
    key,
    width: key === 'period' ? 8 : 14,
    style: key === 'period' ? {} : key === 'due_date' ? { numFmt: 'yyyy-mm-dd' } : { numFmt: moneyFormat },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of schedule.rows) {
    const [y, m, d] = row.dueDate.split('-').map(Number) as [number, number, number];
    sheet.addRow({
      period: row.period,
      due_date: new Date(Date.UTC(y, m - 1, d)),
      ...Object.fromEntries(MONEY_FIELDS.map((f, i) => [COLUMNS[i + 2], fromMinor(row[f], c)])),
    });
  }
  const t = schedule.totals;
  const totals = sheet.addRow({
    period: 'Total',
    instalment: fromMinor(t.instalment, c),
    interest: fromMinor(t.interest, c),
    principal: fromMinor(t.principal, c),
    vat: fromMinor(t.vat, c),
    fee: fromMinor(t.fee, c),
    gross: fromMinor(t.gross, c),
  });
  totals.font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer).buffer as ArrayBuffer;
}

/**
 * GET /api/calculators/schedule/export?format=csv|xlsx&<the calculators page's query string> — the
 * schedule as a file. The query format is lib/calculators-query.ts (amounts in major units with '.',
 * rates in percent, dates YYYY-MM-DD); bad input answers 400 with the fields.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const params = req.nextUrl.searchParams;
  const format = params.get('format');
  const parsed = parseScheduleQuery(params);
  const issues = 'errors' in parsed ? Object.entries(parsed.errors).map(([field, key]) => ({ field, message: en.calculators.errors[key as FieldErrorKey] })) : [];
  if (format !== 'csv' && format !== 'xlsx') issues.unshift({ field: 'format', message: en.calculators.errors.format });
  if (issues.length > 0 || !('input' in parsed)) throw new ApiError('invalid', 'The query string is invalid.', issues);
  const schedule = computeSchedule(parsed.input);
  if (format === 'csv') {
    return new Response(toCsv(schedule), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileName(schedule, 'csv')}"`,
        'Cache-Control': 'no-store',
      },
    });
  }
  return new Response(await toXlsx(schedule), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${fileName(schedule, 'xlsx')}"`,
      'Cache-Control': 'no-store',
    },
  });
});
