import { useTranslations } from '@/i18n/use-translations';
import { Amount } from '@/components/ui/amount';
import { STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import type { ScenarioCurrency } from '@/lib/portfolio/scenarios';

const TH = 'sticky top-0 z-10 bg-surface-muted px-3 py-2 text-right font-medium whitespace-nowrap text-heading';
const TD = 'border-b border-border px-3 py-1 text-right whitespace-nowrap tabular';
const COMPONENTS = ['interest', 'scheduledPrincipal', 'prepayment', 'default', 'loss', 'recovery'] as const;

/**
 * One currency's comparison by period: contractual cash, scenario cash, difference, and the scenario's
 * components and balance; the 61 periods, the flows after them, and the totals (Σ of the rows). Scrolls
 * inside its card with a sticky first column.
 */
export function ScenarioPeriodsTable({ data, labels }: { data: ScenarioCurrency; labels: string[] }) {
  const t = useTranslations('scenarios.periods');
  const c = data.currency;
  const p = data.scenario.periods;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const slots = data.contractual.cash.length;
  return (
    <div className="max-h-[28rem] overflow-auto" role="region" aria-label={t('tableLabel')} tabIndex={0}>
      <table className={`w-full min-w-max text-[13px] ${STICKY_FIRST_COLUMN}`} data-testid={`scenario-periods-${c}`}>
        <caption className="sr-only">{t('caption', { currency: c })}</caption>
        <thead>
          <tr>
            <th scope="col" className={`${TH} text-left`}>
              {t('month')}
            </th>
            <th scope="col" className={TH}>
              {t('contractual')}
            </th>
            <th scope="col" className={TH}>
              {t('scenario')}
            </th>
            <th scope="col" className={TH}>
              {t('difference')}
            </th>
            {COMPONENTS.map((k) => (
              <th key={k} scope="col" className={TH}>
                {t(k)}
              </th>
            ))}
            <th scope="col" className={TH}>
              {t('endBalance')}
            </th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: slots }, (_, k) => {
            const beyond = k === slots - 1;
            return (
              <tr key={k} className="h-8">
                <th scope="row" className="border-b border-border px-3 text-left font-medium text-heading">
                  {beyond ? t('beyond') : labels[k]}
                </th>
                <td className={TD}>
                  <Amount minor={data.contractual.cash[k]!} currency={c} />
                </td>
                <td className={TD}>
                  <Amount minor={p.cash[k]!} currency={c} />
                </td>
                <td className={TD}>
                  <Amount minor={p.cash[k]! - data.contractual.cash[k]!} currency={c} />
                </td>
                {COMPONENTS.map((key) => (
                  <td key={key} className={TD}>
                    <Amount minor={p[key][k]!} currency={c} />
                  </td>
                ))}
                <td className={TD}>{beyond ? <span aria-hidden="true">—</span> : <Amount minor={p.endBalance[k]!} currency={c} />}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="h-8 font-medium" data-testid={`scenario-periods-total-${c}`}>
            <th scope="row" className="border-b border-border bg-surface px-3 text-left text-heading">
              {t('total')}
            </th>
            <td className={TD}>
              <Amount minor={sum(data.contractual.cash)} currency={c} />
            </td>
            <td className={TD}>
              <Amount minor={sum(p.cash)} currency={c} />
            </td>
            <td className={TD}>
              <Amount minor={sum(p.cash) - sum(data.contractual.cash)} currency={c} />
            </td>
            {COMPONENTS.map((key) => (
              <td key={key} className={TD}>
                <Amount minor={sum(p[key])} currency={c} />
              </td>
            ))}
            <td className={TD}>
              <span aria-hidden="true">—</span>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
