/**
 * The funder's book valued at a cut-off: every lease's 61-period cash flow, prin, price, npv, delta and
 * check, computed by lib/finance over a packed portfolio; only leases in the pool at the cut-off
 * (purchased on or before it) carry figures. Results are cached per funder data version
 * (bumped by every change of a lease or of the funder's settings), so a figure is never stale.
 */
import type { Db } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { leaseTermsOf } from '@/db/queries/lease-terms';
import { listPortfolioLeases, type PortfolioLeaseRecord } from '@/db/queries/portfolio';
import type { Funder } from '@/db/schema/portfolio';
import { NotFound } from '@/lib/domain/errors';
import { LeasePortfolio, purchasePrices, valuePortfolio, type PortfolioValuation } from '@/lib/finance';
import { parseDate } from '@/lib/finance/dates';

/**
 * `purchaseDay` (day numbers) decides pool membership at a cut-off; `purchasePrice` is the historical
 * price (domain.md §3: agreed, else PV at the buy rate on the purchase date), computed once per book.
 */
export type Book = {
  funder: Funder;
  leases: PortfolioLeaseRecord[];
  portfolio: LeasePortfolio;
  indexById: Map<number, number>;
  purchaseDay: Int32Array;
  purchasePrice: Float64Array;
};
export type ValuedBook = Book & { valuation: PortfolioValuation; cutOff: string; gross: boolean };

const g = globalThis as unknown as { __quantumBooks?: Map<string, Book>; __quantumValuations?: Map<string, ValuedBook> };
const books = (g.__quantumBooks ??= new Map());
const valuations = (g.__quantumValuations ??= new Map());
const MAX_VALUATIONS = 8;

/** The funder's leases packed for valuation (cached per data version). */
export function loadBook(db: Db, funderId: number): Book {
  const funder = getFunder(db, funderId);
  if (!funder) throw new NotFound(`Funder ${funderId} does not exist.`);
  const key = `${funderId}:${funder.dataVersion}`;
  const cached = books.get(key);
  if (cached) return { ...cached, funder };
  for (const k of books.keys()) if (k.startsWith(`${funderId}:`)) books.delete(k);
  const records = listPortfolioLeases(db, funderId);
  const portfolio = new LeasePortfolio(records.length, records.length * 48);
  const indexById = new Map<number, number>();
  for (const r of records) indexById.set(r.id, portfolio.add(leaseTermsOf(r, funder.rateConvention)));
  const purchaseDay = Int32Array.from(records, (r) => parseDate(r.purchaseDate, 'purchaseDate'));
  const purchasePrice = purchasePrices(portfolio, {
    purchaseDay,
    agreed: Float64Array.from(records, (r) => r.agreedPurchasePrice ?? NaN),
    buyRate: funder.buyRate,
    convention: funder.discountConvention,
  });
  const book = { funder, leases: records, portfolio, indexById, purchaseDay, purchasePrice };
  books.set(key, book);
  return book;
}

/** Values the book at a cut-off (YYYY-MM-DD), net or gross of VAT, with the funder's buy and discount rates. */
export function valueBook(db: Db, funderId: number, cutOff: string, gross = false): ValuedBook {
  const book = loadBook(db, funderId);
  const { funder } = book;
  const key = `${funderId}:${funder.dataVersion}:${cutOff}:${gross ? 1 : 0}`;
  const cached = valuations.get(key);
  if (cached) return cached;
  const valuation = valuePortfolio(book.portfolio, {
    cutOff,
    buyRate: funder.buyRate,
    purchasePrice: book.purchasePrice,
    purchaseDay: book.purchaseDay,
    discountRate: funder.discountRate ?? undefined,
    convention: funder.discountConvention,
    gross,
  });
  const valued = { ...book, valuation, cutOff, gross };
  for (const k of valuations.keys()) if (!k.startsWith(`${funderId}:${funder.dataVersion}:`) && k.startsWith(`${funderId}:`)) valuations.delete(k);
  valuations.set(key, valued);
  while (valuations.size > MAX_VALUATIONS) valuations.delete(valuations.keys().next().value!);
  return valued;
}

/** The default cut-off: the first day of the current month (UTC). */
export function defaultCutOff(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}
