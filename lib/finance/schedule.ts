/**
 * One lease's instalment schedule (domain.md §2).
 *
 * Money in and out is integer minor units. Rounding (the one documented point for schedules):
 * - the instalment A = −PMT(r, n, P, −RV, type) is rounded half-up to the minor unit;
 * - each row's interest is rounded half-up on the (already integer) balance: I_k = round(r·B_{k−1});
 * - principal_k = instalment_k − interest_k, exactly;
 * - the last row takes principal_n = B_{n−1} − RV so the balance ends exactly at RV, and its
 *   instalment = principal_n + interest_n absorbs the rounding of the earlier rows (a few cents).
 * - VAT (per-instalment regime) is round(vatRate × instalment) per row; it never enters principal,
 *   interest, the yield or any price.
 *
 * A lease re-based to a tape's balance (LeaseTerms.rebase, domain.md §7): from the first row due on or after the tape's
 * date the balance is the tape's and the rows amortise it by their own instalment, rounded the same way; so
 * Σ principal + RV = P + the adjustment (the tape's balance − the schedule's then), and the rows before are the contract's.
 *
 * Advance leases with a residual: the residual falls due one period after the last instalment, and
 * the exact schedule would collect the interest of that last period (r·RV/(1+r), the residual
 * discounted one period) with the residual. The domain invariants say the balance after the last
 * instalment is RV and Σ principal + RV = P, so the last instalment's interest carries that amount
 * instead: interest_n = round(r·B_{n−1} + r·RV/(1+r)). Cash flows, totals and the yield are unchanged.
 */
import { FinanceError } from './errors';
import { CURRENCIES, isCurrencyCode, roundHalfUp, type CurrencyCode } from './money';
import { dayInMonthIndex, daysInMonth, formatDate, isLeapYear, tryParseDate, civilFromDays } from './dates';
import { growthMinusOne, irr, pv as pvFn, rate as rateFn } from './excel';

/** Instalments at the start of each period (advance, Excel type 1) or at its end (arrears, type 0). */
export type Timing = 'advance' | 'arrears';
/** Payment frequency; monthly is the default. */
export type Frequency = 'monthly' | 'quarterly' | 'semi-annual' | 'annual';
/** VAT on each instalment (default) or on the whole asset price up front (supply of goods). */
export type VatRegime = 'per-instalment' | 'upfront';
/** How the annual rate becomes a period rate: nominal i/m (default) or effective (1+i)^(1/m) − 1. */
export type RateConvention = 'nominal' | 'effective';

/** Months per period for each frequency. */
export const PERIOD_MONTHS: Readonly<Record<Frequency, number>> = {
  monthly: 1,
  quarterly: 3,
  'semi-annual': 6,
  annual: 12,
};

/** Inputs of one lease. Every amount is integer minor units of `currency`, net of VAT. */
export interface LeaseTerms {
  /** Asset price net of VAT (C). */
  price: number;
  /** Down payment (D); financed principal P = C − D (+ fee when financed). Default 0. */
  downPayment?: number;
  /** Upfront fee. Unfinanced: collected with the first instalment (row 1 `fee`); financed: added to P. Default 0. */
  fee?: number;
  /** Whether the fee is financed into P. Default false. */
  feeFinanced?: boolean;
  /** Residual value / balloon (RV), due one period after the last instalment in advance, with it in arrears. Default 0. */
  residual?: number;
  /** Number of instalments (n ≥ 1). */
  term: number;
  /** Annual contract rate as a decimal (0.065 = 6.5 %). */
  rate: number;
  /** Payment timing. */
  timing: Timing;
  /** Payment frequency. Default 'monthly'. */
  frequency?: Frequency;
  /** Due date of the first instalment, `YYYY-MM-DD`; later ones keep its day of month, clamped to month ends. */
  firstDueDate: string;
  /** VAT rate as a decimal (0.23 = 23 %). Default 0. */
  vatRate?: number;
  /** Default 'per-instalment'. */
  vatRegime?: VatRegime;
  /** ISO 4217 code. */
  currency: CurrencyCode;
  /** Default 'nominal'. */
  rateConvention?: RateConvention;
  /**
   * A seasoned lease re-based to its tape (domain.md §7): on `date` its outstanding principal is `balance`, not what the
   * schedule gives; the instalments due from `date` on amortise `balance` to the residual over the periods left (the
   * rate, dates and residual unchanged), and the difference is the re-base's adjustment. `date` must fall after the
   * first instalment and on or before the last; `balance` at least the residual.
   */
  rebase?: { date: string; balance: number } | null;
}

/** A re-base as the schedule applies it: the adjustment (balance − the schedule's balance then) at row `period`. */
export interface ScheduleRebase {
  date: string;
  /** The first row re-amortised (1-based). */
  period: number;
  /** The tape's balance, the schedule's balance before re-basing, and their difference (minor units). */
  balance: number;
  scheduled: number;
  adjustment: number;
  /** The regular instalment from `period` on. */
  instalment: number;
}

/** One instalment row; amounts in minor units. gross = instalment + vat + fee. */
export interface ScheduleRow {
  period: number;
  dueDate: string;
  instalment: number;
  interest: number;
  principal: number;
  vat: number;
  fee: number;
  gross: number;
  balanceAfter: number;
}

/** Column sums over the rows plus the residual; `cash` = Σ gross + residual + residualVat. Minor units. */
export interface ScheduleTotals {
  instalment: number;
  interest: number;
  principal: number;
  vat: number;
  fee: number;
  gross: number;
  residual: number;
  residualVat: number;
  cash: number;
}

/** A lease's schedule with its derived figures. Amounts in minor units; rates as decimals. */
export interface Schedule {
  currency: CurrencyCode;
  /** Minor-unit digits of the currency (2, or 0 for JPY). */
  minorUnitDigits: number;
  timing: Timing;
  frequency: Frequency;
  periodMonths: number;
  periodsPerYear: number;
  term: number;
  price: number;
  downPayment: number;
  fee: number;
  feeFinanced: boolean;
  /** Financed principal P. */
  principal: number;
  residual: number;
  /** Due date of the residual. */
  residualDueDate: string;
  /** VAT invoiced on the residual (per-instalment regime), else 0. */
  residualVat: number;
  /** Annual contract rate as given. */
  rate: number;
  rateConvention: RateConvention;
  /** Period rate r. */
  periodRate: number;
  /** (1 + r)^m − 1. */
  effectiveAnnualRate: number;
  /** The regular (rounded) instalment A; the last row may differ by the rounding it absorbs. */
  instalment: number;
  /** Lessor's yield incl. fees: m × periodic IRR of [−(C − D) at start, fee, instalments, residual]; null if undefined. */
  lessorYield: number | null;
  /** The same yield as an effective annual rate (1 + y)^m − 1; null if undefined. */
  lessorYieldEffective: number | null;
  vatRate: number;
  vatRegime: VatRegime;
  firstDueDate: string;
  /** Start of period 1 (= first due date in advance, one period earlier in arrears). */
  startDate: string;
  rows: ScheduleRow[];
  totals: ScheduleTotals;
  /** The re-base to a tape's balance, if any: Σ principal + residual = principal + its adjustment. */
  rebase: ScheduleRebase | null;
}

/** Validated terms with everything the kernels need precomputed. Internal to lib/finance. */
export interface NormalizedTerms {
  currency: CurrencyCode;
  price: number;
  downPayment: number;
  fee: number;
  feeFinanced: boolean;
  principal: number;
  residual: number;
  n: number;
  annualRate: number;
  rateConvention: RateConvention;
  periodRate: number;
  advance: boolean;
  frequency: Frequency;
  periodMonths: number;
  periodsPerYear: number;
  firstDueDay: number;
  firstMonth: number;
  anchorDay: number;
  startDay: number;
  residualDay: number;
  residualMonth: number;
  vatRate: number;
  upfrontVat: boolean;
  instalment: number;
  /** Re-base (LeaseTerms.rebase): 0-based first re-amortised row (0: none), the balance before it, its instalment, and the date. */
  rebaseRow: number;
  rebaseBalance: number;
  rebaseInstalment: number;
  rebaseAdjustment: number;
  rebaseDate: string;
}

/** The terms fillColumns reads: a packed book (LeasePortfolio) regenerates its rows from these alone. */
export type RowTerms = Pick<
  NormalizedTerms,
  | 'n'
  | 'periodRate'
  | 'instalment'
  | 'residual'
  | 'advance'
  | 'periodMonths'
  | 'anchorDay'
  | 'vatRate'
  | 'upfrontVat'
  | 'firstMonth'
  | 'principal'
  | 'price'
  | 'rebaseRow'
  | 'rebaseBalance'
  | 'rebaseInstalment'
>;

// Hot loops call these through module-local bindings: when the TypeScript is run transpiled to
// CommonJS (tsx, vitest), every call through an imported name goes through a getter that V8 does
// not inline, which costs more than the arithmetic itself.
const round = roundHalfUp;
const leapYear = isLeapYear;
const fmtDate = formatDate;
const irrOf = irr;

const MAX_AMOUNT = 1e13; // keeps every sum of minor units an exact integer in float64

function invalid(field: string, message: string): never {
  throw new FinanceError('VALUE', `${field} ${message}`, field);
}

function amount(x: number | undefined, field: string, dflt: number): number {
  if (x === undefined) return dflt;
  if (!Number.isInteger(x) || x < 0 || x > MAX_AMOUNT) invalid(field, 'must be an integer amount of minor units ≥ 0');
  return x;
}

/** Period rate for an annual rate: nominal i/m or effective (1+i)^(1/m) − 1. */
export function periodRateOf(annualRate: number, periodsPerYear: number, convention: RateConvention = 'nominal'): number {
  return convention === 'effective' ? Math.expm1(Math.log1p(annualRate) / periodsPerYear) : annualRate / periodsPerYear;
}

/** Annual rate for a period rate (inverse of periodRateOf). */
export function annualRateOf(periodRate: number, periodsPerYear: number, convention: RateConvention = 'nominal'): number {
  return convention === 'effective' ? Math.expm1(Math.log1p(periodRate) * periodsPerYear) : periodRate * periodsPerYear;
}

/** −PMT(r, n, P, −RV, type) unrounded, in minor units. */
function rawInstalment(r: number, n: number, P: number, RV: number, advance: boolean): number {
  if (r === 0) return (P - RV) / n;
  // The growth factor as PMT computes it, so A = round(−PMT(r, n, P, −RV, type)) holds to the last bit
  // (two algebraically equal forms once gave instalments a cent apart at a rounding tie).
  const g = growthMinusOne(r, n);
  return (r * (P * (g + 1) - RV)) / ((advance ? 1 + r : 1) * g);
}

/** Validate lease terms and precompute the schedule parameters; throws VALUE naming the bad field. */
export function normalizeTerms(terms: LeaseTerms, opts: { skipPrice?: boolean } = {}): NormalizedTerms {
  if (terms === null || typeof terms !== 'object') invalid('terms', 'must be an object');
  if (!isCurrencyCode(terms.currency)) invalid('currency', `must be one of ${Object.keys(CURRENCIES).join(', ')}`);
  if (!opts.skipPrice && terms.price === undefined) invalid('price', 'is required');
  const price = opts.skipPrice ? 0 : amount(terms.price, 'price', 0);
  const downPayment = amount(terms.downPayment, 'downPayment', 0);
  const fee = amount(terms.fee, 'fee', 0);
  const feeFinanced = terms.feeFinanced === true;
  const residual = amount(terms.residual, 'residual', 0);
  if (!opts.skipPrice && downPayment > price) invalid('downPayment', 'must not exceed the price');
  const principal = price - downPayment + (feeFinanced ? fee : 0);
  if (!opts.skipPrice && principal <= 0) invalid('price', 'must leave a financed principal > 0 after the down payment');
  if (!opts.skipPrice && residual > principal) invalid('residual', 'must not exceed the financed principal');
  const n = terms.term;
  if (!Number.isInteger(n) || n < 1 || n > 1200) invalid('term', 'must be an integer number of instalments between 1 and 1200');
  const timing = terms.timing;
  if (timing !== 'advance' && timing !== 'arrears') invalid('timing', "must be 'advance' or 'arrears'");
  const frequency = terms.frequency ?? 'monthly';
  const periodMonths = PERIOD_MONTHS[frequency];
  if (periodMonths === undefined) invalid('frequency', "must be 'monthly', 'quarterly', 'semi-annual' or 'annual'");
  const periodsPerYear = 12 / periodMonths;
  const rateConvention = terms.rateConvention ?? 'nominal';
  if (rateConvention !== 'nominal' && rateConvention !== 'effective') invalid('rateConvention', "must be 'nominal' or 'effective'");
  const annualRate = terms.rate;
  if (typeof annualRate !== 'number' || !Number.isFinite(annualRate)) invalid('rate', 'must be a finite number');
  const periodRate = periodRateOf(annualRate, periodsPerYear, rateConvention);
  if (!(periodRate > -1) || annualRate > 10) invalid('rate', 'must be between −100 % per period and 1000 % a year');
  const firstDueDay = tryParseDate(terms.firstDueDate);
  if (firstDueDay === null) invalid('firstDueDate', 'must be a real date as YYYY-MM-DD');
  const vatRate = terms.vatRate ?? 0;
  if (typeof vatRate !== 'number' || !(vatRate >= 0 && vatRate < 1)) invalid('vatRate', 'must be a decimal in [0, 1)');
  const vatRegime = terms.vatRegime ?? 'per-instalment';
  if (vatRegime !== 'per-instalment' && vatRegime !== 'upfront') invalid('vatRegime', "must be 'per-instalment' or 'upfront'");

  const c = civilFromDays(firstDueDay);
  const firstMonth = c.year * 12 + c.month - 1;
  const anchorDay = c.day;
  const advance = timing === 'advance';
  const startDay = advance ? firstDueDay : dayInMonthIndex(firstMonth - periodMonths, anchorDay);
  const residualMonth = firstMonth + (advance ? n : n - 1) * periodMonths;
  const residualDay = dayInMonthIndex(residualMonth, anchorDay);
  const instalment = opts.skipPrice ? 0 : roundHalfUp(rawInstalment(periodRate, n, principal, residual, advance));
  if (!Number.isFinite(instalment)) invalid('rate', 'gives no finite instalment');
  let rebaseRow = 0;
  let rebaseBalance = 0;
  let rebaseInstalment = 0;
  let rebaseAdjustment = 0;
  let rebaseDate = '';
  if (terms.rebase != null && !opts.skipPrice) {
    const rb = terms.rebase;
    const day = tryParseDate(rb.date);
    if (day === null) invalid('rebase', 'date must be a real date as YYYY-MM-DD');
    rebaseBalance = amount(rb.balance, 'rebase', 0);
    if (rebaseBalance < residual) invalid('rebase', 'balance must be at least the residual');
    // The rows due before the date keep the contract's schedule; the first due on or after it is re-amortised.
    while (rebaseRow < n && dayInMonthIndex(firstMonth + rebaseRow * periodMonths, anchorDay) < day) rebaseRow++;
    if (rebaseRow === 0 || rebaseRow === n) invalid('rebase', 'date must fall after the first instalment and on or before the last');
    rebaseAdjustment = rebaseBalance - balanceBefore(periodRate, instalment, principal, advance, rebaseRow);
    // From the balance after row k − 1, the n − k instalments fall at the ends of the periods left; the residual with the
    // last in arrears, one period after it in advance (discounted a period, as the kernel's last row accrues it).
    const rv = advance ? residual / (1 + periodRate) : residual;
    rebaseInstalment = roundHalfUp(rawInstalment(periodRate, n - rebaseRow, rebaseBalance, rv, false));
    if (!Number.isFinite(rebaseInstalment)) invalid('rebase', 'gives no finite instalment');
    rebaseDate = rb.date;
  }
  return {
    currency: terms.currency,
    price,
    downPayment,
    fee,
    feeFinanced,
    principal,
    residual,
    n,
    annualRate,
    rateConvention,
    periodRate,
    advance,
    frequency,
    periodMonths,
    periodsPerYear,
    firstDueDay,
    firstMonth,
    anchorDay,
    startDay,
    residualDay,
    residualMonth,
    vatRate,
    upfrontVat: vatRegime === 'upfront',
    instalment,
    rebaseRow,
    rebaseBalance,
    rebaseInstalment,
    rebaseAdjustment,
    rebaseDate,
  };
}

/** The balance after the first `k` rows (k < n) of the contract's schedule, rounded as the kernel rounds them. */
function balanceBefore(r: number, A: number, P: number, advance: boolean, k: number): number {
  let B = P;
  for (let j = 0; j < k; j++) B -= A - (advance && j === 0 ? 0 : round(r * B));
  return B;
}

/** Scratch columns one schedule is computed into (reused between calls: the kernel allocates nothing). */
export interface ScheduleColumns {
  dueDay: Int32Array;
  dueMonth: Int32Array;
  instalment: Float64Array;
  interest: Float64Array;
  principal: Float64Array;
  vat: Float64Array;
  balanceAfter: Float64Array;
}

let scratch: ScheduleColumns = allocColumns(64);

function allocColumns(size: number): ScheduleColumns {
  return {
    dueDay: new Int32Array(size),
    dueMonth: new Int32Array(size),
    instalment: new Float64Array(size),
    interest: new Float64Array(size),
    principal: new Float64Array(size),
    vat: new Float64Array(size),
    balanceAfter: new Float64Array(size),
  };
}

/**
 * Compute the rows of a normalized lease into shared scratch columns (valid until the next call)
 * and return them. Minor units, rounded as described at the top of this module.
 */
export function computeColumns(t: NormalizedTerms): ScheduleColumns {
  const n = t.n;
  if (scratch.dueDay.length < n) scratch = allocColumns(Math.max(n, scratch.dueDay.length * 2));
  const c = scratch;
  fillColumns(t, c.dueDay, c.dueMonth, c.instalment, c.interest, c.principal, c.vat, c.balanceAfter, 0);
  return c;
}

/**
 * The schedule kernel: writes rows 0..n−1 of a normalized lease at `o` in the given columns
 * (interest and balanceAfter may be null when not wanted). Minor units, rounded as described at
 * the top of this module; allocates nothing.
 */
export function fillColumns(
  t: RowTerms,
  dueDay: Int32Array,
  dueMonth: Int32Array,
  instalment: Float64Array,
  interest: Float64Array | null,
  principal: Float64Array,
  vat: Float64Array,
  balanceAfter: Float64Array | null,
  o: number,
): void {
  const n = t.n;
  const r = t.periodRate;
  let A = t.instalment;
  const RV = t.residual;
  const rebaseRow = t.rebaseRow;
  const advance = t.advance;
  const pm = t.periodMonths;
  const anchor = t.anchorDay;
  const vatRate = t.vatRate;
  const perInstalmentVat = !t.upfrontVat;
  // Due dates walk month by month from the 1st of the first due month (integer adds only; the
  // civil-date conversion runs once per lease, not once per row).
  let year = Math.floor(t.firstMonth / 12);
  let month = t.firstMonth - year * 12 + 1;
  let monthStart = dayInMonthIndex(t.firstMonth, 1);
  let dim = daysInMonth(year, month);
  let mi = t.firstMonth;
  let B = t.principal;
  for (let k = 0; k < n; k++) {
    dueMonth[o + k] = mi;
    dueDay[o + k] = monthStart + (anchor < dim ? anchor : dim) - 1;
    for (let s = 0; s < pm; s++) {
      monthStart += dim;
      if (month === 12) {
        month = 1;
        year++;
      } else month++;
      dim = month === 2 ? (leapYear(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
    }
    mi += pm;
    let I: number;
    let P: number;
    let inst: number;
    if (k === rebaseRow && k > 0) {
      // Re-based (LeaseTerms.rebase): the tape's balance, amortised by its own instalment from here on.
      B = t.rebaseBalance;
      A = t.rebaseInstalment;
    }
    if (k < n - 1) {
      I = advance && k === 0 ? 0 : round(r * B);
      inst = A;
      P = A - I;
    } else {
      let accrued = advance && k === 0 ? 0 : r * B;
      if (advance && RV !== 0) accrued += (r * RV) / (1 + r);
      I = round(accrued);
      P = B - RV;
      inst = P + I;
    }
    B -= P;
    instalment[o + k] = inst;
    if (interest !== null) interest[o + k] = I;
    principal[o + k] = P;
    if (balanceAfter !== null) balanceAfter[o + k] = B;
    vat[o + k] = perInstalmentVat ? round(vatRate * inst) : 0;
  }
  if (!perInstalmentVat) vat[o] = round(vatRate * t.price);
}

/** VAT on the residual invoice: round(vatRate × RV) under the per-instalment regime, 0 under upfront (minor units). */
export function residualVatOf(t: NormalizedTerms): number {
  return t.upfrontVat ? 0 : roundHalfUp(t.vatRate * t.residual);
}

let yieldFlows = new Float64Array(64);

/** Periodic IRR of the lessor's flows (−(C−D) at τ=0, fee with instalment 1, instalments, RV at τ=n); null when undefined. */
function periodicYield(t: NormalizedTerms, cols: ScheduleColumns): number | null {
  const n = t.n;
  if (yieldFlows.length < n + 1) yieldFlows = new Float64Array(Math.max(n + 1, yieldFlows.length * 2));
  const cf = yieldFlows.subarray(0, n + 1);
  cf.fill(0);
  const shift = t.advance ? 0 : 1;
  cf[0] = -(t.principal - (t.feeFinanced ? t.fee : 0));
  if (!t.feeFinanced) cf[shift] = cf[shift]! + t.fee;
  for (let k = 0; k < n; k++) cf[k + shift] = cf[k + shift]! + cols.instalment[k]!;
  cf[n] = cf[n]! + t.residual;
  try {
    return irrOf(cf, t.periodRate);
  } catch {
    return null;
  }
}

/**
 * Build the schedule of one lease with row objects (for screens and the API). Minor units in and
 * out, rounded half-up as described in this module; throws VALUE on invalid terms.
 */
export function buildSchedule(terms: LeaseTerms): Schedule {
  const t = normalizeTerms(terms);
  const cols = computeColumns(t);
  const n = t.n;
  const rows: ScheduleRow[] = new Array<ScheduleRow>(n);
  let sInst = 0;
  let sInt = 0;
  let sPrin = 0;
  let sVat = 0;
  let sFee = 0;
  for (let k = 0; k < n; k++) {
    const inst = cols.instalment[k]!;
    const vat = cols.vat[k]!;
    const fee = k === 0 && !t.feeFinanced ? t.fee : 0;
    rows[k] = {
      period: k + 1,
      dueDate: fmtDate(cols.dueDay[k]!),
      instalment: inst,
      interest: cols.interest[k]!,
      principal: cols.principal[k]!,
      vat,
      fee,
      gross: inst + vat + fee,
      balanceAfter: cols.balanceAfter[k]!,
    };
    sInst += inst;
    sInt += cols.interest[k]!;
    sPrin += cols.principal[k]!;
    sVat += vat;
    sFee += fee;
  }
  const y = periodicYield(t, cols);
  const residualVat = residualVatOf(t);
  const gross = sInst + sVat + sFee;
  return {
    currency: t.currency,
    minorUnitDigits: CURRENCIES[t.currency].digits,
    timing: t.advance ? 'advance' : 'arrears',
    frequency: t.frequency,
    periodMonths: t.periodMonths,
    periodsPerYear: t.periodsPerYear,
    term: n,
    price: t.price,
    downPayment: t.downPayment,
    fee: t.fee,
    feeFinanced: t.feeFinanced,
    principal: t.principal,
    residual: t.residual,
    residualDueDate: formatDate(t.residualDay),
    residualVat,
    rate: t.annualRate,
    rateConvention: t.rateConvention,
    periodRate: t.periodRate,
    effectiveAnnualRate: Math.expm1(t.periodsPerYear * Math.log1p(t.periodRate)),
    instalment: t.instalment,
    lessorYield: y === null ? null : y * t.periodsPerYear,
    lessorYieldEffective: y === null ? null : Math.expm1(t.periodsPerYear * Math.log1p(y)),
    vatRate: t.vatRate,
    vatRegime: t.upfrontVat ? 'upfront' : 'per-instalment',
    firstDueDate: formatDate(t.firstDueDay),
    startDate: formatDate(t.startDay),
    rows,
    totals: {
      instalment: sInst,
      interest: sInt,
      principal: sPrin,
      vat: sVat,
      fee: sFee,
      gross,
      residual: t.residual,
      residualVat,
      cash: gross + t.residual + residualVat,
    },
    rebase:
      t.rebaseRow === 0
        ? null
        : {
            date: t.rebaseDate,
            period: t.rebaseRow + 1,
            balance: t.rebaseBalance,
            scheduled: t.rebaseBalance - t.rebaseAdjustment,
            adjustment: t.rebaseAdjustment,
            instalment: t.rebaseInstalment,
          },
  };
}

/** The regular instalment A = round(−PMT(r, n, P, −RV, type)) of a lease, in minor units (half-up). */
export function leaseInstalment(terms: LeaseTerms): number {
  return normalizeTerms(terms).instalment;
}

/**
 * Inverse solver: the annual rate (per `terms.rateConvention`) at which the unrounded instalment of
 * the lease equals `instalment` (minor units). `terms.rate` is ignored. NO_SOLUTION when none exists.
 */
export function solveRateForInstalment(terms: Omit<LeaseTerms, 'rate'> & { rate?: number }, instalment: number): number {
  const t = normalizeTerms({ ...terms, rate: 0 });
  if (!Number.isFinite(instalment) || instalment <= 0) invalid('instalment', 'must be a positive amount of minor units');
  const r = rateFn(t.n, -instalment, t.principal, -t.residual, t.advance ? 1 : 0, 0.005);
  if (!(r > -1)) throw new FinanceError('NO_SOLUTION', 'no period rate above −100 % gives this instalment');
  return annualRateOf(r, t.periodsPerYear, t.rateConvention);
}

/**
 * Inverse solver: the financed principal P (minor units, rounded half-up) whose instalment is
 * `instalment`, and the asset price C = P + D − financed fee it implies. `terms.price` is ignored.
 */
export function solvePrincipalForInstalment(
  terms: Omit<LeaseTerms, 'price'> & { price?: number },
  instalment: number,
): { principal: number; price: number } {
  const t = normalizeTerms({ ...terms, price: 0 }, { skipPrice: true });
  if (!Number.isFinite(instalment) || instalment <= 0) invalid('instalment', 'must be a positive amount of minor units');
  const P = roundHalfUp(pvFn(t.periodRate, t.n, -instalment, -t.residual, t.advance ? 1 : 0));
  if (P <= 0 || P < t.residual) {
    throw new FinanceError('NO_SOLUTION', 'this instalment does not finance a principal of at least the residual');
  }
  return { principal: P, price: P + t.downPayment - (t.feeFinanced ? t.fee : 0) };
}
