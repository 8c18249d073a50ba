'use client';

import { Text } from 'recharts';

type TickProps = {
  x: number | string;
  y: number | string;
  width?: number | string;
  fill?: string;
  visibleTicksCount: number;
  payload: { value: unknown; offset?: number };
};

/**
 * A flat category label wrapped onto as many lines as it needs within its own band ("Principal repaid" over two
 * lines), so long labels in a narrow chart never run into their neighbours. A month written with a no-break space
 * ("Jan 2026", kept whole in text and tables) may break here: two short lines fit a narrow band where one long one
 * would overlap the next month. Keeps Recharts' tick class and orientation so tests and styles find it like any other
 * tick.
 */
export function WrappedTick({ x, y, width, fill, visibleTicksCount, payload }: TickProps) {
  const axisWidth = Number(width ?? 0);
  const band = payload.offset ? payload.offset * 2 : visibleTicksCount > 0 ? axisWidth / visibleTicksCount : axisWidth;
  return (
    <Text
      x={Number(x)}
      y={Number(y)}
      width={Math.max(band - 6, 24)}
      textAnchor="middle"
      verticalAnchor="start"
      fontSize={12}
      fill={fill}
      className="recharts-cartesian-axis-tick-value"
      orientation="bottom"
      lineHeight="1.15em"
    >
      {String(payload.value).replace(/\u00A0/g, ' ')}
    </Text>
  );
}

/**
 * A category label on a vertical axis (a chart laid on its side), right-aligned against the axis and wrapped within
 * the axis' width, centred on its band. Keeps Recharts' tick class and a left orientation, as a y tick.
 */
export function CategoryYTick({ x, y, width, fill, payload }: Omit<TickProps, 'visibleTicksCount'>) {
  return (
    <Text
      x={Number(x)}
      y={Number(y)}
      width={Number(width ?? 0)}
      textAnchor="end"
      verticalAnchor="middle"
      fontSize={12}
      fill={fill}
      className="recharts-cartesian-axis-tick-value"
      orientation="left"
      lineHeight="1.15em"
    >
      {String(payload.value)}
    </Text>
  );
}
