/**
 * Valuation of leases at a cut-off date (domain.md §3: Portfolio CF → Total Cash Flow).
 *
 * Period k (1..61) is the k-th calendar month from the cut-off month; a lease's remaining flows
 * (instalments due on or after the cut-off, and the residual if it is) fall in the period of their
 * due date, later ones in `cashBeyond`. Fees are not part of the remaining flows.
 *
 * Rounding (the one documented point for valuations): cash buckets are sums of integer minor units
 * and exact; the three present values are accumulated in float64 and each rounded half-up to the
 * minor unit once, at the end; then delta = sellto4G − npv and check = round(PV_contract) − prin are
 * exact integer differences, so every row reconciles to the cent.
 *
 * `check` is 0 within one cent per remaining instalment for schedules built by this engine, at
 * every cut-off (the advance-lease residual is handled as described where it is discounted).
 *
 * Two prices at two dates (domain.md §3): `sellto4G` is always the PV at the buy rate at the cut-off,
 * so `delta` compares two figures of the same date; the historical `purchasePrice` (the agreed price
 * where one was recorded, else the PV at the buy rate of the flows remaining on the purchase date,
 * see purchasePrices) is carried alongside for the screens and the liability, never in `delta`.
 * Pool membership (pool.ts): given the purchase days, a lease purchased after the cut-off is not in
 * the pool: its row is all zeros and `inPool` is 0, so no total can count it.
 */
import { amountColumn, setAmount, setAmounts, type AmountColumn } from './columns';
import { FinanceError } from './errors';
import { parseDate, monthIndexOfDay, formatDate } from './dates';
import { roundHalfUp, type CurrencyCode } from './money';
import { isInPool, NO_EXIT } from './pool';
import { LeasePortfolio } from './portfolio';
import type { LeaseTerms, Schedule } from './schedule';

// Local binding: avoids the per-call getter of transpiled imports in the per-lease loop (see schedule.ts).
const round = roundHalfUp;

/** Number of monthly cash-flow periods on the Total Cash Flow screen. */
export const CF_PERIODS = 61;

/** 'monthly': Σ CF_k/(1 + d/12)^(k−1) by period (default); 'actual': Σ CF_i/(1 + d)^(days_i/365) from the cut-off, as XNPV. */
export type DiscountConvention = 'monthly' | 'actual';

/** Options for one lease. Rates are annual decimals; amounts minor units. */
export interface ValuationOptions {
  /** Cut-off date `YYYY-MM-DD`; period 1 is its month. */
  cutOff: string;
  /** Funder's buy rate for sellto4G. Default: the lease's contract rate. */
  buyRate?: number;
  /** Historical purchase price (minor units), carried into the result as `purchasePrice`; never sellto4G. */
  purchasePrice?: number;
  /** Purchase date `YYYY-MM-DD`: a lease purchased after the cut-off is outside the pool (all zeros). */
  purchaseDate?: string;
  /** Funder's discount rate for npv. Default: the lease's contract rate. */
  discountRate?: number;
  /** Default 'monthly'. */
  convention?: DiscountConvention;
  /** Add VAT to the cash buckets (and totalcf). Default false (net). PVs are always net of VAT. */
  gross?: boolean;
}

/** Options for a whole portfolio: scalars apply to every lease, arrays give one value per lease (NaN = use the default). */
export interface PortfolioValuationOptions {
  cutOff: string;
  buyRate?: number | ArrayLike<number>;
  /** Historical purchase price per lease (minor units; NaN = unknown), carried into the result; never sellto4G. */
  purchasePrice?: ArrayLike<number>;
  /** Purchase day per lease (day numbers): leases purchased after the cut-off are outside the pool. Default: all in. */
  purchaseDay?: ArrayLike<number>;
  /** Exit day per lease (a write-off date; pool.ts NO_EXIT = none): from that day on the lease is outside the pool. Default: none leaves. */
  exitDay?: ArrayLike<number>;
  discountRate?: number | ArrayLike<number>;
  convention?: DiscountConvention;
  gross?: boolean;
  /** Value only the leases [from, to) into `into` (a result of the same portfolio and options): valuePortfolioInChunks. */
  range?: ValueRange<PortfolioValuation>;
}

/** A slice of the leases [from, to) written into an existing result (the others are left as they are). */
export interface ValueRange<T> {
  from: number;
  to: number;
  into?: T;
}

/** One lease's row on the Total Cash Flow screen; amounts in minor units. */
export interface Valuation {
  /** Outstanding principal at the cut-off (schedule balance after the last instalment due before it). */
  prin: number;
  /** Price at the cut-off: PV of the remaining net flows at the buy rate (never the historical price). */
  sellto4G: number;
  /** Historical purchase price (agreed, else PV at the buy rate on the purchase date); NaN when not given. */
  purchasePrice: number;
  /** Whether the lease is in the pool at the cut-off (purchased on or before it). */
  inPool: boolean;
  /** PV of the remaining net flows at the discount rate. */
  npv: number;
  /** sellto4G − npv. */
  delta: number;
  /** PV at the contract rate in the lease's own periods back to its last instalment before the cut-off (or its start) − prin. */
  check: number;
  /** Σ cash + cashBeyond. */
  totalcf: number;
  /** cash[k−1] = flows of period k, k = 1..61 (net, or gross of VAT with `gross`). */
  cash: number[];
  cashBeyond: number;
  /** Instalments due on or after the cut-off. */
  remainingInstalments: number;
  /** Period (1-based month from the cut-off month) of the last remaining flow; 0 when nothing remains. */
  remainingTermMonths: number;
  /** Weighted-average life in years (actual/365 from the cut-off) of the remaining principal, residual included; 0 when none. */
  walYears: number;
  /** Whole months from the lease's start month to the cut-off month (0 if it starts later). */
  seasoningMonths: number;
  /** Original term in months (instalments × months per period). */
  originalTermMonths: number;
}

/** Struct-of-arrays valuation of a portfolio; index i matches the LeasePortfolio. Amounts in minor units. */
export interface PortfolioValuation {
  count: number;
  cutOff: string;
  convention: DiscountConvention;
  gross: boolean;
  prin: Float64Array;
  /** PV at the buy rate at the cut-off. */
  sellto4G: Float64Array;
  /** Historical purchase price per lease (NaN = not given); 0 outside the pool. */
  purchasePrice: Float64Array;
  /** 1 = in the pool at the cut-off (pool.ts); 0 = purchased after it (every figure 0). */
  inPool: Uint8Array;
  npv: Float64Array;
  delta: Float64Array;
  check: Float64Array;
  totalcf: Float64Array;
  cashBeyond: Float64Array;
  /**
   * cash[i × 61 + (k − 1)] = lease i, period k. Whole minor units in an Int32Array (61 values a lease: half the memory
   * of a Float64Array on a large book) until a value does not fit, then a Float64Array (lib/finance/columns.ts).
   */
  cash: AmountColumn;
  remainingInstalments: Int32Array;
  remainingTermMonths: Int32Array;
  walYears: Float64Array;
  seasoningMonths: Int32Array;
  originalTermMonths: Int32Array;
}

function perLease(x: number | ArrayLike<number> | undefined, count: number, field: string): ArrayLike<number> | number | undefined {
  if (x === undefined || typeof x === 'number') {
    if (x !== undefined && !Number.isFinite(x)) throw new FinanceError('VALUE', `${field} must be a finite number`, field);
    return x;
  }
  if (x.length !== count) throw new FinanceError('VALUE', `${field} must have one entry per lease (${count})`, field);
  return x;
}

function pick(x: number | ArrayLike<number> | undefined, i: number): number {
  if (x === undefined) return Number.NaN;
  return typeof x === 'number' ? x : x[i]!;
}

/**
 * Value every lease of a portfolio at the cut-off (fast path: no per-lease objects). Amounts in
 * minor units, PVs rounded half-up once per lease; throws VALUE on a bad cut-off or option.
 */
export function valuePortfolio(p: LeasePortfolio, options: PortfolioValuationOptions): PortfolioValuation {
  const cut = parseDate(options.cutOff, 'cutOff');
  const cutMonth = monthIndexOfDay(cut);
  const convention = options.convention ?? 'monthly';
  if (convention !== 'monthly' && convention !== 'actual') {
    throw new FinanceError('VALUE', "convention must be 'monthly' or 'actual'", 'convention');
  }
  const gross = options.gross === true;
  const count = p.count;
  const buyRate = perLease(options.buyRate, count, 'buyRate');
  const discountRate = perLease(options.discountRate, count, 'discountRate');
  const purchasePrice = options.purchasePrice;
  if (purchasePrice !== undefined && purchasePrice.length !== count) {
    throw new FinanceError('VALUE', `purchasePrice must have one entry per lease (${count})`, 'purchasePrice');
  }
  const purchaseDay = options.purchaseDay;
  if (purchaseDay !== undefined && purchaseDay.length !== count) {
    throw new FinanceError('VALUE', `purchaseDay must have one entry per lease (${count})`, 'purchaseDay');
  }
  const exitDay = options.exitDay;
  if (exitDay !== undefined && exitDay.length !== count)
    throw new FinanceError('VALUE', `exitDay must have one entry per lease (${count})`, 'exitDay');

  const out: PortfolioValuation = options.range?.into ?? {
    count,
    cutOff: formatDate(cut),
    convention,
    gross,
    prin: new Float64Array(count),
    sellto4G: new Float64Array(count),
    purchasePrice: new Float64Array(count),
    inPool: new Uint8Array(count),
    npv: new Float64Array(count),
    delta: new Float64Array(count),
    check: new Float64Array(count),
    totalcf: new Float64Array(count),
    cashBeyond: new Float64Array(count),
    cash: amountColumn(count * CF_PERIODS),
    remainingInstalments: new Int32Array(count),
    remainingTermMonths: new Int32Array(count),
    walYears: new Float64Array(count),
    seasoningMonths: new Int32Array(count),
    originalTermMonths: new Int32Array(count),
  };
  const { offset } = p;
  const monthly = convention === 'monthly';

  const [from, to] = sliceOf(options.range, count);
  for (let i = from; i < to; i++) {
    const o0 = offset[i]!;
    const o1 = offset[i + 1]!;
    const n = o1 - o0;
    const contract = p.annualRate[i]!;
    let b = pick(buyRate, i);
    if (b !== b) b = contract;
    let d = pick(discountRate, i);
    if (d !== d) d = contract;
    if (!(b > -1)) throw new FinanceError('VALUE', `lease ${i}: buyRate must be a rate above -100 %`, 'buyRate');
    if (!(d > -1)) throw new FinanceError('VALUE', `lease ${i}: discountRate must be a rate above -100 %`, 'discountRate');
    // Not yet in the pool, or written off on or before the cut-off: zeros.
    if (!isInPool(purchaseDay === undefined ? -NO_EXIT : purchaseDay[i]!, cut, exitDay?.[i])) continue;
    out.inPool[i] = 1;
    out.purchasePrice[i] = purchasePrice === undefined ? Number.NaN : purchasePrice[i]!;

    // The lease's rows, index j − o0 (LeasePortfolio.rowsOf).
    const R = p.rowsOf(i);
    const f = firstDueOn(p, i, cut);
    const resDay = p.residualDay[i]!;
    const RV = p.residual[i]!;
    const residualRemains = resDay >= cut;
    const prin = outstandingPrincipalOn(p, i, cut);

    const base = i * CF_PERIODS;
    let beyond = 0;
    let total = 0;
    let pvB = 0;
    let pvD = 0;
    let pvC = 0;
    let walNum = 0;
    let lastMonth = -1;

    // Check: contract period rate, lease time τ_j = j + (arrears ? 1 : 0), back to τ of the last
    // instalment before the cut-off, or to 0 (the lease's start) when none has fallen due.
    const rC = p.periodRate[i]!;
    const vC = 1 / (1 + rC);
    const shift = p.advance[i]! === 1 ? 0 : 1;
    const tauRef = f > o0 ? f - 1 - o0 + shift : 0;
    let dfC = Math.pow(vC, f - o0 + shift - tauRef);

    let k = 1;
    let dfB = 1;
    let dfD = 1;
    const vB = 1 / (1 + b / 12);
    const vD = 1 / (1 + d / 12);
    const lB = Math.log1p(b);
    const lD = Math.log1p(d);

    for (let j = f; j < o1; j++) {
      const amt = R.instalment[j - o0]!;
      const day = R.dueDay[j - o0]! - cut;
      const kk = R.dueMonth[j - o0]! - cutMonth + 1;
      const bucketAmt = gross ? amt + R.vat[j - o0]! : amt;
      if (kk <= CF_PERIODS) setAmount(out, 'cash', base + kk - 1, out.cash[base + kk - 1]! + bucketAmt);
      else beyond += bucketAmt;
      total += bucketAmt;
      if (monthly) {
        while (k < kk) {
          dfB *= vB;
          dfD *= vD;
          k++;
        }
      } else {
        dfD = Math.exp((-day / 365) * lD);
        dfB = b === d ? dfD : Math.exp((-day / 365) * lB);
      }
      pvB += amt * dfB;
      pvD += amt * dfD;
      pvC += amt * dfC;
      dfC *= vC;
      walNum += R.principal[j - o0]! * day;
      lastMonth = kk;
    }
    if (residualRemains && RV !== 0) {
      const day = resDay - cut;
      const kk = p.residualMonth[i]! - cutMonth + 1;
      const bucketAmt = gross ? RV + p.residualVat[i]! : RV;
      if (kk <= CF_PERIODS) setAmount(out, 'cash', base + kk - 1, out.cash[base + kk - 1]! + bucketAmt);
      else beyond += bucketAmt;
      total += bucketAmt;
      if (monthly) {
        while (k < kk) {
          dfB *= vB;
          dfD *= vD;
          k++;
        }
      } else {
        dfD = Math.exp((-day / 365) * lD);
        dfB = b === d ? dfD : Math.exp((-day / 365) * lB);
      }
      pvB += RV * dfB;
      pvD += RV * dfD;
      // An advance lease's last instalment already carried the residual's final-period interest
      // (see schedule.ts), so once every instalment is paid the residual accrues nothing more and
      // its value in the lease's own periods is RV itself; discounting it would flag sound leases.
      pvC += f === o1 && shift === 0 ? RV : RV * Math.pow(vC, n - tauRef);
      walNum += RV * day;
      if (kk > lastMonth) lastMonth = kk;
    }

    const npvR = round(pvD);
    const sell = round(pvB);
    out.prin[i] = prin;
    out.sellto4G[i] = sell;
    out.npv[i] = npvR;
    out.delta[i] = sell - npvR;
    out.check[i] = round(pvC) - prin;
    out.totalcf[i] = total;
    out.cashBeyond[i] = beyond;
    out.remainingInstalments[i] = o1 - f;
    out.remainingTermMonths[i] = lastMonth > 0 ? lastMonth : 0;
    out.walYears[i] = prin > 0 ? walNum / prin / 365 : 0;
    // Start month from the first due month (the start is one period before it in arrears).
    const startMonth = n > 0 ? R.dueMonth[0]! - shift * p.periodMonths[i]! : cutMonth;
    const season = cutMonth - startMonth;
    out.seasoningMonths[i] = season > 0 ? season : 0;
    out.originalTermMonths[i] = n * p.periodMonths[i]!;
  }
  return out;
}

/** Options of purchasePrices: per-lease purchase days and agreed prices (NaN = none recorded). */
export interface PurchasePriceOptions {
  /** Purchase day per lease (day numbers since 1970-01-01). */
  purchaseDay: ArrayLike<number>;
  /** Agreed price per lease in minor units; NaN where none was recorded. */
  agreed?: ArrayLike<number>;
  /** Funder's buy rate; default (NaN or absent): the lease's contract rate. */
  buyRate?: number | ArrayLike<number>;
  convention?: DiscountConvention;
  /** Price only the leases [from, to) into `into` (purchasePricesInChunks). */
  range?: ValueRange<Float64Array>;
}

/**
 * The historical purchase price of every lease (domain.md §3, LESL29): the agreed price where one was
 * recorded, else the PV at the buy rate of the net flows remaining on the purchase date (instalments
 * due on or after it, and the residual), discounted from the purchase date exactly as sellto4G is
 * from a cut-off (monthly: period 1 = the purchase month; actual: days/365). Rounded half-up once.
 * It depends on nothing but the lease and the funder's settings, so a book computes it once.
 */
export function purchasePrices(p: LeasePortfolio, options: PurchasePriceOptions): Float64Array {
  const count = p.count;
  const convention = options.convention ?? 'monthly';
  if (options.purchaseDay.length !== count)
    throw new FinanceError('VALUE', `purchaseDay must have one entry per lease (${count})`, 'purchaseDay');
  if (options.agreed !== undefined && options.agreed.length !== count)
    throw new FinanceError('VALUE', `agreed must have one entry per lease (${count})`, 'agreed');
  const buyRate = perLease(options.buyRate, count, 'buyRate');
  const out = options.range?.into ?? new Float64Array(count);
  const [from, to] = sliceOf(options.range, count);
  for (let i = from; i < to; i++) {
    const agreed = options.agreed === undefined ? Number.NaN : options.agreed[i]!;
    if (agreed === agreed) {
      out[i] = round(agreed);
      continue;
    }
    let b = pick(buyRate, i);
    if (b !== b) b = p.annualRate[i]!;
    if (!(b > -1)) throw new FinanceError('VALUE', `lease ${i}: buyRate must be a rate above -100 %`, 'buyRate');
    const day0 = Math.trunc(options.purchaseDay[i]!);
    const month0 = monthIndexOfDay(day0);
    const v = 1 / (1 + b / 12);
    const lb = Math.log1p(b);
    const df = (day: number, month: number) =>
      convention === 'monthly' ? Math.pow(v, month - month0) : Math.exp((-(day - day0) / 365) * lb);
    let pv = 0;
    const R = p.rowsOf(i);
    for (let k = 0; k < R.n; k++) if (R.dueDay[k]! >= day0) pv += R.instalment[k]! * df(R.dueDay[k]!, R.dueMonth[k]!);
    if (p.residualDay[i]! >= day0) pv += p.residual[i]! * df(p.residualDay[i]!, p.residualMonth[i]!);
    out[i] = round(pv);
  }
  return out;
}

/** Lease i's first instalment row due on or after `day` (offset[i + 1] when none): binary search, rows are in due-date order. */
export function firstDueOn(p: LeasePortfolio, i: number, day: number): number {
  const o0 = p.offset[i]!;
  const due = p.rowsOf(i).dueDay;
  let lo = o0;
  let hi = p.offset[i + 1]!;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (due[mid - o0]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Lease i's principal outstanding at the start of `day` (financed − principal due before it ± a re-base's adjustment; 0 when nothing is left), minor units. */
export function outstandingPrincipalOn(p: LeasePortfolio, i: number, day: number): number {
  const R = p.rowsOf(i);
  let f = 0;
  let paid = 0;
  while (f < R.n && R.dueDay[f]! < day) paid += R.principal[f++]!;
  return f === R.n && p.residualDay[i]! < day ? 0 : p.balanceAt(i, f, paid);
}

/** Lease i of a portfolio valuation as a plain object (minor units; cash as a 61-element array). */
export function valuationRow(v: PortfolioValuation, i: number): Valuation {
  if (!(i >= 0 && i < v.count)) throw new FinanceError('VALUE', `lease index ${i} is out of range`, 'index');
  return {
    prin: v.prin[i]!,
    sellto4G: v.sellto4G[i]!,
    purchasePrice: v.purchasePrice[i]!,
    inPool: v.inPool[i] === 1,
    npv: v.npv[i]!,
    delta: v.delta[i]!,
    check: v.check[i]!,
    totalcf: v.totalcf[i]!,
    cash: Array.from(v.cash.subarray(i * CF_PERIODS, (i + 1) * CF_PERIODS)),
    cashBeyond: v.cashBeyond[i]!,
    remainingInstalments: v.remainingInstalments[i]!,
    remainingTermMonths: v.remainingTermMonths[i]!,
    walYears: v.walYears[i]!,
    seasoningMonths: v.seasoningMonths[i]!,
    originalTermMonths: v.originalTermMonths[i]!,
  };
}

/** Pack one lease (terms, or an existing row schedule) into a one-lease portfolio. */
export function singleLeasePortfolio(lease: LeaseTerms | Schedule): LeasePortfolio {
  const p = new LeasePortfolio(1, 'rows' in lease ? lease.rows.length : lease.term);
  if ('rows' in lease) p.addSchedule(lease);
  else p.add(lease);
  return p;
}

/** Value one lease (terms or row schedule) at the cut-off; minor units, PVs rounded half-up once. */
export function valueLease(lease: LeaseTerms | Schedule, options: ValuationOptions): Valuation {
  const p = singleLeasePortfolio(lease);
  const v = valuePortfolio(p, {
    cutOff: options.cutOff,
    ...(options.buyRate !== undefined ? { buyRate: options.buyRate } : {}),
    ...(options.discountRate !== undefined ? { discountRate: options.discountRate } : {}),
    ...(options.purchasePrice !== undefined ? { purchasePrice: [options.purchasePrice] } : {}),
    ...(options.purchaseDate !== undefined ? { purchaseDay: [parseDate(options.purchaseDate, 'purchaseDate')] } : {}),
    ...(options.convention !== undefined ? { convention: options.convention } : {}),
    ...(options.gross !== undefined ? { gross: options.gross } : {}),
  });
  return valuationRow(v, 0);
}

/** Sum of a portfolio valuation's cash buckets over the leases selected by `include` (default all); 61 periods + beyond, minor units. */
export function aggregateCash(v: PortfolioValuation, include?: (i: number) => boolean): { cash: Float64Array; cashBeyond: number } {
  const cash = new Float64Array(CF_PERIODS);
  let beyond = 0;
  for (let i = 0; i < v.count; i++) {
    if (include && !include(i)) continue;
    const base = i * CF_PERIODS;
    for (let k = 0; k < CF_PERIODS; k++) cash[k] = cash[k]! + v.cash[base + k]!;
    beyond += v.cashBeyond[i]!;
  }
  return { cash, cashBeyond: beyond };
}

/** The currency of each lease in a portfolio, for grouping (ISO codes). */
export function leaseCurrencies(p: LeasePortfolio): CurrencyCode[] {
  const out: CurrencyCode[] = new Array<CurrencyCode>(p.count);
  for (let i = 0; i < p.count; i++) out[i] = p.currencyOf(i);
  return out;
}

const PER_LEASE_FIELDS = [
  'prin',
  'sellto4G',
  'purchasePrice',
  'inPool',
  'npv',
  'delta',
  'check',
  'totalcf',
  'cashBeyond',
  'remainingInstalments',
  'remainingTermMonths',
  'walYears',
  'seasoningMonths',
  'originalTermMonths',
] as const;

/**
 * A valuation with slot i spliced like LeasePortfolio.splice: `insert` opens slot i for `one` (a
 * one-lease valuation with the same options), else `one` replaces lease i or null removes it. A new
 * object (caches keyed by the valuation object see a new one); replacing writes into the arrays it
 * shares with `v`, inserting or removing copies them.
 */
export function spliceValuation(v: PortfolioValuation, i: number, one: PortfolioValuation | null, insert = false): PortfolioValuation {
  if (!(i >= 0 && i <= v.count) || (!insert && i === v.count)) throw new FinanceError('VALUE', `lease index ${i} is out of range`, 'index');
  if (one !== null && one.count !== 1) throw new FinanceError('VALUE', 'a one-lease valuation is expected', 'one');
  const out: PortfolioValuation = { ...v };
  if (insert || one === null) {
    const count = v.count + (insert ? 1 : -1);
    const skip = insert ? 0 : 1;
    for (const f of PER_LEASE_FIELDS) {
      const a = v[f];
      const b = new (a.constructor as Float64ArrayConstructor | Int32ArrayConstructor)(count);
      b.set(a.subarray(0, i));
      b.set(a.subarray(i + skip, v.count), i + (insert ? 1 : 0));
      (out[f] as Float64Array | Int32Array) = b;
    }
    const cash = amountColumn(count * CF_PERIODS, v.cash);
    cash.set(v.cash.subarray(0, i * CF_PERIODS));
    cash.set(v.cash.subarray((i + skip) * CF_PERIODS, v.count * CF_PERIODS), (i + (insert ? 1 : 0)) * CF_PERIODS);
    out.cash = cash;
    out.count = count;
  }
  if (one) {
    for (const f of PER_LEASE_FIELDS) out[f][i] = one[f][0]!;
    // A value the Int32 column cannot hold widens it (a copy: `v` keeps its own column).
    setAmounts(out, 'cash', i * CF_PERIODS, one.cash, CF_PERIODS);
  }
  return out;
}

function sliceOf(range: ValueRange<unknown> | undefined, count: number): [number, number] {
  if (range === undefined) return [0, count];
  if (!(Number.isInteger(range.from) && Number.isInteger(range.to) && 0 <= range.from && range.from <= range.to && range.to <= count)) {
    throw new FinanceError('VALUE', `range must be within 0..${count}`, 'range');
  }
  return [range.from, range.to];
}

/** Calls `slice` over [0, count) in slices of `chunk` into the result of the first, pausing (a yield) between slices. */
function* inSlices<T>(count: number, chunk: number, slice: (range: ValueRange<T>) => T): Generator<void, T> {
  let into: T | undefined;
  for (let from = 0; from < count || into === undefined; from += chunk) {
    into = slice({ from, to: Math.min(count, from + chunk), into });
    if (from + chunk < count) yield;
  }
  return into;
}

/**
 * valuePortfolio in slices of `chunk` leases, pausing after each (a background rebuild yields to the event loop
 * there); the result is the same arrays as one call's, to the cent.
 */
export function valuePortfolioInChunks(
  p: LeasePortfolio,
  options: Omit<PortfolioValuationOptions, 'range'>,
  chunk = 5000,
): Generator<void, PortfolioValuation> {
  return inSlices(p.count, chunk, (range) => valuePortfolio(p, { ...options, range }));
}

/** purchasePrices in slices of `chunk` leases, pausing after each (see valuePortfolioInChunks). */
export function purchasePricesInChunks(
  p: LeasePortfolio,
  options: Omit<PurchasePriceOptions, 'range'>,
  chunk = 5000,
): Generator<void, Float64Array> {
  return inSlices(p.count, chunk, (range) => purchasePrices(p, { ...options, range }));
}
