/**
 * Lease-level eligibility and the excess per group as export columns (the one CSV/XLSX kit), with the
 * labels passed in so screens export in the user's language and certificates in the lender's (English).
 */
import type { ExportColumn } from '../exports/columns';
import { minorToDecimalString } from '../finance/money';
import type { LeaseEligibilityRow } from './borrowing-base';
import type { GroupExcess } from './concentration';
import type { Criterion, FailedCriterion } from './eligibility';

export type EligibilityLabels = {
  contract: string;
  lessee: string;
  country: string;
  industry: string;
  region: string;
  assetType: string;
  currency: string;
  balance: string;
  dpd: string;
  remainingMonths: string;
  rate: string;
  inDefault: string;
  eligible: string;
  failed: string;
  /** How a failed criterion reads ("DPD ≤ 60"), from the criterion (undefined: the facility's own currency). */
  criterion: (c: Criterion | undefined, f: FailedCriterion) => string;
};

/** English criterion text (certificates, the API's CSV). */
export function criterionText(c: Criterion | undefined, f: FailedCriterion, currency = ''): string {
  if (!c) return `currency = ${currency}`.trim();
  const v = c.value ?? 0;
  const list = (c.values ?? []).join(', ');
  switch (c.kind) {
    case 'notInDefault':
      return 'not in default';
    case 'maxDpd':
      return `DPD <= ${v}`;
    case 'minRemainingMonths':
      return `remaining term >= ${v} months`;
    case 'maxRemainingMonths':
      return `remaining term <= ${v} months`;
    case 'countryIn':
      return `country in ${list}`;
    case 'assetTypeIn':
      return `asset type in ${list}`;
    case 'industryIn':
      return `industry in ${list}`;
    case 'regionIn':
      return `region in ${list}`;
    case 'currencyIn':
      return `currency in ${list}`;
    case 'maxBalance':
      return `balance <= ${currency ? minorToDecimalString(v, currency) : v}`;
    case 'minRate':
      return `rate >= ${(v * 100).toFixed(2)} %`;
    default:
      return f.kind;
  }
}

export const ENGLISH_ELIGIBILITY_LABELS: Omit<EligibilityLabels, 'criterion'> = {
  contract: 'Contract',
  lessee: 'Lessee',
  country: 'Country',
  industry: 'Industry',
  region: 'Region',
  assetType: 'Asset type',
  currency: 'Currency',
  balance: 'Outstanding principal',
  dpd: 'DPD',
  remainingMonths: 'Remaining months',
  rate: 'Rate',
  inDefault: 'In default',
  eligible: 'Eligible',
  failed: 'Failed criteria',
};

export function eligibilityColumns(labels: EligibilityLabels, criteria: readonly Criterion[]): ExportColumn<LeaseEligibilityRow>[] {
  const byId = new Map(criteria.map((c) => [c.id, c]));
  return [
    { id: 'contract', header: labels.contract, kind: 'text', value: (r) => r.contractNumber, width: 16 },
    { id: 'lessee', header: labels.lessee, kind: 'text', value: (r) => r.lesseeName, width: 28 },
    { id: 'country', header: labels.country, kind: 'text', value: (r) => r.country },
    { id: 'industry', header: labels.industry, kind: 'text', value: (r) => r.industry },
    { id: 'region', header: labels.region, kind: 'text', value: (r) => r.region },
    { id: 'assetType', header: labels.assetType, kind: 'text', value: (r) => r.assetType },
    { id: 'currency', header: labels.currency, kind: 'text', value: (r) => r.currency },
    { id: 'balance', header: labels.balance, kind: 'money', value: (r) => r.balance, currency: (r) => r.currency, width: 16 },
    { id: 'dpd', header: labels.dpd, kind: 'integer', value: (r) => r.dpd },
    { id: 'remainingMonths', header: labels.remainingMonths, kind: 'integer', value: (r) => r.remainingMonths },
    { id: 'rate', header: labels.rate, kind: 'percent', value: (r) => r.rate },
    { id: 'inDefault', header: labels.inDefault, kind: 'boolean', value: (r) => r.inDefault },
    { id: 'eligible', header: labels.eligible, kind: 'boolean', value: (r) => r.eligible },
    {
      id: 'failed',
      header: labels.failed,
      kind: 'text',
      value: (r) => r.failed.map((f) => labels.criterion(f.id === 0 ? undefined : byId.get(f.id), f)).join('; '),
      width: 40,
    },
  ];
}

export type ExcessLabels = {
  group: string;
  key: string;
  balance: string;
  limit: string;
  excess: string;
  groupName: (g: GroupExcess['group']) => string;
};

export function excessColumns(labels: ExcessLabels, currency: string): ExportColumn<GroupExcess>[] {
  return [
    { id: 'group', header: labels.group, kind: 'text', value: (r) => labels.groupName(r.group) },
    { id: 'key', header: labels.key, kind: 'text', value: (r) => r.label, width: 32 },
    { id: 'balance', header: labels.balance, kind: 'money', value: (r) => r.balance, currency: () => currency, width: 16 },
    { id: 'limit', header: labels.limit, kind: 'money', value: (r) => r.limit, currency: () => currency, width: 16 },
    { id: 'excess', header: labels.excess, kind: 'money', value: (r) => r.excess, currency: () => currency, width: 16 },
  ];
}
