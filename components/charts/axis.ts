import type { Formatter } from '@/lib/format';
import { minorToMajor } from '@/lib/format';

/**
 * Axis conventions shared by every cartesian chart wrapper.
 *
 * Y ticks are compact locale money ("600K €", "34 Mio. €", "1,5 k £GB") with at most two fraction digits and
 * none forced, so neighbouring ticks differ and no label carries noise like ",00". The Y axis is sized to its
 * longest tick (Recharts measures the rendered tick text with `width="auto"`), so no locale's labels are clipped.
 */
export const Y_AXIS_WIDTH = 'auto' as const;

/** Compact money for an axis tick; `value` is in major units (what the charts plot). */
export function formatCompactMoney(format: Formatter, value: number, currency: string): string {
  return format.number(value, {
    style: 'currency',
    currency: currency.toUpperCase(),
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
}

/** Compact money for an axis tick when the plotted value is in minor units. */
export function formatCompactMinor(format: Formatter, minor: number, currency: string): string {
  return formatCompactMoney(format, minorToMajor(minor, currency), currency);
}

/** Compact plain number for an axis tick (counts, shares). */
export function formatCompactNumber(format: Formatter, value: number): string {
  return format.number(value, { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 2 });
}

export type XAxisLayout = {
  interval: number | 'equidistantPreserveStart';
  angle: number;
  height: number;
  textAnchor: 'middle' | 'end';
  dx: number;
  /** Extra room left of the plot: a rotated first label reaches back past the Y axis. */
  marginLeft: number;
  /**
   * Room right of the plot for a line or area chart, whose last point (and its label, centred on it) sits on the plot's
   * right edge: half a flat label ("nov. 2026" wraps to lines of up to about 36 px); a rotated label ends at its point.
   */
  marginRight: number;
  /** Flat labels wrap within their band (see WrappedTick) instead of running into their neighbours. */
  wrap: boolean;
};

/**
 * How the x labels of `count` categories are laid out. Instead of Recharts silently dropping labels that would
 * overlap, the choice is deliberate: up to 12 labels are all shown flat, each wrapped within its band; more are rotated, and shown on one even
 * stride (every label, every second, every third …) chosen from the rotated labels' real size and the plot's width,
 * so months read evenly and never collide.
 */
export function xAxisLayout(count: number): XAxisLayout {
  if (count <= 12) return { interval: 0, angle: 0, height: 48, textAnchor: 'middle', dx: 0, marginLeft: 0, marginRight: 24, wrap: true };
  return {
    interval: 'equidistantPreserveStart',
    angle: -40,
    height: 64,
    textAnchor: 'end',
    dx: -2,
    marginLeft: 32,
    marginRight: 12,
    wrap: false,
  };
}
