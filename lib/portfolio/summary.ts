/**
 * Portfolio CF → Summary and the Dashboard figures, from a valued book through lib/finance
 * (summarizeByCurrency). Only the Total Cash Flow's rows count (leases with something left at the
 * cut-off), so every Summary total equals the sum of the table's rows. Amounts are never added
 * across currencies. Pure over the valuation arrays; results cached per valuation object. Also the
 * start-up warm-up of the default screens (services/portfolio/warm.ts).
 */
import { derivedView } from '@/lib/views';
import { ASSET_TYPES } from '@/lib/domain/enums';
import {
  CF_PERIODS,
  CURRENCY_CODES,
  summarizeByCurrency,
  type CurrencySummary,
  type LeasePortfolio,
  type PortfolioValuation,
} from '@/lib/finance';
import { liveIndices, maskOf, type CashFlowLease } from './cash-flow-table';

export interface SummarySource {
  leases: readonly CashFlowLease[];
  portfolio: LeasePortfolio;
  valuation: PortfolioValuation;
}

/** The funder's base currency first, then lib/finance's currency order. */
export function baseCurrencyFirst<T extends { currency: string }>(items: T[], baseCurrency: string): T[] {
  return [...items].sort((a, b) => Number(b.currency === baseCurrency) - Number(a.currency === baseCurrency));
}

/**
 * Per-currency Summary of the rows given (default: every row of the Total Cash Flow): counts,
 * column totals, WA rate, WA remaining term, WAL and the 61-period aggregate.
 */
export function summarizeRows(src: SummarySource, baseCurrency: string, indices: ArrayLike<number> = liveIndices(src)): CurrencySummary[] {
  const mask = maskOf(src.valuation.count, indices);
  return baseCurrencyFirst(
    summarizeByCurrency(src.portfolio, src.valuation, (i) => mask[i] === 1),
    baseCurrency,
  );
}

const summaries = derivedView<PortfolioValuation, CurrencySummary[]>(
  'summaries',
  "a valued book's Summary per currency, by base currency",
  4,
);

/** summarizeRows over all rows, kept per valuation (Summary page, Dashboard). */
export function bookSummary(src: SummarySource, baseCurrency: string): CurrencySummary[] {
  return summaries.get(src.valuation, baseCurrency, () => summarizeRows(src, baseCurrency));
}

/** Σ of periods [from, to) of a summary's 61-period aggregate (e.g. the next 12 months: 0, 12). */
export function periodSum(summary: Pick<CurrencySummary, 'cash'>, from: number, to: number): number {
  let s = 0;
  for (let k = Math.max(0, from); k < Math.min(CF_PERIODS, to); k++) s += summary.cash[k]!;
  return s;
}

export type AssetType = (typeof ASSET_TYPES)[number];

export interface DashboardCurrency {
  currency: string;
  /** Rows (leases with something left at the cut-off). */
  count: number;
  /** Leases with an outstanding principal. */
  activeCount: number;
  prin: number;
  sellto4G: number;
  npv: number;
  delta: number;
  waRate: number | null;
  /** Cash of periods 1..12 (the cut-off month and the eleven after it). */
  next12: number;
  /** Cash of periods 1..24. */
  monthly: number[];
  /** Outstanding principal per asset type, in ASSET_TYPES order. */
  byAssetType: { assetType: AssetType; prin: number; count: number }[];
}

const dashboardFiguresView = derivedView<PortfolioValuation, DashboardCurrency[]>(
  'dashboardFigures',
  "a valued book's Dashboard figures per currency, by base currency",
  4,
);

/**
 * Rows and outstanding principal of the Total Cash Flow's rows per currency and asset type, in one pass
 * (the Dashboard's split needs only these two, not a Summary per asset type).
 */
export function principalByAssetType(src: SummarySource): Map<string, { assetType: AssetType; prin: number; count: number }> {
  // Per currency index, then asset type (no key string per lease); keyed "currency|assetType" at the end.
  const byCurrency: Map<string, { assetType: AssetType; prin: number; count: number }>[] = [];
  const live = liveIndices(src);
  const { leases } = src;
  const currency = src.portfolio.currency;
  const prin = src.valuation.prin;
  for (let n = 0; n < live.length; n++) {
    const i = live[n]!;
    const assetType = leases[i]!.assetType as AssetType;
    const ci = currency[i]!;
    const m = (byCurrency[ci] ??= new Map());
    let e = m.get(assetType);
    if (!e) m.set(assetType, (e = { assetType, prin: 0, count: 0 }));
    e.prin += prin[i]!;
    e.count++;
  }
  const out = new Map<string, { assetType: AssetType; prin: number; count: number }>();
  byCurrency.forEach((m, ci) => {
    for (const [assetType, e] of m) out.set(`${CURRENCY_CODES[ci]}|${assetType}`, e);
  });
  return out;
}

/** The Dashboard's per-currency KPIs and chart series (base currency first); cached per valuation. */
export function dashboardFigures(src: SummarySource, baseCurrency: string): DashboardCurrency[] {
  return dashboardFiguresView.get(src.valuation, baseCurrency, () => dashboardFiguresOf(src, baseCurrency));
}

function dashboardFiguresOf(src: SummarySource, baseCurrency: string): DashboardCurrency[] {
  const summary = bookSummary(src, baseCurrency);
  const byType = principalByAssetType(src);
  const out = summary.map((s) => ({
    currency: s.currency,
    count: s.count,
    activeCount: s.activeCount,
    prin: s.prin,
    sellto4G: s.sellto4G,
    npv: s.npv,
    delta: s.delta,
    waRate: s.waRate,
    next12: periodSum(s, 0, 12),
    monthly: s.cash.slice(0, 24),
    byAssetType: ASSET_TYPES.map((assetType) => byType.get(`${s.currency}|${assetType}`) ?? { assetType, prin: 0, count: 0 }),
  }));
  return out;
}
