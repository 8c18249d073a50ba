import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { Amount } from '@/components/ui/amount';
import { formatDecimal, formatIsoDate, formatPercent } from '@/lib/format';
import type { ReportColumn, ReportLine } from '@/services/reports/servicing-reports';
import { REGION, TABLE, TD, TD_LEFT, TH, TH_LEFT } from './table-styles';

/** A servicing report's table (lines or totals): typed cells, money in the line's currency. */
export async function ReportLinesTable({
  columns,
  lines,
  label,
  testId,
}: {
  columns: ReportColumn[];
  lines: ReportLine[];
  label: string;
  testId: string;
}) {
  const t = await getTranslations('reports');
  const format = await getFormatter();
  const cell = (c: ReportColumn, line: ReportLine) => {
    const v = line[c.id];
    if (v === null || v === undefined) return '—';
    switch (c.kind) {
      case 'money':
        return <Amount minor={Number(v)} currency={line.currency} />;
      case 'percent':
        return formatPercent(format, Number(v));
      case 'date':
        return formatIsoDate(format, String(v), 'short');
      case 'integer':
        return c.id === 'leaseId' ? String(v) : formatDecimal(format, Number(v));
      default:
        return String(v);
    }
  };
  return (
    <div className={REGION} role="region" aria-label={label} tabIndex={0}>
      <table className={TABLE} data-testid={testId}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.kind === 'text' || c.kind === 'date' ? TH_LEFT : TH}>
                {t(`columns.${c.id}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, k) => (
            <tr key={`${line.currency}:${String(line.leaseId ?? k)}`} className="h-8">
              {columns.map((c) => (
                <td key={c.id} className={c.kind === 'text' || c.kind === 'date' ? TD_LEFT : TD}>
                  {cell(c, line)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
