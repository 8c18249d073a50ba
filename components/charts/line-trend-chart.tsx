'use client';

import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './chart-figure';
import { xAxisLayout } from './axis';
import { tooltipProps, xAxisProps, yAxisProps } from './cartesian-props';
import { CHART_INK, type CartesianChartProps, type ChartDatum } from './series';

/** Lines over an ordered x axis (rates per month, one curve per cohort); a missing value leaves a gap. */
export function LineTrendChart({ id, title, summary, data, series, formatAxis, formatValue, formatX, height = 280 }: CartesianChartProps) {
  const x = xAxisLayout(data.length);
  return (
    <ChartFigure id={id} title={title} summary={summary}>
      <LineChart
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
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            connectNulls={false}
          />
        ))}
      </LineChart>
    </ChartFigure>
  );
}
