import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { Amount } from '@/components/ui/amount';
import { Link } from '@/i18n/navigation';
import type { CurrencySummary } from '@/lib/finance';
import { formatDecimal, formatPercent } from '@/lib/format';
import { STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import { TOTAL_CASH_FLOW_PATH } from './cash-flow-url';

const TH = 'sticky top-0 z-10 bg-surface-muted px-3 py-2 text-right font-medium whitespace-nowrap text-heading';
const TD = 'border-b border-border px-3 py-1.5 text-right whitespace-nowrap tabular';

/** Portfolio CF → Summary, one line per currency (amounts are never added across currencies); each line opens its rows. */
export function SummaryTable({ summary, query }: { summary: CurrencySummary[]; query: Record<string, string> }) {
  const t = useTranslations('portfolio.summary');
  const format = useFormatter();
  const dash = <span aria-label={t('notApplicable')}>—</span>;
  return (
    <div className="overflow-x-auto" role="region" aria-label={t('tableLabel')} tabIndex={0}>
      <table className={`w-full min-w-max text-[13px] ${STICKY_FIRST_COLUMN}`} data-testid="summary-table">
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className={`${TH} text-left`}>
              {t('currency')}
            </th>
            <th scope="col" className={TH}>
              {t('count')}
            </th>
            <th scope="col" className={TH}>
              {t('prin')}
            </th>
            <th scope="col" className={TH}>
              {t('price')}
            </th>
            <th scope="col" className={TH}>
              {t('npv')}
            </th>
            <th scope="col" className={TH}>
              {t('delta')}
            </th>
            <th scope="col" className={TH}>
              {t('totalcf')}
            </th>
            <th scope="col" className={TH}>
              {t('waRate')}
            </th>
            <th scope="col" className={TH}>
              {t('waRemainingTerm')}
            </th>
            <th scope="col" className={TH}>
              {t('wal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.map((s) => (
            <tr key={s.currency} className="h-8" data-testid={`summary-${s.currency}`}>
              <th scope="row" className="border-b border-border px-3 text-left font-medium text-heading">
                <Link
                  href={{ pathname: TOTAL_CASH_FLOW_PATH, query: { ...query, currency: s.currency } }}
                  className="text-primary-strong hover:underline"
                >
                  {s.currency}
                  <span className="sr-only"> {t('openRows')}</span>
                </Link>
              </th>
              <td className={TD}>{formatDecimal(format, s.count)}</td>
              <td className={TD}>
                <Amount minor={s.prin} currency={s.currency} />
              </td>
              <td className={TD}>
                <Amount minor={s.sellto4G} currency={s.currency} />
              </td>
              <td className={TD}>
                <Amount minor={s.npv} currency={s.currency} />
              </td>
              <td className={TD}>
                <Amount minor={s.delta} currency={s.currency} />
              </td>
              <td className={TD}>
                <Amount minor={s.totalcf} currency={s.currency} />
              </td>
              <td className={TD}>{s.waRate === null ? dash : formatPercent(format, s.waRate)}</td>
              <td className={TD}>
                {s.waRemainingTermMonths === null ? dash : t('months', { value: formatDecimal(format, s.waRemainingTermMonths, 1) })}
              </td>
              <td className={TD}>{s.walYears === null ? dash : t('years', { value: formatDecimal(format, s.walYears, 2) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
