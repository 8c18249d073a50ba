/**
 * zod schemas of the /api/reports endpoints (query strings are strings: numbers are coerced). Shared by
 * the handlers, the pages' URL parsing and the OpenAPI docs (lib/openapi/docs/reports.ts).
 */
import { z } from 'zod';
import { CUSTOMER_SORTS, SERVICING_REPORT_KINDS, STRAT_DIMENSIONS } from '@/lib/reports/constants';
import { funderIdParam, idParam, isoDateParam, pageParam, perPageParam, qParam } from './common';

export const monthParam = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM');
export const formatParam = z.enum(['csv', 'xlsx'], { error: 'must be csv or xlsx' });
export const servicingKindParam = z.enum(SERVICING_REPORT_KINDS, { error: `must be one of ${SERVICING_REPORT_KINDS.join(', ')}` });

/** Every report valued at a cut-off: `asOf` (default the first day of the current month). */
const asOf = { funderId: funderIdParam, asOf: isoDateParam.optional() };

export const stratificationQuery = z.object({
  ...asOf,
  dimension: z.enum(STRAT_DIMENSIONS, { error: `must be one of ${STRAT_DIMENSIONS.join(', ')}` }).default('currency'),
  format: formatParam.optional(),
  locale: z.enum(['en', 'de', 'fr', 'pt']).default('en'),
});

export const tapeQuery = z.object({
  ...asOf,
  page: pageParam,
  perPage: perPageParam(50),
  format: formatParam.optional(),
});

export const customersQuery = z.object({
  ...asOf,
  q: qParam,
  sort: z.enum(CUSTOMER_SORTS).default('outstanding'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: pageParam,
  perPage: perPageParam(25),
  format: formatParam.optional(),
  locale: z.enum(['en', 'de', 'fr', 'pt']).default('en'),
});

export const servicingReportQuery = z.object({ funderId: funderIdParam, month: monthParam.optional() });
export const servicingReportParams = z.object({ kind: servicingKindParam });

export const liabilityComponentParams = z.object({ component: z.enum(['principal', 'interest', 'vat'], { error: 'must be principal, interest or vat' }) });
export const liabilityQuery = z.object({ ...asOf });

export const cashFlowKindParams = z.object({ kind: z.enum(['lease', 'portfolio'], { error: 'must be lease or portfolio' }) });
export const cashFlowQuery = z.object({ ...asOf, leaseId: idParam.optional(), page: pageParam, perPage: perPageParam(50) });

export const delinquencyViewParams = z.object({ view: z.enum(['resume', 'view', 'detail'], { error: 'must be resume, view or detail' }) });
export const delinquencyQuery = z.object({
  funderId: funderIdParam,
  asOf: isoDateParam.optional(),
  leaseId: idParam.optional(),
  bucket: z.string().max(20).optional(),
  page: pageParam,
  perPage: perPageParam(50),
});

export const reportFilesQuery = z.object({ funderId: funderIdParam, kind: servicingKindParam.optional(), page: pageParam, perPage: perPageParam(20) });
export const createReportFileBody = z.object({
  kind: servicingKindParam,
  month: monthParam,
  format: formatParam,
  locale: z.enum(['en', 'de', 'fr', 'pt']).default('en'),
});
export const reportFileQuery = z.object({ funderId: funderIdParam });
export const reportFileParams = z.object({ id: idParam });

export type CreateReportFileBody = z.infer<typeof createReportFileBody>;
