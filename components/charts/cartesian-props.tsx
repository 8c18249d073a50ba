import type { ComponentProps } from 'react';
import type { Tooltip, XAxis, YAxis } from 'recharts';
import type { XAxisLayout } from './axis';
import { Y_AXIS_WIDTH } from './axis';
import { WrappedTick } from './wrapped-tick';
import { CHART_INK, type CartesianChartProps } from './series';

/**
 * The axes and tooltip every cartesian chart of QUANTUM shares, as props to spread on recharts' own elements
 * (the elements stay direct children of the chart): the x axis laid out for its number of labels (xAxisLayout),
 * the y axis in the caller's compact notation sized to its labels, the tooltip in the caller's formats.
 */
export function xAxisProps(x: XAxisLayout): ComponentProps<typeof XAxis> {
  return {
    dataKey: 'x',
    tick: x.wrap ? (props) => <WrappedTick {...props} fill={CHART_INK.text} /> : { fill: CHART_INK.text, fontSize: 12 },
    tickLine: false,
    axisLine: { stroke: CHART_INK.grid },
    interval: x.interval,
    angle: x.angle,
    textAnchor: x.textAnchor,
    dx: x.dx,
    height: x.height,
  };
}

export function yAxisProps(formatAxis: CartesianChartProps['formatAxis']): ComponentProps<typeof YAxis> {
  return { tickFormatter: formatAxis, tick: { fill: CHART_INK.text, fontSize: 12 }, tickLine: false, axisLine: false, width: Y_AXIS_WIDTH };
}

export function tooltipProps({
  formatValue,
  formatX,
}: Pick<CartesianChartProps, 'formatValue' | 'formatX'>): ComponentProps<typeof Tooltip> {
  return {
    formatter: (value) => formatValue(Number(value)),
    labelFormatter: (label) => (formatX ? formatX(label as number | string) : String(label)),
    contentStyle: { borderRadius: 6, borderColor: CHART_INK.grid, fontSize: 13 },
  };
}
