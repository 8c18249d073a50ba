import { ArrowDown, ArrowUp, ArrowUpDown, TriangleAlert } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Amount } from '@/components/ui/amount';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';
import type { CurrencySummary } from '@/lib/finance';
import { formatDecimal, formatIsoMonth } from '@/lib/format';
import { periodMonth, type AmountColumn, type CashFlowPageQuery, type CashFlowTableRow, type SortKey, type ViewColumn } from '@/lib/portfolio/cash-flow-table';
import { cashFlowQuery, TOTAL_CASH_FLOW_PATH } from './cash-flow-url';

export type FlaggedRow = CashFlowTableRow & { flagged: boolean };

type Props = {
  rows: FlaggedRow[];
  /** Per currency over the whole filtered set (not just this page). */
  totals: CurrencySummary[];
  columns: readonly ViewColumn[];
  cutOff: string;
  query: CashFlowPageQuery;
};

// Sticky identification: contract, lessee, currency. Fixed widths so the left offsets line up.
const STICKY = [
  'sticky left-0 w-[9.5rem] min-w-[9.5rem] max-w-[9.5rem]',
  'sticky left-[9.5rem] w-[14rem] min-w-[14rem] max-w-[14rem]',
  'sticky left-[23.5rem] w-[6.5rem] min-w-[6.5rem] max-w-[6.5rem] shadow-[inset_-1px_0_0_var(--color-border)]',
] as const;

type AmountKey = AmountColumn;

function amountOf(row: CashFlowTableRow | CurrencySummary, c: ViewColumn): number {
  if (c === 'cashBeyond') return row.cashBeyond;
  if (c.startsWith('cash')) return row.cash[Number(c.slice(4)) - 1]!;
  return row[c as AmountKey];
}

/**
 * The Total Cash Flow table (server-rendered): sticky header and identification columns, a
 * horizontal scroll over the 61 periods, sortable headers (links: the server sorts), rows whose check
 * flags them highlighted, and a totals row per currency for the whole filtered set.
 */
export function TotalCashFlowTable({ rows, totals, columns, cutOff, query }: Props) {
  const t = useTranslations('portfolio.table');
  const format = useFormatter();

  const sortHeader = (key: SortKey, label: ReactNode, className: string, title?: string) => {
    const active = query.sort === key;
    const nextDir = active && query.dir === 'asc' ? 'desc' : 'asc';
    const Icon = active ? (query.dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
    return (
      <th
        key={key}
        scope="col"
        aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
        className={cn('sticky top-0 bg-surface-muted px-0 py-0 font-medium text-heading', className)}
        title={title}
      >
        <Link
          href={{ pathname: TOTAL_CASH_FLOW_PATH, query: cashFlowQuery(query, { sort: key, dir: nextDir, page: 1 }) }}
          className={cn('flex h-9 items-center gap-1 px-3 whitespace-nowrap hover:text-primary-strong', !className.includes('text-left') && 'justify-end')}
        >
          {label}
          <Icon className={cn('size-3.5 shrink-0', !active && 'opacity-40')} aria-hidden="true" />
          <span className="sr-only">{t('sortBy')}</span>
        </Link>
      </th>
    );
  };

  const headerFor = (c: ViewColumn) => {
    if (c === 'cashBeyond') {
      return (
        <th key={c} scope="col" className="sticky top-0 z-10 bg-surface-muted px-3 text-right font-medium whitespace-nowrap text-heading" title={t('beyondHint')}>
          {t('columns.cashBeyond')}
        </th>
      );
    }
    if (c.startsWith('cash')) {
      const k = Number(c.slice(4));
      const month = formatIsoMonth(format, periodMonth(cutOff, k));
      return sortHeader(c, month, 'z-10 text-right', t('periodHint', { period: k }));
    }
    const key = c as AmountKey;
    return sortHeader(key, t(`columns.${key}`), 'z-10 text-right', t(`hints.${key}`));
  };

  return (
    <div
      role="region"
      aria-label={t('regionLabel')}
      tabIndex={0}
      className="max-h-[70vh] overflow-auto rounded-b-md border-t border-border focus-visible:outline-offset-[-2px]"
      data-testid="total-cash-flow-table"
    >
      <table className="w-max min-w-full border-separate border-spacing-0 text-[13px]">
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr>
            {sortHeader('id', t('columns.contract'), cn(STICKY[0], 'z-20 text-left'))}
            {sortHeader('lessee', t('columns.lessee'), cn(STICKY[1], 'z-20 text-left'))}
            {sortHeader('fx', t('columns.fx'), cn(STICKY[2], 'z-20 text-left'))}
            {columns.map(headerFor)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const tone = r.flagged ? 'bg-warning-soft' : 'bg-surface group-hover:bg-[#faf9fc]';
            return (
              <tr key={r.id} className="group h-8" data-flagged={r.flagged ? 'true' : undefined} data-testid="cash-flow-row">
                <th scope="row" className={cn(STICKY[0], tone, 'border-b border-border px-3 text-left font-medium whitespace-nowrap text-heading')}>
                  <span className="flex items-center gap-1.5">
                    {r.flagged ? <TriangleAlert className="size-3.5 shrink-0 text-warning-text" aria-label={t('flagged')} /> : null}
                    <span className="truncate">{r.contractNumber}</span>
                  </span>
                </th>
                <td className={cn(STICKY[1], tone, 'truncate border-b border-border px-3')} title={r.lessee}>
                  {r.lessee}
                </td>
                <td className={cn(STICKY[2], tone, 'border-b border-border px-3')}>{r.fx}</td>
                {columns.map((c) => (
                  <td key={c} className={cn('border-b border-border px-3 text-right', r.flagged && c === 'check' ? 'bg-warning-soft font-semibold text-warning-text' : tone)}>
                    <Amount minor={amountOf(r, c)} currency={r.fx} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
        {totals.length > 0 ? (
          <tfoot data-testid="totals">
            {totals.map((s) => (
              <tr key={s.currency} className="h-9 font-semibold text-heading" data-testid={`totals-${s.currency}`}>
                <th scope="row" colSpan={3} className={cn('sticky left-0 bg-primary-soft px-3 text-left whitespace-nowrap', 'border-t border-border-strong')}>
                  {t('totalRow', { currency: s.currency, count: s.count, countText: formatDecimal(format, s.count) })}
                </th>
                {columns.map((c) => (
                  <td key={c} className="border-t border-border-strong bg-primary-soft px-3 text-right">
                    <Amount minor={amountOf(s, c)} currency={s.currency} />
                  </td>
                ))}
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
