/**
 * The Portfolio CF screens reconcile: Summary = Σ Total Cash Flow rows per currency (whole book and a
 * filtered set), Dashboard figures = Summary, liability principal over the life = the advance amount.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import { leaseTermsOf } from '@/db/queries/lease-terms';
import { listPortfolioLeases, type PortfolioLeaseRecord } from '@/db/queries/portfolio';
import { seedPortfolio } from '@/db/seed/portfolio';
import { CF_PERIODS, LeasePortfolio, purchasePrices, roundHalfUp, valuePortfolio } from '@/lib/finance';
import { parseDate } from '@/lib/finance/dates';
import { filteredIndices, liveIndices, toTotalCashRow, type CashFlowFilter, type TotalCashRow } from '@/lib/portfolio/cash-flow-table';
import { bookLiability, fundingLineBalance, liabilityOf } from '@/lib/portfolio/liability';
import { bookSummary, dashboardFigures, periodSum, summarizeRows } from '@/lib/portfolio/summary';
import { ASSET_TYPES } from '@/lib/domain/enums';

const NO_FILTER: CashFlowFilter = { q: '', currency: [], assetType: [], status: [], checkNonZero: false };

function valued(leases: PortfolioLeaseRecord[], cutOff: string, gross: boolean) {
  const portfolio = new LeasePortfolio(leases.length);
  for (const l of leases) portfolio.add(leaseTermsOf(l));
  // As services/portfolio/valuation.ts does: purchase days for pool membership, the historical price beside sellto4G.
  const purchaseDay = Int32Array.from(leases, (l) => parseDate(l.purchaseDate));
  const agreed = Float64Array.from(leases, (l) => l.agreedPurchasePrice ?? NaN);
  const purchasePrice = purchasePrices(portfolio, { purchaseDay, agreed, buyRate: 0.055 });
  return {
    leases,
    portfolio,
    purchaseDay,
    purchasePrice,
    valuation: valuePortfolio(portfolio, { cutOff, buyRate: 0.055, purchasePrice, purchaseDay, gross }),
  };
}

let leases: PortfolioLeaseRecord[];
beforeAll(async () => {
  const db = createTestDb();
  seedPortfolio(db, { leases: 500, today: '2026-11-21', seed: 3 });
  leases = await listPortfolioLeases(db, 1);
  // The seed records an agreed price on some leases, some of which have ended: they must not leak into totals.
  expect(leases.some((l) => l.agreedPurchasePrice !== null)).toBe(true);
});

function sumRows(rows: TotalCashRow[]) {
  const by = new Map<
    string,
    {
      count: number;
      prin: number;
      sellto4G: number;
      npv: number;
      delta: number;
      check: number;
      totalcf: number;
      cashBeyond: number;
      cash: number[];
    }
  >();
  for (const r of rows) {
    let s = by.get(r.fx);
    if (!s)
      by.set(
        r.fx,
        (s = {
          count: 0,
          prin: 0,
          sellto4G: 0,
          npv: 0,
          delta: 0,
          check: 0,
          totalcf: 0,
          cashBeyond: 0,
          cash: new Array(CF_PERIODS).fill(0),
        }),
      );
    s.count++;
    s.prin += r.prin;
    s.sellto4G += r.sellto4G;
    s.npv += r.npv;
    s.delta += r.delta;
    s.check += r.check;
    s.totalcf += r.totalcf;
    s.cashBeyond += r.cashBeyond;
    for (let k = 0; k < CF_PERIODS; k++) s.cash[k] = s.cash[k]! + r[`cash${k + 1}`]!;
  }
  return by;
}

describe('Summary = Σ Total Cash Flow rows, per currency', () => {
  test.each([
    { cutOff: '2026-11-01', gross: false, filter: NO_FILTER },
    { cutOff: '2026-11-01', gross: true, filter: NO_FILTER },
    { cutOff: '2024-03-01', gross: false, filter: NO_FILTER },
    { cutOff: '2028-06-01', gross: false, filter: NO_FILTER },
    { cutOff: '2026-11-01', gross: false, filter: { ...NO_FILTER, assetType: ['machinery', 'it'] } as CashFlowFilter },
  ])('cut-off $cutOff, gross $gross, filter $filter.assetType', ({ cutOff, gross, filter }) => {
    const src = valued(leases, cutOff, gross);
    const rowsIdx = filteredIndices(src, filter);
    const rows = Array.from(rowsIdx, (i) => toTotalCashRow(src, i));
    const expected = sumRows(rows);
    const summary = summarizeRows(src, 'EUR', rowsIdx);
    expect(summary.map((s) => s.currency).sort()).toEqual([...expected.keys()].sort());
    for (const s of summary) {
      const e = expected.get(s.currency)!;
      expect({
        count: s.count,
        prin: s.prin,
        sellto4G: s.sellto4G,
        npv: s.npv,
        delta: s.delta,
        check: s.check,
        totalcf: s.totalcf,
        cashBeyond: s.cashBeyond,
        cash: s.cash,
      }).toEqual(e);
      // totalcf reconciles with the periods at the Summary level too.
      expect(periodSum(s, 0, CF_PERIODS) + s.cashBeyond).toBe(s.totalcf);
    }
  });

  test('ended leases with an agreed price exist, so Summary must count rows, not the whole book', () => {
    const src = valued(leases, '2026-11-01', false);
    const live = new Set(liveIndices(src));
    const endedPriced = leases
      .map((_, i) => i)
      .filter((i) => !live.has(i) && src.valuation.inPool[i] === 1 && leases[i]!.agreedPurchasePrice !== null);
    expect(endedPriced.length).toBeGreaterThan(0);
    const eur = bookSummary(src, 'EUR')[0]!;
    expect(eur.count).toBe([...live].filter((i) => leases[i]!.currency === 'EUR').length);
  });

  test('the base currency comes first and amounts are never added across currencies', () => {
    const src = valued(leases, '2026-11-01', false);
    expect(bookSummary(src, 'GBP')[0]!.currency).toBe('GBP');
    const summary = bookSummary(src, 'EUR');
    expect(summary[0]!.currency).toBe('EUR');
    expect(new Set(summary.map((s) => s.currency)).size).toBe(summary.length);
    expect(summary.length).toBeGreaterThan(1);
  });

  test('the Dashboard figures are the Summary figures, asset types partition the principal', () => {
    const src = valued(leases, '2026-11-01', false);
    const summary = bookSummary(src, 'EUR');
    const dash = dashboardFigures(src, 'EUR');
    expect(dash.map((d) => d.currency)).toEqual(summary.map((s) => s.currency));
    dash.forEach((d, j) => {
      const s = summary[j]!;
      expect({ prin: d.prin, delta: d.delta, activeCount: d.activeCount, waRate: d.waRate }).toEqual({
        prin: s.prin,
        delta: s.delta,
        activeCount: s.activeCount,
        waRate: s.waRate,
      });
      expect(d.next12).toBe(s.cash.slice(0, 12).reduce((a, b) => a + b, 0));
      expect(d.monthly).toEqual(s.cash.slice(0, 24));
      expect(d.byAssetType.reduce((a, t) => a + t.prin, 0)).toBe(s.prin);
      expect(d.byAssetType.reduce((a, t) => a + t.count, 0)).toBe(s.count);
    });
    // The one-pass split per asset type equals a Summary of each asset type's rows.
    for (const assetType of ASSET_TYPES) {
      const rows = Array.from(liveIndices(src)).filter((i) => src.leases[i]!.assetType === assetType);
      const per = summarizeRows(src, 'EUR', rows);
      for (const d of dash) {
        const line = per.find((t) => t.currency === d.currency);
        expect(d.byAssetType.find((t) => t.assetType === assetType)).toEqual({ assetType, prin: line?.prin ?? 0, count: line?.count ?? 0 });
      }
    }
    expect(dash.some((d) => d.byAssetType.filter((t) => t.count > 0).length > 1)).toBe(true);
  });
});

describe('Liability CF', () => {
  test.each([
    { cutOff: '2026-11-01', advanceRate: 0.9, facilityRate: 0.042 },
    { cutOff: '2026-11-01', advanceRate: 1, facilityRate: 0.05 },
    { cutOff: '2025-01-01', advanceRate: 0.85, facilityRate: 0.047 },
  ])(
    'drawn = Σ advanceRate × purchasePrice; principal from the cut-off repays the balance on it, per currency (cut-off $cutOff, advance $advanceRate)',
    ({ cutOff, advanceRate, facilityRate }) => {
      const src = valued(leases, cutOff, false);
      const lines = bookLiability(src, { advanceRate, facilityRate }, 'EUR');
      const balances = fundingLineBalance(src, { advanceRate, facilityRate }, cutOff, 'EUR');
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) {
        const rows = Array.from(liveIndices(src)).filter((i) => src.leases[i]!.currency === line.currency);
        // Issue #11: the liability is drawn against the historical purchase price on the purchase date (domain.md §4), not sellto4G at the cut-off.
        const advance = rows.reduce((s, i) => s + roundHalfUp(advanceRate * src.purchasePrice[i]!), 0);
        expect(line.leases).toBe(rows.length);
        expect(line.opening).toBe(advance);
        expect(line.balance).toBe(balances.find((b) => b.currency === line.currency)!.balance);
        expect(line.total.principal).toBe(line.balance);
        expect(line.principal.reduce((a, b) => a + b, 0) + line.beyond.principal).toBe(line.balance);
        expect(line.total.interest).toBeGreaterThan(0);
      }
    },
  );

  test('VAT passed through equals the VAT on the remaining instalments (gross − net cash)', () => {
    const net = valued(leases, '2026-11-01', false);
    const gross = valued(leases, '2026-11-01', true);
    const lines = liabilityOf(net, { advanceRate: 0.9, facilityRate: 0.042 }, 'EUR');
    const netSummary = summarizeRows(net, 'EUR');
    const grossSummary = summarizeRows(gross, 'EUR');
    for (const line of lines) {
      const n = netSummary.find((s) => s.currency === line.currency)!;
      const g = grossSummary.find((s) => s.currency === line.currency)!;
      expect(line.total.vat).toBe(g.totalcf - n.totalcf);
    }
  });

  test('leases that have ended are not funded', () => {
    const src = valued(leases, '2026-11-01', false);
    const everything = Array.from({ length: src.valuation.count }, (_, i) => i);
    const withEnded = liabilityOf(src, { advanceRate: 1, facilityRate: 0.04 }, 'EUR', everything);
    const rowsOnly = liabilityOf(src, { advanceRate: 1, facilityRate: 0.04 }, 'EUR');
    expect(withEnded.map((l) => l.leases)).toEqual(rowsOnly.map((l) => l.leases));
  });
});
