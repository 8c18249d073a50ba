/** The reports' enumerations, free of imports so that client components and zod schemas can use them. */
export const STRAT_DIMENSIONS = [
  'currency',
  'assetType',
  'condition',
  'industry',
  'region',
  'balance',
  'originalTerm',
  'remainingTerm',
  'seasoning',
  'rate',
  'delinquency',
] as const;
export type StratDimension = (typeof STRAT_DIMENSIONS)[number];

export const SERVICING_REPORT_KINDS = ['draws', 'distributions', 'collections', 'liability', 'vat', 'total-cf'] as const;
export type ServicingReportKind = (typeof SERVICING_REPORT_KINDS)[number];

export const CUSTOMER_SORTS = ['lesseeName', 'leases', 'outstanding', 'price', 'share', 'dpd'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
