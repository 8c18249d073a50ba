'use client';

import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './chart-figure';
import { xAxisLayout, Y_AXIS_WIDTH } from './axis';
import { WrappedTick } from './wrapped-tick';
import { CHART_INK, type CartesianChartProps, type ChartDatum } from './series';

/** Filled line(s) over an ordered x axis, e.g. an outstanding balance per period. */
export function AreaTrendChart({ id, title, summary, data, series, formatAxis, formatValue, formatX, height = 260 }: CartesianChartProps) {
  const x = xAxisLayout(data.length);
  return (
    <ChartFigure id={id} title={title} summary={summary}>
      <AreaChart
        responsive
        style={{ width: '100%', height }}
        data={data as ChartDatum[]}
        margin={{ top: 8, right: 12, bottom: 0, left: x.marginLeft }}
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
        />
        {series.map((s) => (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            fill={s.color}
            fillOpacity={0.16}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ChartFigure>
  );
}
