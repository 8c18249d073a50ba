'use client';

import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './chart-figure';
import { xAxisLayout } from './axis';
import { tooltipProps, xAxisProps, yAxisProps } from './cartesian-props';
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
        margin={{ top: 8, right: x.marginRight, bottom: 0, left: x.marginLeft }}
        title={title}
        desc={summary}
      >
        <CartesianGrid stroke={CHART_INK.grid} vertical={false} />
        <XAxis {...xAxisProps(x)} />
        <YAxis {...yAxisProps(formatAxis)} />
        <Tooltip {...tooltipProps({ formatValue, formatX })} />
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
