/**
 * The Total Cash Flow table under a scenario (domain.md §10): each lease's row shows the scenario's flows
 * (its 61-period cash and beyond, total, price sellto4G and NPV, delta = sellto4G − NPV) instead of the
 * contractual ones; the outstanding principal and the schedule check stay (they do not depend on the
 * scenario). The totals are the sums of the same figures over the rows, so they reconcile to them.
 */
import { CF_PERIODS, type CurrencySummary, type PortfolioScenario } from '@/lib/finance';
import type { CashFlowTableRow } from '@/lib/portfolio/cash-flow-table';

/** Lease index i's contractual row with the scenario's figures. */
export function scenarioTableRow<R extends CashFlowTableRow>(row: R, p: PortfolioScenario, i: number): R {
  const base = i * CF_PERIODS;
  const sellto4G = p.sellto4G[i]!;
  const npv = p.npv[i]!;
  return {
    ...row,
    sellto4G,
    npv,
    delta: sellto4G - npv,
    totalcf: p.totalcf[i]!,
    cash: Array.from(p.cash.subarray(base, base + CF_PERIODS)),
    cashBeyond: p.cashBeyond[i]!,
  };
}

/**
 * The totals per currency over the rows `indices` (the table's filtered rows) with the scenario's figures:
 * the contractual totals' other fields (count, principal, check, weighted averages) kept.
 */
export function scenarioRowTotals(
  contractual: readonly CurrencySummary[],
  p: PortfolioScenario,
  currencyOf: (i: number) => string,
  indices: ArrayLike<number>,
): CurrencySummary[] {
  const sums = new Map<string, { sellto4G: number; npv: number; totalcf: number; cashBeyond: number; cash: Float64Array }>();
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    const code = currencyOf(i);
    let s = sums.get(code);
    if (!s) sums.set(code, (s = { sellto4G: 0, npv: 0, totalcf: 0, cashBeyond: 0, cash: new Float64Array(CF_PERIODS) }));
    s.sellto4G += p.sellto4G[i]!;
    s.npv += p.npv[i]!;
    s.totalcf += p.totalcf[i]!;
    s.cashBeyond += p.cashBeyond[i]!;
    const base = i * CF_PERIODS;
    for (let j = 0; j < CF_PERIODS; j++) s.cash[j] = s.cash[j]! + p.cash[base + j]!;
  }
  return contractual.map((c) => {
    const s = sums.get(c.currency);
    if (!s) return { ...c, sellto4G: 0, npv: 0, delta: 0, totalcf: 0, cash: new Array<number>(CF_PERIODS).fill(0), cashBeyond: 0 };
    return {
      ...c,
      sellto4G: s.sellto4G,
      npv: s.npv,
      delta: s.sellto4G - s.npv,
      totalcf: s.totalcf,
      cash: Array.from(s.cash),
      cashBeyond: s.cashBeyond,
    };
  });
}
