'use client';

import { useFormatter } from 'next-intl';
import { formatCompactNumber } from '@/components/charts/axis';
import { StackedBarChart } from '@/components/charts/stacked-bar-chart';
import { CHART_COLORS, type ChartDatum } from '@/components/charts/series';
import { formatDecimal } from '@/lib/format';

const COLORS = [CHART_COLORS.primary, CHART_COLORS.info, CHART_COLORS.warning, CHART_COLORS.success, CHART_COLORS.muted];

/** Counts per bucket, stacked by currency (plain arrays and translated labels from the server). */
export function BucketChart({ data, currencies, title, summary }: { data: ChartDatum[]; currencies: string[]; title: string; summary: string }) {
  const format = useFormatter();
  return (
    <StackedBarChart
      id="bucket-chart"
      title={title}
      summary={summary}
      data={data}
      series={currencies.map((c, i) => ({ key: c, label: c, color: COLORS[i % COLORS.length]! }))}
      formatAxis={(v) => formatCompactNumber(format, v)}
      formatValue={(v) => formatDecimal(format, v)}
      height={240}
    />
  );
}
