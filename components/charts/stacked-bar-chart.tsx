'use client';

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './chart-figure';
import { xAxisLayout, Y_AXIS_WIDTH } from './axis';
import { WrappedTick } from './wrapped-tick';
import { CHART_INK, type CartesianChartProps, type ChartDatum } from './series';

/**
 * Bars per x value with the series stacked bottom to top in their order (one series gives plain bars), e.g.
 * principal and interest per period. `grouped` puts the series side by side instead, for amounts that are not
 * parts of one whole (scheduled vs received).
 */
export function StackedBarChart({ id, title, summary, data, series, formatAxis, formatValue, formatX, height = 260, grouped = false }: CartesianChartProps & { grouped?: boolean }) {
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
        <XAxis
          dataKey="x"
          tick={x.wrap ? (props) => <WrappedTick {...props} fill={CHART_INK.text} /> : { fill: CHART_INK.text, fontSize: 12 }}
          tickLine={false}
          axisLine={{ stroke: CHART_INK.grid }}
          interval={x.interval}
          angle={x.angle}
          textAnchor={x.textAnchor}
          dx={x.dx}
          height={x.height}
        />
        <YAxis tickFormatter={formatAxis} tick={{ fill: CHART_INK.text, fontSize: 12 }} tickLine={false} axisLine={false} width={Y_AXIS_WIDTH} />
        <Tooltip
          formatter={(value) => formatValue(Number(value))}
          labelFormatter={(label) => (formatX ? formatX(label as number | string) : String(label))}
          contentStyle={{ borderRadius: 6, borderColor: CHART_INK.grid, fontSize: 13 }}
          cursor={{ fill: 'rgb(115 103 240 / 0.08)' }}
        />
        {series.length > 1 ? <Legend iconType="square" wrapperStyle={{ fontSize: 13, color: CHART_INK.text }} /> : null}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} stackId={grouped ? undefined : 'stack'} fill={s.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFigure>
  );
}
