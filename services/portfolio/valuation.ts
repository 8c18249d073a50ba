/**
 * The funder's book valued at a cut-off: every lease's 61-period cash flow, prin, price, npv, delta and
 * check, computed by lib/finance over a packed portfolio; only leases in the pool at the cut-off
 * (purchased on or before it) carry figures (the book's purchaseDay; purchasePrice is the historical
 * price, domain.md §3, kept per lease beside the packed terms).
 *
 * Cached per funder and kept up to date lease by lease, never rebuilt because one lease changed:
 * the packed book (records, LeasePortfolio, index by id) holds the seq `journal` of the book change journal
 * (db/queries/book-changes.ts). When the funder's dataVersion moved (a lease, settings or whole-book row moves it;
 * a payment or a credit record does not, and moves no valuation), the rows after `journal` are read: the leases of
 * its `lease` rows are re-read and spliced into the packed arrays (LeasePortfolio.splice), and each cached
 * valuation gets their one-lease valuations spliced in (spliceValuation) as a new object, so derived caches keyed
 * by the valuation object recompute. Decision: the journal (not an in-process hook), so writes by any connection
 * or script are picked up by the lazy check on read; refreshValuationCaches is also called right after a write.
 * A data version move without a lease row (a settings change) keeps the packed book and revalues (buy and discount
 * rates are inputs of the valuation only); a rate-convention change repacks from the cached records (no read). A
 * `book` row (a bulk seed) or more than BULK_CHANGES journaled leases reload (rebuildValuationInBackground does that
 * between event-loop turns, serving the previous version meanwhile).
 * `version` counts the updates; valuationChangesSince(version) lists the leases changed since (for the
 * total-cash rows cache).
 */
import { databaseKey, type Db, type DbOrTx } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { bookChangeStamp, bookChangesSince } from '@/db/queries/book-changes';
import { leaseTermsOf } from '@/db/queries/lease-terms';
import { listPortfolioLeases, type PortfolioLeaseRecord } from '@/db/queries/portfolio';
import type { Funder } from '@/db/schema/portfolio';
import { todayIso } from '@/lib/clock';
import { NotFound } from '@/lib/domain/errors';
import {
  LeasePortfolio,
  NO_EXIT,
  originalPrincipalOf,
  purchasePrices,
  purchasePricesInChunks,
  spliceValuation,
  valuePortfolio,
  valuePortfolioInChunks,
  type PortfolioValuation,
} from '@/lib/finance';
import { spliceSlot } from '@/lib/finance/columns';
import { firstOfMonth } from '@/lib/finance/dates';
import { parseDate } from '@/lib/finance/dates';
import { singleLeasePortfolio } from '@/lib/finance/valuation';
import { idIndex, partitionPoint, type IdIndex } from '@/lib/sorted';
import { hasRemainingFlows, type PoolValuation } from '@/lib/portfolio/cash-flow-table';
import { catchUps, databaseState, derivedValue } from '@/lib/views';
import { getServicingBook, REBUILD_SLICE } from '@/services/servicing/book';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

const recordId = (r: PortfolioLeaseRecord) => r.id;

/**
 * `purchaseDay` (day numbers) decides pool membership at a cut-off; `purchasePrice` is the historical
 * price (domain.md §3: agreed, else PV at the buy rate on the purchase date). Both index-aligned with
 * `leases`, kept up to date lease by lease with the packed book.
 */
export type Book = {
  funder: Funder;
  leases: PortfolioLeaseRecord[];
  portfolio: LeasePortfolio;
  /** Lease positions by id, read live from `leases` (kept in id order; lib/sorted.ts). */
  indexById: IdIndex;
  purchaseDay: Int32Array;
  /** The day a lease leaves the pool (its write-off date; NO_EXIT: never), index-aligned like purchaseDay. */
  exitDay: Int32Array;
  purchasePrice: Float64Array;
  version: number;
};
export type ValuedBook = Book & { valuation: PortfolioValuation; cutOff: string; gross: boolean };

type Entry = {
  dataVersion: number;
  /** The valuation inputs of the funder's settings the cached valuations were computed with. */
  settingsKey: string;
  rateConvention: string;
  /** The book change journal seq the entry reflects. */
  journal: number;
  book: Book;
  valuations: Map<string, ValuedBook>;
  version: number;
  rebuiltAt: number;
  log: { version: number; ids: number[]; before: Map<number, LeaseBefore> }[];
  pending: Promise<void> | null;
};

/** A changed lease as it was before the change (a one-lease copy, its purchase and exit days); null: it did not exist. */
export type LeaseBefore = { portfolio: LeasePortfolio; purchaseDay: number; exitDay: number } | null;

/** Per database (lib/views.ts databaseState) and funder. */
const entries = databaseState(
  'valuations',
  "each funder's leases packed for valuation, its valuations at a few cut-offs and the log of changed leases",
  `per funder, one packed book and ${4} valuations`,
  () => new Map<number, Entry>(),
);

function entriesOf(db: DbOrTx): Map<number, Entry> {
  return entries.of(databaseKey(db));
}
/** Each holds 61 + 12 numbers a lease (≈ 58 MB at 100k leases): the default cut-off net and gross and a few others. */
const MAX_VALUATIONS = 4;
const MAX_LOG = 256;
/** Above this many changed leases the book is reloaded rather than spliced lease by lease. */
export const BULK_CHANGES = 500;

/** The funder, or 404. */
export async function requireFunder(db: DbOrTx, funderId: number): Promise<Funder> {
  const funder = await getFunder(db, funderId);
  if (!funder) throw new NotFound(`Funder ${funderId} does not exist.`);
  return funder;
}

function pack(
  records: PortfolioLeaseRecord[],
  funder: Funder,
): { portfolio: LeasePortfolio; indexById: IdIndex; purchaseDay: Int32Array; exitDay: Int32Array; purchasePrice: Float64Array } {
  const portfolio = new LeasePortfolio(records.length, records.length * 48);
  for (const r of records) portfolio.add(leaseTermsOf(r, funder.rateConvention));
  const indexById = idIndex(records, recordId);
  portfolio.trim();
  return { portfolio, indexById, ...poolColumns(records, portfolio, funder) };
}

const exitDayOf = (r: PortfolioLeaseRecord) => (r.writtenOffOn === null ? NO_EXIT : parseDate(r.writtenOffOn, 'writtenOffOn'));

/** The purchase day, the exit day and the historical purchase price of every packed lease. */
function poolColumns(
  records: readonly PortfolioLeaseRecord[],
  portfolio: LeasePortfolio,
  funder: Funder,
): { purchaseDay: Int32Array; exitDay: Int32Array; purchasePrice: Float64Array } {
  const purchaseDay = Int32Array.from(records, (r) => parseDate(r.purchaseDate, 'purchaseDate'));
  const exitDay = Int32Array.from(records, exitDayOf);
  const purchasePrice = purchasePrices(portfolio, {
    purchaseDay,
    agreed: Float64Array.from(records, (r) => r.agreedPurchasePrice ?? NaN),
    buyRate: funder.buyRate,
    convention: funder.discountConvention,
  });
  return { purchaseDay, exitDay, purchasePrice };
}

/** One lease's purchase day, exit day and historical price (for the lease-by-lease updates). */
function poolColumnsOf(r: PortfolioLeaseRecord, funder: Funder): { day: number; exit: number; price: number } {
  const one = poolColumns([r], singleLeasePortfolio(leaseTermsOf(r, funder.rateConvention)), funder);
  return { day: one.purchaseDay[0]!, exit: one.exitDay[0]!, price: one.purchasePrice[0]! };
}

/** Reads and packs the book; stamps first, so a change racing the read is applied again (idempotently). */
async function loadEntry(db: DbOrTx, funder: Funder, previous: Entry | undefined): Promise<Entry> {
  const journal = await bookChangeStamp(db, funder.id);
  const records = await listPortfolioLeases(db, funder.id);
  return newEntry(funder, journal, records, pack(records, funder), previous);
}

/** A fresh entry of the packed book (version after `previous`'s), with no valuations yet. */
function newEntry(
  funder: Funder,
  journal: number,
  records: PortfolioLeaseRecord[],
  packed: ReturnType<typeof pack>,
  previous: Entry | undefined,
): Entry {
  const version = (previous?.version ?? 0) + 1;
  return {
    dataVersion: funder.dataVersion,
    settingsKey: settingsKeyOf(funder),
    rateConvention: funder.rateConvention,
    journal,
    book: { funder, leases: records, ...packed, version },
    valuations: new Map(),
    version,
    rebuiltAt: version,
    log: [],
    pending: null,
  };
}

function settingsKeyOf(f: Funder): string {
  return `${f.buyRate}|${f.discountRate}|${f.discountConvention}`;
}

function valuationOptions(
  funder: Funder,
  cutOff: string,
  gross: boolean,
  purchasePrice: ArrayLike<number>,
  purchaseDay: ArrayLike<number>,
  exitDay: ArrayLike<number>,
) {
  return {
    cutOff,
    buyRate: funder.buyRate,
    purchasePrice,
    purchaseDay,
    exitDay,
    discountRate: funder.discountRate ?? undefined,
    convention: funder.discountConvention,
    gross,
  };
}

/** Splices the changed leases into the packed book and every cached valuation (new objects for both). */
async function applyChanges(db: DbOrTx, e: Entry, funder: Funder, ids: readonly number[]): Promise<void> {
  const records = new Map((await listPortfolioLeases(db, funder.id, ids)).map((r) => [r.id, r]));
  const { leases, portfolio, indexById } = e.book;
  const valued = [...e.valuations.entries()];
  // The pool columns follow the same splices as the packed book (new arrays: the old book keeps its own).
  let purchaseDay = e.book.purchaseDay.slice();
  let exitDay = e.book.exitDay.slice();
  let purchasePrice = e.book.purchasePrice.slice();
  const pool = new Map(
    ids.flatMap((id) => {
      const r = records.get(id);
      return r ? [[id, poolColumnsOf(r, funder)] as const] : [];
    }),
  );
  const setPoolColumns = (k: number, id: number) => {
    const c = pool.get(id)!;
    purchaseDay[k] = c.day;
    exitDay[k] = c.exit;
    purchasePrice[k] = c.price;
  };
  const one = (r: PortfolioLeaseRecord, v: ValuedBook) => {
    const c = pool.get(r.id)!;
    return valuePortfolio(
      singleLeasePortfolio(leaseTermsOf(r, funder.rateConvention)),
      valuationOptions(funder, v.cutOff, v.gross, Float64Array.of(c.price), Int32Array.of(c.day), Int32Array.of(c.exit)),
    );
  };
  const before = new Map<number, LeaseBefore>();
  for (const id of ids) {
    const i = indexById.get(id);
    const r = records.get(id);
    before.set(id, i === undefined ? null : { portfolio: portfolio.extract(i), purchaseDay: purchaseDay[i]!, exitDay: exitDay[i]! });
    if (r && i !== undefined) {
      portfolio.splice(i, leaseTermsOf(r, funder.rateConvention));
      leases[i] = r;
      setPoolColumns(i, id);
      for (const pair of valued) pair[1] = { ...pair[1], valuation: spliceValuation(pair[1].valuation, i, one(r, pair[1])) };
    } else if (r) {
      const p = partitionPoint(leases, (l) => l.id < id);
      portfolio.splice(p, leaseTermsOf(r, funder.rateConvention), true);
      purchaseDay = spliceSlot(purchaseDay, leases.length, p, true);
      exitDay = spliceSlot(exitDay, leases.length, p, true);
      purchasePrice = spliceSlot(purchasePrice, leases.length, p, true);
      setPoolColumns(p, id);
      leases.splice(p, 0, r);
      for (const pair of valued) pair[1] = { ...pair[1], valuation: spliceValuation(pair[1].valuation, p, one(r, pair[1]), true) };
    } else if (i !== undefined) {
      portfolio.splice(i, null);
      purchaseDay = spliceSlot(purchaseDay, leases.length, i, false);
      exitDay = spliceSlot(exitDay, leases.length, i, false);
      purchasePrice = spliceSlot(purchasePrice, leases.length, i, false);
      leases.splice(i, 1);
      for (const pair of valued) pair[1] = { ...pair[1], valuation: spliceValuation(pair[1].valuation, i, null) };
    }
  }
  e.version++;
  e.log.push({ version: e.version, ids: [...ids], before });
  if (e.log.length > MAX_LOG) e.log.splice(0, e.log.length - MAX_LOG);
  e.book = { ...e.book, funder, purchaseDay, exitDay, purchasePrice, version: e.version };
  e.valuations = new Map(valued.map(([k, v]) => [k, { ...v, ...e.book, valuation: v.valuation }]));
}

/** One catch-up with the journal at a time per funder (lib/views.ts catchUps). */
const valuationCatchUps = catchUps('valuationCatchUps', "each funder's valuation catch-up with the book change journal in flight");

/** The funder's entry brought up to date with the database, with the funder as the catch-up read it. 404 for an unknown funder. */
async function refreshEntry(db: DbOrTx, funderId: number): Promise<{ funder: Funder; entry: Entry }> {
  return valuationCatchUps.run(databaseKey(db), funderId, async () => {
    const funder = await requireFunder(db, funderId);
    return { funder, entry: await catchUp(db, funder) };
  });
}

async function catchUp(db: DbOrTx, funder: Funder): Promise<Entry> {
  const entries = entriesOf(db);
  let e = entries.get(funder.id);
  if (!e) {
    e = await loadEntry(db, funder, undefined);
    entries.set(funder.id, e);
    return e;
  }
  if (e.pending || e.dataVersion === funder.dataVersion) return e;
  const changed = await bookChangesSince(db, funder.id, e.journal);
  if (changed.book || changed.lease.length > BULK_CHANGES) {
    e = await loadEntry(db, funder, e);
    entries.set(funder.id, e);
    return e;
  }
  if (changed.lease.length === 0) {
    // The data version moved with no lease journalled: the settings changed (a `settings` row, or a script's update of
    // the funder). Keep the packed book (repack from the records if the rate convention moved), revalue.
    e.version++;
    e.rebuiltAt = e.version;
    const packed =
      funder.rateConvention === e.rateConvention
        ? { ...poolColumns(e.book.leases, e.book.portfolio, funder) }
        : pack(e.book.leases, funder);
    e.book = { ...e.book, ...packed, funder, version: e.version };
    e.rateConvention = funder.rateConvention;
    e.valuations.clear();
    e.journal = changed.stamp;
  } else {
    if (funder.rateConvention !== e.rateConvention) {
      e = await loadEntry(db, funder, e);
      entries.set(funder.id, e);
      return e;
    }
    const settingsMoved = e.settingsKey !== settingsKeyOf(funder);
    if (settingsMoved) {
      // Settings moved with the leases: the cached valuations go (the packed book is theirs to keep).
      e.valuations.clear();
      e.version++;
      e.rebuiltAt = e.version;
    }
    await applyChanges(db, e, funder, changed.lease);
    // The historical prices depend on the buy rate and the convention: all of them, once.
    if (settingsMoved) e.book = { ...e.book, ...poolColumns(e.book.leases, e.book.portfolio, funder) };
    e.journal = changed.stamp;
  }
  e.settingsKey = settingsKeyOf(funder);
  e.dataVersion = funder.dataVersion;
  return e;
}

/** The funder's leases packed for valuation, up to date. */
export async function loadBook(db: DbOrTx, funderId: number): Promise<Book> {
  const { funder, entry: e } = await refreshEntry(db, funderId);
  return { ...e.book, funder };
}

/**
 * Σ original principal per currency of the funder's leases purchased on or before `asOf`, written-off ones included:
 * the pool's original principal, the denominator of the cumulative net loss (domain.md §8) on Defaults & losses, the
 * covenants and Performance alike. From the packed book (one pass, no query): a lease edit is in it as soon as made.
 */
export async function originalPrincipalAt(db: DbOrTx, funderId: number, asOf: string): Promise<Map<string, number>> {
  const book = await loadBook(db, funderId);
  return originalPrincipalOf(book.leases, book.purchaseDay, parseDate(asOf, 'asOf'));
}

/** Values the book at a cut-off (YYYY-MM-DD), net or gross of VAT, with the funder's buy and discount rates. */
export async function valueBook(db: DbOrTx, funderId: number, cutOff: string, gross = false): Promise<ValuedBook> {
  const { funder, entry: e } = await refreshEntry(db, funderId);
  const book = e.book;
  const key = `${cutOff}:${gross ? 1 : 0}`;
  const cached = e.valuations.get(key);
  if (cached) return cached;
  const valuation = valuePortfolio(
    book.portfolio,
    valuationOptions(funder, cutOff, gross, book.purchasePrice, book.purchaseDay, book.exitDay),
  );
  const valued = { ...book, valuation, cutOff, gross };
  e.valuations.set(key, valued);
  while (e.valuations.size > MAX_VALUATIONS) e.valuations.delete(e.valuations.keys().next().value!);
  return valued;
}

/**
 * The book valued at a cut-off whose rows are the pool then (domain.md §14), for the screens that list or count the pool
 * (Total CF, Summary, the Dashboard, the scenarios, the reports and the tape): valueBook's, with the leases past their
 * last instalment that still owe arrears by the servicing book at the same date (`owing` on the valuation,
 * lib/portfolio isPoolRow). A screen that reads single leases or the funding line needs only valueBook.
 */
export async function poolBook(db: DbOrTx, funderId: number, cutOff: string, gross = false, today = todayIso()): Promise<ValuedBook> {
  return await withOwing(db, funderId, await valueBook(db, funderId, cutOff, gross), today);
}

/** Per valued book, its copy with the owing leases for the servicing book it was made from (a payment makes a new servicing book). */
const owingMemo = derivedValue<ValuedBook, { servicing: object; owing: readonly number[]; book: ValuedBook }>(
  'valuationOwing',
  "a valued book's copy with the owing leases, for the servicing book it read",
);

/**
 * The valued book whose valuation carries `owing`: the pool's leases at the cut-off (today or earlier) with no flow left
 * that still owe arrears (the servicing book's pool at that date, lib/servicing/book-store statesAt). The same object
 * while neither the valuation nor that set changes, so every cache keyed by the valuation keeps working; the book
 * itself when none owes.
 */
async function withOwing(db: DbOrTx, funderId: number, valued: ValuedBook, today: string): Promise<ValuedBook> {
  // A future cut-off is a projection in which every lessee pays on time (domain.md §10's contractual case): nothing is
  // owed then that is not owed today, so no lease is kept for its arrears.
  if (valued.cutOff > today) return valued;
  const servicing = await getServicingBook(db, funderId, valued.cutOff);
  const hit = owingMemo.peek(valued);
  if (hit?.servicing === servicing) return hit.book;
  const v = valued.valuation;
  const owing: number[] = [];
  for (const s of servicing.leases) {
    if (s.outstandingPrincipal !== 0) continue;
    const i = valued.indexById.get(s.leaseId);
    if (i !== undefined && !hasRemainingFlows(v, i)) owing.push(i);
  }
  // The previous copy when the same leases owe (a payment elsewhere in the book), so its caches stay.
  const same = hit !== undefined && hit.owing.length === owing.length && hit.owing.every((i, k) => i === owing[k]);
  let book = valued;
  if (same) book = hit.book;
  else if (owing.length > 0) {
    const mask = new Uint8Array(v.count);
    for (const i of owing) mask[i] = 1;
    book = { ...valued, valuation: { ...v, owing: mask } as PoolValuation };
  }
  owingMemo.set(valued, { servicing, owing, book });
  return book;
}

/** Brings the funder's valuation caches up to date now (call right after a write, so the next read is fresh). */
export async function refreshValuationCaches(db: DbOrTx, funderId: number): Promise<void> {
  if (!entriesOf(db).has(funderId)) return;
  await refreshEntry(db, funderId);
}

async function drain<T>(g: Generator<void, T>): Promise<T> {
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
    await yieldToLoop();
  }
}

/** loadEntry in slices of REBUILD_SLICE leases (read, pack, historical prices), pausing between them for the requests being served. */
async function loadEntryInSlices(db: DbOrTx, funder: Funder, previous: Entry | undefined): Promise<Entry> {
  const journal = await bookChangeStamp(db, funder.id);
  const records: PortfolioLeaseRecord[] = [];
  for (let afterId = 0; ;) {
    const page = await listPortfolioLeases(db, funder.id, undefined, { afterId, limit: REBUILD_SLICE });
    for (const r of page) records.push(r);
    if (page.length < REBUILD_SLICE) break;
    afterId = page[page.length - 1]!.id;
    await yieldToLoop();
  }
  const portfolio = new LeasePortfolio(records.length, records.length * 48);
  const indexById = idIndex(records, recordId);
  for (let k = 0; k < records.length; k++) {
    portfolio.add(leaseTermsOf(records[k]!, funder.rateConvention));
    if (k % REBUILD_SLICE === REBUILD_SLICE - 1) await yieldToLoop();
  }
  portfolio.trim();
  const purchaseDay = Int32Array.from(records, (r) => parseDate(r.purchaseDate, 'purchaseDate'));
  const exitDay = Int32Array.from(records, exitDayOf);
  const purchasePrice = await drain(
    purchasePricesInChunks(
      portfolio,
      {
        purchaseDay,
        agreed: Float64Array.from(records, (r) => r.agreedPurchasePrice ?? NaN),
        buyRate: funder.buyRate,
        convention: funder.discountConvention,
      },
      REBUILD_SLICE,
    ),
  );
  return newEntry(funder, journal, records, { portfolio, indexById, purchaseDay, exitDay, purchasePrice }, previous);
}

/**
 * Reloads the funder's book after a bulk write in slices (reading, packing, pricing and valuing REBUILD_SLICE leases at a
 * time, yielding to the event loop between them), while requests keep being served from the previous version
 * until it is done; with `after`, from the moment of the call, the reload starting once `after` resolves.
 */
export async function rebuildValuationInBackground(db: Db, funderId: number, after?: Promise<unknown>): Promise<void> {
  const entries = entriesOf(db);
  const previous = entries.get(funderId);
  if (previous?.pending) return previous.pending;
  const run = (async () => {
    await yieldToLoop();
    // A write not yet visible (a COMMIT on a worker thread): the previous version is served until it is, and after.
    if (after) await after;
    const funder = await requireFunder(db, funderId);
    const t0 = performance.now();
    const next = await loadEntryInSlices(db, funder, previous);
    const t1 = performance.now();
    for (const v of previous?.valuations.values() ?? []) {
      await yieldToLoop();
      const options = valuationOptions(funder, v.cutOff, v.gross, next.book.purchasePrice, next.book.purchaseDay, next.book.exitDay);
      next.valuations.set(`${v.cutOff}:${v.gross ? 1 : 0}`, {
        ...next.book,
        valuation: await drain(valuePortfolioInChunks(next.book.portfolio, options, REBUILD_SLICE)),
        cutOff: v.cutOff,
        gross: v.gross,
      });
    }
    entries.set(funderId, next);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.info(
      `[valuation] funder ${funderId}: ${next.book.portfolio.count} leases rebuilt in the background: book ${s(t1 - t0)}, ${previous?.valuations.size ?? 0} valuations ${s(performance.now() - t1)}`,
    );
  })();
  if (previous) previous.pending = run;
  try {
    await run;
  } finally {
    if (previous) previous.pending = null;
  }
}

/**
 * The valuation cache's version of the funder and the leases changed since `version` (ascending ids);
 * `ids` null when it cannot be told lease by lease (a reload or settings change since): recompute all.
 */
export async function valuationChangesSince(
  db: DbOrTx,
  funderId: number,
  version: number,
): Promise<{ version: number; ids: number[] | null }> {
  const { entry: e } = await refreshEntry(db, funderId);
  if (version === e.version) return { version, ids: [] };
  if (version < e.rebuiltAt || e.log.length === 0 || e.log[0]!.version > version + 1) return { version: e.version, ids: null };
  const ids = new Set<number>();
  for (const l of e.log) if (l.version > version) for (const id of l.ids) ids.add(id);
  return { version: e.version, ids: [...ids].sort((a, b) => a - b) };
}

/**
 * As valuationChangesSince, with each changed lease as it was at `version` (its earliest change since):
 * for caches that subtract a lease's old contribution and add its new one (services/portfolio/scenarios.ts).
 */
export async function valuationChangeLog(
  db: DbOrTx,
  funderId: number,
  version: number,
): Promise<{ version: number; changes: Map<number, LeaseBefore> | null }> {
  const { entry: e } = await refreshEntry(db, funderId);
  if (version === e.version) return { version, changes: new Map() };
  if (version < e.rebuiltAt || e.log.length === 0 || e.log[0]!.version > version + 1) return { version: e.version, changes: null };
  const changes = new Map<number, LeaseBefore>();
  for (const l of e.log) if (l.version > version) for (const id of l.ids) if (!changes.has(id)) changes.set(id, l.before.get(id) ?? null);
  return { version: e.version, changes };
}

/** The default cut-off: the first day of the month of `today` (lib/clock's by default; domain.md §3). */
export function defaultCutOff(today = todayIso()): string {
  return firstOfMonth(today);
}
