/** One plotted series: the data key, its translated label and its colour (a design-token value). */
export type ChartSeries = { key: string; label: string; color: string };

/** A data point: the x value (period number, month …) and one number per series key. */
export type ChartDatum = { x: number | string } & Record<string, number | string>;

/** Design-token colours for charts (globals.css), readable on white and distinct for common colour blindness. */
export const CHART_COLORS = {
  primary: '#7367f0',
  info: '#00a3b8',
  warning: '#e08a2c',
  success: '#28a862',
  muted: '#a8a6b1',
} as const;

/** Chart text and grid colours (body text and border tokens). */
export const CHART_INK = { text: '#6d6b77', grid: '#e6e6e8' } as const;

/** Props shared by the cartesian chart wrappers (amounts per x value, one or more series). */
export type CartesianChartProps = {
  id: string;
  title: string;
  summary: string;
  data: readonly ChartDatum[];
  series: readonly ChartSeries[];
  /** Formats a y value for the axis (compact) and the tooltip (full). */
  formatAxis: (value: number) => string;
  formatValue: (value: number) => string;
  /** The tooltip's heading for an x value ("Period 12 · 1 Dec 2026"). */
  formatX?: (x: number | string) => string;
  height?: number;
};
