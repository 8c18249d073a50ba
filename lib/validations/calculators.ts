import { z } from 'zod';
import { isValidDate } from '@/lib/finance/dates';
import { CURRENCY_CODES } from '@/lib/finance/money';

/**
 * Calculator inputs. Amounts are integer minor units (cents) of `currency`; rates are decimals
 * (0.065 = 6.5 %); dates are YYYY-MM-DD. Shared by the API, the screen and the OpenAPI document.
 */
const minor = (field: string) =>
  z
    .number({ error: `${field} must be a number of minor units` })
    .int(`${field} must be whole minor units (cents)`)
    .min(0, `${field} must not be negative`)
    .max(1e13, `${field} is too large`);

const isoDate = z.string().refine(isValidDate, 'must be a real date as YYYY-MM-DD');

const leaseTermsBase = z.object({
  currency: z.enum(CURRENCY_CODES as unknown as [string, ...string[]]),
  price: minor('price').refine((v) => v > 0, 'price must be above zero'),
  downPayment: minor('downPayment').default(0),
  residual: minor('residual').default(0),
  fee: minor('fee').default(0),
  feeFinanced: z.boolean().default(false),
  term: z.number().int('term must be a whole number of instalments').min(1, 'term must be at least 1').max(600, 'term must be at most 600'),
  rate: z.number().gt(-1, 'rate must be above −100 %').lte(10, 'rate must be at most 1000 %'),
  timing: z.enum(['advance', 'arrears']),
  frequency: z.enum(['monthly', 'quarterly', 'semi-annual', 'annual']).default('monthly'),
  firstDueDate: isoDate,
  vatRate: z.number().min(0, 'vatRate must not be negative').lt(1, 'vatRate must be below 100 %').default(0),
  vatRegime: z.enum(['per-instalment', 'upfront']).default('per-instalment'),
  rateConvention: z.enum(['nominal', 'effective']).default('nominal'),
});

type AmountFields = { price: number; downPayment: number; residual: number; fee: number; feeFinanced: boolean };

function refineAmounts(t: AmountFields, ctx: z.RefinementCtx) {
  if (t.downPayment >= t.price)
    ctx.addIssue({ code: 'custom', path: ['downPayment'], message: 'The down payment must be below the price.' });
  const principal = t.price - t.downPayment + (t.feeFinanced ? t.fee : 0);
  if (t.residual > principal) {
    ctx.addIssue({
      code: 'custom',
      path: ['residual'],
      message: 'The residual must not exceed the financed amount (price − down payment).',
    });
  }
}

export const leaseTermsInput = leaseTermsBase.superRefine(refineAmounts);

export type LeaseTermsInput = z.infer<typeof leaseTermsInput>;

export const scheduleRequest = leaseTermsInput;

export const rateRequest = z.object({
  terms: leaseTermsBase.omit({ rate: true }).superRefine(refineAmounts),
  instalment: z.number().int('instalment must be whole minor units').positive('instalment must be above zero'),
});

export const npvIrrRequest = z.object({
  /** Annual discount rate for NPV (periodic, Excel NPV convention) and XNPV. */
  rate: z.number().gt(-1, 'rate must be above −100 %').lte(10).optional(),
  /** Periods per year of the undated flows, to annualise IRR (12 = monthly). */
  periodsPerYear: z.number().int().min(1).max(365).default(12),
  /** Amounts as plain numbers (any unit; results come back in the same unit). Dates are needed for XNPV/XIRR. */
  flows: z
    .array(z.object({ amount: z.number().finite(), date: isoDate.optional() }))
    .min(2, 'enter at least two cash flows')
    .max(5000, 'at most 5000 cash flows'),
});

export const priceRequest = z.object({
  terms: leaseTermsInput,
  cutOff: isoDate,
  buyRate: z.number().gt(-1, 'buyRate must be above −100 %').lte(10),
  /** Reference rate for NPV; default the contract rate. */
  discountRate: z.number().gt(-1).lte(10).optional(),
  convention: z.enum(['monthly', 'actual']).default('monthly'),
});

export type ScheduleRequest = z.infer<typeof scheduleRequest>;
export type RateRequest = z.infer<typeof rateRequest>;
export type NpvIrrRequest = z.infer<typeof npvIrrRequest>;
export type PriceRequest = z.infer<typeof priceRequest>;
