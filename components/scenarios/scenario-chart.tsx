'use client';

import { useFormatter } from '@/i18n/use-formatter';
import { StackedBarChart } from '@/components/charts/stacked-bar-chart';
import { formatCompactMinor } from '@/components/charts/axis';
import { CHART_COLORS } from '@/components/charts/series';
import { formatMoney } from '@/lib/format';

type ScenarioChartProps = {
  id: string;
  currency: string;
  /** Minor units per period 1..61 (the beyond slot is left out of the chart). */
  contractual: number[];
  scenario: number[];
  labels: string[];
  text: { title: string; summary: string; contractual: string; scenario: string };
};

/** Contractual and scenario cash per period side by side for one currency (the figures are in the table below it). */
export function ScenarioChart({ id, currency, contractual, scenario, labels, text }: ScenarioChartProps) {
  const format = useFormatter();
  const data = labels.map((x, k) => ({ x, contractual: contractual[k] ?? 0, scenario: scenario[k] ?? 0 }));
  return (
    <StackedBarChart
      id={id}
      title={text.title}
      summary={text.summary}
      data={data}
      grouped
      series={[
        { key: 'contractual', label: text.contractual, color: CHART_COLORS.muted },
        { key: 'scenario', label: text.scenario, color: CHART_COLORS.primary },
      ]}
      formatAxis={(v) => formatCompactMinor(format, v, currency)}
      formatValue={(v) => formatMoney(format, v, currency)}
    />
  );
}
