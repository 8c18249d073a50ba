import { STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { Amount } from '@/components/ui/amount';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';
import { formatIsoMonth } from '@/lib/format';
import { CASH_PERIODS, periodMonth } from '@/lib/portfolio/cash-flow-table';
import { LIABILITY_COMPONENTS, type CurrencyLiability, type LiabilityComponent } from '@/lib/portfolio/liability';

/** Principal / Interest / VAT as tabs: links to the three routes, keeping the cut-off. */
export function LiabilityTabs({ kind, query }: { kind: LiabilityComponent; query: Record<string, string> }) {
  const t = useTranslations('portfolio.liability');
  return (
    <nav aria-label={t('tabsLabel')} className="mb-4 flex gap-1 border-b border-border">
      {LIABILITY_COMPONENTS.map((k) => (
        <Link
          key={k}
          href={{ pathname: `/portfolio/liability/${k}`, query }}
          aria-current={k === kind ? 'page' : undefined}
          className={cn(
            '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
            k === kind ? 'border-primary-strong text-primary-strong' : 'border-transparent text-heading hover:text-primary-strong',
          )}
        >
          {t(`tabs.${k}`)}
        </Link>
      ))}
    </nav>
  );
}

const TH = 'sticky top-0 z-10 bg-surface-muted px-3 py-2 text-right font-medium whitespace-nowrap text-heading';
const TD = 'border-b border-border px-3 py-1 text-right whitespace-nowrap';

/** The per-period liability of one component: a row per period (61 + beyond), a column per currency, and the totals. */
export function LiabilityTable({ lines, kind, cutOff }: { lines: CurrencyLiability[]; kind: LiabilityComponent; cutOff: string }) {
  const t = useTranslations('portfolio.liability');
  const format = useFormatter();
  return (
    <div role="region" aria-label={t('tableLabel')} tabIndex={0} className="max-h-[70vh] overflow-auto border-t border-border">
      <table className={`w-full min-w-max text-[13px] ${STICKY_FIRST_COLUMN}`} data-testid="liability-table">
        <caption className="sr-only">{t('caption', { kind: t(`tabs.${kind}`) })}</caption>
        <thead>
          <tr>
            <th scope="col" className={`${TH} text-left`}>
              {t('period')}
            </th>
            <th scope="col" className={`${TH} text-left`}>
              {t('month')}
            </th>
            {lines.map((l) => (
              <th key={l.currency} scope="col" className={TH}>
                {l.currency}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {CASH_PERIODS.map((k) => (
            <tr key={k} className="h-8">
              <th scope="row" className={`${TD} text-left font-normal`}>
                {k}
              </th>
              <td className={`${TD} text-left`}>{formatIsoMonth(format, periodMonth(cutOff, k))}</td>
              {lines.map((l) => (
                <td key={l.currency} className={TD}>
                  <Amount minor={l[kind][k - 1]!} currency={l.currency} />
                </td>
              ))}
            </tr>
          ))}
          <tr className="h-8">
            <th scope="row" colSpan={2} className={`${TD} text-left font-normal`}>
              {t('beyond')}
            </th>
            {lines.map((l) => (
              <td key={l.currency} className={TD}>
                <Amount minor={l.beyond[kind]} currency={l.currency} />
              </td>
            ))}
          </tr>
        </tbody>
        <tfoot>
          <tr className="h-9 font-semibold text-heading" data-testid="liability-totals">
            <th scope="row" colSpan={2} className="border-t border-border-strong bg-primary-soft px-3 text-left">
              {t('total')}
            </th>
            {lines.map((l) => (
              <td
                key={l.currency}
                className="border-t border-border-strong bg-primary-soft px-3 text-right"
                data-testid={`liability-total-${l.currency}`}
              >
                <Amount minor={l.total[kind]} currency={l.currency} />
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
