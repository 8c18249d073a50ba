import { z } from 'zod';
import { bodyIdSchema, idParam, pageParam, perPageParam, qParam } from './common';

/** The same values as db/schema/commerce.ts INVOICE_STATUSES (the documented spelling). */
export const INVOICE_STATUS_VALUES = ['Paid', 'Downloaded', 'Draft', 'Sent', 'Past Due', 'Partial Payment'] as const;
export type InvoiceStatusValue = (typeof INVOICE_STATUS_VALUES)[number];
export const INVOICE_KIND_VALUES = ['rental', 'arrangement_fee', 'late_interest'] as const;

/** The status filter matches case-insensitively, as the template did; '' or absent means no filter. */
const statusFilter = z.preprocess(
  (v) => {
    if (v === '' || v === undefined) return undefined;
    if (typeof v !== 'string') return v;
    return INVOICE_STATUS_VALUES.find((s) => s.toLowerCase() === v.trim().toLowerCase()) ?? v;
  },
  z.enum(INVOICE_STATUS_VALUES, { error: `must be one of ${INVOICE_STATUS_VALUES.join(', ')}` }).optional(),
);

/** GET /apps/invoice/invoices: q matches the client's name or company e-mail (case-insensitive). */
export const invoicesListQuery = z.object({
  q: qParam,
  page: pageParam,
  perPage: perPageParam(10),
  status: statusFilter,
});
export type InvoicesListQuery = z.infer<typeof invoicesListQuery>;

/** GET /api/invoice/invoices/{id} */
export const invoiceIdParams = z.object({ id: idParam });
/** DELETE /apps/invoice/delete?id= (or a JSON body { id }). */
export const invoiceIdQuery = z.object({ id: idParam.optional() });
export const invoiceIdBody = z.object({ id: bodyIdSchema });

export const invoiceClient = z.object({
  address: z.string(),
  company: z.string(),
  companyEmail: z.string(),
  country: z.string(),
  contact: z.string(),
  name: z.string(),
});
export type InvoiceClientDto = z.infer<typeof invoiceClient>;

/** An invoice as the API answers it. Amounts are integer minor units of `currency`; `balance` is always a number (the template mixed numbers and strings). */
export const invoiceDto = z.object({
  id: z.number().int(),
  issuedDate: z.string().describe('YYYY-MM-DD'),
  dueDate: z.string().describe('YYYY-MM-DD'),
  client: invoiceClient,
  service: z.string(),
  kind: z.enum(INVOICE_KIND_VALUES),
  currency: z.string(),
  total: z.number().int().describe('minor units'),
  balance: z.number().int().describe('minor units still open; 0 when paid'),
  invoiceStatus: z.enum(INVOICE_STATUS_VALUES),
  avatar: z.string().nullable(),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;

export const paymentDetailsDto = z.object({
  totalDue: z.number().int().describe('minor units: the open balance'),
  currency: z.string(),
  bankName: z.string(),
  country: z.string(),
  iban: z.string(),
  swiftCode: z.string(),
});

export const invoicesListResponse = z.object({
  allData: z.array(invoiceDto).describe('every invoice, unfiltered, in storage order'),
  invoices: z.array(invoiceDto).describe('the page of the filtered list, newest id first'),
  total: z.number().int().describe('the filtered count'),
});
export const invoiceResponse = z.object({ invoice: invoiceDto, paymentDetails: paymentDetailsDto });
export const invoiceDeletedResponse = z.object({ deleted: z.number().int() });
export const invoiceClientsResponse = z.array(invoiceClient);
