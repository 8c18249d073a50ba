import { z } from 'zod';
import { CURRENCY_CODES, fromMinor, minorUnitDigits, type CurrencyCode } from '@/lib/finance/money';
import { decimalToMinor, parseDecimal, type NumberParseFailure } from '@/lib/number-input';
import { idParam } from './common';

/**
 * Funder parameters (Settings). One set of field rules serves the API (rates as decimals, amounts in
 * minor units) and the form (text in the active locale's number format, rates as percentages), so the
 * browser and the server can never disagree on what is valid.
 */

export const ALLOCATION_COMPONENTS = ['vat', 'fee', 'interest', 'principal'] as const;
export type AllocationComponent = (typeof ALLOCATION_COMPONENTS)[number];
export const DISCOUNT_CONVENTION_VALUES = ['monthly', 'actual'] as const;
export const RATE_CONVENTION_VALUES = ['nominal', 'effective'] as const;
export const FUNDER_CURRENCIES = CURRENCY_CODES as readonly CurrencyCode[] as [CurrencyCode, ...CurrencyCode[]];

export const DEFAULT_ALLOCATION_ORDER: AllocationComponent[] = ['vat', 'fee', 'interest', 'principal'];
export const DEFAULT_BUCKET_EDGES = [30, 60, 90];
export const MAX_BUCKET_EDGES = 10;
export const MAX_BUCKET_EDGE_DAYS = 3650;
export const MAX_GRACE_DAYS = 365;
export const MAX_NAME_LENGTH = 120;
/** Percentages are entered with at most this many decimals (5,1234 %): rates keep six decimals. */
export const PERCENT_DECIMALS = 4;
/** Upper bound of the materiality tolerance in minor units (ten million of the base currency's major unit for 2-digit currencies). */
export const MAX_TOLERANCE_MINOR = 1_000_000_000;
/** Tape import (domain.md §7): the instalment check's tolerance as a decimal of the instalment (0.02 = 2 %). */
export const DEFAULT_IMPORT_INSTALMENT_TOLERANCE = 0.02;
export const MAX_IMPORT_INSTALMENT_TOLERANCE = 0.5;

// ---------------------------------------------------------------------------------------------
// Locale-aware number text

/**
 * Reads a number typed in a locale's format through the one amount parser (lib/number-input.ts):
 * "5,5" in German is 5.5, "1.234,5" is 1234.5; in English "1,234.5". Another locale's spelling (a
 * German "6.25", an English "6,25") is refused rather than silently read as 625. A trailing % sign is
 * allowed. Returns the value and its number of decimals, or null when the text is not a number.
 */
export function parseLocaleDecimal(text: string, locale: string): { value: number; decimals: number } | null {
  const r = parseDecimal(withoutPercent(text), locale);
  return r.ok ? { value: r.value, decimals: r.decimals } : null;
}

const withoutPercent = (text: string) => text.trim().replace(/\s*%$/, '');

/** parseLocaleDecimal without the decimals count. */
export function parseLocaleNumber(text: string, locale: string): number | null {
  return parseLocaleDecimal(text, locale)?.value ?? null;
}

/** A percentage (6.25) as the decimal rate it stands for (0.0625), free of binary noise (7.1 % → 0.071). */
export function percentToRate(percent: number): number {
  return Math.round(percent * 10 ** PERCENT_DECIMALS) / 10 ** (PERCENT_DECIMALS + 2);
}

/** A decimal rate as the percentage text a person types in this locale: 0.0625 → "6,25" (de), "6.25" (en). */
export function formatPercentInput(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: PERCENT_DECIMALS, useGrouping: false }).format(rate * 100);
}

/** Minor units as the major-unit text of the currency in this locale: 100 EUR → "1,00" (de). */
export function formatAmountInput(minor: number, currency: string, locale: string): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(
    fromMinor(minor, currency),
  );
}

// ---------------------------------------------------------------------------------------------
// Field rules in the API's units. Custom issues carry `params.reason` so the form can translate them.

const reason = (r: string) => ({ params: { reason: r } });

export const funderName = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'name must not be empty')
  .max(MAX_NAME_LENGTH, `name must be at most ${MAX_NAME_LENGTH} characters`);
export const baseCurrency = z.enum(FUNDER_CURRENCIES, { error: `must be one of ${FUNDER_CURRENCIES.join(', ')}` });
/** An annual rate as a decimal from 0 to 1 (0 % to 100 %). */
export const rate = z
  .number({ error: 'must be a number (a decimal rate: 0.05 = 5 %)' })
  .min(0, 'must not be negative')
  .max(1, 'must be at most 1 (100 %)');
/** The share of the purchase price the facility advances: above 0, at most 1. */
export const advanceRate = z
  .number({ error: 'must be a number (a decimal: 0.9 = 90 %)' })
  .gt(0, 'must be above 0')
  .max(1, 'must be at most 1 (100 %)');
export const discountConvention = z.enum(DISCOUNT_CONVENTION_VALUES, { error: 'must be monthly or actual' });
export const rateConvention = z.enum(RATE_CONVENTION_VALUES, { error: 'must be nominal or effective' });
/** The order in which a payment is allocated within an instalment: each of the four components exactly once. */
export const allocationOrder = z
  .array(z.enum(ALLOCATION_COMPONENTS, { error: `must be one of ${ALLOCATION_COMPONENTS.join(', ')}` }), {
    error: 'must be a list of the allocation components',
  })
  .refine((order) => order.length === ALLOCATION_COMPONENTS.length && new Set(order).size === ALLOCATION_COMPONENTS.length, {
    message: `must name each of ${ALLOCATION_COMPONENTS.join(', ')} exactly once`,
    ...reason('allocationOrder'),
  });
/** Days-past-due bucket edges: ascending whole days (30, 60, 90 → Current | 1–30 | 31–60 | 61–90 | 90+). */
export const bucketEdges = z
  .array(
    z
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(MAX_BUCKET_EDGE_DAYS, `must be at most ${MAX_BUCKET_EDGE_DAYS} days`),
    { error: 'must be a list of days' },
  )
  .min(1, 'must have at least one edge')
  .max(MAX_BUCKET_EDGES, `must have at most ${MAX_BUCKET_EDGES} edges`)
  .superRefine((edges, ctx) => {
    for (let i = 1; i < edges.length; i++) {
      if (edges[i]! <= edges[i - 1]!) {
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: 'must be larger than the previous edge (ascending)',
          ...reason('bucketEdgesAscending'),
        });
      }
    }
  });
/** Minor units of the base currency below which arrears do not age a lease (domain.md §5). */
export const materialityTolerance = z
  .number({ error: 'must be a number of minor units' })
  .int('must be whole minor units (cents)')
  .min(0, 'must not be negative')
  .max(MAX_TOLERANCE_MINOR, `must be at most ${MAX_TOLERANCE_MINOR}`);
export const graceDays = z
  .number({ error: 'must be a number of days' })
  .int('must be a whole number of days')
  .min(0, 'must not be negative')
  .max(MAX_GRACE_DAYS, `must be at most ${MAX_GRACE_DAYS}`);
/**
 * Tape import (domain.md §7): a row's instalment may differ from the annuity computed from its terms by this decimal
 * of the instalment (0.02 = 2 %) before the row warns.
 */
export const importInstalmentTolerance = z
  .number({ error: 'must be a number (a decimal: 0.02 = 2 %)' })
  .min(0, 'must not be negative')
  .max(MAX_IMPORT_INSTALMENT_TOLERANCE, `must be at most ${MAX_IMPORT_INSTALMENT_TOLERANCE} (${MAX_IMPORT_INSTALMENT_TOLERANCE * 100} %)`);

/** Credit parameters (domain.md §8): materiality thresholds in minor units of the lease currency. */
export const creditThreshold = z
  .number({ error: 'must be a number of minor units' })
  .int('must be whole minor units (cents)')
  .min(0, 'must not be negative')
  .max(MAX_TOLERANCE_MINOR, `must be at most ${MAX_TOLERANCE_MINOR}`);
export const MAX_PROBATION_MONTHS = 36;
export const probationMonths = z
  .number({ error: 'must be a number of months' })
  .int('must be a whole number of months')
  .min(0, 'must not be negative')
  .max(MAX_PROBATION_MONTHS, `must be at most ${MAX_PROBATION_MONTHS}`);
export const share = z
  .number({ error: 'must be a decimal (0.2 = 20 %)' })
  .min(0, 'must not be negative')
  .max(1, 'must be at most 1 (100 %)');
/** Provision matrix: per currency (or `*` for the others) a loss rate per DPD bucket key or `default` (stage 3). */
export const provisionMatrix = z
  .record(
    z.string().regex(/^([A-Z]{3}|\*)$/, 'must be a currency code or *'),
    z.record(z.string().regex(/^(current|\d+-\d+|\d+\+|default)$/, 'must be a bucket key such as current, 1-30, 91+ or default'), share),
  )
  .refine((m) => Object.keys(m).length <= 40, 'must have at most 40 currencies');

const paramShape = {
  name: funderName,
  baseCurrency,
  buyRate: rate,
  /** null: each lease is discounted at its own contract rate. */
  discountRate: rate.nullable(),
  discountConvention,
  rateConvention,
  facilityRate: rate,
  advanceRate,
  vatDefault: rate,
  servicingFee: rate,
  allocationOrder,
  bucketEdges,
  materialityTolerance,
  graceDays,
  importInstalmentTolerance,
};

/** The credit parameters (Settings → Credit parameters), changed through the same four-eyes path as the others. */
const creditShape = {
  creditAbsRetail: creditThreshold,
  creditAbsOther: creditThreshold,
  creditRelative: share,
  creditProbationMonths: probationMonths,
  creditContagion: share,
  provisionMatrix,
};
export const creditParams = z.strictObject(creditShape);
export type CreditParams = z.infer<typeof creditParams>;
export type CreditField = keyof CreditParams;
export const CREDIT_FIELDS = Object.keys(creditShape) as CreditField[];
/** PATCH body of the credit parameters alone (any subset, at least one). */
export const updateCreditParamsBody = creditParams
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'name at least one parameter to change' });

/** Every parameter of a funder, in the API's units. */
export const funderParams = z.strictObject(paramShape);
export type FunderParams = z.infer<typeof funderParams>;
export type FunderField = keyof FunderParams;
export const FUNDER_FIELDS = Object.keys(paramShape) as FunderField[];

/** POST /api/funders: name, base currency, buy and facility rate are required; the rest default. */
export const createFunderBody = z.strictObject({
  ...paramShape,
  discountRate: rate.nullable().default(null),
  discountConvention: discountConvention.default('monthly'),
  rateConvention: rateConvention.default('nominal'),
  advanceRate: advanceRate.default(1),
  vatDefault: rate.default(0),
  servicingFee: rate.default(0),
  allocationOrder: allocationOrder.default(DEFAULT_ALLOCATION_ORDER),
  bucketEdges: bucketEdges.default(DEFAULT_BUCKET_EDGES),
  materialityTolerance: materialityTolerance.default(100),
  graceDays: graceDays.default(0),
  importInstalmentTolerance: importInstalmentTolerance.default(DEFAULT_IMPORT_INSTALMENT_TOLERANCE),
  // Four eyes (domain.md §12); the column defaults to on, so an omitted value stays omitted here.
  fourEyes: z.boolean({ error: 'must be true or false' }).optional(),
});
export type CreateFunderBody = z.infer<typeof createFunderBody>;

/** PATCH /api/funders/[id]: any subset of the parameters, at least one. */
export const updateFunderBody = z
  .strictObject({ ...paramShape, ...creditShape, fourEyes: z.boolean({ error: 'must be true or false' }) })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'name at least one parameter to change', ...reason('empty') });
export type UpdateFunderBody = z.infer<typeof updateFunderBody>;

/** POST /api/funders/active: the funder to work on in the browser. */
export const activeFunderBody = z.strictObject({
  funderId: z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive'),
});

// ---------------------------------------------------------------------------------------------
// Stored form ↔ API form

/** A funder as the API returns it: the stored row with the servicing settings decoded. */
export type FunderSettings = FunderParams &
  CreditParams & { id: number; fourEyes: boolean; dataVersion: number; createdAt: number; updatedAt: number };

/** The stored columns of a funder that toFunderSettings reads (db/schema's funders row is one). */
export type StoredFunder = Omit<FunderParams, 'baseCurrency' | 'allocationOrder' | 'bucketEdges'> &
  Omit<CreditParams, 'provisionMatrix'> & {
    id: number;
    baseCurrency: string;
    provisionMatrix: string;
    allocationOrder: string;
    bucketEdges: string;
    /** Absent on rows read before the column existed in a caller's type: enforcement is the default. */
    fourEyes?: boolean;
    dataVersion: number;
    createdAt: number;
    updatedAt: number;
  };

/** Decodes a stored funder row (allocation order as "vat,fee,…", bucket edges as JSON text). */
export function toFunderSettings(row: StoredFunder): FunderSettings {
  const order = row.allocationOrder.split(',').map((s) => s.trim());
  let edges: unknown;
  try {
    edges = JSON.parse(row.bucketEdges);
  } catch {
    edges = null;
  }
  return {
    id: row.id,
    name: row.name,
    baseCurrency: row.baseCurrency as CurrencyCode,
    buyRate: row.buyRate,
    discountRate: row.discountRate,
    discountConvention: row.discountConvention,
    rateConvention: row.rateConvention,
    facilityRate: row.facilityRate,
    advanceRate: row.advanceRate,
    vatDefault: row.vatDefault,
    servicingFee: row.servicingFee,
    allocationOrder: allocationOrder.safeParse(order).success ? (order as AllocationComponent[]) : [...DEFAULT_ALLOCATION_ORDER],
    bucketEdges: bucketEdges.safeParse(edges).success ? (edges as number[]) : [...DEFAULT_BUCKET_EDGES],
    materialityTolerance: row.materialityTolerance,
    graceDays: row.graceDays,
    importInstalmentTolerance: row.importInstalmentTolerance,
    creditAbsRetail: row.creditAbsRetail,
    creditAbsOther: row.creditAbsOther,
    creditRelative: row.creditRelative,
    creditProbationMonths: row.creditProbationMonths,
    creditContagion: row.creditContagion,
    provisionMatrix: decodeMatrix(row.provisionMatrix),
    fourEyes: row.fourEyes ?? true,
    dataVersion: row.dataVersion,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function decodeMatrix(text: string): z.infer<typeof provisionMatrix> {
  try {
    const parsed = provisionMatrix.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Encodes (part of) the parameters as the columns store them. */
export function toFunderColumns<P extends Partial<FunderParams & CreditParams>>(params: P) {
  const { allocationOrder: order, bucketEdges: edges, provisionMatrix: matrix, ...rest } = params;
  return {
    ...rest,
    ...(matrix !== undefined ? { provisionMatrix: JSON.stringify(matrix) } : {}),
    ...(order !== undefined ? { allocationOrder: order.join(',') } : {}),
    ...(edges !== undefined ? { bucketEdges: JSON.stringify(edges) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Four eyes on funder settings (domain.md §12): a change is proposed, another admin approves it

/** Every setting a change may touch: the parameters and four eyes itself. */
export const SETTINGS_FIELDS = [...FUNDER_FIELDS, ...CREDIT_FIELDS, 'fourEyes'] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];
export type SettingsValues = Pick<FunderSettings, SettingsField>;

/** The settings of a funder, in SETTINGS_FIELDS order (a stable JSON text compares two states). */
export function settingsOf(f: FunderSettings): SettingsValues {
  const out = {} as Record<SettingsField, unknown>;
  for (const field of SETTINGS_FIELDS) out[field] = f[field];
  return out as SettingsValues;
}

/** One changed setting: its value before and after. */
export type SettingChange = { before: unknown; after: unknown };
export type SettingsChanges = Partial<Record<SettingsField, SettingChange>>;

/** The settings a patch really changes, with old → new (a value equal to the current one is no change). */
export function settingsChanges(current: FunderSettings, patch: UpdateFunderBody): SettingsChanges {
  const out: SettingsChanges = {};
  for (const field of SETTINGS_FIELDS) {
    if (!(field in patch)) continue;
    const after = (patch as Record<string, unknown>)[field];
    if (after === undefined) continue;
    const before = current[field];
    if (JSON.stringify(before) !== JSON.stringify(after)) out[field] = { before, after };
  }
  return out;
}

/** The patch that applies a set of changes (the `after` side). */
export function patchOfChanges(changes: SettingsChanges): UpdateFunderBody {
  const out: Record<string, unknown> = {};
  for (const [field, change] of Object.entries(changes)) if (change) out[field] = change.after;
  return out as UpdateFunderBody;
}

export const FUNDER_PROPOSAL_STATUS_VALUES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type FunderProposalStatus = (typeof FUNDER_PROPOSAL_STATUS_VALUES)[number];

const settingChange = z.object({ before: z.unknown(), after: z.unknown() });

/** A proposed change of a funder's settings as the API returns it. */
export const funderProposalSchema = z.object({
  id: z.number().int(),
  funderId: z.number().int(),
  proposedBy: z.number().int().nullable().describe('The proposing admin (null once that user is deleted)'),
  proposedByEmail: z.string(),
  proposedAt: z.number().int().describe('Epoch milliseconds'),
  changes: z
    .partialRecord(z.enum(SETTINGS_FIELDS), settingChange)
    .describe('Each changed setting with its value before and after (API units)'),
  baseDataVersion: z.number().int().describe("The funder's data version the proposal was made on"),
  status: z.enum(FUNDER_PROPOSAL_STATUS_VALUES),
  decidedBy: z.number().int().nullable(),
  decidedByEmail: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
});
export type FunderProposal = z.infer<typeof funderProposalSchema>;

/** GET /api/funder-proposals: the pending proposals by default, of one funder or all. */
export const funderProposalsQuery = z.object({
  funderId: idParam.optional(),
  status: z
    .enum([...FUNDER_PROPOSAL_STATUS_VALUES, 'all'], { error: `must be one of ${FUNDER_PROPOSAL_STATUS_VALUES.join(', ')}, all` })
    .default('pending'),
});
export type FunderProposalsQuery = z.infer<typeof funderProposalsQuery>;

// ---------------------------------------------------------------------------------------------
// The forms: text in the active locale → the API's units

export type FunderFormValues = {
  name: string;
  baseCurrency: string;
  buyRate: string;
  discountRate: string;
  discountConvention: string;
  rateConvention: string;
  facilityRate: string;
  advanceRate: string;
  vatDefault: string;
  servicingFee: string;
  allocationOrder: string[];
  bucketEdges: string;
  materialityTolerance: string;
  graceDays: string;
  /** A percentage of the instalment ("2" = 2 %). */
  importInstalmentTolerance: string;
};

/** The form's text for a funder's parameters, in the locale's number format. */
export function funderFormValues(f: FunderParams, locale: string): FunderFormValues {
  return {
    name: f.name,
    baseCurrency: f.baseCurrency,
    buyRate: formatPercentInput(f.buyRate, locale),
    discountRate: f.discountRate === null ? '' : formatPercentInput(f.discountRate, locale),
    discountConvention: f.discountConvention,
    rateConvention: f.rateConvention,
    facilityRate: formatPercentInput(f.facilityRate, locale),
    advanceRate: formatPercentInput(f.advanceRate, locale),
    vatDefault: formatPercentInput(f.vatDefault, locale),
    servicingFee: formatPercentInput(f.servicingFee, locale),
    allocationOrder: [...f.allocationOrder],
    bucketEdges: f.bucketEdges.join(', '),
    materialityTolerance: formatAmountInput(f.materialityTolerance, f.baseCurrency, locale),
    graceDays: String(f.graceDays),
    importInstalmentTolerance: formatPercentInput(f.importInstalmentTolerance, locale),
  };
}

type IssueSink = { addIssue: (issue: { code: 'custom'; message: string; params?: Record<string, unknown> }) => void };

/**
 * The issue of a number the one parser refused: reason `number` when it is no number at all, else the
 * parser's failure in `params.numberInput` (another locale's spelling with its suggestion, or an
 * ambiguous number) so the form shows why (components/ui/number-input-message.ts).
 */
function numberIssue(failure: NumberParseFailure) {
  return failure.reason === 'invalid'
    ? { code: 'custom' as const, message: 'must be a number', ...reason('number') }
    : {
        code: 'custom' as const,
        message: failure.suggestion ? `must be written ${failure.suggestion} in this locale` : 'is ambiguous',
        params: { reason: 'number', numberInput: failure },
      };
}

/** Reads a percentage typed in the locale's format ("5,5") as the decimal rate (0.055), or reports why not. */
function readPercent(text: string, locale: string, ctx: IssueSink): number | null {
  const parsed = parseDecimal(withoutPercent(text), locale);
  if (!parsed.ok) {
    ctx.addIssue(numberIssue(parsed));
    return null;
  }
  if (parsed.decimals > PERCENT_DECIMALS) {
    ctx.addIssue({ code: 'custom', message: `must have at most ${PERCENT_DECIMALS} decimals`, ...reason('percentDecimals') });
    return null;
  }
  return percentToRate(parsed.value);
}

/** A required percentage field. */
function percentText(locale: string) {
  return z.string().transform((text, ctx) => {
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'required', ...reason('required') });
      return z.NEVER;
    }
    return readPercent(text, locale, ctx) ?? z.NEVER;
  });
}

/** An optional percentage field: empty means null. */
function optionalPercentText(locale: string) {
  return z.string().transform((text, ctx) => (text.trim() === '' ? null : (readPercent(text, locale, ctx) ?? z.NEVER)));
}

/** A whole number typed as text ("30"). */
function integerText() {
  return z.string().transform((text, ctx) => {
    const t = text.trim();
    if (t === '') {
      ctx.addIssue({ code: 'custom', message: 'required', ...reason('required') });
      return z.NEVER;
    }
    if (!/^[-+]?\d+$/.test(t)) {
      ctx.addIssue({ code: 'custom', message: 'must be a whole number', ...reason('integer') });
      return z.NEVER;
    }
    return Number(t);
  });
}

/** Bucket edges typed as "30, 60, 90" (commas, semicolons or spaces between whole numbers). */
function bucketEdgesText() {
  return z.string().transform((text, ctx) => {
    const items = text.split(/[\s,;]+/).filter(Boolean);
    if (items.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'required', ...reason('required') });
      return z.NEVER;
    }
    if (!items.every((s) => /^\d+$/.test(s))) {
      ctx.addIssue({ code: 'custom', message: 'must be whole numbers of days', ...reason('bucketEdgesFormat') });
      return z.NEVER;
    }
    return items.map(Number);
  });
}

/** An amount typed in major units ("1,00"), kept as a major-unit number until the base currency is known. */
function amountText(locale: string) {
  return z.string().transform((text, ctx) => {
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'required', ...reason('required') });
      return z.NEVER;
    }
    const parsed = parseDecimal(text, locale);
    if (!parsed.ok) {
      ctx.addIssue(numberIssue(parsed));
      return z.NEVER;
    }
    return { decimal: parsed.decimal, decimals: parsed.decimals };
  });
}

/** The Settings form: every parameter of the active funder. */
export function funderSettingsForm(locale: string) {
  return z
    .object({
      name: funderName,
      baseCurrency,
      buyRate: percentText(locale).pipe(rate),
      discountRate: optionalPercentText(locale).pipe(rate.nullable()),
      discountConvention,
      rateConvention,
      facilityRate: percentText(locale).pipe(rate),
      advanceRate: percentText(locale).pipe(advanceRate),
      vatDefault: percentText(locale).pipe(rate),
      servicingFee: percentText(locale).pipe(rate),
      allocationOrder,
      bucketEdges: bucketEdgesText().pipe(bucketEdges),
      materialityTolerance: amountText(locale),
      graceDays: integerText().pipe(graceDays),
      importInstalmentTolerance: percentText(locale).pipe(importInstalmentTolerance),
    })
    .transform((v, ctx): FunderParams => {
      const { decimal, decimals } = v.materialityTolerance;
      const digits = minorUnitDigits(v.baseCurrency);
      if (decimals > digits) {
        ctx.addIssue({
          code: 'custom',
          path: ['materialityTolerance'],
          message: `must have at most ${digits} decimals`,
          params: { reason: 'amountDecimals', digits },
        });
        return z.NEVER;
      }
      // Minor units from the exact decimal text (string arithmetic, no float).
      const parsedMinor = decimalToMinor(decimal, digits);
      const minor = parsedMinor.ok ? parsedMinor.value : Number.NaN;
      const checked = materialityTolerance.safeParse(minor);
      if (!checked.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['materialityTolerance'],
          message: checked.error.issues[0]!.message,
          ...reason(issueReason({ ...checked.error.issues[0]!, path: ['materialityTolerance'] })),
        });
        return z.NEVER;
      }
      return { ...v, materialityTolerance: minor };
    });
}

export type NewFunderFormValues = Pick<
  FunderFormValues,
  'name' | 'baseCurrency' | 'buyRate' | 'facilityRate' | 'advanceRate' | 'vatDefault' | 'servicingFee'
>;

export const EMPTY_NEW_FUNDER: NewFunderFormValues = {
  name: '',
  baseCurrency: 'EUR',
  buyRate: '',
  facilityRate: '',
  advanceRate: '100',
  vatDefault: '0',
  servicingFee: '0',
};

/** The "add a funder" form; the servicing settings start at their defaults and are edited in Settings. */
export function newFunderForm(locale: string) {
  return z.object({
    name: funderName,
    baseCurrency,
    buyRate: percentText(locale).pipe(rate),
    facilityRate: percentText(locale).pipe(rate),
    advanceRate: percentText(locale).pipe(advanceRate),
    vatDefault: percentText(locale).pipe(rate),
    servicingFee: percentText(locale).pipe(rate),
  });
}

/**
 * The translation key (messages `settings.errors.<key>`) of an issue of these schemas, for the forms.
 * Custom rules name it in `params.reason`; zod's own checks (min, max, int, enum) are named by field.
 * Also used for the server's 400 answers, whose issues carry only the field path.
 */
export function issueReason(issue: { code?: string; path: readonly PropertyKey[]; params?: Record<string, unknown> }): string {
  const r = issue.params?.reason;
  if (typeof r === 'string') return r;
  const field = String(issue.path[0] ?? '');
  switch (field) {
    case 'name':
      return issue.code === 'too_big' ? 'nameLength' : 'required';
    case 'buyRate':
    case 'discountRate':
    case 'facilityRate':
    case 'vatDefault':
    case 'servicingFee':
      return 'percentRange';
    case 'advanceRate':
      return 'advanceRange';
    case 'graceDays':
      return issue.code === 'invalid_type' ? 'integer' : 'graceDaysRange';
    case 'materialityTolerance':
      return issue.code === 'invalid_type' ? 'amountDecimals' : 'amountRange';
    case 'importInstalmentTolerance':
      return 'instalmentToleranceRange';
    case 'bucketEdges':
      if (issue.path.length > 1) return issue.code === 'invalid_type' ? 'bucketEdgesFormat' : 'bucketEdgesRange';
      return issue.code === 'custom' ? 'bucketEdgesAscending' : 'bucketEdgesCount';
    case 'allocationOrder':
      return 'allocationOrder';
    case 'baseCurrency':
    case 'discountConvention':
    case 'rateConvention':
      return 'choice';
    default:
      return 'invalid';
  }
}
