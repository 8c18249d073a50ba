'use client';

import { useFormatter } from '@/i18n/use-formatter';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactMinor, Y_AXIS_WIDTH } from '@/components/charts/axis';
import { formatIsoDate, formatIsoMonth, formatMoney } from '@/lib/format';

export type CashFlowPoint = { dueDate: string; instalment: number; balance: number };

type Props = {
  points: CashFlowPoint[];
  currency: string;
  labels: { instalment: string; balance: string; caption: string };
};

/**
 * A lease's cash flow: the instalment of each due date as bars and the outstanding balance after it as
 * a line (minor units in, formatted at the edge). Screen readers get the caption; the schedule table
 * below the chart carries the same figures.
 */
export function CashFlowChart({ points, currency, labels }: Props) {
  const format = useFormatter();
  return (
    <figure className="m-0">
      <figcaption className="sr-only">{labels.caption}</figcaption>
      <div className="h-72 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e6e6e8" vertical={false} />
            <XAxis
              dataKey="dueDate"
              tickFormatter={(d: string) => formatIsoMonth(format, d)}
              tick={{ fontSize: 12, fill: '#6d6b77' }}
              minTickGap={24}
            />
            <YAxis
              yAxisId="instalment"
              tickFormatter={(v: number) => formatCompactMinor(format, v, currency)}
              tick={{ fontSize: 12, fill: '#6d6b77' }}
              width={Y_AXIS_WIDTH}
            />
            <YAxis
              yAxisId="balance"
              orientation="right"
              tickFormatter={(v: number) => formatCompactMinor(format, v, currency)}
              tick={{ fontSize: 12, fill: '#6d6b77' }}
              width={Y_AXIS_WIDTH}
            />
            <Tooltip
              labelFormatter={(d) => formatIsoDate(format, String(d))}
              formatter={(v, name) => [formatMoney(format, Number(v), currency), name]}
            />
            <Legend wrapperStyle={{ fontSize: 13 }} />
            <Bar
              yAxisId="instalment"
              dataKey="instalment"
              name={labels.instalment}
              fill="#7367f0"
              radius={[2, 2, 0, 0]}
              isAnimationActive={false}
            />
            <Line
              yAxisId="balance"
              dataKey="balance"
              name={labels.balance}
              stroke="#00788a"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
