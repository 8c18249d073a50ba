'use client';

import { useFormatter } from '@/i18n/use-formatter';
import { AreaTrendChart } from '@/components/charts/area-trend-chart';
import { CHART_COLORS } from '@/components/charts/series';
import { formatIsoMonth, formatPercent } from '@/lib/format';

/** A covenant's actual value and threshold per month end (percentages); the table beside it is the accessible data. */
export function CovenantChart({
  id,
  title,
  summary,
  actualLabel,
  thresholdLabel,
  months,
}: {
  id: string;
  title: string;
  summary: string;
  actualLabel: string;
  thresholdLabel: string;
  months: { monthEnd: string; actual: number; threshold: number }[];
}) {
  const format = useFormatter();
  return (
    <AreaTrendChart
      id={id}
      title={title}
      summary={summary}
      height={200}
      // The axis shows the month ("Dec 2025"), as the table beside it: never an ISO date.
      data={months.map((m) => ({ x: formatIsoMonth(format, m.monthEnd), actual: m.actual, threshold: m.threshold }))}
      series={[
        { key: 'actual', label: actualLabel, color: CHART_COLORS.primary },
        { key: 'threshold', label: thresholdLabel, color: CHART_COLORS.warning },
      ]}
      formatAxis={(v) => formatPercent(format, v, 1)}
      formatValue={(v) => formatPercent(format, v, 2)}
    />
  );
}
