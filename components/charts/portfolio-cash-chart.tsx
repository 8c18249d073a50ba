'use client';

import { useState } from 'react';
import { useFormatter } from '@/i18n/use-formatter';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { cn } from '@/components/ui/cn';
import { formatMoney, minorToMajor } from '@/lib/format';
import { formatCompactMoney, xAxisLayout, Y_AXIS_WIDTH } from './axis';
import { WrappedTick } from './wrapped-tick';

export type CashSeries = { currency: string; values: number[] };

type PortfolioCashChartProps = {
  /** One series per currency (never added together), values in minor units. */
  series: CashSeries[];
  /** One translated label per value (e.g. the period's month). */
  labels: string[];
  /** Accessible name of the currency switch and caption of the screen-reader table. */
  currencyLabel: string;
  caption: string;
  periodHeader: string;
  amountHeader: string;
  height?: number;
  'data-testid'?: string;
};

/**
 * A bar chart of monthly amounts for one currency at a time, with a currency switch. The bars are
 * decorative for assistive technology: the same figures are in a visually hidden table.
 */
export function PortfolioCashChart({
  series,
  labels,
  currencyLabel,
  caption,
  periodHeader,
  amountHeader,
  height = 280,
  ...rest
}: PortfolioCashChartProps) {
  const format = useFormatter();
  const [currency, setCurrency] = useState(series[0]?.currency ?? '');
  const current = series.find((s) => s.currency === currency) ?? series[0];
  if (!current) return null;
  const data = current.values.map((minor, k) => ({
    label: labels[k] ?? String(k + 1),
    value: minorToMajor(minor, current.currency),
    minor,
  }));
  const x = xAxisLayout(data.length);

  return (
    <div data-testid={rest['data-testid']}>
      {series.length > 1 ? (
        <div role="group" aria-label={currencyLabel} className="mb-3 flex flex-wrap gap-1">
          {series.map((s) => (
            <button
              key={s.currency}
              type="button"
              aria-pressed={s.currency === current.currency}
              onClick={() => setCurrency(s.currency)}
              className={cn(
                'h-8 rounded-md px-3 text-[13px] font-medium',
                s.currency === current.currency ? 'bg-primary-strong text-white' : 'bg-primary-soft text-primary-strong hover:bg-[#e3e1fc]',
              )}
            >
              {s.currency}
            </button>
          ))}
        </div>
      ) : null}
      <div aria-hidden="true" style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 + x.marginLeft }}>
            <CartesianGrid vertical={false} stroke="#e6e6e8" />
            <XAxis
              dataKey="label"
              tick={x.wrap ? (props) => <WrappedTick {...props} fill="#6d6b77" /> : { fontSize: 12, fill: '#6d6b77' }}
              interval={x.interval}
              angle={x.angle}
              textAnchor={x.textAnchor}
              dx={x.dx}
              height={x.height}
              tickLine={false}
            />
            <YAxis
              width={Y_AXIS_WIDTH}
              tick={{ fontSize: 12, fill: '#6d6b77' }}
              tickLine={false}
              axisLine={false}
              tickFormatter={(v: number) => formatCompactMoney(format, v, current.currency)}
            />
            <Tooltip
              cursor={{ fill: 'rgb(115 103 240 / 0.08)' }}
              formatter={(_v, _n, item) => [formatMoney(format, (item.payload as { minor: number }).minor, current.currency), amountHeader]}
            />
            <Bar dataKey="value" fill="#7367f0" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>
          {caption} ({current.currency})
        </caption>
        <thead>
          <tr>
            <th scope="col">{periodHeader}</th>
            <th scope="col">{amountHeader}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d, k) => (
            <tr key={k}>
              <th scope="row">{d.label}</th>
              <td>{formatMoney(format, d.minor, current.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
