'use client';

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './chart-figure';
import { xAxisLayout } from './axis';
import { tooltipProps, xAxisProps, yAxisProps } from './cartesian-props';
import { CHART_INK, type CartesianChartProps, type ChartDatum } from './series';

/**
 * Bars per x value with the series stacked bottom to top in their order (one series gives plain bars), e.g.
 * principal and interest per period. `grouped` puts the series side by side instead, for amounts that are not
 * parts of one whole (scheduled vs received).
 */
export function StackedBarChart({
  id,
  title,
  summary,
  data,
  series,
  formatAxis,
  formatValue,
  formatX,
  height = 260,
  grouped = false,
}: CartesianChartProps & { grouped?: boolean }) {
  const x = xAxisLayout(data.length);
  return (
    <ChartFigure id={id} title={title} summary={summary}>
      <BarChart
        responsive
        style={{ width: '100%', height }}
        data={data as ChartDatum[]}
        margin={{ top: 8, right: 12, bottom: 0, left: x.marginLeft }}
        barCategoryGap="12%"
        title={title}
        desc={summary}
      >
        <CartesianGrid stroke={CHART_INK.grid} vertical={false} />
        <XAxis {...xAxisProps(x)} />
        <YAxis {...yAxisProps(formatAxis)} />
        <Tooltip {...tooltipProps({ formatValue, formatX })} cursor={{ fill: 'rgb(115 103 240 / 0.08)' }} />
        {series.length > 1 ? <Legend iconType="square" wrapperStyle={{ fontSize: 13, color: CHART_INK.text }} /> : null}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stackId={grouped ? undefined : 'stack'}
            fill={s.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFigure>
  );
}
