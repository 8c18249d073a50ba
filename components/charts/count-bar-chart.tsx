'use client';

import { useFormatter } from '@/i18n/use-formatter';
import { formatCompactNumber } from './axis';
import { StackedBarChart } from './stacked-bar-chart';
import { CHART_COLORS } from './series';

type Props = { id: string; title: string; summary: string; labels: string[]; values: number[]; seriesLabel: string; height?: number };

/** Whole counts per labelled period (e.g. new leases per month) as bars, with locale-formatted axis and tooltip. */
export function CountBarChart({ id, title, summary, labels, values, seriesLabel, height = 240 }: Props) {
  const format = useFormatter();
  return (
    <StackedBarChart
      id={id}
      title={title}
      summary={summary}
      data={values.map((v, k) => ({ x: labels[k] ?? String(k + 1), count: v }))}
      series={[{ key: 'count', label: seriesLabel, color: CHART_COLORS.primary }]}
      formatAxis={(v) => formatCompactNumber(format, v)}
      formatValue={(v) => format.number(v)}
      height={height}
    />
  );
}
