/**
 * Excel-compatible time-value-of-money functions.
 *
 * Same names' semantics, argument order, defaults and sign convention as Excel (cash received
 * positive, paid negative; `type` 0 = end of period / arrears, 1 = start / advance; Excel treats any
 * non-zero `type` as 1 except in CUMIPMT/CUMPRINC). Units are whatever the caller passes (these work
 * on plain numbers, not minor units) and nothing is rounded. Where Excel shows #NUM!, #VALUE! or
 * #DIV/0! these throw a FinanceError with code NUM, VALUE or DIV0; the root finders throw
 * NO_SOLUTION when no rate exists. They never return NaN or ±Infinity.
 *
 * (1+r)^n − 1 is computed as expm1(n·log1p(r)) so that rates near zero keep full precision.
 */
import { FinanceError, finiteResult } from './errors';
import { parseDate } from './dates';
import { solveRoot, type RootFunction } from './solver';

/** Excel's payment timing: 0 = end of period (arrears), 1 = start of period (advance). */
export type PaymentType = 0 | 1;

function bad(fn: string, name: string, x: unknown): never {
  throw new FinanceError('VALUE', `${fn}: ${name} must be a finite number (got ${String(x)})`, name);
}

function isNum(x: number): boolean {
  return typeof x === 'number' && x - x === 0;
}

/** (1+r)^n − 1, accurate for r near 0; NaN-free for r > −1. */
/** (1 + r)^n − 1, accurately; shared with the schedule builder so that its instalment is exactly −PMT. */
export function growthMinusOne(r: number, n: number): number {
  // Math.pow is one call instead of two; it only loses digits to cancellation when (1+r)^n is
  // close to 1, where expm1(n·log1p(r)) keeps them (relative error here ≤ 1e-14).
  const nr = n * r;
  if (r <= -1 || nr > 0.02 || nr < -0.02) return Math.pow(1 + r, n) - 1;
  return Math.expm1(n * Math.log1p(r));
}

// Unchecked kernels shared by the public functions (arguments already validated).
function pmtK(r: number, n: number, pv: number, fv: number, t: number): number {
  if (r === 0) return -(pv + fv) / n;
  const g = growthMinusOne(r, n);
  return (-r * (pv * (g + 1) + fv)) / ((1 + r * t) * g);
}

function fvK(r: number, n: number, pmt: number, pv: number, t: number): number {
  if (r === 0) return -(pv + pmt * n);
  const g = growthMinusOne(r, n);
  return -(pv * (g + 1) + (pmt * (1 + r * t) * g) / r);
}

function ipmtK(r: number, per: number, n: number, pv: number, fv: number, t: number): number {
  // Interest of period `per` = rate × balance at the start of that period; with payments in advance
  // the first period has none (the payment is made before any interest accrues).
  const p = pmtK(r, n, pv, fv, t);
  let interest: number;
  if (per === 1) interest = t === 1 ? 0 : -pv;
  else if (t === 1) interest = fvK(r, per - 2, p, pv, 1) - p;
  else interest = fvK(r, per - 1, p, pv, 0);
  return interest * r;
}

/** PMT(rate, nper, pv, [fv], [type]): the periodic payment; nper = 0 → NUM. */
export function pmt(rate: number, nper: number, pv: number, fv = 0, type: number = 0): number {
  if (!isNum(rate)) bad('PMT', 'rate', rate);
  if (!isNum(nper)) bad('PMT', 'nper', nper);
  if (!isNum(pv)) bad('PMT', 'pv', pv);
  if (!isNum(fv)) bad('PMT', 'fv', fv);
  if (!isNum(type)) bad('PMT', 'type', type);
  if (nper === 0) throw new FinanceError('NUM', 'PMT: nper must not be 0', 'nper');
  const r = pmtK(rate, nper, pv, fv, type !== 0 ? 1 : 0);
  if (r - r !== 0) throw new FinanceError('NUM', 'PMT: the result is not a finite number for these arguments');
  return r === 0 ? 0 : r;
}

/** PV(rate, nper, pmt, [fv], [type]): the present value of a payment stream. */
export function pv(rate: number, nper: number, pmt: number, fv = 0, type: number = 0): number {
  if (!isNum(rate)) bad('PV', 'rate', rate);
  if (!isNum(nper)) bad('PV', 'nper', nper);
  if (!isNum(pmt)) bad('PV', 'pmt', pmt);
  if (!isNum(fv)) bad('PV', 'fv', fv);
  if (!isNum(type)) bad('PV', 'type', type);
  const t = type !== 0 ? 1 : 0;
  if (rate === 0) return finiteResult(-(fv + pmt * nper), 'PV');
  const g = growthMinusOne(rate, nper);
  return finiteResult(-(fv + (pmt * (1 + rate * t) * g) / rate) / (g + 1), 'PV');
}

/** FV(rate, nper, pmt, [pv], [type]): the future value after nper periods. */
export function fv(rate: number, nper: number, pmt: number, pv = 0, type: number = 0): number {
  if (!isNum(rate)) bad('FV', 'rate', rate);
  if (!isNum(nper)) bad('FV', 'nper', nper);
  if (!isNum(pmt)) bad('FV', 'pmt', pmt);
  if (!isNum(pv)) bad('FV', 'pv', pv);
  if (!isNum(type)) bad('FV', 'type', type);
  return finiteResult(fvK(rate, nper, pmt, pv, type !== 0 ? 1 : 0), 'FV');
}

/** NPER(rate, pmt, pv, [fv], [type]): the number of periods; NUM when no (real) number of periods exists. */
export function nper(rate: number, pmt: number, pv: number, fv = 0, type: number = 0): number {
  if (!isNum(rate)) bad('NPER', 'rate', rate);
  if (!isNum(pmt)) bad('NPER', 'pmt', pmt);
  if (!isNum(pv)) bad('NPER', 'pv', pv);
  if (!isNum(fv)) bad('NPER', 'fv', fv);
  if (!isNum(type)) bad('NPER', 'type', type);
  const t = type !== 0 ? 1 : 0;
  if (rate === 0) {
    if (pmt === 0) throw new FinanceError('NUM', 'NPER: pmt must not be 0 when rate is 0', 'pmt');
    return finiteResult(-(pv + fv) / pmt, 'NPER');
  }
  if (rate <= -1) throw new FinanceError('NUM', 'NPER: rate must be greater than -1', 'rate');
  const z = (pmt * (1 + rate * t)) / rate;
  const ratio = (z - fv) / (pv + z);
  if (!(ratio > 0) || !Number.isFinite(ratio)) {
    throw new FinanceError('NUM', 'NPER: no number of periods reaches fv with these payments');
  }
  return finiteResult(Math.log(ratio) / Math.log1p(rate), 'NPER');
}

/**
 * RATE(nper, pmt, pv, [fv], [type], [guess = 0.1]): the periodic rate; bracketed solver, so it
 * converges where Excel's 20 Newton steps give up; NO_SOLUTION when no rate > −1 exists.
 */
export function rate(nper: number, pmt: number, pv: number, fv = 0, type: number = 0, guess = 0.1): number {
  if (!isNum(nper)) bad('RATE', 'nper', nper);
  if (!isNum(pmt)) bad('RATE', 'pmt', pmt);
  if (!isNum(pv)) bad('RATE', 'pv', pv);
  if (!isNum(fv)) bad('RATE', 'fv', fv);
  if (!isNum(type)) bad('RATE', 'type', type);
  if (!isNum(guess)) bad('RATE', 'guess', guess);
  if (nper <= 0) throw new FinanceError('NUM', 'RATE: nper must be greater than 0', 'nper');
  const t = type !== 0 ? 1 : 0;
  const n = nper;
  // f(r) = pv·(1+r)^n + pmt·(1+r·t)·((1+r)^n − 1)/r + fv  (the TVM equation, research §2.2)
  const fn: RootFunction = (r, out) => {
    let a: number; // ((1+r)^n − 1)/r
    let da: number; // its derivative
    let pow: number;
    let dpow: number;
    if (Math.abs(r) < 1e-7) {
      // Series around 0: the closed form divides two vanishing quantities there.
      a = n + (n * (n - 1) * r) / 2 + (n * (n - 1) * (n - 2) * r * r) / 6;
      da = (n * (n - 1)) / 2 + (n * (n - 1) * (n - 2) * r) / 3;
      pow = 1 + r * a;
      dpow = n * Math.pow(1 + r, n - 1);
    } else {
      const g = growthMinusOne(r, n);
      pow = g + 1;
      dpow = (n * pow) / (1 + r);
      a = g / r;
      da = (dpow * r - g) / (r * r);
    }
    const k = 1 + r * t;
    out[0] = pv * pow + pmt * k * a + fv;
    out[1] = pv * dpow + pmt * (t * a + k * da);
    out[2] = Math.abs(pv * pow) + Math.abs(pmt * k * a) + Math.abs(fv);
  };
  return finiteResult(solveRoot(fn, guess, -1, 'RATE'), 'RATE');
}

function checkPer(fn: string, per: number, n: number): void {
  if (!(per >= 1 && per <= n)) throw new FinanceError('NUM', `${fn}: per must be between 1 and nper`, 'per');
}

/** IPMT(rate, per, nper, pv, [fv], [type]): interest part of payment `per`; per outside 1..nper → NUM. */
export function ipmt(rate: number, per: number, nper: number, pv: number, fv = 0, type: number = 0): number {
  if (!isNum(rate)) bad('IPMT', 'rate', rate);
  if (!isNum(per)) bad('IPMT', 'per', per);
  if (!isNum(nper)) bad('IPMT', 'nper', nper);
  if (!isNum(pv)) bad('IPMT', 'pv', pv);
  if (!isNum(fv)) bad('IPMT', 'fv', fv);
  if (!isNum(type)) bad('IPMT', 'type', type);
  checkPer('IPMT', per, nper);
  return finiteResult(ipmtK(rate, per, nper, pv, fv, type !== 0 ? 1 : 0), 'IPMT');
}

/** PPMT(rate, per, nper, pv, [fv], [type]): principal part of payment `per` (= PMT − IPMT); per outside 1..nper → NUM. */
export function ppmt(rate: number, per: number, nper: number, pv: number, fv = 0, type: number = 0): number {
  if (!isNum(rate)) bad('PPMT', 'rate', rate);
  if (!isNum(per)) bad('PPMT', 'per', per);
  if (!isNum(nper)) bad('PPMT', 'nper', nper);
  if (!isNum(pv)) bad('PPMT', 'pv', pv);
  if (!isNum(fv)) bad('PPMT', 'fv', fv);
  if (!isNum(type)) bad('PPMT', 'type', type);
  checkPer('PPMT', per, nper);
  const t = type !== 0 ? 1 : 0;
  return finiteResult(pmtK(rate, nper, pv, fv, t) - ipmtK(rate, per, nper, pv, fv, t), 'PPMT');
}

function cumArgs(fn: string, rate: number, nper: number, pv: number, start: number, end: number, type: number) {
  if (!isNum(rate)) bad(fn, 'rate', rate);
  if (!isNum(nper)) bad(fn, 'nper', nper);
  if (!isNum(pv)) bad(fn, 'pv', pv);
  if (!isNum(start)) bad(fn, 'start_period', start);
  if (!isNum(end)) bad(fn, 'end_period', end);
  if (!isNum(type)) bad(fn, 'type', type);
  // Excel truncates nper, periods and type to integers, then rejects out-of-range values with #NUM!.
  const n = Math.trunc(nper);
  const s = Math.trunc(start);
  const e = Math.trunc(end);
  const t = Math.trunc(type);
  if (rate <= 0) throw new FinanceError('NUM', `${fn}: rate must be greater than 0`, 'rate');
  if (n <= 0) throw new FinanceError('NUM', `${fn}: nper must be at least 1`, 'nper');
  if (pv <= 0) throw new FinanceError('NUM', `${fn}: pv must be greater than 0`, 'pv');
  if (s < 1 || e < 1 || s > e || e > n) {
    throw new FinanceError('NUM', `${fn}: need 1 ≤ start_period ≤ end_period ≤ nper`, 'start_period');
  }
  if (t !== 0 && t !== 1) throw new FinanceError('NUM', `${fn}: type must be 0 or 1`, 'type');
  return { n, s, e, t };
}

/** CUMIPMT(rate, nper, pv, start_period, end_period, type): cumulative interest (negative for a positive pv); Excel's #NUM! rules. */
export function cumipmt(rate: number, nper: number, pv: number, start: number, end: number, type: number): number {
  const { n, s, e, t } = cumArgs('CUMIPMT', rate, nper, pv, start, end, type);
  let sum = 0;
  for (let per = s; per <= e; per++) sum += ipmtK(rate, per, n, pv, 0, t);
  return finiteResult(sum, 'CUMIPMT');
}

/** CUMPRINC(rate, nper, pv, start_period, end_period, type): cumulative principal (negative for a positive pv); Excel's #NUM! rules. */
export function cumprinc(rate: number, nper: number, pv: number, start: number, end: number, type: number): number {
  const { n, s, e, t } = cumArgs('CUMPRINC', rate, nper, pv, start, end, type);
  const p = pmtK(rate, n, pv, 0, t);
  let sum = 0;
  for (let per = s; per <= e; per++) sum += p - ipmtK(rate, per, n, pv, 0, t);
  return finiteResult(sum, 'CUMPRINC');
}

/**
 * NPV(rate, value1, [value2], …): Σ value_i / (1+rate)^i with i starting at 1 — Excel discounts the
 * first value one full period (add a t=0 flow outside). Arrays are flattened like Excel ranges.
 * rate = −1 → DIV0; no values → VALUE.
 */
export function npv(rate: number, ...values: ReadonlyArray<number | ArrayLike<number>>): number {
  if (!isNum(rate)) bad('NPV', 'rate', rate);
  if (rate === -1) throw new FinanceError('DIV0', 'NPV: rate must not be -1', 'rate');
  const v = 1 / (1 + rate);
  let df = v;
  let sum = 0;
  let count = 0;
  for (let a = 0; a < values.length; a++) {
    const item = values[a]!;
    if (typeof item === 'number') {
      if (!isNum(item)) bad('NPV', 'value', item);
      sum += item * df;
      df *= v;
      count++;
    } else {
      for (let i = 0; i < item.length; i++) {
        const x = item[i]!;
        if (!isNum(x)) bad('NPV', 'value', x);
        sum += x * df;
        df *= v;
      }
      count += item.length;
    }
  }
  if (count === 0) throw new FinanceError('VALUE', 'NPV: at least one value is required', 'value1');
  return finiteResult(sum, 'NPV');
}

function signCheck(fn: string, values: ArrayLike<number>): void {
  let pos = false;
  let neg = false;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (!isNum(x)) bad(fn, 'values', x);
    if (x > 0) pos = true;
    else if (x < 0) neg = true;
  }
  if (!pos || !neg) {
    throw new FinanceError('NO_SOLUTION', `${fn}: needs at least one positive and one negative cash flow`, 'values');
  }
}

/** Newton on the IRR polynomial (Horner in v = 1/(1+r)); NaN when it does not converge. */
function irrNewton(values: ArrayLike<number>, guess: number): number {
  const last = values.length - 1;
  let r = guess;
  for (let iter = 0; iter < 50; iter++) {
    const x = 1 / (1 + r);
    let p = 0;
    let dp = 0;
    let s = 0;
    for (let t = last; t >= 0; t--) {
      const c = values[t]!;
      dp = dp * x + p;
      p = p * x + c;
      s = s * x + (c < 0 ? -c : c);
    }
    // p = Σ c_t x^t, dp = Σ t c_t x^(t−1), and dx/dr = −x², so f'(r) = −x²·dp.
    const d = -x * x * dp;
    if (!(d !== 0) || p - p !== 0 || d - d !== 0) return Number.NaN;
    const step = p / d;
    let nr = r - step;
    if (!(nr > -1)) nr = (r - 1) / 2;
    if (Math.abs(nr - r) <= 1e-13 * (r < -1 || r > 1 ? Math.abs(r) : 1)) {
      return Math.abs(p) <= 1e-8 * s ? nr : Number.NaN;
    }
    r = nr;
  }
  return Number.NaN;
}

const irrFnValues: { v: ArrayLike<number> } = { v: [] };
const irrFn: RootFunction = (r, out) => {
  const values = irrFnValues.v;
  const x = 1 / (1 + r);
  let p = 0;
  let dp = 0;
  let s = 0;
  for (let t = values.length - 1; t >= 0; t--) {
    const c = values[t]!;
    dp = dp * x + p;
    p = p * x + c;
    s = s * x + Math.abs(c);
  }
  out[0] = p;
  out[1] = -x * x * dp;
  out[2] = s;
};

/**
 * IRR(values, [guess = 0.1]): periodic rate r with Σ values_t/(1+r)^t = 0 (first value at t = 0).
 * Newton from the guess, then a bracketed search; NO_SOLUTION when flows are all of one sign or no root exists.
 */
export function irr(values: ArrayLike<number>, guess = 0.1): number {
  if (!isNum(guess)) bad('IRR', 'guess', guess);
  signCheck('IRR', values);
  const g = guess > -1 ? guess : 0.1;
  const r = irrNewton(values, g);
  if (r - r === 0) return r === 0 ? 0 : r;
  irrFnValues.v = values;
  try {
    return finiteResult(solveRoot(irrFn, g, -1, 'IRR'), 'IRR');
  } finally {
    irrFnValues.v = [];
  }
}

/** Day numbers of XNPV/XIRR dates: `YYYY-MM-DD` text, or day numbers (days since 1970-01-01) truncated like Excel. */
function dayNumbers(fn: string, dates: ArrayLike<string | number>, count: number): Float64Array {
  if (dates.length !== count) throw new FinanceError('NUM', `${fn}: values and dates must have the same length`, 'dates');
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const d = dates[i]!;
    if (typeof d === 'string') out[i] = parseDate(d, 'dates');
    else if (isNum(d)) out[i] = Math.trunc(d);
    else bad(fn, 'dates', d);
  }
  for (let i = 1; i < count; i++) {
    if (out[i]! < out[0]!) throw new FinanceError('NUM', `${fn}: no date may precede the first date`, 'dates');
  }
  return out;
}

/** XNPV(rate, values, dates): Σ values_i / (1+rate)^((d_i − d_1)/365), first flow undiscounted; rate ≤ −1 → NUM. */
export function xnpv(rate: number, values: ArrayLike<number>, dates: ArrayLike<string | number>): number {
  if (!isNum(rate)) bad('XNPV', 'rate', rate);
  if (values.length === 0) throw new FinanceError('NUM', 'XNPV: at least one value is required', 'values');
  const days = dayNumbers('XNPV', dates, values.length);
  if (rate <= -1) throw new FinanceError('NUM', 'XNPV: rate must be greater than -1', 'rate');
  const l = Math.log1p(rate);
  const d0 = days[0]!;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!isNum(v)) bad('XNPV', 'values', v);
    sum += v * Math.exp((-(days[i]! - d0) / 365) * l);
  }
  return finiteResult(sum, 'XNPV');
}

/**
 * XIRR(values, dates, [guess = 0.1]): effective annual rate x with XNPV(x) = 0 (actual/365 from the
 * first date); NO_SOLUTION when flows are all of one sign or no root exists.
 */
export function xirr(values: ArrayLike<number>, dates: ArrayLike<string | number>, guess = 0.1): number {
  if (!isNum(guess)) bad('XIRR', 'guess', guess);
  const days = dayNumbers('XIRR', dates, values.length);
  signCheck('XIRR', values);
  const n = values.length;
  const e = new Float64Array(n);
  for (let i = 0; i < n; i++) e[i] = (days[i]! - days[0]!) / 365;
  const fn: RootFunction = (r, out) => {
    const l = Math.log1p(r);
    let f = 0;
    let d = 0;
    let s = 0;
    for (let i = 0; i < n; i++) {
      const term = values[i]! * Math.exp(-e[i]! * l);
      f += term;
      d -= (e[i]! * term) / (1 + r);
      s += Math.abs(term);
    }
    out[0] = f;
    out[1] = d;
    out[2] = s;
  };
  return finiteResult(solveRoot(fn, guess, -1, 'XIRR'), 'XIRR');
}

/** EFFECT(nominal_rate, npery): effective annual rate (1 + i/m)^m − 1; npery truncated; i ≤ 0 or npery < 1 → NUM. */
export function effect(nominalRate: number, npery: number): number {
  if (!isNum(nominalRate)) bad('EFFECT', 'nominal_rate', nominalRate);
  if (!isNum(npery)) bad('EFFECT', 'npery', npery);
  const m = Math.trunc(npery);
  if (nominalRate <= 0 || m < 1) throw new FinanceError('NUM', 'EFFECT: need nominal_rate > 0 and npery ≥ 1');
  return finiteResult(Math.expm1(m * Math.log1p(nominalRate / m)), 'EFFECT');
}

/** NOMINAL(effect_rate, npery): nominal annual rate m·((1 + e)^(1/m) − 1); npery truncated; e ≤ 0 or npery < 1 → NUM. */
export function nominal(effectRate: number, npery: number): number {
  if (!isNum(effectRate)) bad('NOMINAL', 'effect_rate', effectRate);
  if (!isNum(npery)) bad('NOMINAL', 'npery', npery);
  const m = Math.trunc(npery);
  if (effectRate <= 0 || m < 1) throw new FinanceError('NUM', 'NOMINAL: need effect_rate > 0 and npery ≥ 1');
  return finiteResult(m * Math.expm1(Math.log1p(effectRate) / m), 'NOMINAL');
}
