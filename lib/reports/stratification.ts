/**
 * Reports → Stratification (domain.md §6, research §5): for a dimension, per bucket of each currency,
 * count, % count, outstanding, % outstanding, average balance and the balance-weighted averages of the
 * contract rate, original term, remaining term and seasoning (WA x = Σ B·x / Σ B, B = outstanding
 * principal at the cut-off), with a totals row equal to the Summary's per-currency totals
 * (lib/finance summarizeByCurrency over the same rows), and the top-10 lessee concentration.
 *
 * Amounts are never added across currencies: there is one strat table per currency. The rows are the
 * Total Cash Flow's (leases with something left at the cut-off), as on the Summary. Pure over the
 * valued book's arrays; cached per valuation object.
 */
import { derivedView } from '@/lib/views';
import type { PortfolioLeaseRecord } from '@/lib/domain/portfolio';
import { ASSET_TYPES, CONDITIONS } from '@/lib/domain/enums';
import { CURRENCY_CODES, minorUnitDigits, summarizeByCurrency, type LeasePortfolio, type PortfolioValuation } from '@/lib/finance';
import { liveIndices } from '@/lib/portfolio/cash-flow-table';

import { STRAT_DIMENSIONS, type StratDimension } from './constants';

export { STRAT_DIMENSIONS, type StratDimension };

/** Balance tiers in major units of the lease currency (research §5.2). */
export const BALANCE_EDGES = [5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000] as const;
/** Original and remaining term tiers, months (upper bounds, inclusive). */
export const TERM_EDGES = [12, 24, 36, 48, 60, 72, 84] as const;
/** Seasoning tiers, months (upper bounds, inclusive). */
export const SEASONING_EDGES = [6, 12, 24, 36, 48] as const;
/** Contract-rate steps: 1 percentage point. */
export const RATE_STEP = 0.01;

/**
 * A bucket's identity. `key` is stable text ('vehicle', 'DE-BY', 'le-12', '13-24', 'gt-84', '0.05-0.06');
 * `range` carries numeric bounds for the tiered dimensions so a screen can word the label in its locale.
 */
export interface StratBucketId {
  key: string;
  order: number;
  range?: { unit: 'money' | 'months' | 'rate'; min: number | null; max: number | null };
}

export interface StratFigures {
  count: number;
  countShare: number;
  /** Σ outstanding principal at the cut-off, minor units. */
  outstanding: number;
  outstandingShare: number;
  /** outstanding / count, rounded half-up to the minor unit; 0 for an empty bucket. */
  averageBalance: number;
  /** Balance-weighted; null when the bucket has no balance. */
  waRate: number | null;
  waOriginalTermMonths: number | null;
  waRemainingTermMonths: number | null;
  waSeasoningMonths: number | null;
}

export type StratBucket = StratBucketId & StratFigures;

export interface ConcentrationRow {
  rank: number;
  lesseeId: number;
  lesseeName: string;
  leases: number;
  outstanding: number;
  share: number;
}

export interface CurrencyStrat {
  currency: string;
  buckets: StratBucket[];
  total: StratFigures;
  /** The ten lessees with the largest outstanding in this currency. */
  top10: ConcentrationRow[];
  /** Σ share of the top 10. */
  top10Share: number;
}

export interface Stratification {
  dimension: StratDimension;
  cutOff: string;
  currencies: CurrencyStrat[];
}

export interface StratSource {
  leases: readonly PortfolioLeaseRecord[];
  portfolio: LeasePortfolio;
  valuation: PortfolioValuation;
}

/** The delinquency bucket of each lease (from the servicing book) and the buckets' order. */
export interface DelinquencyInput {
  bucketKeys: readonly string[];
  bucketOf: (leaseId: number) => string;
}

function tier(value: number, edges: readonly number[], unit: 'money' | 'months', scale = 1): StratBucketId {
  let lo: number | null = null;
  for (let j = 0; j < edges.length; j++) {
    const hi = edges[j]! * scale;
    if (value <= hi) {
      return {
        key: lo === null ? `le-${edges[j]}` : `${lo / scale + (unit === 'months' ? 1 : 0)}-${edges[j]}`,
        order: j,
        range: { unit, min: lo === null ? null : lo, max: hi },
      };
    }
    lo = hi;
  }
  return { key: `gt-${edges[edges.length - 1]}`, order: edges.length, range: { unit, min: lo, max: null } };
}

/** The bucket of lease i for a dimension (pure; `delinquency` needs its input). */
export function bucketOfLease(src: StratSource, i: number, dimension: StratDimension, delinquency?: DelinquencyInput): StratBucketId {
  const lease = src.leases[i]!;
  const v = src.valuation;
  switch (dimension) {
    case 'currency':
      return { key: lease.currency, order: Math.max(0, CURRENCY_CODES.indexOf(lease.currency as (typeof CURRENCY_CODES)[number])) };
    case 'assetType':
      return { key: lease.assetType, order: ASSET_TYPES.indexOf(lease.assetType) };
    case 'condition':
      return { key: lease.condition, order: CONDITIONS.indexOf(lease.condition) };
    case 'industry':
      return { key: lease.lesseeIndustry || '-', order: lease.lesseeIndustry ? lease.lesseeIndustry.charCodeAt(0) : 1000 };
    case 'region': {
      const key = [lease.lesseeCountry, lease.lesseeRegion].filter(Boolean).join(' ') || '-';
      return { key, order: 0 };
    }
    case 'balance':
      return tier(v.prin[i]!, BALANCE_EDGES, 'money', 10 ** minorUnitDigits(lease.currency));
    case 'originalTerm':
      return tier(v.originalTermMonths[i]!, TERM_EDGES, 'months');
    case 'remainingTerm':
      return tier(v.remainingTermMonths[i]!, TERM_EDGES, 'months');
    case 'seasoning':
      return tier(v.seasoningMonths[i]!, SEASONING_EDGES, 'months');
    case 'rate': {
      // Rates are decimals; the step index is computed in basis points to avoid 0.07 / 0.01 = 7.000000000000001.
      const step = Math.floor(Math.round(src.portfolio.annualRate[i]! * 10_000) / Math.round(RATE_STEP * 10_000));
      const min = step * RATE_STEP;
      return { key: `${min.toFixed(2)}-${(min + RATE_STEP).toFixed(2)}`, order: step, range: { unit: 'rate', min, max: min + RATE_STEP } };
    }
    case 'delinquency': {
      if (!delinquency) return { key: 'current', order: 0 };
      const key = delinquency.bucketOf(lease.id);
      return { key, order: Math.max(0, delinquency.bucketKeys.indexOf(key)) };
    }
  }
}

interface Acc {
  id: StratBucketId;
  count: number;
  w: number;
  rate: number;
  orig: number;
  rem: number;
  season: number;
}

function figures(a: Omit<Acc, 'id'>, totalCount: number, totalBalance: number): StratFigures {
  const has = a.w > 0;
  return {
    count: a.count,
    countShare: totalCount > 0 ? a.count / totalCount : 0,
    outstanding: a.w,
    outstandingShare: totalBalance > 0 ? a.w / totalBalance : 0,
    averageBalance: a.count > 0 ? Math.round(a.w / a.count) : 0,
    waRate: has ? a.rate / a.w : null,
    waOriginalTermMonths: has ? a.orig / a.w : null,
    waRemainingTermMonths: has ? a.rem / a.w : null,
    waSeasoningMonths: has ? a.season / a.w : null,
  };
}

/** Stratifies the given rows (default: the Total Cash Flow's) by a dimension; one table per currency, in CURRENCY_CODES order. */
export function stratify(
  src: StratSource,
  dimension: StratDimension,
  opts: { delinquency?: DelinquencyInput; indices?: ArrayLike<number> } = {},
): Stratification {
  const v = src.valuation;
  const indices = opts.indices ?? liveIndices(src);
  const byCurrency = new Map<
    string,
    { buckets: Map<string, Acc>; total: Omit<Acc, 'id'>; lessees: Map<number, { name: string; leases: number; outstanding: number }> }
  >();
  for (let j = 0; j < indices.length; j++) {
    const i = indices[j]!;
    const lease = src.leases[i]!;
    let c = byCurrency.get(lease.currency);
    if (!c) {
      c = { buckets: new Map(), total: { count: 0, w: 0, rate: 0, orig: 0, rem: 0, season: 0 }, lessees: new Map() };
      byCurrency.set(lease.currency, c);
    }
    const id = bucketOfLease(src, i, dimension, opts.delinquency);
    let a = c.buckets.get(id.key);
    if (!a) {
      a = { id, count: 0, w: 0, rate: 0, orig: 0, rem: 0, season: 0 };
      c.buckets.set(id.key, a);
    }
    const w = v.prin[i]!;
    for (const t of [a, c.total]) {
      t.count++;
      t.w += w;
      t.rate += w * src.portfolio.annualRate[i]!;
      t.orig += w * v.originalTermMonths[i]!;
      t.rem += w * v.remainingTermMonths[i]!;
      t.season += w * v.seasoningMonths[i]!;
    }
    const l = c.lessees.get(lease.lesseeId) ?? { name: lease.lesseeName, leases: 0, outstanding: 0 };
    l.leases++;
    l.outstanding += w;
    c.lessees.set(lease.lesseeId, l);
  }
  const currencies = [...byCurrency.entries()]
    .sort(([a], [b]) => CURRENCY_CODES.indexOf(a as never) - CURRENCY_CODES.indexOf(b as never))
    .map(([currency, c]) => {
      const buckets = [...c.buckets.values()]
        .sort((a, b) => a.id.order - b.id.order || (a.id.key < b.id.key ? -1 : a.id.key > b.id.key ? 1 : 0))
        .map((a) => ({ ...a.id, ...figures(a, c.total.count, c.total.w) }));
      const top10 = [...c.lessees.entries()]
        .sort(([ia, a], [ib, b]) => b.outstanding - a.outstanding || ia - ib)
        .slice(0, 10)
        .map(([lesseeId, l], k) => ({
          rank: k + 1,
          lesseeId,
          lesseeName: l.name,
          leases: l.leases,
          outstanding: l.outstanding,
          share: c.total.w > 0 ? l.outstanding / c.total.w : 0,
        }));
      return {
        currency,
        buckets,
        total: figures(c.total, c.total.count, c.total.w),
        top10,
        top10Share: top10.reduce((s, r) => s + r.share, 0),
      };
    });
  return { dimension, cutOff: v.cutOff, currencies };
}

const stratifications = derivedView<PortfolioValuation, Stratification>(
  'stratifications',
  "a valued book's stratification by dimension (the delinquency dimension by its servicing book too)",
  STRAT_DIMENSIONS.length + 2,
);

/**
 * stratify over the book's rows, kept per valuation and dimension. The delinquency dimension depends
 * on the ledger as well as the valuation, so it is kept under its as-of key (`delinquencyKey`).
 */
export function bookStratification(
  src: StratSource,
  dimension: StratDimension,
  delinquency?: DelinquencyInput & { cacheKey: string },
): Stratification {
  const key = dimension === 'delinquency' ? `${dimension}:${delinquency?.cacheKey ?? ''}` : dimension;
  return stratifications.get(src.valuation, key, () => stratify(src, dimension, { delinquency }));
}

/** The Summary's per-currency totals of the same rows (lib/finance), for reconciliation. */
export function summaryTotalsOf(src: StratSource, indices?: ArrayLike<number>) {
  const rows = indices ?? liveIndices(src);
  const mask = new Uint8Array(src.valuation.count);
  for (let j = 0; j < rows.length; j++) mask[rows[j]!] = 1;
  return summarizeByCurrency(src.portfolio, src.valuation, (i) => mask[i] === 1);
}
