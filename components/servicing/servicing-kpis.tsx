import { AlarmClock, HandCoins, TriangleAlert } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { KpiCard } from '@/components/dashboard/kpi-card';
import { Amount } from '@/components/ui/amount';
import { formatMoney, formatPercent } from '@/lib/format';
import { sortByCurrencyOrder } from '@/lib/portfolio/currency-order';
import type { ServicingKpi } from '@/services/servicing/kpis';

/** The Dashboard's servicing KPIs (collections vs scheduled this month, share 30+ DPD, arrears), each linking to its screen. */
export async function ServicingKpis({
  kpis: all,
  today,
  currencies,
}: {
  kpis: ServicingKpi[];
  today: string;
  currencies: readonly string[];
}) {
  const t = await getTranslations('servicing.kpi');
  const format = await getFormatter();
  const kpis = sortByCurrencyOrder(all, currencies);
  if (kpis.length === 0) return null;
  return (
    // `contents`: the cards flow into the Dashboard's KPI grid, which then has no gaps.
    <div className="contents" data-testid="servicing-kpis">
      <KpiCard
        data-testid="kpi-collections"
        title={t('collections')}
        icon={HandCoins}
        href={{ pathname: '/servicing/payments', query: { from: `${today.slice(0, 7)}-01` } }}
        linkLabel={t('toPayments')}
        lines={kpis.map((k) => ({
          currency: k.currency,
          value: (
            <span className="flex flex-col items-end">
              <Amount minor={k.collected} currency={k.currency} />
              <span className="text-xs font-normal text-body">
                {t('ofScheduled', { scheduled: formatMoney(format, k.scheduled, k.currency) })}
              </span>
            </span>
          ),
        }))}
      />
      <KpiCard
        data-testid="kpi-share30"
        title={t('share30')}
        icon={AlarmClock}
        href={{ pathname: '/servicing/delinquency', query: { sort: 'dpd', dir: 'desc' } }}
        linkLabel={t('toDelinquency')}
        lines={kpis.map((k) => ({
          currency: k.currency,
          value: (
            <span className="flex flex-col items-end">
              {k.share30 === null ? '—' : formatPercent(format, k.share30, 1)}
              <span className="text-xs font-normal text-body">{t('leases30', { count: k.leases30 })}</span>
            </span>
          ),
        }))}
      />
      <KpiCard
        data-testid="kpi-arrears"
        title={t('arrears')}
        icon={TriangleAlert}
        href={{ pathname: '/servicing/delinquency', query: { sort: 'arrearsTotal', dir: 'desc' } }}
        linkLabel={t('toDelinquency')}
        lines={kpis.map((k) => ({
          currency: k.currency,
          value: (
            <span className="flex flex-col items-end">
              <Amount minor={k.arrearsTotal} currency={k.currency} />
              <span className="text-xs font-normal text-body">
                {t('netVat', { net: formatMoney(format, k.arrearsNet, k.currency), vat: formatMoney(format, k.arrearsVat, k.currency) })}
              </span>
            </span>
          ),
        }))}
      />
    </div>
  );
}
