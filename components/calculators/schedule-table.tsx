'use client';

import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { cn } from '@/components/ui/cn';
import type { Schedule } from '@/lib/finance';
import { formatIsoDate, formatMoney } from '@/lib/format';

type Column = 'instalment' | 'interest' | 'principal' | 'vat' | 'fee' | 'gross' | 'balanceAfter';

/**
 * The whole schedule: one compact row per instalment, the residual, and the totals (principal + residual
 * = financed principal). VAT, fee and gross columns appear only when the lease has them.
 */
export function ScheduleTable({ schedule, stale }: { schedule: Schedule; stale?: boolean }) {
  const t = useTranslations('calculators.table');
  const format = useFormatter();
  const c = schedule.currency;
  const money = (minor: number) => formatMoney(format, minor, c);
  const hasVat = schedule.rows.some((r) => r.vat !== 0) || schedule.residualVat !== 0;
  const hasFee = schedule.rows.some((r) => r.fee !== 0);
  const columns: Column[] = [
    'instalment',
    'interest',
    'principal',
    ...(hasVat ? (['vat'] as const) : []),
    ...(hasFee ? (['fee'] as const) : []),
    ...(hasVat || hasFee ? (['gross'] as const) : []),
    'balanceAfter',
  ];
  const totals = schedule.totals;
  const totalOf: Record<Column, number | null> = {
    instalment: totals.instalment,
    interest: totals.interest,
    principal: totals.principal + schedule.residual,
    vat: totals.vat + schedule.residualVat,
    fee: totals.fee,
    gross: totals.cash,
    balanceAfter: null,
  };
  // cn() does not merge classes, so alignment is added per cell rather than overridden.
  const cell = 'h-8 px-3 whitespace-nowrap';
  const num = cn(cell, 'text-right');
  const head = 'sticky top-0 z-10 h-9 bg-surface-muted px-3 text-[12px] font-semibold tracking-wide text-heading uppercase';

  return (
    <div
      className={cn('max-h-[36rem] overflow-auto rounded-md border border-border', stale && 'opacity-60')}
      role="region"
      aria-labelledby="calc-schedule-caption"
      tabIndex={0}
      data-testid="schedule-table"
    >
      <table className="tabular w-full border-separate border-spacing-0 text-[13px]">
        <caption id="calc-schedule-caption" className="sr-only">
          {t('caption', { count: schedule.rows.length, currency: c })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={cn(head, 'w-12 pl-4 text-right')}>
              {t('period')}
            </th>
            <th scope="col" className={cn(head, 'text-left')}>
              {t('dueDate')}
            </th>
            {columns.map((col) => (
              <th key={col} scope="col" className={cn(head, 'text-right')}>
                {t(col)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {schedule.rows.map((row) => (
            <tr key={row.period} className="even:bg-page/60 hover:bg-primary-soft/50">
              <th scope="row" className={cn(num, 'border-b border-border pl-4 font-normal text-body')}>
                {row.period}
              </th>
              <td className={cn(cell, 'border-b border-border text-left')}>{formatIsoDate(format, row.dueDate)}</td>
              {columns.map((col) => (
                <td key={col} className={cn(num, 'border-b border-border', row[col] < 0 ? 'text-danger-text' : 'text-heading')}>
                  {money(row[col])}
                </td>
              ))}
            </tr>
          ))}
          {schedule.residual > 0 ? (
            <tr className="bg-info-soft/40">
              <th scope="row" colSpan={2} className={cn(cell, 'border-b border-border pl-4 text-left font-medium text-heading')}>
                {t('residual')} · {formatIsoDate(format, schedule.residualDueDate)}
              </th>
              {columns.map((col) => {
                const value =
                  col === 'principal'
                    ? schedule.residual
                    : col === 'vat'
                      ? schedule.residualVat
                      : col === 'gross'
                        ? schedule.residual + schedule.residualVat
                        : col === 'balanceAfter'
                          ? 0
                          : null;
                return (
                  <td key={col} className={cn(num, 'border-b border-border text-heading')}>
                    {value === null ? '' : money(value)}
                  </td>
                );
              })}
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className={cn(cell, 'sticky bottom-0 bg-surface-muted pl-4 text-left font-semibold text-heading')}>
              {t('total')}
            </th>
            {columns.map((col) => {
              const value = totalOf[col];
              return (
                <td
                  key={col}
                  className={cn(num, 'sticky bottom-0 bg-surface-muted font-semibold text-heading')}
                  data-testid={`total-${col}`}
                >
                  {value === null ? '' : money(value)}
                </td>
              );
            })}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
