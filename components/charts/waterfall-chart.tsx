'use client';

import { useFormatter } from '@/i18n/use-formatter';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@/lib/format';
import { ChartFigure } from './chart-figure';
import { formatCompactMinor } from './axis';
import { tooltipProps } from './cartesian-props';
import { CategoryYTick } from './wrapped-tick';
import { CHART_COLORS, CHART_INK } from './series';

/** The axis of step names, and the height each step's bar takes (room for a name over three lines). */
const LABEL_WIDTH = 168;
const ROW_HEIGHT = 44;

/** A step of a waterfall: a total (a bar from zero) or a change (a floating bar from the running level). */
export type WaterfallStep = { label: string; amount: number; kind: 'total' | 'change' };

/** Bars of a waterfall: an invisible base and the visible height, from the running level each step leaves. */
function waterfallData(steps: readonly WaterfallStep[]) {
  const out: { x: string; base: number; value: number; signed: number; kind: WaterfallStep['kind'] }[] = [];
  let level = 0;
  for (const s of steps) {
    const from = s.kind === 'total' ? 0 : level;
    level = s.kind === 'total' ? s.amount : level + s.amount;
    out.push({ x: s.label, base: Math.min(from, level), value: Math.abs(s.amount), signed: s.amount, kind: s.kind });
  }
  return out;
}

/**
 * A waterfall of amounts in one currency (minor units): totals rise from zero, changes float from the level the
 * previous step left (a stacked bar on an invisible base). The table beside it is the accessible data.
 */
export function WaterfallChart({
  id,
  title,
  summary,
  currency,
  steps,
}: {
  id: string;
  title: string;
  summary: string;
  currency: string;
  steps: readonly WaterfallStep[];
}) {
  const format = useFormatter();
  const data = waterfallData(steps);
  // On its side: the steps' names ("Concentration excess", "Eligible after excess", German compounds) read whole on
  // the left, wrapped within the axis, where under upright bars eleven names shared 40 px each and ran into each other.
  return (
    <ChartFigure id={id} title={title} summary={summary}>
      <BarChart
        layout="vertical"
        responsive
        style={{ width: '100%', height: data.length * ROW_HEIGHT + 40 }}
        data={data}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
        barCategoryGap="22%"
        title={title}
        desc={summary}
      >
        <CartesianGrid stroke={CHART_INK.grid} horizontal={false} />
        <XAxis
          type="number"
          tickFormatter={(v: number) => formatCompactMinor(format, v, currency)}
          tick={{ fill: CHART_INK.text, fontSize: 12 }}
          tickLine={false}
          axisLine={{ stroke: CHART_INK.grid }}
          height={28}
        />
        <YAxis
          type="category"
          dataKey="x"
          width={LABEL_WIDTH}
          interval={0}
          tickLine={false}
          axisLine={{ stroke: CHART_INK.grid }}
          tick={(props) => <CategoryYTick {...props} width={LABEL_WIDTH - 10} fill={CHART_INK.text} />}
        />
        <Tooltip
          {...tooltipProps({ formatValue: (v) => formatMoney(format, v, currency) })}
          cursor={{ fill: 'rgb(115 103 240 / 0.08)' }}
          formatter={(_v, _n, item) => [formatMoney(format, (item.payload as { signed: number }).signed, currency), '']}
        />
        <Bar dataKey="base" stackId="w" fill="transparent" isAnimationActive={false} legendType="none" tooltipType="none" />
        <Bar dataKey="value" stackId="w" isAnimationActive={false}>
          {data.map((d) => (
            <Cell
              key={d.x}
              fill={
                d.kind === 'total'
                  ? d.signed < 0
                    ? CHART_COLORS.warning
                    : CHART_COLORS.primary
                  : d.signed < 0
                    ? CHART_COLORS.warning
                    : CHART_COLORS.success
              }
            />
          ))}
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}
