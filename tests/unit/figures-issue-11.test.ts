/**
 * Issue #11 "Figures that were wrong": sellto4G is the price at the cut-off and never the historical
 * purchase price; pool membership (purchased on the cut-off day: in; the day after: out) in the
 * valuation, the tape and the servicing book; one funding-line balance for the Liability CF and the
 * Liability servicing report; LESL29 and the tape's amounts in the right units.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import type { Conn } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { seedPortfolio } from '@/db/seed/portfolio';
import { csvCell } from '@/lib/exports/csv';
import {
  isInPool,
  LeasePortfolio,
  poolMask,
  purchasePrices,
  roundHalfUp,
  valueLease,
  valuePortfolio,
  type LeaseTerms,
} from '@/lib/finance';
import { addDays, parseDate } from '@/lib/finance/dates';
import { statusOrigin } from '@/lib/domain/status-origin';
import { liveIndices } from '@/lib/portfolio/cash-flow-table';
import { bookLiability, fundingLineBalance, fundingLineMonth } from '@/lib/portfolio/liability';
import { PURCHASE_PRICE_PCT_DECIMALS, tapeExportColumns, tapePage, type TapeRow } from '@/lib/reports/tape';
import { loadBook, poolBook, valueBook } from '@/services/portfolio/valuation';
import { buildServicingReport } from '@/services/reports/servicing-reports';
import { getServicingBook } from '@/services/servicing/book';

const lease: LeaseTerms = {
  price: 5_000_000,
  downPayment: 500_000,
  residual: 500_000,
  term: 60,
  rate: 0.06,
  timing: 'advance',
  firstDueDate: '2025-01-01',
  vatRate: 0.23,
  currency: 'EUR',
};

describe('sellto4G and the historical purchase price', () => {
  test.each([
    { name: 'an agreed price', agreed: 5_558_300 },
    { name: 'a price far from the PV (1,600.00 left vs 55,583.00 agreed)', agreed: 55_583_00 },
  ])('with $name: sellto4G and delta are the buy-rate PV at the cut-off; purchasePrice = the agreed price', ({ agreed }) => {
    const plain = valueLease(lease, { cutOff: '2027-03-01', buyRate: 0.05 });
    const priced = valueLease(lease, { cutOff: '2027-03-01', buyRate: 0.05, purchasePrice: agreed, purchaseDate: '2025-01-01' });
    expect(priced.sellto4G).toBe(plain.sellto4G);
    expect(priced.delta).toBe(plain.sellto4G - plain.npv);
    expect(priced.purchasePrice).toBe(agreed);
    const p = new LeasePortfolio(1);
    p.add(lease);
    expect(purchasePrices(p, { purchaseDay: [parseDate('2025-01-01')], agreed: [agreed], buyRate: 0.05 })[0]).toBe(agreed);
  });

  test.each([
    { purchaseDate: '2025-01-01', convention: 'monthly' as const },
    { purchaseDate: '2026-02-17', convention: 'monthly' as const },
    { purchaseDate: '2026-02-17', convention: 'actual' as const },
    { purchaseDate: '2029-12-31', convention: 'monthly' as const },
  ])(
    'without an agreed price: purchasePrice = the buy-rate PV of the flows remaining on the purchase date ($purchaseDate, $convention)',
    ({ purchaseDate, convention }) => {
      const p = new LeasePortfolio(1);
      p.add(lease);
      const price = purchasePrices(p, { purchaseDay: [parseDate(purchaseDate)], agreed: [Number.NaN], buyRate: 0.05, convention })[0];
      expect(price).toBe(valueLease(lease, { cutOff: purchaseDate, buyRate: 0.05, convention }).sellto4G);
      expect(price).toBeGreaterThan(0);
    },
  );
});

describe('pool membership', () => {
  test.each([
    { purchase: '2026-11-01', cutOff: '2026-11-01', inPool: true, why: 'purchased on the cut-off day' },
    { purchase: '2026-11-02', cutOff: '2026-11-01', inPool: false, why: 'purchased the day after' },
    { purchase: '2026-10-31', cutOff: '2026-11-01', inPool: true, why: 'purchased the day before' },
  ])('$why: in the pool = $inPool; outside, every figure is 0', ({ purchase, cutOff, inPool }) => {
    expect(isInPool(parseDate(purchase), parseDate(cutOff))).toBe(inPool);
    expect(Array.from(poolMask([parseDate(purchase)], cutOff))).toEqual([inPool ? 1 : 0]);
    const p = new LeasePortfolio(1);
    p.add(lease);
    const v = valuePortfolio(p, { cutOff, buyRate: 0.05, purchaseDay: [parseDate(purchase)], purchasePrice: [123] });
    expect(v.inPool[0]).toBe(inPool ? 1 : 0);
    if (inPool) {
      expect(v.prin[0]).toBeGreaterThan(0);
      expect(v.purchasePrice[0]).toBe(123);
    } else {
      expect([v.prin[0], v.sellto4G[0], v.npv[0], v.totalcf[0], v.remainingInstalments[0], v.purchasePrice[0]]).toEqual([0, 0, 0, 0, 0, 0]);
    }
  });
});

describe('on a seeded book', () => {
  let db: Conn;
  const CUT = '2026-11-01';
  beforeAll(() => {
    db = createTestDb();
    seedPortfolio(db, { leases: 300, today: '2026-11-21', seed: 5 });
  });

  test('the seed has leases purchased after the cut-off and leases with an agreed price (the cases the fix is about)', async () => {
    const book = await loadBook(db, 1);
    expect(book.leases.some((l) => l.purchaseDate > CUT)).toBe(true);
    expect(book.leases.some((l) => l.agreedPurchasePrice !== null)).toBe(true);
  });

  test('no Total CF row, no tape row and no servicing-book lease was purchased after the date', async () => {
    const book = await poolBook(db, 1, CUT);
    const src = { funderId: 1, buyRate: book.funder.buyRate, ...book };
    for (const i of liveIndices(book)) expect(book.leases[i]!.purchaseDate <= CUT).toBe(true);
    const tape = tapePage(src, 0, 100_000);
    expect(tape.length).toBe(book.leases.filter((l) => l.purchaseDate <= CUT).length);
    for (const r of tape) expect(r.purchaseDate <= CUT).toBe(true);
    const sb = await getServicingBook(db, 1, CUT);
    const purchased = new Map(book.leases.map((l) => [l.id, l.purchaseDate]));
    expect(sb.leases.length).toBe(book.leases.filter((l) => l.purchaseDate <= CUT).length);
    for (const s of sb.leases) expect(purchased.get(s.leaseId)! <= CUT).toBe(true);
  });

  test('sellto4G of every row is its buy-rate PV at the cut-off, also where an agreed price is recorded', async () => {
    const book = await valueBook(db, 1, CUT);
    const priced = Array.from(liveIndices(book)).filter((i) => book.leases[i]!.agreedPurchasePrice !== null);
    expect(priced.length).toBeGreaterThan(0);
    for (const i of priced) {
      const alone = valuePortfolio(book.portfolio, { cutOff: CUT, buyRate: book.funder.buyRate });
      expect(book.valuation.sellto4G[i]).toBe(alone.sellto4G[i]);
      expect(book.valuation.purchasePrice[i]).toBe(book.leases[i]!.agreedPurchasePrice);
    }
  });

  test('LESL29 = purchase price ÷ principal outstanding on the purchase date; tape amounts are written in the currency’s digits', async () => {
    const book = await valueBook(db, 1, CUT);
    const src = { funderId: 1, buyRate: book.funder.buyRate, ...book };
    const rows = tapePage(src, 0, 100_000);
    const cols = tapeExportColumns();
    for (const r of rows.slice(0, 50)) {
      const i = book.indexById.get(r.leaseId)!;
      expect(r.purchasePrice).toBe(book.purchasePrice[i]);
      if (r.purchasePricePct !== null) {
        expect(r.purchasePricePct).toBeGreaterThan(0.5);
        expect(r.purchasePricePct).toBeLessThan(2);
        expect(Math.round(r.purchasePricePct * 10 ** PURCHASE_PRICE_PCT_DECIMALS)).toBeCloseTo(
          r.purchasePricePct * 10 ** PURCHASE_PRICE_PCT_DECIMALS,
          6,
        );
      }
    }
    const sample = { ...rows[0]!, currency: 'EUR' } as TapeRow;
    const jpy = { ...rows[0]!, currency: 'JPY' } as TapeRow;
    for (const c of cols.filter((c) => c.kind === 'money')) {
      const minor = sample[c.id as keyof TapeRow] as number | null;
      if (minor === null) continue;
      expect([c.id, csvCell(c, sample)]).toEqual([c.id, (minor / 100).toFixed(2)]);
      expect([c.id, csvCell(c, jpy)]).toEqual([c.id, String(minor)]);
    }
  });

  test('the funding-line balance on a date: Liability CF = Liability servicing report, one definition', async () => {
    const funder = (await getFunder(db, 1))!;
    const params = { advanceRate: funder.advanceRate, facilityRate: funder.facilityRate };
    const book = await valueBook(db, 1, CUT);
    const cf = bookLiability(book, params, funder.baseCurrency);
    const balances = fundingLineBalance(book, params, CUT, funder.baseCurrency);
    const nov = await buildServicingReport(db, funder, 'liability', '2026-11');
    const oct = await buildServicingReport(db, funder, 'liability', '2026-10');
    expect(cf.length).toBeGreaterThan(0);
    for (const line of cf) {
      const balance = balances.find((b) => b.currency === line.currency)!.balance;
      expect(line.balance).toBe(balance);
      expect(nov.lines.find((l) => l.currency === line.currency)!.opening).toBe(balance);
      // October's closing + what was drawn on 1 November = the balance on 1 November.
      const drawnOnFirst = book.leases
        .map((l, i) => ({ l, i }))
        .filter(({ l }) => l.currency === line.currency && l.purchaseDate === CUT)
        .reduce((s, { i }) => s + roundHalfUp(funder.advanceRate * book.purchasePrice[i]!), 0);
      const octLine = oct.lines.find((l) => l.currency === line.currency);
      expect(((octLine?.closing as number | undefined) ?? 0) + drawnOnFirst).toBe(balance);
    }
    expect(addDays('2026-10-31', 1)).toBe(CUT);
  });

  // domain.md §8: a lease written off during the month leaves the funding line as its own movement, not as negative draws.
  test('the Liability servicing report: a lease written off in the month is a written-off movement of its balance on the first', async () => {
    const funder = (await getFunder(db, 1))!;
    const params = { advanceRate: funder.advanceRate, facilityRate: funder.facilityRate };
    const book = await valueBook(db, 1, CUT);
    const [from, to] = ['2026-11-01', '2026-11-30'];
    const inPool = poolMask(book.purchaseDay, from, book.exitDay);
    // A lease in the pool on the first with a balance, written off on the 17th (and a second one in another currency, if any).
    const balanceOf = (i: number) => {
      const only = Float64Array.from(book.purchasePrice, (p, k) => (k === i ? p : 0));
      return fundingLineBalance({ ...book, purchasePrice: only }, params, from, funder.baseCurrency).reduce((s, b) => s + b.balance, 0);
    };
    const i = book.leases.findIndex((l, k) => inPool[k] === 1 && l.currency === 'EUR' && balanceOf(k) > 0);
    expect(i).toBeGreaterThanOrEqual(0);
    const exitDay = Int32Array.from(book.exitDay);
    exitDay[i] = parseDate('2026-11-17');
    const kept = fundingLineMonth(book, params, from, to, funder.baseCurrency).find((l) => l.currency === 'EUR')!;
    const gone = fundingLineMonth({ ...book, exitDay }, params, from, to, funder.baseCurrency).find((l) => l.currency === 'EUR')!;
    const single = fundingLineMonth(
      { ...book, purchasePrice: Float64Array.from(book.purchasePrice, (p, k) => (k === i ? p : 0)) },
      params,
      from,
      to,
      funder.baseCurrency,
    ).find((l) => l.currency === 'EUR')!;
    expect(kept.writtenOff).toBe(0);
    expect(gone).toMatchObject({
      opening: kept.opening,
      drawn: kept.drawn,
      writtenOff: balanceOf(i),
      principal: kept.principal - single.principal,
      leases: kept.leases - 1,
    });
    expect(gone.closing).toBe(gone.opening + gone.drawn - gone.principal - gone.writtenOff);
    expect(gone.closing).toBe(kept.closing - single.closing);
    // Written off on the first itself: out of the opening already, so no movement; on the 30th: still a movement of the month.
    exitDay[i] = parseDate(from);
    expect(fundingLineMonth({ ...book, exitDay }, params, from, to, funder.baseCurrency).find((l) => l.currency === 'EUR')!).toMatchObject({
      writtenOff: 0,
      drawn: kept.drawn,
    });
    exitDay[i] = parseDate(to);
    expect(
      fundingLineMonth({ ...book, exitDay }, params, from, to, funder.baseCurrency).find((l) => l.currency === 'EUR')!.writtenOff,
    ).toBe(balanceOf(i));
  });
});

describe('why a lease has its status', () => {
  const created = { action: 'created', changes: {}, userName: 'Ann', at: Date.UTC(2026, 0, 5) };
  const defaulted = { action: 'status', changes: { status: ['active', 'defaulted'] as const }, userName: 'Bob', at: Date.UTC(2026, 5, 1) };
  test.each([
    {
      name: 'set by hand',
      history: [defaulted, created],
      status: 'defaulted',
      expected: { how: 'set', at: defaulted.at, userName: 'Bob' },
    },
    { name: 'since creation', history: [created], status: 'active', expected: { how: 'created', at: created.at, userName: 'Ann' } },
    { name: 'no history', history: [], status: 'active', expected: null },
  ])('$name', ({ history, status, expected }) => {
    expect(statusOrigin(history, status)).toEqual(expected);
  });
});
