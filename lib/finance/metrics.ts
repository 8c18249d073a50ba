/**
 * Portfolio metrics (research §2.10): weighted averages by outstanding balance, WAL, and the
 * per-currency Summary of a valuation (domain.md §3). Weights are the outstanding principal at the
 * cut-off (`prin`), so leases that have run off weigh nothing.
 */
import { CURRENCY_CODES, type CurrencyCode } from './money';
import type { LeasePortfolio } from './portfolio';
import { CF_PERIODS, type PortfolioValuation } from './valuation';

/** Σ wᵢ·xᵢ / Σ wᵢ (unitless, unrounded); null when the weights sum to 0 or the inputs are empty. */
export function weightedAverage(values: ArrayLike<number>, weights: ArrayLike<number>): number | null {
  const n = Math.min(values.length, weights.length);
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    num += w * values[i]!;
    den += w;
  }
  return den !== 0 && Number.isFinite(num / den) ? num / den : null;
}

/** WAL = Σ tₖ·principalₖ / Σ principalₖ (t in the caller's unit, e.g. years); null when Σ principal = 0. */
export function weightedAverageLife(times: ArrayLike<number>, principal: ArrayLike<number>): number | null {
  return weightedAverage(times, principal);
}

/** One currency's line of the Portfolio CF Summary; amounts minor units, rates decimals, terms months, WAL years. */
export interface CurrencySummary {
  currency: CurrencyCode;
  /** Leases in the currency. */
  count: number;
  /** Leases with an outstanding principal at the cut-off. */
  activeCount: number;
  prin: number;
  sellto4G: number;
  npv: number;
  delta: number;
  check: number;
  totalcf: number;
  /** 61 periods, cash[k − 1] = period k. */
  cash: number[];
  cashBeyond: number;
  /** Balance-weighted contract rate; null when no balance. */
  waRate: number | null;
  /** Balance-weighted remaining term in months; null when no balance. */
  waRemainingTermMonths: number | null;
  /** Balance-weighted original term in months; null when no balance. */
  waOriginalTermMonths: number | null;
  /** Balance-weighted seasoning in months; null when no balance. */
  waSeasoningMonths: number | null;
  /** Weighted-average life of the remaining principal in years (balance-weighted lease WALs); null when no balance. */
  walYears: number | null;
}

/**
 * Per-currency Summary of a portfolio valuation: column totals (minor units, exact sums), lease
 * counts, WA rate / remaining term / original term / seasoning and WAL weighted by `prin`.
 * `include` filters leases (default: all). Currencies appear in CURRENCY_CODES order.
 */
export function summarizeByCurrency(p: LeasePortfolio, v: PortfolioValuation, include?: (i: number) => boolean): CurrencySummary[] {
  const groups: (CurrencySummary | undefined)[] = [];
  const acc: { rate: number; rem: number; orig: number; season: number; wal: number; w: number }[] = [];
  const cashAcc: Float64Array[] = [];
  // Module imports compile to getters in the bundles (and tsx): read the period count and the arrays once.
  const periods = CF_PERIODS;
  const cash = v.cash;
  for (let i = 0; i < v.count; i++) {
    if (include && !include(i)) continue;
    const ci = p.currency[i]!;
    let g = groups[ci];
    let a = acc[ci];
    let c = cashAcc[ci];
    if (g === undefined || a === undefined || c === undefined) {
      g = {
        currency: CURRENCY_CODES[ci]!,
        count: 0,
        activeCount: 0,
        prin: 0,
        sellto4G: 0,
        npv: 0,
        delta: 0,
        check: 0,
        totalcf: 0,
        cash: [],
        cashBeyond: 0,
        waRate: null,
        waRemainingTermMonths: null,
        waOriginalTermMonths: null,
        waSeasoningMonths: null,
        walYears: null,
      };
      a = { rate: 0, rem: 0, orig: 0, season: 0, wal: 0, w: 0 };
      c = new Float64Array(CF_PERIODS);
      groups[ci] = g;
      acc[ci] = a;
      cashAcc[ci] = c;
    }
    const w = v.prin[i]!;
    g.count++;
    if (w > 0) g.activeCount++;
    g.prin += w;
    g.sellto4G += v.sellto4G[i]!;
    g.npv += v.npv[i]!;
    g.delta += v.delta[i]!;
    g.check += v.check[i]!;
    g.totalcf += v.totalcf[i]!;
    g.cashBeyond += v.cashBeyond[i]!;
    const base = i * periods;
    for (let k = 0; k < periods; k++) c[k] = c[k]! + cash[base + k]!;
    a.w += w;
    a.rate += w * p.annualRate[i]!;
    a.rem += w * v.remainingTermMonths[i]!;
    a.orig += w * v.originalTermMonths[i]!;
    a.season += w * v.seasoningMonths[i]!;
    a.wal += w * v.walYears[i]!;
  }
  const out: CurrencySummary[] = [];
  for (let ci = 0; ci < groups.length; ci++) {
    const g = groups[ci];
    const a = acc[ci];
    const c = cashAcc[ci];
    if (g === undefined || a === undefined || c === undefined) continue;
    g.cash = Array.from(c);
    if (a.w > 0) {
      g.waRate = a.rate / a.w;
      g.waRemainingTermMonths = a.rem / a.w;
      g.waOriginalTermMonths = a.orig / a.w;
      g.waSeasoningMonths = a.season / a.w;
      g.walYears = a.wal / a.w;
    }
    out.push(g);
  }
  return out;
}
