/**
 * Portfolio CF → Liability CF (domain.md §4) for a valued book, through lib/finance portfolioLiability:
 * per lease an opening liability of advanceRate × purchasePrice (the historical price, never the
 * cut-off's sellto4G) drawn on the purchase date, amortising with the lease's principal, interest at
 * the funder's facility rate (30/360), VAT passed through. Aggregated per currency over 61 periods +
 * beyond from the cut-off month; minor units. Only the Total Cash Flow's rows are funded (leases in
 * the pool at the cut-off with something left).
 *
 * The funding line's balance on a date (fundingLineBalance) is the one definition every screen and
 * report uses (Liability CF, the Liability servicing report): Σ over the leases in the pool on that
 * date (purchased on or before it) of the opening liability less the liability principal of the
 * months before the date's month. On a cut-off it equals the Σ of the shown principal flows.
 */
import { derivedView } from '@/lib/views';
import { portfolioLiability, poolMask, type LeasePortfolio, type PortfolioValuation } from '@/lib/finance';
import type { ExportColumn } from '../exports/columns';
import { CASH_PERIODS, hasRemainingFlows, liveIndices, maskOf, periodMonth, type CashFlowLease } from './cash-flow-table';
import { baseCurrencyFirst } from './summary';

export const LIABILITY_COMPONENTS = ['principal', 'interest', 'vat'] as const;
export type LiabilityComponent = (typeof LIABILITY_COMPONENTS)[number];

export interface LiabilitySource {
  leases: readonly CashFlowLease[];
  portfolio: LeasePortfolio;
  valuation: PortfolioValuation;
  /** Purchase day per lease (day numbers): the draw date of its liability. */
  purchaseDay: ArrayLike<number>;
}

/** What the funding line's balance on a date needs: the book's leases, purchase days and historical prices. */
export interface FundingLineSource {
  portfolio: LeasePortfolio;
  purchaseDay: ArrayLike<number>;
  /** Exit day per lease (a write-off date, lib/finance/pool.ts): from that day on no longer funded. */
  exitDay?: ArrayLike<number>;
  /** Historical purchase price per lease (minor units). */
  purchasePrice: ArrayLike<number>;
}

/** One currency's funding-line balance on a date. */
export interface FundingLineBalance {
  currency: string;
  /** Leases with a liability drawn on or before the date. */
  leases: number;
  /** Outstanding balance on the date (after that day's draws, before the date's month repays), minor units. */
  balance: number;
}

export interface LiabilityParams {
  advanceRate: number;
  facilityRate: number;
}

/** One currency's liability: plain arrays (serialisable), 61 periods (index k − 1) + beyond, and totals. */
export interface CurrencyLiability {
  currency: string;
  leases: number;
  /** Σ advanceRate × purchasePrice (each rounded): the amounts drawn on the purchase dates. */
  opening: number;
  /** The funding line's balance at the cut-off (fundingLineBalance): what the shown principal repays exactly. */
  balance: number;
  principal: number[];
  interest: number[];
  vat: number[];
  beyond: Record<LiabilityComponent, number>;
  /** Σ periods + beyond per component. */
  total: Record<LiabilityComponent, number>;
}

const liabilities = derivedView<PortfolioValuation, CurrencyLiability[]>(
  'liabilities',
  "a valued book's liability cash flow per currency, by advance rate, facility rate and base currency",
  8,
);

/** The book's liability cash flow per currency (base currency first); kept per valuation and parameters. */
export function bookLiability(src: LiabilitySource, params: LiabilityParams, baseCurrency: string): CurrencyLiability[] {
  const key = `${params.advanceRate}:${params.facilityRate}:${baseCurrency}`;
  return liabilities.get(src.valuation, key, () => liabilityOf(src, params, baseCurrency));
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
  // Only rows are funded on this screen: ended leases (their liability repaid) and leases outside the pool are not lines.
  for (let i = 0; i < v.count; i++) if (mask[i] === 1 && !hasRemainingFlows(v, i)) mask[i] = 0;
  // A zero price is lib/finance's "nothing to fund": leases that are not rows are skipped that way.
  const purchasePrice = v.purchasePrice.map((price, i) => (mask[i] === 1 ? price : 0));
  const aggs = portfolioLiability(src.portfolio, {
    cutOff: v.cutOff,
    purchasePrice,
    purchaseDay: src.purchaseDay,
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
        balance: a.balanceAtCutOff,
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

/**
 * The funding line's balance on `on` (YYYY-MM-DD) per currency (base currency first): the one
 * definition of domain.md §4 that the Liability CF and the Liability servicing report both show.
 * Leases count from their purchase date on (pool membership); each contributes round(advanceRate ×
 * purchasePrice) less the liability principal of the months before the month of `on`.
 */
export function fundingLineBalance(
  src: FundingLineSource,
  params: LiabilityParams,
  on: string,
  baseCurrency: string,
): FundingLineBalance[] {
  const inPool = poolMask(src.purchaseDay, on, src.exitDay);
  const purchasePrice = Float64Array.from(src.purchasePrice, (price, i) => (inPool[i] === 1 && Number.isFinite(price) ? price : 0));
  const aggs = portfolioLiability(src.portfolio, {
    cutOff: on,
    purchasePrice,
    purchaseDay: src.purchaseDay,
    facilityRate: params.facilityRate,
    advanceRate: params.advanceRate,
  });
  return baseCurrencyFirst(
    aggs.filter((a) => a.leases > 0).map((a) => ({ currency: a.currency, leases: a.leases, balance: a.balanceAtCutOff })),
    baseCurrency,
  );
}

/** One currency's funding-line movements over a period from `from` to `to` (Liability servicing report). */
export interface FundingLineMonth {
  currency: string;
  leases: number;
  /** Balance on `from` (fundingLineBalance). */
  opening: number;
  /** Σ advanceRate × purchasePrice of the leases purchased after `from`, up to `to`. */
  drawn: number;
  principal: number;
  /** The balance on `from` of the leases that left the pool during the month (written off, domain.md §8). */
  writtenOff: number;
  interest: number;
  vat: number;
  /** opening + drawn − principal − writtenOff: the balance at the end of `to`. */
  closing: number;
}

/**
 * The funding line over one calendar month [from, to] per currency (base currency first): the opening
 * balance is fundingLineBalance(from), the movements are period 1 of the liability of every lease
 * purchased on or before `to` (so a lease bought mid-month draws and pays its stub interest), a lease that
 * leaves the pool during the month (written off after `from`, on or before `to`: domain.md §8) takes its
 * balance on `from` out as its own movement (`writtenOff`), and the closing balance = opening + drawn −
 * principal − writtenOff. A lease both bought and written off within the month shows in neither movement.
 */
export function fundingLineMonth(
  src: FundingLineSource,
  params: LiabilityParams,
  from: string,
  to: string,
  baseCurrency: string,
): FundingLineMonth[] {
  const opening = new Map(fundingLineBalance(src, params, from, baseCurrency).map((b) => [b.currency, b.balance]));
  const inPool = poolMask(src.purchaseDay, to, src.exitDay);
  const atFrom = poolMask(src.purchaseDay, from, src.exitDay);
  const options = { cutOff: from, purchaseDay: src.purchaseDay, facilityRate: params.facilityRate, advanceRate: params.advanceRate };
  const priced = (keep: (i: number) => boolean) =>
    Float64Array.from(src.purchasePrice, (price, i) => (keep(i) && Number.isFinite(price) ? price : 0));
  const aggs = portfolioLiability(src.portfolio, { ...options, purchasePrice: priced((i) => inPool[i] === 1) });
  const leaves = (i: number) => atFrom[i] === 1 && inPool[i] === 0;
  const anyLeft = atFrom.some((_, i) => leaves(i));
  const writtenOff = new Map(
    anyLeft
      ? portfolioLiability(src.portfolio, { ...options, purchasePrice: priced(leaves) }).map((a) => [a.currency, a.balanceAtCutOff])
      : [],
  );
  const lines = aggs
    .filter((a) => a.leases > 0 || (writtenOff.get(a.currency) ?? 0) !== 0)
    .map((a) => {
      const open = opening.get(a.currency) ?? 0;
      const out = writtenOff.get(a.currency) ?? 0;
      // balanceAtCutOff over the leases in the pool at `to` = the opening, less what left, plus what was drawn after `from`.
      const drawn = a.balanceAtCutOff - (open - out);
      const principal = a.principal[0]!;
      return {
        currency: a.currency,
        leases: a.leases,
        opening: open,
        drawn,
        principal,
        writtenOff: out,
        interest: a.interest[0]!,
        vat: a.vat[0]!,
        closing: open + drawn - principal - out,
      };
    });
  return baseCurrencyFirst(lines, baseCurrency);
}

/**
 * A facility's funding line (domain.md §4 and §11, "the facility's outstanding is the funding line of §4").
 *
 * The definition (the one place that decides it): a facility finances the funder's pool in its currency. Its
 * balance on a date is its outstanding on that date — the approved draws less the approved repayments with a
 * value date on or before it, the figure the facility page, the borrowing base and the availability use. That
 * balance amortises with the leases it finances exactly as the §4 funding line of those leases does: each
 * period's principal, interest and VAT are the pool's §4 flows (`pool`, the currency line of the Liability CF at
 * the same cut-off) times outstanding ÷ the pool's §4 balance. Principal is rounded on the cumulative figure and
 * beyond takes the rest, so Σ principal = the outstanding to the cent (the line ends at exactly zero); interest
 * (facility rate, 30/360) and VAT are rounded per period. With no pool line (nothing left to amortise with) the
 * whole outstanding falls in beyond. `opening` is what the facility drew up to the date.
 */
export function facilityLiabilityLine(
  pool: CurrencyLiability | undefined,
  currency: string,
  outstanding: number,
  drawn: number,
): CurrencyLiability {
  const periods = pool?.principal.length ?? 61;
  const poolPrincipal = pool ? pool.total.principal : 0;
  const principal = new Array<number>(periods).fill(0);
  const interest = new Array<number>(periods).fill(0);
  const vat = new Array<number>(periods).fill(0);
  if (!pool || poolPrincipal <= 0) {
    return {
      currency,
      leases: pool?.leases ?? 0,
      opening: drawn,
      balance: outstanding,
      principal,
      interest,
      vat,
      beyond: { principal: outstanding, interest: 0, vat: 0 },
      total: { principal: outstanding, interest: 0, vat: 0 },
    };
  }
  const factor = outstanding / poolPrincipal;
  let cumulative = 0;
  let repaid = 0;
  for (let k = 0; k < periods; k++) {
    cumulative += pool.principal[k]!;
    const upTo = Math.round(outstanding * (cumulative / poolPrincipal));
    principal[k] = upTo - repaid;
    repaid = upTo;
    interest[k] = Math.round(pool.interest[k]! * factor);
    vat[k] = Math.round(pool.vat[k]! * factor);
  }
  const beyond = {
    principal: outstanding - repaid,
    interest: Math.round(pool.beyond.interest * factor),
    vat: Math.round(pool.beyond.vat * factor),
  };
  const sum = (xs: number[], b: number) => xs.reduce((s, x) => s + x, 0) + b;
  return {
    currency,
    leases: pool.leases,
    opening: drawn,
    balance: outstanding,
    principal,
    interest,
    vat,
    beyond,
    total: { principal: sum(principal, beyond.principal), interest: sum(interest, beyond.interest), vat: sum(vat, beyond.vat) },
  };
}

/** One row of the Liability CF table export: a period (or beyond, or the total) with one amount per currency line. */
export type LiabilityExportRow = { period: string; month: string; amounts: number[] };

/** The rows of the table as shown: periods 1–61 with their month, beyond, and the total over the life. */
export function liabilityExportRows(
  lines: readonly CurrencyLiability[],
  kind: LiabilityComponent,
  cutOff: string,
  labels: { beyond: string; total: string },
): LiabilityExportRow[] {
  const rows: LiabilityExportRow[] = CASH_PERIODS.map((k) => ({
    period: String(k),
    month: periodMonth(cutOff, k).slice(0, 7),
    amounts: lines.map((l) => l[kind][k - 1] ?? 0),
  }));
  rows.push({ period: labels.beyond, month: '', amounts: lines.map((l) => l.beyond[kind]) });
  rows.push({ period: labels.total, month: '', amounts: lines.map((l) => l.total[kind]) });
  return rows;
}

/** The export columns: period, month, then one money column per currency line. */
export function liabilityExportColumns(
  lines: readonly CurrencyLiability[],
  labels: { period: string; month: string },
): ExportColumn<LiabilityExportRow>[] {
  return [
    { id: 'period', header: labels.period, kind: 'text', value: (r) => r.period, width: 18 },
    { id: 'month', header: labels.month, kind: 'text', value: (r) => r.month, width: 10 },
    ...lines.map((l, i): ExportColumn<LiabilityExportRow> => ({
      id: `amount_${l.currency}`,
      header: l.currency,
      kind: 'money',
      value: (r) => r.amounts[i] ?? 0,
      currency: () => l.currency,
      width: 18,
    })),
  ];
}
