import { ShieldAlert, ShieldHalf } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { KpiCard } from '@/components/dashboard/kpi-card';
import { Amount } from '@/components/ui/amount';
import { sortByCurrencyOrder } from '@/lib/portfolio/currency-order';

export type CreditKpi = { currency: string; ecl: number; defaultedExposure: number; defaultedLeases: number };

/** The Dashboard's credit KPIs (IFRS 9 ECL, exposure in default), each linking to Servicing → Defaults & losses. */
export async function CreditKpis({ kpis: all, currencies }: { kpis: CreditKpi[]; currencies: readonly string[] }) {
  const t = await getTranslations('credit.tiles');
  const kpis = sortByCurrencyOrder(all, currencies);
  if (kpis.length === 0) return null;
  return (
    <div className="contents" data-testid="credit-kpis">
      <KpiCard
        data-testid="kpi-ecl"
        title={t('ecl')}
        icon={ShieldHalf}
        href={{ pathname: '/servicing/defaults' }}
        linkLabel={t('open')}
        lines={kpis.map((k) => ({ currency: k.currency, value: <Amount minor={k.ecl} currency={k.currency} /> }))}
      />
      <KpiCard
        data-testid="kpi-defaulted"
        title={t('defaulted')}
        icon={ShieldAlert}
        href={{ pathname: '/servicing/defaults' }}
        linkLabel={t('open')}
        lines={kpis.map((k) => ({
          currency: k.currency,
          value: (
            <span className="flex flex-col items-end">
              <Amount minor={k.defaultedExposure} currency={k.currency} />
              <span className="text-xs font-normal text-body">{t('defaultedHint', { count: k.defaultedLeases })}</span>
            </span>
          ),
        }))}
      />
    </div>
  );
}
