import { SHOWN_STATUS_VALUES } from './leases';
import { z } from 'zod';
import { isValidDate } from '@/lib/finance/dates';
import { isCurrencyCode } from '@/lib/finance';
import { PAYMENT_METHODS } from '@/lib/domain/enums';
import { BEHAVIOUR_SORTS, DELINQUENCY_LEVELS, DELINQUENCY_SORTS } from '@/lib/servicing/view-keys';
import { funderIdParam, idParam, isoDateParam, listParam, pageParam, perPageParam, qParam, boolParam } from './common';

const isoDate = z.string({ error: 'must be a date as YYYY-MM-DD' }).refine(isValidDate, 'must be a real date as YYYY-MM-DD');
const bucketKey = z.string().regex(/^(current|\d+-\d+|\d+\+)$/, 'must be a bucket key such as current, 1-30 or 91+');
const bucketList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(bucketKey));
const dir = z.enum(['asc', 'desc'], { error: 'must be asc or desc' });

/** ?funderId= (default 1). */
export const servicingFunderQuery = z.object({ funderId: funderIdParam });

/** GET /api/payments query. */
export const paymentListQuery = z.object({
  funderId: funderIdParam,
  lease: idParam.optional(),
  lessee: idParam.optional(),
  from: isoDateParam.optional(),
  to: isoDateParam.optional(),
  method: listParam([...PAYMENT_METHODS]).optional(),
  q: qParam,
  page: pageParam,
  perPage: perPageParam(25),
});

/** POST /api/payments body: amount in minor units of the lease's currency (> 0). */
export const paymentCreateBody = z.strictObject({
  leaseId: z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive'),
  receivedOn: isoDate,
  amount: z
    .number({ error: 'must be a number (minor units)' })
    .int('must be whole minor units')
    .positive('must be positive')
    .max(1e13, 'is too large'),
  currency: z.string({ error: 'must be a currency code' }).refine(isCurrencyCode, 'must be a supported currency code'),
  method: z.enum(PAYMENT_METHODS, { error: 'must be direct_debit, transfer or other' }),
  reference: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  note: z.string().trim().max(500, 'must be at most 500 characters').default(''),
});
export type PaymentCreateBody = z.infer<typeof paymentCreateBody>;

/** POST /api/payments/{id}/reverse body. */
export const paymentReverseBody = z.strictObject({
  reversedOn: isoDate,
  note: z.string().trim().max(500, 'must be at most 500 characters').default(''),
});

/** POST /api/payments/import JSON body (the CSV may also be sent as text/csv with ?fileName=). */
export const paymentImportBody = z.strictObject({
  fileName: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  csv: z.string({ error: 'must be the CSV text' }).min(1, 'is required'),
});
export const paymentImportQuery = z.object({ funderId: funderIdParam, fileName: z.string().trim().max(200).default('statement.csv') });

/** POST /api/payments/imports/{id}/lines/{lineId}/match body. */
export const importMatchBody = z.strictObject({
  leaseId: z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive'),
});

export const idPathParams = z.object({ id: idParam });
export const importLinePathParams = z.object({ id: idParam, lineId: idParam });
export const lesseePathParams = z.object({ lesseeId: idParam });

/** GET /api/servicing/delinquency query. */
export const delinquencyQuery = z.object({
  funderId: funderIdParam,
  asOf: isoDateParam.optional(),
  level: z.enum(DELINQUENCY_LEVELS, { error: 'must be lease or lessee' }).default('lease'),
  bucket: bucketList.optional(),
  q: qParam,
  sort: z.enum(DELINQUENCY_SORTS, { error: `must be one of ${DELINQUENCY_SORTS.join(', ')}` }).default('dpd'),
  dir: dir.default('desc'),
  page: pageParam,
  perPage: perPageParam(25),
});

export const exportFormat = z.enum(['csv', 'xlsx'], { error: 'must be csv or xlsx' });
export const exportLocale = z.enum(['en', 'de', 'fr', 'pt'], { error: 'must be en, de, fr or pt' }).default('en');

/** GET /api/servicing/delinquency/export query. */
export const delinquencyExportQuery = delinquencyQuery
  .omit({ page: true, perPage: true })
  .extend({ format: exportFormat, locale: exportLocale });

/** GET /api/servicing/roll-rates query (default: to = today, from = a month before). */
export const rollRatesQuery = z.object({ funderId: funderIdParam, from: isoDateParam.optional(), to: isoDateParam.optional() });

/** GET /api/servicing/behaviour query. */
export const behaviourQuery = z.object({
  funderId: funderIdParam,
  asOf: isoDateParam.optional(),
  q: qParam,
  bucket: bucketList.optional(),
  late: boolParam.optional(),
  sort: z.enum(BEHAVIOUR_SORTS, { error: `must be one of ${BEHAVIOUR_SORTS.join(', ')}` }).default('name'),
  dir: dir.default('asc'),
  page: pageParam,
  perPage: perPageParam(25),
});
export const behaviourExportQuery = behaviourQuery
  .omit({ page: true, perPage: true })
  .extend({ format: exportFormat, locale: exportLocale });

/** GET /api/servicing/behaviour/{lesseeId} query. */
export const behaviourDetailQuery = z.object({ funderId: funderIdParam, asOf: isoDateParam.optional() });

// ---------------------------------------------------------------------------------------------
// Response shapes (documentation: lib/openapi/docs/servicing.ts)

const minor = z.number().int();
export const paymentSchema = z.object({
  id: z.number().int(),
  funderId: z.number().int(),
  leaseId: z.number().int(),
  kind: z.enum(['payment', 'reversal']),
  reversesId: z.number().int().nullable(),
  receivedOn: z.string(),
  amount: minor,
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  note: z.string(),
  importId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export const paymentListResponse = z.object({
  payments: z.array(
    paymentSchema.extend({
      contractNumber: z.string(),
      lesseeId: z.number().int(),
      lesseeName: z.string(),
      reversedBy: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), count: z.number().int(), received: minor, reversed: minor })),
  page: z.number().int(),
  perPage: z.number().int(),
});
export const paymentCreatedResponse = z.object({ payment: paymentSchema });
export const reversalCreatedResponse = z.object({ reversal: paymentSchema });
export const importLineSchema = z.object({
  id: z.number().int(),
  importId: z.number().int(),
  lineNo: z.number().int(),
  receivedOn: z.string().nullable(),
  amount: minor.nullable(),
  currency: z.string().nullable(),
  reference: z.string(),
  contractNumber: z.string(),
  status: z.enum(['matched', 'unmatched', 'invalid', 'manual', 'recovery']),
  message: z.string(),
  paymentId: z.number().int().nullable(),
});
export const importResponse = z.object({
  import: z.object({
    id: z.number().int(),
    funderId: z.number().int(),
    fileName: z.string(),
    lineCount: z.number().int(),
    matchedCount: z.number().int(),
    unmatchedCount: z.number().int(),
    invalidCount: z.number().int(),
    createdBy: z.number().int().nullable(),
    createdAt: z.number().int(),
    lines: z.array(importLineSchema.extend({ leaseId: z.number().int().nullable() })),
  }),
});
export const importLineResponse = z.object({ line: importLineSchema });
const delinquencyRowSchema = z.object({
  key: z.string(),
  leaseId: z.number().int().nullable(),
  contractNumber: z.string().nullable(),
  /** The stored status (what a user set); shownStatus is the status at asOf as the page and the register show it. */
  status: z.string().nullable(),
  shownStatus: z.enum(SHOWN_STATUS_VALUES).nullable(),
  lesseeId: z.number().int(),
  lesseeName: z.string(),
  currency: z.string(),
  leases: z.number().int(),
  dpd: z.number().int(),
  bucket: z.string(),
  arrearsNet: minor,
  arrearsVat: minor,
  arrearsTotal: minor,
  credit: minor,
  outstandingPrincipal: minor,
  lastPaymentOn: z.string().nullable(),
});
const bucketSummarySchema = z.object({
  bucket: z.string(),
  currency: z.string(),
  count: z.number().int(),
  outstandingPrincipal: minor,
  arrearsNet: minor,
  arrearsVat: minor,
  arrearsTotal: minor,
});
export const delinquencyResponse = z.object({
  asOf: z.string(),
  level: z.enum(DELINQUENCY_LEVELS),
  bucketKeys: z.array(z.string()),
  summary: z.array(bucketSummarySchema),
  rows: z.array(delinquencyRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export const rollRatesResponse = z.object({
  from: z.string(),
  to: z.string(),
  buckets: z.array(z.string()),
  counts: z.array(z.array(z.number().int())),
  balances: z.array(z.array(minor)),
  rowCounts: z.array(z.number().int()),
  rowBalances: z.array(minor),
});
const stripCell = z.object({ month: z.string(), status: z.enum(['paid-on-time', 'paid-late', 'unpaid', 'none']) });
export const behaviourRowSchema = z.object({
  lesseeId: z.number().int(),
  lesseeName: z.string(),
  idOdoo: z.string().nullable(),
  country: z.string(),
  currency: z.string(),
  leases: z.number().int(),
  activeLeases: z.number().int(),
  instalmentsDue: z.number().int(),
  paidOnTime: z.number().int(),
  paidLate: z.number().int(),
  unpaidOverdue: z.number().int(),
  pending: z.number().int(),
  onTimeRate: z.number().nullable(),
  averageDaysLate: z.number().nullable(),
  totalDaysLate: z.number().int(),
  maxDaysLate: z.number().int(),
  lastPaymentDate: z.string().nullable(),
  lastPaymentAmount: minor.nullable(),
  strip: z.array(stripCell),
  dpd: z.number().int(),
  bucket: z.string(),
  arrearsNet: minor,
  arrearsVat: minor,
  arrearsTotal: minor,
  credit: minor,
});
export const behaviourResponse = z.object({
  asOf: z.string(),
  rows: z.array(behaviourRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export const behaviourDetailResponse = z.object({
  asOf: z.string(),
  lessee: z.object({
    id: z.number().int(),
    name: z.string(),
    idOdoo: z.string().nullable(),
    taxId: z.string().nullable(),
    country: z.string(),
    region: z.string(),
    industry: z.string(),
    contact: z.string().nullable(),
    email: z.string().nullable(),
  }),
  behaviour: z.array(behaviourRowSchema),
  leases: z.array(delinquencyRowSchema),
  payments: paymentListResponse.shape.payments,
});

/** GET /api/payments/export query. */
export const paymentExportQuery = paymentListQuery
  .omit({ page: true, perPage: true })
  .extend({ format: exportFormat, locale: exportLocale });
/** GET /api/servicing/roll-rates/export query. */
export const rollRatesExportQuery = rollRatesQuery.extend({ format: exportFormat, locale: exportLocale });
