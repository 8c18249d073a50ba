/**
 * Portfolio CF → Liability CF (domain.md §4) for a valued book, through lib/finance portfolioLiability:
 * per lease an opening liability of advanceRate × sellto4G drawn at the cut-off (the date the price
 * is struck), amortising with the lease's principal, interest at the funder's facility rate (30/360),
 * VAT passed through. Aggregated per currency over 61 periods + beyond; minor units. Only the Total
 * Cash Flow's rows are funded (a lease with nothing left has nothing to fund).
 */
import { portfolioLiability, type LeasePortfolio, type PortfolioValuation } from '@/lib/finance';
import { liveIndices, maskOf, type CashFlowLease } from './cash-flow-table';
import { baseCurrencyFirst } from './summary';

export const LIABILITY_COMPONENTS = ['principal', 'interest', 'vat'] as const;
export type LiabilityComponent = (typeof LIABILITY_COMPONENTS)[number];

export interface LiabilitySource {
  leases: readonly CashFlowLease[];
  portfolio: LeasePortfolio;
  valuation: PortfolioValuation;
}

export interface LiabilityParams {
  advanceRate: number;
  facilityRate: number;
}

/** One currency's liability: plain arrays (serialisable), 61 periods (index k − 1) + beyond, and totals. */
export interface CurrencyLiability {
  currency: string;
  leases: number;
  /** Σ advanceRate × sellto4G (each rounded): the amount drawn, which the principal repays exactly. */
  opening: number;
  principal: number[];
  interest: number[];
  vat: number[];
  beyond: Record<LiabilityComponent, number>;
  /** Σ periods + beyond per component. */
  total: Record<LiabilityComponent, number>;
}

// Process-wide, like the valuations it is keyed by (see cash-flow-table.ts).
const g = globalThis as { __quantumLiabilities?: WeakMap<PortfolioValuation, Map<string, CurrencyLiability[]>> };
const cache = (g.__quantumLiabilities ??= new WeakMap());

/** The book's liability cash flow per currency (base currency first); cached per valuation and parameters. */
export function bookLiability(src: LiabilitySource, params: LiabilityParams, baseCurrency: string): CurrencyLiability[] {
  const key = `${params.advanceRate}:${params.facilityRate}:${baseCurrency}`;
  const hit = cache.get(src.valuation)?.get(key);
  if (hit) return hit;
  const out = liabilityOf(src, params, baseCurrency);
  let byKey = cache.get(src.valuation);
  if (!byKey) {
    byKey = new Map();
    cache.set(src.valuation, byKey);
  }
  byKey.set(key, out);
  return out;
}

/** The liability of the given rows (default: every row of the Total Cash Flow). */
export function liabilityOf(
  src: LiabilitySource,
  params: LiabilityParams,
  baseCurrency: string,
  indices: ArrayLike<number> = liveIndices(src),
): CurrencyLiability[] {
  const v = src.valuation;
  const mask = maskOf(v.count, indices);
  // A zero price is lib/finance's "nothing to fund": leases that are not rows are skipped that way.
  const purchasePrice = v.sellto4G.map((price, i) => (mask[i] === 1 ? price : 0));
  const aggs = portfolioLiability(src.portfolio, {
    cutOff: v.cutOff,
    purchasePrice,
    facilityRate: params.facilityRate,
    advanceRate: params.advanceRate,
  });
  const lines = aggs
    .filter((a) => a.leases > 0)
    .map((a) => {
      const principal = Array.from(a.principal);
      const interest = Array.from(a.interest);
      const vat = Array.from(a.vat);
      const sum = (xs: number[], beyond: number) => xs.reduce((s, x) => s + x, 0) + beyond;
      return {
        currency: a.currency,
        leases: a.leases,
        opening: a.opening,
        principal,
        interest,
        vat,
        beyond: { principal: a.principalBeyond, interest: a.interestBeyond, vat: a.vatBeyond },
        total: {
          principal: sum(principal, a.principalBeyond),
          interest: sum(interest, a.interestBeyond),
          vat: sum(vat, a.vatBeyond),
        },
      };
    });
  return baseCurrencyFirst(lines, baseCurrency);
}
