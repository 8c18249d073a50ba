'use client';

import { useFormatter } from '@/i18n/use-formatter';
import { LineTrendChart } from '@/components/charts/line-trend-chart';
import { CHART_COLORS, type ChartDatum, type ChartSeries } from '@/components/charts/series';

export type RateChartSpec = { id: string; title: string; summary: string; series: ChartSeries[]; data: ChartDatum[]; testId: string };

const PALETTE = [
  CHART_COLORS.primary,
  CHART_COLORS.warning,
  CHART_COLORS.info,
  CHART_COLORS.success,
  CHART_COLORS.muted,
  '#c0399a',
  '#5b6b2e',
  '#3b5bdb',
];

/** Line charts of ratios (decimals, shown as percentages in the active locale); every label comes translated from the page. */
export function RateCharts({ charts }: { charts: RateChartSpec[] }) {
  const format = useFormatter();
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 2 });
  const axis = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <div className="grid gap-8 xl:grid-cols-2">
      {charts.map((c) => (
        <div
          key={c.id}
          data-testid={c.testId}
          className={charts.length % 2 === 1 && c === charts[charts.length - 1] ? 'xl:col-span-2' : undefined}
        >
          <LineTrendChart
            id={c.id}
            title={c.title}
            summary={c.summary}
            data={c.data}
            series={c.series.map((s, k) => ({ ...s, color: s.color || PALETTE[k % PALETTE.length]! }))}
            formatAxis={axis}
            formatValue={pct}
          />
        </div>
      ))}
    </div>
  );
}
