/**
 * Liability (funding-line) cash flow per lease (domain.md §4, research §2.11).
 *
 * Opening liability L0 = round(advanceRate × purchase price), drawn on the purchase date. It
 * amortises with the lease: the liability principal repaid up to a month is
 * round(L0 × lease principal due since purchase up to that month ÷ lease principal outstanding at
 * purchase), residual included; taking differences of that cumulative figure spreads the rounding
 * and makes the month of the last lease flow repay exactly what is left, so the liability ends at
 * exactly zero. Interest per calendar month = round(opening balance × facility rate / 12) (30/360),
 * the purchase month pro rata (31 − min(day, 30)) / 30 when bought after the 1st. VAT due on the
 * lease's instalments and residual is passed through. Periods follow the valuation: period 1 is the
 * cut-off month, 61 periods + beyond; months before the cut-off month are history and not shown.
 * All amounts are integer minor units.
 */
import { FinanceError } from './errors';
import { dayInMonthIndex, monthIndexOfDay, parseDate } from './dates';
import { roundHalfUp, CURRENCY_CODES, type CurrencyCode } from './money';
import { CF_PERIODS, singleLeasePortfolio } from './valuation';
import type { LeasePortfolio } from './portfolio';
import type { LeaseTerms, Schedule } from './schedule';

/** Options of one lease's liability. Rates are annual decimals; amounts minor units. */
export interface LiabilityOptions {
  /** Cut-off date `YYYY-MM-DD`: period 1 is its month. */
  cutOff: string;
  /** Purchase price (sellto4G) the funding is advanced against. */
  purchasePrice: number;
  /** Facility (funding-line) annual rate, 30/360 monthly. */
  facilityRate: number;
  /** Share of the purchase price drawn. Default 1 (100 %). */
  advanceRate?: number;
  /** Purchase/draw date `YYYY-MM-DD`. Default: the cut-off. */
  purchaseDate?: string;
}

/** Per-period liability flows (period k at index k − 1) and totals, minor units. */
export interface LiabilityCashFlow {
  /** L0 = round(advanceRate × purchasePrice). */
  opening: number;
  /** Liability outstanding at the start of the cut-off month. */
  balanceAtCutOff: number;
  principal: number[];
  interest: number[];
  vat: number[];
  principalBeyond: number;
  interestBeyond: number;
  vatBeyond: number;
}

/** Liability flows summed over leases (one currency), typed arrays of 61 periods + beyond, minor units. */
export interface LiabilityAggregate {
  currency: CurrencyCode;
  leases: number;
  opening: number;
  balanceAtCutOff: number;
  principal: Float64Array;
  interest: Float64Array;
  vat: Float64Array;
  principalBeyond: number;
  interestBeyond: number;
  vatBeyond: number;
}

interface Target {
  principal: Float64Array;
  interest: Float64Array;
  vat: Float64Array;
  beyond: Float64Array; // [principal, interest, vat]
}

/** Project lease i's liability into `target` (accumulating); returns [opening, balanceAtCutOff]. */
function liabilityInto(
  p: LeasePortfolio,
  i: number,
  cutMonth: number,
  purchaseDay: number,
  purchasePrice: number,
  advanceRate: number,
  facilityRate: number,
  target: Target,
): [number, number] {
  const L0 = roundHalfUp(advanceRate * purchasePrice);
  if (L0 === 0) return [0, 0];
  const o0 = p.offset[i]!;
  const o1 = p.offset[i + 1]!;
  // The lease's rows, index j − o0 (LeasePortfolio.rowsOf).
  const R = p.rowsOf(i);
  let f = o0;
  while (f < o1 && R.dueDay[f - o0]! < purchaseDay) f++;
  const residualRemains = p.residualDay[i]! >= purchaseDay;
  let paidBefore = 0;
  for (let j = o0; j < f; j++) paidBefore += R.principal[j - o0]!;
  const prinAtPurchase = f === o1 && !residualRemains ? 0 : p.balanceAt(i, f - o0, paidBefore);
  if (!(prinAtPurchase > 0)) {
    throw new FinanceError('VALUE', `lease ${i} has no outstanding principal at the purchase date to fund`, 'purchaseDate');
  }
  const RV = residualRemains ? p.residual[i]! : 0;
  const resVat = residualRemains ? p.residualVat[i]! : 0;
  const resMonth = p.residualMonth[i]!;
  const purchaseMonth = monthIndexOfDay(purchaseDay);
  const lastMonth = residualRemains ? Math.max(resMonth, f < o1 ? R.dueMonth[o1 - 1 - o0]! : resMonth) : R.dueMonth[o1 - 1 - o0]!;
  const monthlyRate = facilityRate / 12;
  const firstDay = dayInMonthIndex(purchaseMonth, 1);
  const dom = purchaseDay - firstDay + 1;
  const stub = (31 - Math.min(dom, 30)) / 30;

  let cum = 0;
  let paid = 0;
  let j = f;
  let balanceAtCutOff = purchaseMonth >= cutMonth ? 0 : Number.NaN;
  const beyond = target.beyond;
  for (let m = purchaseMonth; m <= lastMonth; m++) {
    const open = L0 - paid;
    if (m === cutMonth) balanceAtCutOff = open;
    const interest = roundHalfUp(open * monthlyRate * (m === purchaseMonth ? stub : 1));
    let vatM = 0;
    while (j < o1 && R.dueMonth[j - o0]! === m) {
      cum += R.principal[j - o0]!;
      vatM += R.vat[j - o0]!;
      j++;
    }
    if (m === resMonth) {
      cum += RV;
      vatM += resVat;
    }
    // At or past the outstanding principal the line is repaid in full: a funding line is never repaid beyond what was
    // drawn. A schedule whose last instalment absorbs a rounding surplus (10.00 over 60 months at 0 %: 59 × 0.17, then
    // −0.03) is ahead of its principal before its end; the liability stays at zero until the lease catches up.
    const reached = cum >= prinAtPurchase ? L0 : roundHalfUp((L0 * cum) / prinAtPurchase);
    const prinM = reached - paid;
    paid = reached;
    const k = m - cutMonth + 1;
    if (k < 1) continue;
    if (k <= CF_PERIODS) {
      target.principal[k - 1] = target.principal[k - 1]! + prinM;
      target.interest[k - 1] = target.interest[k - 1]! + interest;
      target.vat[k - 1] = target.vat[k - 1]! + vatM;
    } else {
      beyond[0] = beyond[0]! + prinM;
      beyond[1] = beyond[1]! + interest;
      beyond[2] = beyond[2]! + vatM;
    }
  }
  if (Number.isNaN(balanceAtCutOff)) balanceAtCutOff = L0 - paid; // cut-off after the last month
  return [L0, balanceAtCutOff];
}

function checkRates(advanceRate: number, facilityRate: number): void {
  if (!Number.isFinite(advanceRate) || advanceRate < 0) throw new FinanceError('VALUE', 'advanceRate must be ≥ 0', 'advanceRate');
  if (!Number.isFinite(facilityRate) || facilityRate <= -12) {
    throw new FinanceError('VALUE', 'facilityRate must be a finite annual rate', 'facilityRate');
  }
}

function newTarget(): Target {
  return {
    principal: new Float64Array(CF_PERIODS),
    interest: new Float64Array(CF_PERIODS),
    vat: new Float64Array(CF_PERIODS),
    beyond: new Float64Array(3),
  };
}

/** Liability cash flow of one lease (terms or row schedule): 61 periods + beyond from the cut-off month, minor units, rounded as described in this module. */
export function liabilityCashFlow(lease: LeaseTerms | Schedule, options: LiabilityOptions): LiabilityCashFlow {
  const advanceRate = options.advanceRate ?? 1;
  checkRates(advanceRate, options.facilityRate);
  if (!Number.isFinite(options.purchasePrice)) throw new FinanceError('VALUE', 'purchasePrice must be a finite amount', 'purchasePrice');
  const cut = parseDate(options.cutOff, 'cutOff');
  const purchaseDay = options.purchaseDate === undefined ? cut : parseDate(options.purchaseDate, 'purchaseDate');
  const p = singleLeasePortfolio(lease);
  const t = newTarget();
  const [opening, balanceAtCutOff] = liabilityInto(
    p,
    0,
    monthIndexOfDay(cut),
    purchaseDay,
    options.purchasePrice,
    advanceRate,
    options.facilityRate,
    t,
  );
  return {
    opening,
    balanceAtCutOff,
    principal: Array.from(t.principal),
    interest: Array.from(t.interest),
    vat: Array.from(t.vat),
    principalBeyond: t.beyond[0]!,
    interestBeyond: t.beyond[1]!,
    vatBeyond: t.beyond[2]!,
  };
}

/** Options of a portfolio's liability: one purchase price per lease (e.g. PortfolioValuation.sellto4G). */
export interface PortfolioLiabilityOptions {
  cutOff: string;
  purchasePrice: ArrayLike<number>;
  facilityRate: number;
  advanceRate?: number;
  /** Purchase day numbers per lease (days since 1970-01-01); default: the cut-off for all. */
  purchaseDay?: ArrayLike<number>;
}

/**
 * Liability cash flow of a whole portfolio aggregated per currency (61 periods + beyond, minor
 * units). Leases with no outstanding principal at their purchase date, or a zero price, are skipped.
 */
export function portfolioLiability(p: LeasePortfolio, options: PortfolioLiabilityOptions): LiabilityAggregate[] {
  const advanceRate = options.advanceRate ?? 1;
  checkRates(advanceRate, options.facilityRate);
  if (options.purchasePrice.length !== p.count) {
    throw new FinanceError('VALUE', `purchasePrice must have one entry per lease (${p.count})`, 'purchasePrice');
  }
  if (options.purchaseDay !== undefined && options.purchaseDay.length !== p.count) {
    throw new FinanceError('VALUE', `purchaseDay must have one entry per lease (${p.count})`, 'purchaseDay');
  }
  const cut = parseDate(options.cutOff, 'cutOff');
  const cutMonth = monthIndexOfDay(cut);
  const targets: (Target | undefined)[] = [];
  const aggs: (LiabilityAggregate | undefined)[] = [];
  for (let i = 0; i < p.count; i++) {
    const price = options.purchasePrice[i]!;
    if (!Number.isFinite(price)) throw new FinanceError('VALUE', `purchasePrice[${i}] must be a finite amount`, 'purchasePrice');
    const ci = p.currency[i]!;
    let t = targets[ci];
    let agg = aggs[ci];
    if (t === undefined || agg === undefined) {
      t = newTarget();
      targets[ci] = t;
      agg = {
        currency: CURRENCY_CODES[ci]!,
        leases: 0,
        opening: 0,
        balanceAtCutOff: 0,
        principal: t.principal,
        interest: t.interest,
        vat: t.vat,
        principalBeyond: 0,
        interestBeyond: 0,
        vatBeyond: 0,
      };
      aggs[ci] = agg;
    }
    const purchaseDay = options.purchaseDay === undefined ? cut : Math.trunc(options.purchaseDay[i]!);
    // Skip leases with nothing to fund rather than failing the whole report.
    const o0 = p.offset[i]!;
    const o1 = p.offset[i + 1]!;
    const anyLeft = (o1 > o0 && p.dueDayAt(i, o1 - 1) >= purchaseDay) || p.residualDay[i]! >= purchaseDay;
    if (price === 0 || !anyLeft) continue;
    const [opening, bal] = liabilityInto(p, i, cutMonth, purchaseDay, price, advanceRate, options.facilityRate, t);
    agg.leases++;
    agg.opening += opening;
    agg.balanceAtCutOff += bal;
  }
  const out: LiabilityAggregate[] = [];
  for (let ci = 0; ci < aggs.length; ci++) {
    const agg = aggs[ci];
    const t = targets[ci];
    if (agg === undefined || t === undefined) continue;
    agg.principalBeyond = t.beyond[0]!;
    agg.interestBeyond = t.beyond[1]!;
    agg.vatBeyond = t.beyond[2]!;
    out.push(agg);
  }
  return out;
}
