/** Enumerations shared by the servicing views, validations and screens (no server code). */
export const DELINQUENCY_LEVELS = ['lease', 'lessee'] as const;
export const DELINQUENCY_SORTS = ['dpd', 'arrearsTotal', 'arrearsNet', 'arrearsVat', 'outstanding', 'name', 'contract'] as const;
export const BEHAVIOUR_SORTS = [
  'name',
  'onTimeRate',
  'averageDaysLate',
  'maxDaysLate',
  'dpd',
  'arrearsTotal',
  'instalmentsDue',
  'lastPaymentDate',
] as const;

/** Display text of a bucket key: 'current' → the translated word, '31-60' → '31–60', '91+' → '90+' (the research's convention). */
export function bucketLabel(key: string, current: string): string {
  if (key === 'current') return current;
  const open = /^(\d+)\+$/.exec(key);
  if (open) return `${Number(open[1]) - 1}+`;
  return key.replace('-', '–');
}
