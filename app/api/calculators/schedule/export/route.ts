import { withAuth } from '@/services/api/handler';
import { computeSchedule } from '@/lib/calculators';
import { parseScheduleQuery, type FieldErrorKey } from '@/lib/calculators-query';
import { exportSheetsResponse, type ExportColumn } from '@/lib/exports';
import type { Schedule } from '@/lib/finance';
import en from '@/messages/en.json';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

const MONEY_FIELDS = ['instalment', 'interest', 'principal', 'vat', 'fee', 'gross', 'balanceAfter'] as const;
const MONEY_HEADERS = ['instalment', 'interest', 'principal', 'vat', 'fee', 'gross', 'balance_after'] as const;

/** A schedule line, or the XLSX totals line (period "Total", no date, no balance). */
type Line = { period: number | string; dueDate: string | null } & Record<(typeof MONEY_FIELDS)[number], number | null>;

/** The columns of both files; amounts are the currency's major units ('.' decimals without grouping in CSV). */
function columns(currency: string): ExportColumn<Line>[] {
  return [
    { id: 'period', header: 'period', kind: 'integer', value: (r) => r.period, width: 8 },
    { id: 'due_date', header: 'due_date', kind: 'date', value: (r) => r.dueDate },
    ...MONEY_FIELDS.map((f, i): ExportColumn<Line> => ({
      id: f,
      header: MONEY_HEADERS[i]!,
      kind: 'money',
      value: (r) => r[f],
      currency: () => currency,
      redNegatives: true,
    })),
  ];
}

function fileName(schedule: Schedule, extension: string): string {
  return `schedule-${schedule.currency}-${schedule.term}x-${schedule.firstDueDate}.${extension}`;
}

/**
 * GET /api/calculators/schedule/export?format=csv|xlsx&<the calculators page's query string> — the
 * schedule as a file. The query format is lib/calculators-query.ts (amounts in major units with '.',
 * rates in percent, dates YYYY-MM-DD); bad input answers 400 with the fields.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const params = req.nextUrl.searchParams;
  const format = params.get('format') === 'csv' ? 'csv' : params.get('format') === 'xlsx' ? 'xlsx' : null;
  const parsed = parseScheduleQuery(params);
  const issues =
    'errors' in parsed
      ? Object.entries(parsed.errors).map(([field, key]) => ({ field, message: en.calculators.errors[key as FieldErrorKey] }))
      : [];
  if (format === null) issues.unshift({ field: 'format', message: en.calculators.errors.format });
  if (issues.length > 0 || format === null || !('input' in parsed)) throw new Invalid('The query string is invalid.', issues);
  const schedule = computeSchedule(parsed.input);
  // One row per instalment (so the CSV's row count is the term); the residual is not a row; the workbook adds a bold totals line.
  const lines: Line[] = schedule.rows.map((r) => ({ ...r }));
  const totals: Line = { period: 'Total', dueDate: null, ...schedule.totals, balanceAfter: null };
  return exportSheetsResponse<[Line]>(
    format,
    fileName(schedule, format),
    [{ name: 'Schedule', columns: columns(schedule.currency), rows: lines, footer: [totals] }],
    {
      fileName: fileName(schedule, format),
      csv: { bom: false },
    },
  );
});
