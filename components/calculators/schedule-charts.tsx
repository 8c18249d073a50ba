'use client';

import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useMemo } from 'react';
import { AreaTrendChart } from '@/components/charts/area-trend-chart';
import { CHART_COLORS, type ChartDatum } from '@/components/charts/series';
import { formatCompactMoney } from '@/components/charts/axis';
import { StackedBarChart } from '@/components/charts/stacked-bar-chart';
import { fromMinor, type Schedule } from '@/lib/finance';
import { formatIsoDate, formatMoney } from '@/lib/format';

/** The balance after each instalment, and the principal/interest split of each instalment. */
export function ScheduleCharts({ schedule }: { schedule: Schedule }) {
  const t = useTranslations('calculators.charts');
  const format = useFormatter();
  const c = schedule.currency;

  const { balance, split } = useMemo(() => {
    const balanceData: ChartDatum[] = [{ x: 0, balance: fromMinor(schedule.principal, c) }];
    const splitData: ChartDatum[] = [];
    for (const row of schedule.rows) {
      balanceData.push({ x: row.period, balance: fromMinor(row.balanceAfter, c) });
      splitData.push({ x: row.period, principal: fromMinor(row.principal, c), interest: fromMinor(row.interest, c) });
    }
    return { balance: balanceData, split: splitData };
  }, [schedule, c]);

  const full = (major: number) => format.number(major, { style: 'currency', currency: c });
  const axis = (major: number) => formatCompactMoney(format, major, c);
  const dueDates = new Map(schedule.rows.map((r) => [r.period, r.dueDate]));
  const periodLabel = (x: number | string) => {
    const date = dueDates.get(Number(x));
    return date ? t('periodOn', { period: Number(x), date: formatIsoDate(format, date) }) : t('start');
  };
  const first = schedule.rows[0];
  const last = schedule.rows.at(-1);

  return (
    <div className="grid gap-8 xl:grid-cols-2">
      <AreaTrendChart
        id="calc-balance-chart"
        title={t('balance')}
        summary={t('balanceSummary', {
          start: formatMoney(format, schedule.principal, c),
          end: formatMoney(format, last?.balanceAfter ?? 0, c),
          count: schedule.rows.length,
        })}
        data={balance}
        series={[{ key: 'balance', label: t('balanceSeries'), color: CHART_COLORS.primary }]}
        formatAxis={axis}
        formatValue={full}
        formatX={periodLabel}
      />
      <StackedBarChart
        id="calc-split-chart"
        title={t('split')}
        summary={t('splitSummary', {
          principal: formatMoney(format, schedule.totals.principal, c),
          interest: formatMoney(format, schedule.totals.interest, c),
          firstPrincipal: formatMoney(format, first?.principal ?? 0, c),
          firstInterest: formatMoney(format, first?.interest ?? 0, c),
        })}
        data={split}
        series={[
          { key: 'principal', label: t('principal'), color: CHART_COLORS.primary },
          { key: 'interest', label: t('interest'), color: CHART_COLORS.warning },
        ]}
        formatAxis={axis}
        formatValue={full}
        formatX={periodLabel}
      />
    </div>
  );
}
