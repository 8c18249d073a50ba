'use client';

import { useFormatter } from '@/i18n/use-formatter';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { Link } from '@/i18n/navigation';
import { formatShares } from './share-percent';

export type ShareSlice = {
  key: string;
  label: string;
  /** The share's weight (a count or an amount in one currency); slices with 0 are listed but not drawn. */
  value: number;
  /** The figure shown beside the label, already formatted. */
  display: string;
  /** The screen behind the slice (locale-relative), e.g. the Master File filtered to it. */
  href?: { pathname: string; query?: Record<string, string> };
};

const COLOURS = ['#7367f0', '#00bad1', '#ff9f43', '#28c76f', '#ff4c51', '#808390'];

/**
 * A donut with its legend as a list: the list carries the figures and the links (keyboard and screen
 * readers use it), the donut is decorative.
 */
export function PortfolioShareChart({
  slices,
  height = 200,
  'data-testid': testId,
}: {
  slices: ShareSlice[];
  height?: number;
  'data-testid'?: string;
}) {
  const format = useFormatter();
  const total = slices.reduce((s, x) => s + Math.max(0, x.value), 0);
  const drawn = slices.filter((s) => s.value > 0);
  // Every share of the chart with the same decimals ("82.4 % / 11.5 % / 6.0 %", never "… / 6 %").
  const shares = formatShares(
    format,
    slices.map((s) => (total > 0 ? Math.max(0, s.value) / total : 0)),
  );
  return (
    <div className="flex flex-wrap items-center gap-4" data-testid={testId}>
      <div aria-hidden="true" style={{ height, width: height }} className="shrink-0">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={drawn}
              dataKey="value"
              nameKey="label"
              innerRadius="58%"
              outerRadius="95%"
              paddingAngle={1}
              isAnimationActive={false}
              stroke="none"
            >
              {drawn.map((s) => (
                <Cell key={s.key} fill={COLOURS[slices.indexOf(s) % COLOURS.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(_v, _n, item) => [(item.payload as ShareSlice).display, (item.payload as ShareSlice).label]} />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul className="flex min-w-48 flex-1 flex-col gap-1.5">
        {slices.map((s, n) => {
          const body = (
            <>
              <span className="size-2.5 shrink-0 rounded-full" style={{ background: COLOURS[n % COLOURS.length] }} aria-hidden="true" />
              <span className="flex-1 text-heading">{s.label}</span>
              <span className="tabular text-right">{s.display}</span>
              <span className="tabular w-14 shrink-0 text-right whitespace-nowrap">{shares[n]}</span>
            </>
          );
          return (
            <li key={s.key}>
              {s.href ? (
                <Link href={s.href} className="flex items-center gap-2 rounded-sm px-1 py-0.5 hover:bg-surface-muted">
                  {body}
                </Link>
              ) : (
                <span className="flex items-center gap-2 px-1 py-0.5">{body}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
