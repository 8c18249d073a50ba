/**
 * zod schemas of the /api/reports endpoints (query strings are strings: numbers are coerced). Shared by
 * the handlers, the pages' URL parsing and the OpenAPI docs (lib/openapi/docs/reports.ts).
 */
import { z } from 'zod';
import { CUSTOMER_SORTS, SERVICING_REPORT_KINDS, STRAT_DIMENSIONS } from '@/lib/reports/constants';
import { funderIdParam, idParam, isoDateParam, pageParam, perPageParam, qParam } from './common';
import { exportLocale } from './servicing';

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

export const liabilityComponentParams = z.object({
  component: z.enum(['principal', 'interest', 'vat'], { error: 'must be principal, interest or vat' }),
});
export const liabilityQuery = z.object({
  ...asOf,
  format: formatParam.optional().describe('csv or xlsx: the table as shown (periods 1–61 with their month, beyond, total) as a download'),
  locale: exportLocale,
  facilityId: idParam
    .optional()
    .describe(
      "A facility of the funder: its funding line (the facility's outstanding on the cut-off amortising with the §4 funding line of its pool, domain.md §11) instead of the funder's",
    ),
});

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

export const reportFilesQuery = z.object({
  funderId: funderIdParam,
  kind: servicingKindParam.optional(),
  page: pageParam,
  perPage: perPageParam(20),
});
export const createReportFileBody = z.object({
  kind: servicingKindParam,
  month: monthParam,
  format: formatParam,
  locale: z.enum(['en', 'de', 'fr', 'pt']).default('en'),
});
export const reportFileQuery = z.object({ funderId: funderIdParam });
export const reportFileParams = z.object({ id: idParam });

export type CreateReportFileBody = z.infer<typeof createReportFileBody>;

// ---------------------------------------------------------------------------------------------
// Response shapes (documentation: lib/openapi/docs/reports.ts). Amounts are integer minor units.

const minor = z.number().int().describe('integer minor units of the line currency');
const figures = {
  count: z.number().int(),
  countShare: z.number(),
  outstanding: minor,
  outstandingShare: z.number(),
  averageBalance: minor,
  waRate: z.number().nullable(),
  waOriginalTermMonths: z.number().nullable(),
  waRemainingTermMonths: z.number().nullable(),
  waSeasoningMonths: z.number().nullable(),
};
export const stratificationResponse = z.object({
  dimension: z.enum(STRAT_DIMENSIONS),
  cutOff: z.string(),
  currencies: z.array(
    z.object({
      currency: z.string(),
      buckets: z.array(
        z.object({
          key: z.string(),
          order: z.number(),
          range: z.object({ unit: z.enum(['money', 'months', 'rate']), min: z.number().nullable(), max: z.number().nullable() }).optional(),
          ...figures,
        }),
      ),
      total: z.object(figures),
      top10: z.array(
        z.object({
          rank: z.number().int(),
          lesseeId: z.number().int(),
          lesseeName: z.string(),
          leases: z.number().int(),
          outstanding: minor,
          share: z.number(),
        }),
      ),
      top10Share: z.number(),
    }),
  ),
});

export const tapeResponse = z.object({
  cutOff: z.string(),
  columns: z.array(z.object({ id: z.string(), esma: z.string(), name: z.string(), header: z.string(), kind: z.string() })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

export const customersResponse = z.object({
  cutOff: z.string(),
  rows: z.array(
    z.object({
      lesseeId: z.number().int(),
      lesseeName: z.string(),
      country: z.string(),
      industry: z.string(),
      currency: z.string(),
      leases: z.number().int(),
      outstanding: minor,
      price: minor,
      share: z.number(),
      dpd: z.number().int().nullable(),
      bucket: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  totals: z.array(
    z.object({ currency: z.string(), customers: z.number().int(), leases: z.number().int(), outstanding: minor, price: minor }),
  ),
});

export const delinquencyResponse = z
  .object({ asOf: z.string() })
  .catchall(z.unknown())
  .describe(
    'resume: {asOf, bucketKeys, lines[{currency, bucket, leases, arrearsNet, arrearsVat, arrearsTotal, outstanding, outstandingShare}]}; view: {asOf, rows[{leaseId, contractNumber, lesseeName, currency, dpd, bucket, arrearsNet, arrearsVat, arrearsTotal, credit, lastPaymentOn}], total}; detail: {leaseId, contractNumber, currency, asOf, state, instalments[{period, dueDate, instalment, interest, principal, vat, fee, gross, paid, open, status}]}',
  );

const reportLine = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export const servicingReportResponse = z.object({
  kind: servicingKindParam,
  month: z.string(),
  from: z.string(),
  to: z.string(),
  columns: z.array(z.object({ id: z.string(), kind: z.enum(['text', 'integer', 'money', 'percent', 'date']) })),
  lines: z.array(reportLine),
  totals: z.array(reportLine),
});

export const liabilityResponse = z.object({
  cutOff: z.string(),
  component: z.enum(['principal', 'interest', 'vat']),
  lines: z.array(
    z.object({
      currency: z.string(),
      leases: z.number().int(),
      opening: minor.describe('Σ advanceRate × purchasePrice of the funded leases, drawn on their purchase dates'),
      balance: minor.describe(
        'The funding-line balance on the cut-off (domain.md §4), equal to the Liability servicing report on that date',
      ),
      periods: z.array(minor).length(61),
      beyond: minor,
      total: minor,
    }),
  ),
});

export const cashFlowResponse = z
  .object({ cutOff: z.string() })
  .catchall(z.unknown())
  .describe(
    'lease: {cutOff, rows (Total Cash Flow rows: id, prin, sellto4G, npv, delta, check, fx, totalcf, lessee, cash1..cash61, cashBeyond), total}; portfolio: {cutOff, lines[{currency, leases, prin, cash[61], cashBeyond, totalcf}]}',
  );

export const reportFileRecord = z.object({
  id: z.number().int(),
  funderId: z.number().int(),
  kind: z.string(),
  period: z.string(),
  format: formatParam,
  params: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.number().int(),
});
export const reportFilesResponse = z.object({ rows: z.array(reportFileRecord), total: z.number().int() });
