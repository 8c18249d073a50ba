import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { Amount } from '@/components/ui/amount';
import { STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import { formatPercent } from '@/lib/format';
import type { ScenarioComparisonData } from '@/lib/portfolio/scenarios';

const TH = 'sticky top-0 z-10 bg-surface-muted px-3 py-2 text-right font-medium whitespace-nowrap text-heading';
const TD = 'border-b border-border px-3 py-1.5 text-right whitespace-nowrap tabular';

type Comparison = Pick<ScenarioComparisonData, 'scenario' | 'currencies'>;

/** The assumptions of a scenario in words ("CPR 6.00 %, CDR 5.00 %, …"). */
export function ScenarioAssumptionsLine({ scenario }: { scenario: Comparison['scenario'] }) {
  const t = useTranslations('scenarios.compare');
  const format = useFormatter();
  return (
    <>
      {t('hint', {
        cpr: formatPercent(format, scenario.cpr),
        cdr: formatPercent(format, scenario.cdr),
        severity: formatPercent(format, scenario.severity),
        lag: scenario.lagMonths,
      })}
    </>
  );
}

/**
 * Contractual case, scenario and difference per currency (never added across currencies): outstanding,
 * total cash flow, price and NPV, then the scenario's defaults, prepayments, recoveries and expected loss
 * with its present value. Shared by Total Cash Flow, Summary and Scenarios.
 */
export function ScenarioTotalsTable({ comparison }: { comparison: Comparison }) {
  const t = useTranslations('scenarios.compare');
  const dash = <span aria-hidden="true">—</span>;
  return (
    <div className="overflow-x-auto" role="region" aria-label={t('caption')} tabIndex={0}>
      <table className={`w-full min-w-max text-[13px] ${STICKY_FIRST_COLUMN}`} data-testid="scenario-totals">
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className={`${TH} text-left`}>
              {t('measure')}
            </th>
            <th scope="col" className={`${TH} text-left`}>
              {t('currency')}
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
          </tr>
        </thead>
        <tbody>
          {comparison.currencies.flatMap((c) => {
            const rows: { key: string; label: string; contractual: number | null; scenario: number; difference: number | null }[] = [
              {
                key: 'totalcf',
                label: t('totalcf'),
                contractual: c.contractual.totalcf,
                scenario: c.scenario.totalcf,
                difference: c.difference.totalcf,
              },
              {
                key: 'price',
                label: t('price'),
                contractual: c.contractual.sellto4G,
                scenario: c.scenario.sellto4G,
                difference: c.difference.sellto4G,
              },
              { key: 'npv', label: t('npv'), contractual: c.contractual.npv, scenario: c.scenario.npv, difference: c.difference.npv },
              { key: 'defaults', label: t('defaults'), contractual: null, scenario: c.scenario.defaulted, difference: null },
              { key: 'prepayments', label: t('prepayments'), contractual: null, scenario: c.scenario.prepaid, difference: null },
              { key: 'recoveries', label: t('recoveries'), contractual: null, scenario: c.scenario.recovered, difference: null },
              { key: 'loss', label: t('expectedLoss'), contractual: null, scenario: c.scenario.loss, difference: null },
              { key: 'lossPv', label: t('expectedLossPv'), contractual: null, scenario: c.scenario.lossPv, difference: null },
            ];
            return rows.map((r) => (
              <tr key={`${c.currency}-${r.key}`} className="h-8" data-testid={`scenario-${r.key}-${c.currency}`}>
                <th scope="row" className="border-b border-border px-3 text-left font-medium text-heading">
                  {r.label}
                </th>
                <td className={`${TD} text-left`}>{c.currency}</td>
                <td className={TD}>{r.contractual === null ? dash : <Amount minor={r.contractual} currency={c.currency} />}</td>
                <td className={TD}>
                  <Amount minor={r.scenario} currency={c.currency} />
                </td>
                <td className={TD} data-testid={r.difference === null ? undefined : `scenario-diff-${r.key}-${c.currency}`}>
                  {r.difference === null ? dash : <Amount minor={r.difference} currency={c.currency} signDisplay="exceptZero" />}
                </td>
              </tr>
            ));
          })}
        </tbody>
      </table>
    </div>
  );
}
