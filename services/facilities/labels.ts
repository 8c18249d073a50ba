/** Export labels of the facility tables in the user's language (the API files and the screens' downloads). */
import { formatPercentPlain } from './format';
import type { EligibilityLabels, ExcessLabels } from '@/lib/facilities';
import { minorToDecimalString } from '@/lib/finance/money';

type T = (key: string, values?: Record<string, string | number>) => string;

export function eligibilityLabels(t: T, currency: string): EligibilityLabels {
  const k = (key: string) => t(`eligibility.${key}`);
  return {
    contract: k('contract'),
    lessee: k('lessee'),
    country: k('country'),
    industry: k('industry'),
    region: k('region'),
    assetType: k('assetType'),
    currency: k('currency'),
    balance: k('balance'),
    dpd: k('dpd'),
    remainingMonths: k('remainingMonths'),
    rate: k('rate'),
    inDefault: k('inDefault'),
    eligible: k('eligible'),
    failed: k('failed'),
    criterion: (c, f) => {
      if (!c) return t('criteria.currency', { currency });
      const name = t(`kinds.${c.kind}`);
      if (c.kind === 'notInDefault') return name;
      if (c.values) return `${name} ${c.values.join(', ')}`;
      if (c.kind === 'minRate') return `${name} ${formatPercentPlain(c.value ?? 0)}`;
      if (c.kind === 'maxBalance') return `${name} ${minorToDecimalString(c.value ?? 0, currency)}`;
      return `${name} ${c.value ?? ''}`.trim() || f.kind;
    },
  };
}

export function excessLabels(t: T): ExcessLabels {
  return {
    group: t('excess.group'),
    key: t('excess.name'),
    balance: t('excess.balance'),
    limit: t('excess.limit'),
    excess: t('excess.excess'),
    groupName: (g) => t(`groups.${g}`),
  };
}
