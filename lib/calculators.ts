/**
 * The Lease Calculators' computations, shared by the screen and the API. Pure: every number comes
 * from lib/finance. Amounts in minor units unless stated.
 */
import {
  buildSchedule,
  irr,
  npv,
  solveRateForInstalment,
  valueLease,
  xirr,
  xnpv,
  isFinanceError,
  type CurrencyCode,
  type LeaseTerms,
  type Schedule,
} from '@/lib/finance';
import type { LeaseTermsInput, NpvIrrRequest, PriceRequest, RateRequest } from '@/lib/validations/calculators';

export function toLeaseTerms(input: LeaseTermsInput): LeaseTerms {
  return { ...input, currency: input.currency as CurrencyCode };
}

/** The full schedule of a lease (rows, totals, instalment, effective rate, lessor's yield). */
export function computeSchedule(input: LeaseTermsInput): Schedule {
  return buildSchedule(toLeaseTerms(input));
}

/** The annual rate that gives the instalment, and the schedule at that rate. */
export function computeRate(req: RateRequest): { rate: number; schedule: Schedule } {
  const terms = { ...req.terms, currency: req.terms.currency as CurrencyCode };
  const rate = solveRateForInstalment(terms, req.instalment);
  return { rate, schedule: buildSchedule({ ...terms, rate }) };
}

export type NpvIrrResult = {
  /** Excel NPV: the first flow is discounted one period at rate/periodsPerYear; null without a rate. */
  npv: number | null;
  /** Periodic IRR of the undated flows and its annualisations; null (with a reason) when there is none. */
  irr: { periodic: number; nominalAnnual: number; effectiveAnnual: number } | null;
  irrError: string | null;
  /** XNPV at the annual rate from the first date (actual/365); null without dates or rate. */
  xnpv: number | null;
  /** XIRR (effective annual); null without dates or when there is none. */
  xirr: number | null;
  xirrError: string | null;
};

function reason(e: unknown): string {
  if (isFinanceError(e)) return e.code === 'NO_SOLUTION' ? 'no_solution' : 'invalid';
  throw e;
}

/** NPV, IRR, XNPV and XIRR of a list of flows; a function without an answer says so instead of guessing. */
export function computeNpvIrr(req: NpvIrrRequest): NpvIrrResult {
  const amounts = req.flows.map((f) => f.amount);
  const m = req.periodsPerYear;
  const result: NpvIrrResult = { npv: null, irr: null, irrError: null, xnpv: null, xirr: null, xirrError: null };
  if (req.rate !== undefined) result.npv = npv(req.rate / m, amounts);
  try {
    const periodic = irr(amounts);
    result.irr = { periodic, nominalAnnual: periodic * m, effectiveAnnual: Math.pow(1 + periodic, m) - 1 };
  } catch (e) {
    result.irrError = reason(e);
  }
  const dates = req.flows.map((f) => f.date);
  if (dates.every((d): d is string => typeof d === 'string')) {
    if (req.rate !== undefined) result.xnpv = xnpv(req.rate, amounts, dates);
    try {
      result.xirr = xirr(amounts, dates);
    } catch (e) {
      result.xirrError = reason(e);
    }
  }
  return result;
}

export type PriceResult = {
  prin: number;
  price: number;
  npv: number;
  delta: number;
  check: number;
  totalcf: number;
  remainingInstalments: number;
  /** The funder's yield on the price: nominal annual IRR of [−price, remaining monthly flows]; equals the buy rate. */
  yield: number | null;
  cash: number[];
  cashBeyond: number;
};

/** Purchase price of a lease at a buy rate on a cut-off date, with NPV at the reference rate, delta and yield. */
export function computePrice(req: PriceRequest): PriceResult {
  const schedule = buildSchedule(toLeaseTerms(req.terms));
  const v = valueLease(schedule, { cutOff: req.cutOff, buyRate: req.buyRate, discountRate: req.discountRate, convention: req.convention });
  let funderYield: number | null = null;
  if (v.cashBeyond === 0 && v.sellto4G > 0) {
    // Period 1 is not discounted: the price stands at the same point in time as the first bucket.
    const flows = [...v.cash];
    flows[0] = (flows[0] ?? 0) - v.sellto4G;
    while (flows.length > 1 && flows[flows.length - 1] === 0) flows.pop();
    try {
      funderYield = irr(flows) * 12;
    } catch (e) {
      if (!isFinanceError(e)) throw e;
    }
  }
  return {
    prin: v.prin,
    price: v.sellto4G,
    npv: v.npv,
    delta: v.delta,
    check: v.check,
    totalcf: v.totalcf,
    remainingInstalments: v.remainingInstalments,
    yield: funderYield,
    cash: v.cash,
    cashBeyond: v.cashBeyond,
  };
}
