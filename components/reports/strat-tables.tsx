import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { Amount } from '@/components/ui/amount';
import { Link } from '@/i18n/navigation';
import { formatDecimal, formatPercent } from '@/lib/format';
import type { StratDimension } from '@/lib/reports/constants';
import { bucketLabel } from '@/lib/reports/labels';
import type { CurrencyStrat, StratFigures } from '@/lib/reports/stratification';
import { REGION, TABLE, TD, TD_LEFT, TH, TH_LEFT } from './table-styles';

const FIGURE_COLUMNS = [
  'count',
  'countShare',
  'outstanding',
  'outstandingShare',
  'averageBalance',
  'waRate',
  'waOriginalTermMonths',
  'waRemainingTermMonths',
  'waSeasoningMonths',
] as const;

/** One currency's strat table: a row per bucket and the totals row (which equals the Summary's line). */
export async function StratTable({ strat, dimension }: { strat: CurrencyStrat; dimension: StratDimension }) {
  const t = await getTranslations('reports');
  const format = await getFormatter();
  const dash = <span aria-label={t('notApplicable')}>—</span>;
  const cells = (f: StratFigures) => (
    <>
      <td className={TD}>{formatDecimal(format, f.count)}</td>
      <td className={TD}>{formatPercent(format, f.countShare, 1)}</td>
      <td className={TD}>
        <Amount minor={f.outstanding} currency={strat.currency} />
      </td>
      <td className={TD}>{formatPercent(format, f.outstandingShare, 1)}</td>
      <td className={TD}>
        <Amount minor={f.averageBalance} currency={strat.currency} />
      </td>
      <td className={TD}>{f.waRate === null ? dash : formatPercent(format, f.waRate)}</td>
      <td className={TD}>{f.waOriginalTermMonths === null ? dash : formatDecimal(format, f.waOriginalTermMonths, 1)}</td>
      <td className={TD}>{f.waRemainingTermMonths === null ? dash : formatDecimal(format, f.waRemainingTermMonths, 1)}</td>
      <td className={TD}>{f.waSeasoningMonths === null ? dash : formatDecimal(format, f.waSeasoningMonths, 1)}</td>
    </>
  );
  return (
    <div className={REGION} role="region" aria-label={t('strat.tableLabel', { currency: strat.currency })} tabIndex={0}>
      <table className={TABLE} data-testid={`strat-table-${strat.currency}`}>
        <caption className="sr-only">{t('strat.tableLabel', { currency: strat.currency })}</caption>
        <thead>
          <tr>
            <th scope="col" className={TH_LEFT}>
              {t(`dimensions.${dimension}`)}
            </th>
            {FIGURE_COLUMNS.map((c) => (
              <th key={c} scope="col" className={TH}>
                {t(`strat.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {strat.buckets.map((b) => (
            <tr key={b.key} className="h-8">
              <th scope="row" className={`${TD_LEFT} font-normal`}>
                {bucketLabel((k, v) => t(k as never, v as never), format, dimension, b)}
              </th>
              {cells(b)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="h-8 font-semibold text-heading" data-testid={`strat-total-${strat.currency}`}>
            <th scope="row" className={`${TD_LEFT} bg-surface font-semibold`}>
              {t('strat.total')}
            </th>
            {cells(strat.total)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The ten lessees with the largest outstanding in the currency, each linked to its behaviour page. */
export async function ConcentrationTable({ strat }: { strat: CurrencyStrat }) {
  const t = await getTranslations('reports');
  const format = await getFormatter();
  return (
    <div className={REGION} role="region" aria-label={t('strat.top10', { currency: strat.currency })} tabIndex={0}>
      <table className={TABLE} data-testid={`strat-top10-${strat.currency}`}>
        <caption className="sr-only">{t('strat.top10', { currency: strat.currency })}</caption>
        <thead>
          <tr>
            <th scope="col" className={TH}>
              {t('strat.rank')}
            </th>
            <th scope="col" className={TH_LEFT}>
              {t('customers.columns.lesseeName')}
            </th>
            <th scope="col" className={TH}>
              {t('customers.columns.leases')}
            </th>
            <th scope="col" className={TH}>
              {t('strat.columns.outstanding')}
            </th>
            <th scope="col" className={TH}>
              {t('customers.columns.share')}
            </th>
          </tr>
        </thead>
        <tbody>
          {strat.top10.map((r) => (
            <tr key={r.lesseeId} className="h-8">
              <td className={TD}>{r.rank}</td>
              <td className={TD_LEFT}>
                <Link href={`/servicing/clients-behavior/${r.lesseeId}`} className="text-primary-strong hover:underline">
                  {r.lesseeName}
                </Link>
              </td>
              <td className={TD}>{formatDecimal(format, r.leases)}</td>
              <td className={TD}>
                <Amount minor={r.outstanding} currency={strat.currency} />
              </td>
              <td className={TD}>{formatPercent(format, r.share, 1)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="h-8 font-semibold text-heading">
            <td className={`${TD} bg-surface`} />
            <th scope="row" className={`${TD_LEFT} font-semibold`}>
              {t('strat.top10Total')}
            </th>
            <td className={TD} />
            <td className={TD}>
              <Amount minor={strat.top10.reduce((s, r) => s + r.outstanding, 0)} currency={strat.currency} />
            </td>
            <td className={TD}>{formatPercent(format, strat.top10Share, 1)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
