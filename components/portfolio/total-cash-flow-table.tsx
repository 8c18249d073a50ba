'use client';

import { ArrowDown, ArrowUp, ArrowUpDown, TriangleAlert } from '@/lib/icons';
import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';
import type { CurrencySummary } from '@/lib/finance';
import { formatDecimal, formatMoneyIn } from '@/lib/format';
import type { AmountColumn, CashFlowPageQuery, CashFlowTableRow, SortKey, ViewColumn } from '@/lib/portfolio/cash-flow-table';
import { LeaseStatusBadge } from '@/components/master-file/status-badges';
import { cashFlowQuery, TOTAL_CASH_FLOW_PATH } from './cash-flow-url';

export type FlaggedRow = CashFlowTableRow & { flagged: boolean };
export type TotalsLine = Pick<
  CurrencySummary,
  'currency' | 'count' | 'prin' | 'sellto4G' | 'npv' | 'delta' | 'check' | 'totalcf' | 'cash' | 'cashBeyond'
>;

type Props = {
  rows: FlaggedRow[];
  /** Per currency over the whole filtered set (not just this page). */
  totals: TotalsLine[];
  columns: readonly ViewColumn[];
  /** The localized month of each period 1..61 (index k − 1). */
  monthLabels: string[];
  query: CashFlowPageQuery;
};

// Sticky identification: contract, lessee, currency. Fixed widths so the left offsets line up;
// `bg-inherit` takes the row's background (plain, hovered or flagged).
const STICKY = [
  'sticky left-0 w-[9.5rem] min-w-[9.5rem] max-w-[9.5rem]',
  'sticky left-[9.5rem] w-[14rem] min-w-[14rem] max-w-[14rem]',
  'sticky left-[23.5rem] w-[6.5rem] min-w-[6.5rem] max-w-[6.5rem] shadow-[inset_-1px_0_0_var(--color-border)]',
] as const;

function amountOf(row: CashFlowTableRow | TotalsLine, c: ViewColumn): number {
  if (c === 'cashBeyond') return row.cashBeyond;
  if (c.startsWith('cash')) return row.cash[Number(c.slice(4)) - 1]!;
  return row[c as AmountColumn];
}

/**
 * The Total Cash Flow table: sticky header and identification columns, a horizontal scroll over the
 * 61 periods, sortable headers (links: the server sorts and pages), rows whose check flags them
 * highlighted, and a totals row per currency for the whole filtered set. A client component only so
 * that the page ships the rows as data once instead of as a server-rendered element tree.
 */
export function TotalCashFlowTable({ rows, totals, columns, monthLabels, query }: Props) {
  const t = useTranslations('portfolio.table');
  const locale = useLocale();
  const format = useFormatter();

  const sortHeader = (key: SortKey, label: ReactNode, className: string, title?: string) => {
    const active = query.sort === key;
    const nextDir = active && query.dir === 'asc' ? 'desc' : 'asc';
    const Icon = active ? (query.dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
    const left = className.includes('text-left');
    return (
      <th
        key={key}
        scope="col"
        aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
        className={cn('sticky top-0 bg-surface-muted p-0 font-medium text-heading', className)}
        title={title}
      >
        <Link
          href={{ pathname: TOTAL_CASH_FLOW_PATH, query: cashFlowQuery(query, { sort: key, dir: nextDir, page: 1 }) }}
          className={cn('flex h-9 items-center gap-1 px-3 whitespace-nowrap hover:text-primary-strong', !left && 'justify-end')}
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
        <th
          key={c}
          scope="col"
          className="sticky top-0 z-10 bg-surface-muted px-3 text-right font-medium whitespace-nowrap text-heading"
          title={t('beyondHint')}
        >
          {t('columns.cashBeyond')}
        </th>
      );
    }
    if (c.startsWith('cash')) {
      const k = Number(c.slice(4));
      return sortHeader(c, monthLabels[k - 1], 'z-10 text-right', t('periodHint', { period: k }));
    }
    const key = c as AmountColumn;
    return sortHeader(key, t(`columns.${key}`), 'z-10 text-right', t(`hints.${key}`));
  };

  const cell = (minor: number, currency: string, key: string, extra?: string) => (
    <td key={key} className={cn(minor < 0 && 'text-danger-text', extra)}>
      {formatMoneyIn(locale, minor, currency)}
    </td>
  );

  return (
    <div
      role="region"
      aria-label={t('regionLabel')}
      tabIndex={0}
      className="max-h-[70vh] overflow-auto rounded-b-md border-t border-border focus-visible:outline-offset-[-2px]"
      data-testid="total-cash-flow-table"
    >
      <table className="tabular w-max min-w-full border-separate border-spacing-0 text-[13px] [&_td]:h-8 [&_td]:border-b [&_td]:border-border [&_td]:px-3 [&_td]:text-right [&_td]:whitespace-nowrap">
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr>
            {sortHeader('id', t('columns.contract'), cn(STICKY[0], 'z-20 text-left'))}
            {sortHeader('lessee', t('columns.lessee'), cn(STICKY[1], 'z-20 text-left'))}
            {sortHeader('fx', t('columns.fx'), cn(STICKY[2], 'z-20 text-left'))}
            <th scope="col" className="sticky top-0 z-10 bg-surface-muted px-3 text-left font-medium whitespace-nowrap text-heading">
              {t('columns.status')}
            </th>
            {columns.map(headerFor)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.id}
              className={r.flagged ? 'bg-warning-soft' : 'bg-surface hover:bg-[#faf9fc]'}
              data-flagged={r.flagged ? 'true' : undefined}
              data-testid="cash-flow-row"
            >
              <th
                scope="row"
                className={cn(STICKY[0], 'border-b border-border bg-inherit px-3 text-left font-medium whitespace-nowrap text-heading')}
              >
                <span className="flex items-center gap-1.5">
                  {r.flagged ? <TriangleAlert className="size-3.5 shrink-0 text-warning-text" aria-label={t('flagged')} /> : null}
                  <span className="truncate">{r.contractNumber}</span>
                </span>
              </th>
              <td className={cn(STICKY[1], 'truncate bg-inherit text-left!')} title={r.lessee}>
                {r.lessee}
              </td>
              <td className={cn(STICKY[2], 'bg-inherit text-left!')}>{r.fx}</td>
              {/* The register's shown status at the cut-off, in its words (masterFile.statuses). */}
              <td className="text-left!">
                <LeaseStatusBadge status={r.status} />
              </td>
              {columns.map((c) =>
                cell(amountOf(r, c), r.fx, c, r.flagged && c === 'check' ? 'font-semibold text-warning-text' : undefined),
              )}
            </tr>
          ))}
        </tbody>
        {totals.length > 0 ? (
          <tfoot data-testid="totals">
            {totals.map((s) => (
              <tr
                key={s.currency}
                className="bg-primary-soft font-semibold text-heading [&>*]:border-t [&>*]:border-border-strong"
                data-testid={`totals-${s.currency}`}
              >
                <th scope="row" colSpan={4} className="sticky left-0 bg-inherit px-3 text-left whitespace-nowrap">
                  {t('totalRow', { currency: s.currency, count: s.count, countText: formatDecimal(format, s.count) })}
                </th>
                {columns.map((c) => cell(amountOf(s, c), s.currency, c))}
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
