/**
 * zod schemas of the performance-history endpoints (domain.md §9): /api/reports/performance,
 * /api/reports/vintages and /api/snapshots/{month}. Shared by the handlers, the pages and the OpenAPI docs.
 */
import { z } from 'zod';
import { funderIdParam, pageParam, perPageParam } from './common';
import { formatParam, monthParam } from './reports';

const currencyParam = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like EUR');
const locale = z.enum(['en', 'de', 'fr', 'pt']).default('en');
/** A month of the history: month arithmetic (a 24-month default range before it) needs a plausible year. */
const historyMonth = monthParam.refine((m) => m >= '1900-01', 'must be 1900-01 or later');
const range = { from: historyMonth.optional(), to: historyMonth.optional() };

export const performanceQuery = z.object({
  funderId: funderIdParam,
  ...range,
  currency: currencyParam.optional(),
  format: formatParam.optional(),
  locale,
});

export const vintagesQuery = z.object({
  funderId: funderIdParam,
  ...range,
  by: z.enum(['purchase', 'origination'], { error: 'must be purchase or origination' }).default('purchase'),
  measure: z.enum(['default', 'netLoss'], { error: 'must be default or netLoss' }).default('default'),
  currency: currencyParam.optional(),
  format: formatParam.optional(),
  locale,
});

export const snapshotParams = z.object({ month: historyMonth });
export const snapshotQuery = z.object({
  funderId: funderIdParam,
  page: pageParam,
  perPage: perPageParam(50),
  format: formatParam.optional(),
  locale,
});

const minor = z.number().int().describe('minor units');
const rate = z.number().describe('decimal: 0.05 = 5 %');

export const performanceRowSchema = z.object({
  month: z.string(),
  monthEnd: z.string(),
  live: z.boolean().describe('the current month, computed live to today (never stored)'),
  leases: z.number().int(),
  originalBalance: minor,
  startBalance: minor,
  purchasedPrincipal: minor,
  writtenOffPrincipal: minor,
  balance: minor,
  scheduledPrincipal: minor,
  unscheduledPrincipal: minor,
  defaultedPrincipal: minor,
  interest: minor,
  smm: rate,
  cpr: rate,
  mdr: rate,
  cdr: rate,
  poolFactor: rate,
  dq30: rate,
  dq60: rate,
  dq90: rate,
  cumulativeNetLoss: minor,
  cumulativeNetLossPct: rate,
});

export const performanceResponse = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().nullable(),
  currencies: z.array(z.string()),
  rows: z.array(performanceRowSchema),
});

export const vintagesResponse = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(['purchase', 'origination']),
  measure: z.enum(['default', 'netLoss']),
  currency: z.string().nullable(),
  currencies: z.array(z.string()),
  curves: z.array(
    z.object({
      cohort: z.string().describe('YYYY-Qn'),
      leases: z.number().int(),
      originalBalance: minor,
      points: z.array(
        z.object({
          monthsSince: z.number().int(),
          month: z.string(),
          defaulted: minor,
          netLoss: minor,
          originalBalance: minor,
          value: rate,
        }),
      ),
    }),
  ),
});

export const leaseSnapshotSchema = z.object({
  leaseId: z.number().int(),
  contractNumber: z.string(),
  currency: z.string(),
  purchaseDate: z.string(),
  originationDate: z.string(),
  originalPrincipal: minor,
  inPool: z.boolean(),
  startBalance: minor,
  balance: minor,
  scheduledPrincipal: minor,
  purchasedPrincipal: minor,
  writtenOffPrincipal: minor,
  actualPrincipal: minor,
  unscheduledPrincipal: minor,
  interest: minor,
  dpd: z.number().int(),
  bucket: z.string(),
  status: z.string(),
  firstDefaultDate: z.string().nullable(),
  defaultAmount: minor,
  defaultPrincipal: minor,
  writtenOff: minor,
  recoveries: minor,
});

export const snapshotResponse = z.object({
  month: z.string(),
  monthEnd: z.string(),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  rows: z.array(leaseSnapshotSchema),
});
