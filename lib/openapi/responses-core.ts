import { z } from 'zod';
import { SCOPES } from '@/lib/auth/scopes';
import { ERROR_STATUS } from '@/lib/api/errors';
import { CURRENCY_CODES } from '@/lib/finance/money';
import { CASH_COLUMNS } from '@/lib/portfolio/cash-flow-table';
import { ALLOCATION_COMPONENTS, DISCOUNT_CONVENTION_VALUES, RATE_CONVENTION_VALUES } from '@/lib/validations/funders';
import {
  ASSET_TYPE_VALUES,
  CONDITION_VALUES,
  FREQUENCY_VALUES,
  LEASE_STATUS_VALUES,
  SHOWN_STATUS_VALUES,
  TIMING_VALUES,
  VAT_REGIME_VALUES,
} from '@/lib/validations/leases';
import { PORTFOLIO_MODULES } from '@/lib/validations/portfolio-views';
import { QUOTATION_STATUS_VALUES } from '@/lib/validations/quotations';
import type { ResponseDoc } from './registry';

/**
 * Response bodies of the core routes, for the OpenAPI document only (the handlers build them from
 * db/queries and lib/finance; these describe what comes back). Amounts are integer minor units,
 * rates decimals, dates YYYY-MM-DD, timestamps epoch milliseconds. Objects are "loose": a client must
 * accept fields it does not know.
 */

const minor = z.number().int().describe('Integer minor units (cents) of the currency');
const isoDate = z.string().describe('YYYY-MM-DD');
const timestamp = z.number().int().describe('Epoch milliseconds');
const currency = z.enum(CURRENCY_CODES as unknown as [string, ...string[]]);

/** The one error shape of lib/api/errors.ts: `{ error: { code, message, issues? }, errorId? }`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    message: z.string(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
  errorId: z.string().optional().describe('Only on 500: quote it when reporting the problem'),
});

/** A documented error answer: the one error shape with what this status means here. */
export const errorDoc = (description: string): ResponseDoc => ({ description, schema: apiErrorSchema });

// ---------------------------------------------------------------------------------------------
// Auth

const ability = z.object({ action: z.string(), subject: z.string() });

export const userDataSchema = z.looseObject({
  id: z.number().int(),
  fullName: z.string().nullable(),
  username: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  role: z.enum(['admin', 'analyst', 'viewer', 'client']),
  scopes: z.array(z.enum(SCOPES)),
  ability: z.array(ability),
  extras: z.object({ eCommerceCartItemsCount: z.number().int() }),
});

export const tokenPairResponse = z.object({
  userData: userDataSchema,
  accessToken: z.string().describe('JWT; send it as Authorization: Bearer <token>'),
  refreshToken: z.string().describe('Opaque; exchange it at /jwt/refresh-token (single use, rotated)'),
});

export const registerResponse = z.object({ user: userDataSchema, accessToken: z.string(), refreshToken: z.string() });
/** /jwt/register answers a duplicate with 200 and both keys, null for the one that is free (the documented contract). */
export const registerDuplicateResponse = z.object({ error: z.object({ email: z.string().nullable(), username: z.string().nullable() }) });
/** /jwt/register's 400: one message per invalid field. */
export const registerInvalidResponse = z.object({ error: z.record(z.string(), z.string()) });
/** /jwt/login's documented 400/429 shape. */
export const jwtLoginErrorResponse = z.object({ error: z.object({ email: z.array(z.string()) }) });
export const jwtRefreshErrorResponse = z.object({ error: z.literal('Invalid refresh token') });
export const meResponse = z.object({ userData: userDataSchema, via: z.enum(['session', 'bearer']) });
export const okMessageResponse = z.object({ ok: z.literal(true), message: z.string() });
export const healthResponse = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'unreachable']) });

// ---------------------------------------------------------------------------------------------
// Calculators

const scheduleRow = z.looseObject({
  period: z.number().int(),
  dueDate: isoDate,
  instalment: minor,
  interest: minor,
  principal: minor,
  vat: minor,
  fee: minor,
  gross: minor,
  balanceAfter: minor,
});

const scheduleTotals = z.looseObject({ instalment: minor, interest: minor, principal: minor, vat: minor, fee: minor, gross: minor });

export const scheduleResponse = z.looseObject({
  currency,
  minorUnitDigits: z.number().int(),
  timing: z.enum(TIMING_VALUES),
  frequency: z.enum(FREQUENCY_VALUES),
  periodMonths: z.number().int(),
  periodsPerYear: z.number().int(),
  term: z.number().int(),
  price: minor,
  downPayment: minor,
  fee: minor,
  feeFinanced: z.boolean(),
  principal: minor,
  residual: minor,
  residualDueDate: isoDate,
  residualVat: minor,
  rate: z.number(),
  rateConvention: z.enum(RATE_CONVENTION_VALUES),
  periodRate: z.number(),
  effectiveAnnualRate: z.number(),
  instalment: minor,
  lessorYield: z.number().nullable(),
  lessorYieldEffective: z.number().nullable(),
  vatRate: z.number(),
  vatRegime: z.enum(VAT_REGIME_VALUES),
  firstDueDate: isoDate,
  startDate: isoDate,
  rows: z.array(scheduleRow),
  totals: scheduleTotals,
  rebase: z
    .object({
      date: isoDate,
      period: z.number().int().describe('The first instalment re-amortised'),
      balance: minor.describe("The tape's outstanding principal on the date"),
      scheduled: minor.describe("The contract schedule's outstanding principal on the date"),
      adjustment: minor.describe('balance − scheduled: Σ principal + residual = principal + adjustment'),
      instalment: minor.describe('The regular instalment from the period on'),
    })
    .nullable()
    .describe("A seasoned lease re-based to its tape's outstanding principal (domain.md §7); null for every other schedule"),
});

export const rateResponse = z.object({ rate: z.number().describe('Annual rate as a decimal'), schedule: scheduleResponse });

export const npvIrrResponse = z.looseObject({
  npv: z.number().nullable(),
  irr: z.object({ periodic: z.number(), nominalAnnual: z.number(), effectiveAnnual: z.number() }).nullable(),
  irrError: z.string().nullable(),
  xnpv: z.number().nullable(),
  xirr: z.number().nullable(),
  xirrError: z.string().nullable(),
});

export const priceResponse = z.looseObject({
  prin: minor,
  price: minor.describe('Purchase price at the buy rate'),
  npv: minor,
  delta: minor,
  check: minor,
  totalcf: minor,
  remainingInstalments: z.number().int(),
  yield: z.number().nullable(),
  cash: z.array(minor).describe('61 monthly cash columns from the cut-off'),
  cashBeyond: minor,
});

// ---------------------------------------------------------------------------------------------
// Funders

export const funderResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  baseCurrency: currency,
  buyRate: z.number(),
  discountRate: z.number().nullable().describe('null: each lease at its own contract rate'),
  discountConvention: z.enum(DISCOUNT_CONVENTION_VALUES),
  rateConvention: z.enum(RATE_CONVENTION_VALUES),
  facilityRate: z.number(),
  advanceRate: z.number(),
  vatDefault: z.number(),
  servicingFee: z.number(),
  allocationOrder: z.array(z.enum(ALLOCATION_COMPONENTS)),
  bucketEdges: z.array(z.number().int()),
  materialityTolerance: minor,
  graceDays: z.number().int(),
  importInstalmentTolerance: z
    .number()
    .describe(
      "Tape import: the share of the instalment (0.02 = 2 %) by which a row's instalment may differ from the annuity computed from its terms before the row warns",
    ),
  creditAbsRetail: minor.describe('Default materiality, absolute threshold for retail lessees (minor units of the lease currency)'),
  creditAbsOther: minor.describe('Default materiality, absolute threshold for other lessees (minor units of the lease currency)'),
  creditRelative: z.number().describe("Default materiality, relative threshold as a decimal of the lease's exposure"),
  creditProbationMonths: z.number().int().describe('Months without a default trigger before a defaulted lease cures'),
  creditContagion: z.number().describe("Lessee contagion: share of the lessee's exposure in default beyond which all its leases are"),
  provisionMatrix: z
    .record(z.string(), z.record(z.string(), z.number()))
    .describe('IFRS 9 loss rate per currency (or *) and DPD bucket key (or default)'),
  fourEyes: z
    .boolean()
    .describe(
      'Four eyes: the approver of a quotation must not be its submitter, and a change of these settings applies when another admin approves it',
    ),
  dataVersion: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export const funderListResponse = z.object({ funders: z.array(funderResponse) });

// ---------------------------------------------------------------------------------------------
// Leases

/** The contract terms a lease and a quotation share (db/schema/portfolio.ts termColumns). */
const termFields = {
  assetType: z.enum(ASSET_TYPE_VALUES),
  assetDescription: z.string(),
  condition: z.enum(CONDITION_VALUES),
  currency,
  price: minor,
  downPayment: minor,
  residual: minor,
  term: z.number().int(),
  rate: z.number(),
  timing: z.enum(TIMING_VALUES),
  frequency: z.enum(FREQUENCY_VALUES),
  firstDueDate: isoDate,
  vatRate: z.number(),
  vatRegime: z.enum(VAT_REGIME_VALUES),
  fee: minor,
  feeFinanced: z.boolean(),
  instalment: minor,
};

const leaseFields = {
  id: z.number().int(),
  funderId: z.number().int(),
  lesseeId: z.number().int(),
  contractNumber: z.string(),
  ...termFields,
  principal: minor,
  purchaseDate: isoDate,
  agreedPurchasePrice: minor.nullable(),
  status: z.enum(LEASE_STATUS_VALUES),
  rebasedOn: isoDate
    .nullable()
    .describe(
      "A seasoned lease re-based to its tape (domain.md §7): the tape's date, from which the schedule amortises the tape's outstanding principal; null otherwise",
    ),
  rebasedBalance: minor.nullable().describe("The tape's outstanding principal on rebasedOn; null when not re-based"),
  version: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
};

export const leaseSchema = z.looseObject(leaseFields);
export const leaseListRowSchema = z.looseObject({ ...leaseFields, lesseeName: z.string(), lesseeIdOdoo: z.string().nullable() });
/** The lease-combined row of the original API: the lease, its client and its total cash flow. */
export const leaseCombinedSchema = z.looseObject({
  ...leaseFields,
  client: z.object({ idODOO: z.string().nullable(), name: z.string() }),
  total: minor.describe("The contract's total cash flow"),
});

export const leaseListResponse = z.object({
  leases: z.array(
    leaseListRowSchema.extend({
      shownStatus: z
        .enum(SHOWN_STATUS_VALUES)
        .describe(
          'The status the register shows and filters by: derived under domain.md §8 (a write-off wins; closed and terminated as set); `status` is the stored business status',
        ),
      outstandingPrincipal: minor
        .nullable()
        .describe(
          "Outstanding principal at `cutOff` (domain.md §3 prin, the lease page's and Total Cash Flow's figure); null when the lease is not in the pool then (bought after it, written off on or before it, terminated). `principal` is the financed (original) principal",
        ),
    }),
  ),
  total: z.number().int().describe('Filtered count'),
  totals: z.array(
    z.object({
      currency,
      count: z.number().int(),
      price: minor,
      principal: minor,
      residual: minor,
      outstandingPrincipal: minor.describe('Σ outstanding principal at `cutOff` of the filtered leases'),
    }),
  ),
  cutOff: isoDate.describe("The date of the outstanding principal: the register's cut-off, the first day of this month"),
  page: z.number().int(),
  perPage: z.number().int(),
});

const historyEntry = z.object({
  id: z.number().int(),
  version: z.number().int(),
  action: z.enum(['created', 'updated', 'status']),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).describe('{ field: [before, after] }'),
  userName: z.string().nullable(),
  at: timestamp,
});

export const leaseDetailResponse = z.object({
  lease: leaseListRowSchema,
  purchasePrice: minor
    .nullable()
    .describe(
      'Historical purchase price (ESMA LESL29 amount), minor units: the agreed price where one was recorded (lease.agreedPurchasePrice), else the PV at the funder’s buy rate of the net flows remaining on the purchase date. Independent of the cut-off; never sellto4G. null when the lease is not in the book.',
    ),
  schedule: z.array(scheduleRow.extend({ leaseId: z.number().int() })),
  valuation: z
    .looseObject({
      cutOff: isoDate,
      inPool: z
        .boolean()
        .describe('false when the lease was purchased after the cut-off: it is in no figure at that date and every amount is 0'),
      prin: minor,
      sellto4G: minor.describe(
        'PV of the remaining net flows at the funder’s buy rate at the cut-off (never the historical purchase price)',
      ),
      npv: minor,
      delta: minor,
      check: minor,
      totalcf: minor,
      cash: z.array(minor),
      cashBeyond: minor,
      remainingInstalments: z.number().int(),
      remainingTermMonths: z.number(),
      walYears: z.number(),
      seasoningMonths: z.number(),
      originalTermMonths: z.number(),
    })
    .nullable()
    .describe('null when the lease is not in the book (terminated)'),
  history: z.array(historyEntry),
});

export const leaseCreatedResponse = z.object({ lease: leaseCombinedSchema });
export const leaseUpdatedResponse = z.object({ lease: leaseListRowSchema });
export const deletedResponse = z.object({ deleted: z.number().int() });

export const lesseeKindResponse = z.object({
  lessee: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(['corporate', 'retail']) }),
  changed: z.boolean(),
});

export const lesseeListResponse = z.object({
  lessees: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      idOdoo: z.string().nullable(),
      country: z.string().nullable(),
      taxId: z.string().nullable(),
      defaultVatRate: z.number(),
    }),
  ),
});

export const leaseCombinedListResponse = z.array(leaseCombinedSchema);
export const leaseCombinedPageResponse = z.object({ users: z.array(leaseCombinedSchema), total: z.number().int() });
export const leaseCombinedUserResponse = z.object({ user: leaseCombinedSchema });

// ---------------------------------------------------------------------------------------------
// Portfolio views

export const portfolioViewSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  module: z.enum(PORTFOLIO_MODULES),
  name: z.string(),
  columns: z.array(z.string()),
  filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export const portfolioViewListResponse = z.object({ views: z.array(portfolioViewSchema) });

// ---------------------------------------------------------------------------------------------
// Quotations

export const quotationSchema = z.looseObject({
  id: z.number().int(),
  lesseeName: z.string(),
  lesseeIdOdoo: z.string().nullable(),
  leaseContractNumber: z.string().nullable(),
  funderId: z.number().int(),
  lesseeId: z.number().int(),
  ...termFields,
  status: z.enum(QUOTATION_STATUS_VALUES),
  externalId: z.string().nullable(),
  lastSyncAt: timestamp.nullable(),
  leaseId: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const quotationListResponse = z.object({
  quotations: z.array(quotationSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export const quotationResponse = z.object({ quotation: quotationSchema });
export const quotationDetailResponse = z.object({
  quotation: quotationSchema,
  history: z.array(
    z.object({
      id: z.number().int(),
      fromStatus: z.enum(QUOTATION_STATUS_VALUES).nullable(),
      toStatus: z.enum(QUOTATION_STATUS_VALUES),
      note: z.string(),
      userName: z.string().nullable(),
      at: timestamp,
    }),
  ),
});
export const quotationStatusResponse = z.object({
  quotation: quotationSchema,
  lease: leaseSchema.nullable().describe('The lease created by the move to converted, else null'),
});

// ---------------------------------------------------------------------------------------------
// SQN (Total Cash Flow rows)

const cashColumns = Object.fromEntries(CASH_COLUMNS.map((c) => [c, minor])) as Record<(typeof CASH_COLUMNS)[number], typeof minor>;

export const totalCashRowSchema = z.object({
  id: z.number().int(),
  prin: minor,
  sellto4G: minor,
  npv: minor,
  delta: minor,
  check: minor,
  fx: currency.describe('The row currency of every amount'),
  totalcf: minor,
  lessee: z.string(),
  ...cashColumns,
  cashBeyond: minor,
});
export const allTotalCashResponse = z.array(totalCashRowSchema);
export const totalCashResponse = z.object({
  allData: z.array(totalCashRowSchema).describe('Empty unless allData=1'),
  invoices: z.array(totalCashRowSchema).describe('The page'),
  total: z.number().int().describe('Filtered count'),
});

// ---------------------------------------------------------------------------------------------
// Files

/** The query of GET /api/calculators/schedule/export (read by lib/calculators-query.ts, not a zod schema). */
export const scheduleExportQueryDoc = z.object({
  format: z.enum(['csv', 'xlsx']),
  currency: currency.optional().describe('Default EUR'),
  price: z.string().optional().describe("Major units with '.', e.g. 50000"),
  downPayment: z.string().optional(),
  residual: z.string().optional(),
  term: z.string().optional().describe('Number of instalments'),
  rate: z.string().optional().describe('Annual rate in percent, e.g. 6'),
  timing: z.enum(TIMING_VALUES).optional(),
  frequency: z.enum(FREQUENCY_VALUES).optional(),
  firstDueDate: isoDate.optional(),
  fee: z.string().optional(),
  feeFinanced: z.enum(['0', '1']).optional(),
  vatRate: z.string().optional().describe('Percent'),
  vatRegime: z.enum(VAT_REGIME_VALUES).optional(),
  rateConvention: z.enum(RATE_CONVENTION_VALUES).optional(),
});

/** The openapi.json route itself. */
export const openApiDocumentResponse = z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({}), paths: z.looseObject({}) });
