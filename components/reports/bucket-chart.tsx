'use client';

import { useFormatter } from '@/i18n/use-formatter';
import { formatCompactMinor } from '@/components/charts/axis';
import { StackedBarChart } from '@/components/charts/stacked-bar-chart';
import { CHART_COLORS } from '@/components/charts/series';
import { formatMoney } from '@/lib/format';

type BucketChartProps = {
  id: string;
  title: string;
  summary: string;
  currency: string;
  seriesLabel: string;
  /** One bar per bucket: its label and amount in minor units. */
  bars: { label: string; value: number }[];
};

/** Outstanding per bucket of one currency as bars (the bucket table beside it is the accessible data). */
export function BucketChart({ id, title, summary, currency, seriesLabel, bars }: BucketChartProps) {
  const format = useFormatter();
  return (
    <StackedBarChart
      id={id}
      title={title}
      summary={summary}
      data={bars.map((b) => ({ x: b.label, value: b.value }))}
      series={[{ key: 'value', label: seriesLabel, color: CHART_COLORS.primary }]}
      formatAxis={(v) => formatCompactMinor(format, v, currency)}
      formatValue={(v) => formatMoney(format, v, currency)}
    />
  );
}

type GroupedChartProps = {
  id: string;
  title: string;
  summary: string;
  currency: string;
  series: { key: string; label: string }[];
  data: ({ x: string } & Record<string, number | string>)[];
};

const PALETTE = [CHART_COLORS.primary, CHART_COLORS.info, CHART_COLORS.warning, CHART_COLORS.success, CHART_COLORS.muted];

/** Several amounts per category (e.g. scheduled and collected by component), one currency, side by side: they are comparisons, not parts of a whole. */
export function AmountsChart({ id, title, summary, currency, series, data }: GroupedChartProps) {
  const format = useFormatter();
  return (
    <StackedBarChart
      id={id}
      title={title}
      summary={summary}
      data={data}
      series={series.map((s, k) => ({ ...s, color: PALETTE[k % PALETTE.length]! }))}
      grouped
      formatAxis={(v) => formatCompactMinor(format, v, currency)}
      formatValue={(v) => formatMoney(format, v, currency)}
    />
  );
}
