import { z } from 'zod';
import { EXPORT_LOCALES } from './leases';

/** GET /api/workspace/invoices/{id}/pdf: the language of the document. */
export const invoicePdfQuery = z.object({ locale: z.enum(EXPORT_LOCALES, { error: 'must be en, de, fr or pt' }).default('en') });
