import { z } from 'zod';
import { funderIdParam, listParam, pageParam, perPageParam } from './common';
import { assetDefaults, assetFields, exportFormatQuery, leaseTermsDefaults, leaseTermsFields, refineAmounts } from './leases';

/**
 * Onboarding quotations: the terms of a prospective lease. Amounts in minor units, rates decimals,
 * dates YYYY-MM-DD (the same fields and rules as a lease's terms).
 */
export const QUOTATION_STATUS_VALUES = ['draft', 'submitted', 'approved', 'rejected', 'converted'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUS_VALUES)[number];

/**
 * The allowed status changes: draft → submitted → approved | rejected; approved → converted (which
 * creates the lease). Everything else, including staying put, is refused with 409.
 */
export const QUOTATION_TRANSITIONS: Readonly<Record<QuotationStatus, readonly QuotationStatus[]>> = {
  draft: ['submitted'],
  submitted: ['approved', 'rejected'],
  approved: ['converted'],
  rejected: [],
  converted: [],
};

export function canTransition(from: QuotationStatus, to: QuotationStatus): boolean {
  return QUOTATION_TRANSITIONS[from].includes(to);
}

/** POST /api/quotations */
export const quotationCreateBody = z
  .object({ ...assetFields, ...assetDefaults, ...leaseTermsFields, ...leaseTermsDefaults })
  .superRefine(refineAmounts);
export type QuotationCreateBody = z.infer<typeof quotationCreateBody>;

/** PATCH /api/quotations/[id] (drafts only): any subset of the fields plus the version the edit started from. */
export const quotationPatchBody = z
  .object({ ...assetFields, ...leaseTermsFields })
  .partial()
  .extend({
    version: z.number({ error: 'must be the version number you edited' }).int('must be a whole number').positive('must be positive'),
  });
export type QuotationPatchBody = z.infer<typeof quotationPatchBody>;

/** PATCH /api/quotations/[id]/status */
export const quotationStatusBody = z.object({
  status: z.enum(QUOTATION_STATUS_VALUES),
  note: z.string().trim().max(500, 'must be at most 500 characters').default(''),
});
export type QuotationStatusBody = z.infer<typeof quotationStatusBody>;

/** GET /api/quotations */
export const quotationListQuery = z.object({
  funderId: funderIdParam,
  status: listParam([...QUOTATION_STATUS_VALUES]).optional(),
  page: pageParam,
  perPage: perPageParam(25),
});
export type QuotationListQuery = z.infer<typeof quotationListQuery>;

/** GET /api/quotations/export: the export's format and language plus the list's status filter. */
export const quotationExportQuery = exportFormatQuery.extend({ status: listParam([...QUOTATION_STATUS_VALUES]).optional() });
