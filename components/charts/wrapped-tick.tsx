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
 * lines), so long labels in a narrow chart never run into their neighbours. Keeps Recharts' tick class and
 * orientation so tests and styles find it like any other tick.
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
      {String(payload.value)}
    </Text>
  );
}
