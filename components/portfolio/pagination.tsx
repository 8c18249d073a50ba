import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { formatDecimal } from '@/lib/format';

type PaginationProps = {
  pathname: string;
  /** The query of page n (everything else unchanged). */
  queryFor: (page: number) => Record<string, string>;
  page: number;
  pageCount: number;
  total: number;
  perPage: number;
};

/** "Rows 26–50 of 412" and first/previous/next/last links; a disabled step is plain text, not a dead link. */
export function Pagination({ pathname, queryFor, page, pageCount, total, perPage }: PaginationProps) {
  const t = useTranslations('portfolio.paging');
  const format = useFormatter();
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * perPage + 1);
  const to = Math.min(total, page * perPage);
  const step = (target: number, label: string, icon: ReactNode, enabled: boolean) =>
    enabled ? (
      <Link
        href={{ pathname, query: queryFor(target) }}
        aria-label={label}
        title={label}
        className={buttonClasses({ variant: 'outline', size: 'icon', className: 'size-8' })}
      >
        {icon}
      </Link>
    ) : (
      <span
        aria-hidden="true"
        className={buttonClasses({ variant: 'outline', size: 'icon', className: 'pointer-events-none size-8 opacity-40' })}
      >
        {icon}
      </span>
    );
  return (
    <nav aria-label={t('label')} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-[13px]">
      <p data-testid="paging-summary">
        {page > pageCount && total > 0
          ? t('pastEnd', { page: formatDecimal(format, page), total: formatDecimal(format, total) })
          : t('rows', { from: formatDecimal(format, from), to: formatDecimal(format, to), total: formatDecimal(format, total) })}
      </p>
      <div className="flex items-center gap-1.5">
        {step(1, t('first'), <ChevronsLeft />, page > 1)}
        {step(Math.min(page - 1, pageCount), t('previous'), <ChevronLeft />, page > 1)}
        <span className="px-2">{t('page', { page: formatDecimal(format, page), count: formatDecimal(format, pageCount) })}</span>
        {step(page + 1, t('next'), <ChevronRight />, page < pageCount)}
        {step(pageCount, t('last'), <ChevronsRight />, page < pageCount)}
      </div>
    </nav>
  );
}
