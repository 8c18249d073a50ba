import { z } from 'zod';
import { bodyIdSchema, idParam } from './common';
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

/** The news admin's language: each language has its own articles. */
export const newsLocaleQuery = z.object({ locale: z.enum(EXPORT_LOCALES, { error: 'must be en, de, fr or pt' }).default('en') });

/**
 * POST /api/workspace/news and PATCH /api/workspace/news/{id} (admins): a news article. The body is plain text,
 * paragraphs separated by blank lines; tags are short words.
 */
export const newsPostBody = z.object({
  title: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  excerpt: z.string().trim().max(500, 'must be at most 500 characters'),
  content: z.string().trim().min(1, 'must not be empty').max(20_000, 'must be at most 20000 characters'),
  tags: z
    .array(z.string().trim().min(1, 'must not be empty').max(30, 'must be at most 30 characters'))
    .max(8, 'at most 8 tags')
    .default([]),
  status: z.enum(['draft', 'published'], { error: 'must be draft or published' }),
});
export type NewsPostBody = z.infer<typeof newsPostBody>;
export const newsPostResponse = z.object({
  id: z.number().int().describe('the article number in its language'),
  status: z.enum(['draft', 'published']),
});

/** PATCH /api/workspace/news/{id}: the article number. */
export const newsIdParams = z.object({ id: idParam });
