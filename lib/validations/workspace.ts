import { z } from 'zod';
import { bodyIdSchema } from './common';
import { assetFields, EXPORT_LOCALES, leaseTermsFields } from './leases';

/** GET /api/workspace/invoices/{id}/pdf: the language of the document. */
export const invoicePdfQuery = z.object({ locale: z.enum(EXPORT_LOCALES, { error: 'must be en, de, fr or pt' }).default('en') });

/**
 * POST /api/workspace/catalogue/quotations?funderId=: a draft quotation for a catalogue product (the cart's
 * "Request a quotation"). The asset, price and currency come from the product; the rest are the lease terms.
 */
export const catalogueQuotationBody = z.object({
  productId: bodyIdSchema,
  lesseeId: assetFields.lesseeId,
  assetType: assetFields.assetType,
  term: leaseTermsFields.term,
  rate: leaseTermsFields.rate,
  timing: leaseTermsFields.timing,
  frequency: leaseTermsFields.frequency.default('monthly'),
  firstDueDate: leaseTermsFields.firstDueDate,
});
export type CatalogueQuotationBody = z.infer<typeof catalogueQuotationBody>;
