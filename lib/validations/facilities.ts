/**
 * One zod schema per facility endpoint and direction (domain.md §11). Money is integer minor units of the
 * facility currency; rates and shares decimals; dates YYYY-MM-DD.
 */
import { z } from 'zod';
import {
  CONCENTRATION_GROUPS,
  COVENANT_METRICS,
  COVENANT_OPERATORS,
  CRITERION_KINDS,
  FACILITY_MOVEMENT_TYPES,
  LIMIT_KINDS,
  NUMERIC_CRITERIA,
} from '@/lib/domain/facilities';
import { CURRENCY_CODES } from '@/lib/finance/money';
import { idParam, isoDateParam, pageParam } from './common';
import { exportLocale } from './servicing';
import { EXPORT_LOCALES } from './leases';

const MAX_MINOR = 1e15;
const minor = z
  .number({ error: 'must be a number of minor units' })
  .int('must be whole minor units (cents)')
  .min(0, 'must not be negative')
  .max(MAX_MINOR, 'is too large');
const positiveMinor = minor.refine((v) => v > 0, 'must be positive');
const share = z.number({ error: 'must be a decimal' }).min(0, 'must be at least 0').max(1, 'must be at most 1');
const isoDate = z
  .string({ error: 'must be a date' })
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isoDateParam.safeParse(v).success, 'must be a real date as YYYY-MM-DD');
const shortText = (max: number) =>
  z.string({ error: 'must be text' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

export const criterionBody = z
  .object({
    kind: z.enum(CRITERION_KINDS, { error: `must be one of ${CRITERION_KINDS.join(', ')}` }),
    value: z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(MAX_MINOR, 'is too large').nullish(),
    values: z
      .array(shortText(64), { error: 'must be a list of codes' })
      .min(1, 'must name at least one code')
      .max(200, 'must name at most 200 codes')
      .nullish(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.kind === 'notInDefault') return;
    if (NUMERIC_CRITERIA.includes(c.kind)) {
      if (c.value === null || c.value === undefined)
        ctx.addIssue({ code: 'custom', path: ['value'], message: `is required for ${c.kind}` });
      else if (c.kind === 'minRate' && c.value >= 1)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a decimal rate below 1' });
      else if (c.kind !== 'minRate' && !Number.isInteger(c.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a whole number' });
    } else if (!c.values) ctx.addIssue({ code: 'custom', path: ['values'], message: `is required for ${c.kind}` });
  })
  .transform((c) => ({
    kind: c.kind,
    value: NUMERIC_CRITERIA.includes(c.kind) ? (c.value ?? null) : null,
    values: c.kind === 'notInDefault' || NUMERIC_CRITERIA.includes(c.kind) ? null : (c.values ?? null),
  }));
export type CriterionBody = z.infer<typeof criterionBody>;

export const limitBody = z
  .object({
    group: z.enum(CONCENTRATION_GROUPS, { error: `must be one of ${CONCENTRATION_GROUPS.join(', ')}` }),
    kind: z.enum(LIMIT_KINDS, { error: `must be one of ${LIMIT_KINDS.join(', ')}` }),
    value: z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(MAX_MINOR, 'is too large'),
    topN: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .nullish(),
  })
  .strict()
  .superRefine((l, ctx) => {
    if (l.kind === 'percent' && l.value > 1)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a share must be a decimal between 0 and 1' });
    if (l.kind === 'amount' && !Number.isInteger(l.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be whole minor units (cents)' });
    if (l.group === 'topLessees' && !l.topN) ctx.addIssue({ code: 'custom', path: ['topN'], message: 'is required for topLessees' });
  })
  .transform((l) => ({ group: l.group, kind: l.kind, value: l.value, topN: l.group === 'topLessees' ? (l.topN ?? null) : null }));
export type LimitBody = z.infer<typeof limitBody>;

export const stepBody = z
  .object({
    fromMonth: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(600, 'must be at most 600'),
    threshold: z.number({ error: 'must be a number' }).min(-1e9, 'is too small').max(1e9, 'is too large'),
  })
  .strict();

export const covenantBody = z
  .object({
    metric: z.enum(COVENANT_METRICS, { error: `must be one of ${COVENANT_METRICS.join(', ')}` }),
    operator: z.enum(COVENANT_OPERATORS, { error: `must be one of ${COVENANT_OPERATORS.join(', ')}` }),
    steps: z
      .array(stepBody, { error: 'must be a list of steps' })
      .min(1, 'must hold at least one step')
      .max(24, 'must hold at most 24 steps')
      .refine((s) => new Set(s.map((x) => x.fromMonth)).size === s.length, 'must not repeat a month'),
    warningMargin: z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(1e9, 'is too large').default(0),
  })
  .strict();
export type CovenantBody = z.infer<typeof covenantBody>;

const facilityFields = {
  name: shortText(120),
  lender: shortText(120),
  currency: z.enum(CURRENCY_CODES as unknown as [string, ...string[]], { error: `must be one of ${CURRENCY_CODES.join(', ')}` }),
  commitment: positiveMinor,
  advanceRate: share.refine((v) => v > 0, 'must be above 0'),
  reserves: minor.default(0),
  startDate: isoDate,
  maturityDate: isoDate,
  criteria: z.array(criterionBody).max(50, 'must hold at most 50 criteria').default([]),
  limits: z.array(limitBody).max(50, 'must hold at most 50 limits').default([]),
  covenants: z.array(covenantBody).max(30, 'must hold at most 30 covenants').default([]),
};

export const createFacilityBody = z
  .object({
    funderId: z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive'),
    ...facilityFields,
  })
  .strict()
  .refine((f) => f.maturityDate > f.startDate, { path: ['maturityDate'], message: 'must be after the start date' });
export type CreateFacilityBody = z.infer<typeof createFacilityBody>;

/** A PATCH replaces what it names; criteria, limits and covenants are replaced as whole lists. */
export const updateFacilityBody = z
  .object({
    name: facilityFields.name.optional(),
    lender: facilityFields.lender.optional(),
    commitment: positiveMinor.optional(),
    advanceRate: facilityFields.advanceRate.optional(),
    reserves: minor.optional(),
    startDate: isoDate.optional(),
    maturityDate: isoDate.optional(),
    criteria: z.array(criterionBody).max(50, 'must hold at most 50 criteria').optional(),
    limits: z.array(limitBody).max(50, 'must hold at most 50 limits').optional(),
    covenants: z.array(covenantBody).max(30, 'must hold at most 30 covenants').optional(),
  })
  .strict()
  .refine((p) => Object.keys(p).length > 0, 'must change at least one field');
export type UpdateFacilityBody = z.infer<typeof updateFacilityBody>;

export const facilitiesQuery = z.object({ funderId: idParam.optional(), asOf: isoDateParam.optional() });
export const asOfQuery = z.object({ asOf: isoDateParam.optional() });

export const ELIGIBILITY_FILTERS = ['all', 'eligible', 'ineligible'] as const;
export const eligibilityQuery = z.object({
  asOf: isoDateParam.optional(),
  filter: z.enum(ELIGIBILITY_FILTERS, { error: `must be one of ${ELIGIBILITY_FILTERS.join(', ')}` }).default('all'),
  page: pageParam,
  perPage: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(50),
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'must be json, csv or xlsx' }).default('json'),
  locale: z.enum(EXPORT_LOCALES, { error: 'must be en, de, fr or pt' }).default('en'),
});
export type EligibilityQuery = z.infer<typeof eligibilityQuery>;

export const drawBody = z
  .object({
    type: z.enum(FACILITY_MOVEMENT_TYPES, { error: 'must be draw or repayment' }).default('draw'),
    amount: positiveMinor,
    valueDate: isoDate,
    note: z.string({ error: 'must be text' }).trim().max(500, 'must be at most 500 characters').default(''),
  })
  .strict();
export type DrawBody = z.infer<typeof drawBody>;

export const certificateBody = z
  .object({
    asOf: isoDate,
    locale: exportLocale.describe("The preparer's language: the certificate's XLSX and PDF are made in it and keep it once issued"),
  })
  .strict();
export const certificateFileQuery = z.object({ format: z.enum(['xlsx', 'pdf'], { error: 'must be xlsx or pdf' }).default('xlsx') });
export const covenantResultsQuery = z.object({
  asOf: isoDateParam.optional(),
  months: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(60, 'must be at most 60')
    .default(12),
});

/** The borrowing base as GET /api/facilities/{id}/borrowing-base answers it (minor units of `currency`). */
export const borrowingBaseResponse = z.object({
  facilityId: z.number(),
  asOf: z.string(),
  currency: z.string(),
  commitment: z.number(),
  advanceRate: z.number(),
  collateralBalance: z.number(),
  ineligibleBalance: z.number(),
  eligibleBalance: z.number(),
  excess: z.object({
    total: z.number(),
    groups: z.array(
      z.object({
        limitId: z.number(),
        group: z.enum(CONCENTRATION_GROUPS),
        key: z.string(),
        label: z.string(),
        balance: z.number(),
        limit: z.number(),
        excess: z.number(),
      }),
    ),
  }),
  eligibleAfterExcess: z.number(),
  advancedAmount: z.number(),
  reserves: z.number(),
  borrowingBase: z.number(),
  maximumAdvance: z.number(),
  outstanding: z.number(),
  availability: z.number(),
  counts: z.object({ leases: z.number(), eligible: z.number(), ineligible: z.number() }),
});

export const FACILITY_TABLES = ['waterfall', 'excess', 'draws', 'certificates', 'covenants'] as const;
export const facilityExportQuery = z.object({
  table: z.enum(FACILITY_TABLES, { error: `must be one of ${FACILITY_TABLES.join(', ')}` }),
  format: z.enum(['csv', 'xlsx'], { error: 'must be csv or xlsx' }).default('csv'),
  locale: z.enum(EXPORT_LOCALES, { error: 'must be en, de, fr or pt' }).default('en'),
  asOf: isoDateParam.optional(),
});
export const facilitiesExportQuery = z.object({
  funderId: idParam.optional(),
  asOf: isoDateParam.optional(),
  format: z.enum(['csv', 'xlsx'], { error: 'must be csv or xlsx' }).default('csv'),
  locale: z.enum(EXPORT_LOCALES, { error: 'must be en, de, fr or pt' }).default('en'),
});
