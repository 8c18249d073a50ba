/**
 * The funder's servicing book at an as-of date: per lease DPD, bucket, arrears (net, VAT, total),
 * credit and last payment, computed by lib/servicing from schedule_rows + payments received on or
 * before the as-of date (allocation in the funder's component order; tolerance, grace and bucket edges
 * from the funder's settings), by lib/servicing/book-store.ts over the book held in typed arrays.
 *
 * Caches, per database (its file; an in-memory database by its connection) and funder, independent of
 * the connection used, so the server can warm them at start (warmServicingCaches):
 * - the schedule store per funder dataVersion (a lease or settings change bumps it); when the
 *   dataVersion moved but the leases did not (bookLeaseStamp: a settings change), the stores are kept;
 * - the ledger store per ledger stamp (max payment id: the ledger is append-only, reversals are rows);
 * - the books per as-of date under those (cleared by any change, settings included).
 * Recording a payment does NOT bump the funder's dataVersion, so the valuation cache is untouched and
 * only the ledger store is re-read.
 */
import type { DbOrTx } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { componentOrderOf } from '@/db/queries/payments';
import { bookLeaseStamp, bookLeases, ledgerStamp, loadServicingLedgers, paymentListsOfBook, reversalsOfBook, scheduleListsOfBook, sqliteOf } from '@/db/queries/servicing';
import type { Funder } from '@/db/schema/portfolio';
import { NotFound } from '@/lib/domain/errors';
import { DEFAULT_BUCKET_EDGES, allocatePayments, bucketsFor, type AllocationResult } from '@/lib/servicing';
import { formatDate } from '@/lib/finance';
import { bookAt, buildLedgerStore, buildScheduleStore, finishAsync, finishSync, startBuild, type Build, type LedgerStore, type ScheduleStore } from '@/lib/servicing/book-store';

export type LeaseServicingState = {
  leaseId: number;
  lesseeId: number;
  currency: string;
  dpd: number;
  bucket: string;
  arrearsNet: number;
  arrearsVat: number;
  arrearsTotal: number;
  credit: number;
  lastPaymentOn: string | null;
  /** Principal not yet paid at as-of (schedule principal incl. residual − principal allocated), minor units. */
  outstandingPrincipal: number;
};

/** `leases` holds the leases in the pool at `asOf` only (not index-aligned with the schedule store: look up by id). */
export type ServicingBook = { funderId: number; asOf: string; bucketKeys: string[]; leases: LeaseServicingState[]; byLeaseId: Map<number, LeaseServicingState> };

/** The funder's servicing settings, decoded (edges fall back to the default when unreadable). */
export function servicingSettingsOf(funder: Funder): { edges: number[]; tolerance: number; graceDays: number; componentOrder: ReturnType<typeof componentOrderOf> } {
  let edges: number[] = [...DEFAULT_BUCKET_EDGES];
  try {
    const parsed: unknown = JSON.parse(funder.bucketEdges);
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((e, i) => Number.isSafeInteger(e) && e > 0 && (i === 0 || e > parsed[i - 1]))) edges = parsed as number[];
  } catch {
    // keep the default
  }
  return { edges, tolerance: funder.materialityTolerance, graceDays: funder.graceDays, componentOrder: componentOrderOf(funder) };
}

type FunderEntry = {
  dataVersion: number;
  leaseStamp: string;
  schedule: Build<ScheduleStore> | null;
  ledger: { stamp: number; build: Build<LedgerStore> } | null;
  books: Map<string, ServicingBook>;
};
type DbCache = Map<number, FunderEntry>;
const g = globalThis as unknown as { __quantumServicingFiles?: Map<string, DbCache>; __quantumServicingMem?: WeakMap<object, DbCache> };
/** File databases by path (any connection to the file shares the cache); in-memory ones by connection. */
const fileCaches = (g.__quantumServicingFiles ??= new Map());
const memCaches = (g.__quantumServicingMem ??= new WeakMap());
const MAX_BOOKS_PER_FUNDER = 8;

function cacheOf(db: DbOrTx): DbCache {
  const sqlite = sqliteOf(db);
  if (sqlite.memory || !sqlite.name) {
    let c = memCaches.get(sqlite);
    if (!c) memCaches.set(sqlite, (c = new Map()));
    return c;
  }
  let c = fileCaches.get(sqlite.name);
  if (!c) fileCaches.set(sqlite.name, (c = new Map()));
  return c;
}

function requireFunder(db: DbOrTx, funderId: number): Funder {
  const f = getFunder(db, funderId);
  if (!f) throw new NotFound(`Funder ${funderId} does not exist.`);
  return f;
}

/** Per-lease allocation results at `asOf` (payments received on or before it), with the lease; the engine path (tests, single leases). */
export function allocateBook(db: DbOrTx, funderId: number, asOf: string) {
  const funder = requireFunder(db, funderId);
  const settings = servicingSettingsOf(funder);
  const ledgers = loadServicingLedgers(db, funderId, asOf);
  return {
    funder,
    settings,
    leases: ledgers.map((l) => ({ lease: l.lease, result: allocatePayments(l.instalments, l.entries, { componentOrder: settings.componentOrder, asOf }) as AllocationResult })),
  };
}

/** The funder's cache entry for its current dataVersion. */
function entryOf(db: DbOrTx, funder: Funder): FunderEntry {
  const cache = cacheOf(db);
  let e = cache.get(funder.id);
  if (e && e.dataVersion === funder.dataVersion) return e;
  const leaseStamp = bookLeaseStamp(db, funder.id);
  if (e && e.leaseStamp === leaseStamp && e.schedule?.value) {
    // A settings change: same leases, schedules and ledger; only the books (computed with the settings) go.
    e.dataVersion = funder.dataVersion;
    e.books.clear();
    return e;
  }
  e = { dataVersion: funder.dataVersion, leaseStamp, schedule: null, ledger: null, books: new Map() };
  cache.set(funder.id, e);
  return e;
}

function scheduleBuild(db: DbOrTx, funderId: number): Build<ScheduleStore> {
  return startBuild(buildScheduleStore(bookLeases(db, funderId), (from, to) => scheduleListsOfBook(db, funderId, from, to)));
}
function ledgerBuild(db: DbOrTx, funderId: number, store: ScheduleStore): Build<LedgerStore> {
  return startBuild(buildLedgerStore(store, (from, to) => paymentListsOfBook(db, funderId, from, to), reversalsOfBook(db, funderId)));
}

/** The stores of the funder for the current ledger stamp, building what is missing (or finishing the warm-up's build). */
export function servicingStores(db: DbOrTx, funderId: number): { funder: Funder; entry: FunderEntry; schedule: ScheduleStore; ledger: LedgerStore } {
  const funder = requireFunder(db, funderId);
  const stamp = ledgerStamp(db);
  const e = entryOf(db, funder);
  e.schedule ??= scheduleBuild(db, funderId);
  const schedule = finishSync(e.schedule);
  if (e.ledger?.stamp !== stamp) {
    e.ledger = { stamp, build: ledgerBuild(db, funderId, schedule) };
    e.books.clear();
  }
  return { funder, entry: e, schedule, ledger: finishSync(e.ledger.build) };
}

function computeBook(funder: Funder, schedule: ScheduleStore, ledger: LedgerStore, asOf: string): ServicingBook {
  const settings = servicingSettingsOf(funder);
  const states = bookAt(schedule, ledger, asOf, { componentOrder: settings.componentOrder, tolerance: settings.tolerance, graceDays: settings.graceDays, edges: settings.edges });
  // Only the leases in the pool at the as-of date (domain.md §3): a lease purchased later is in no figure.
  const out: LeaseServicingState[] = states.flatMap((s, i) => {
    if (!s.inPool) return [];
    const lease = schedule.leases[i]!;
    return [{
      leaseId: lease.id,
      lesseeId: lease.lesseeId,
      currency: lease.currency,
      dpd: s.dpd,
      bucket: s.bucket,
      arrearsNet: s.arrearsNet,
      arrearsVat: s.arrearsVat,
      arrearsTotal: s.arrearsTotal,
      credit: s.credit,
      lastPaymentOn: s.lastPaymentDay === null ? null : formatDate(s.lastPaymentDay),
      outstandingPrincipal: s.outstandingPrincipal,
    }];
  });
  return { funderId: funder.id, asOf, bucketKeys: bucketsFor(settings.edges).map((b) => b.key), leases: out, byLeaseId: new Map(out.map((s) => [s.leaseId, s])) };
}

/** The servicing book of the funder at `asOf` (YYYY-MM-DD), cached per servicing stamp. 404 for an unknown funder. */
export function getServicingBook(db: DbOrTx, funderId: number, asOf: string): ServicingBook {
  const { funder, entry, schedule, ledger } = servicingStores(db, funderId);
  const hit = entry.books.get(asOf);
  if (hit) return hit;
  const book = computeBook(funder, schedule, ledger, asOf);
  if (entry.books.size >= MAX_BOOKS_PER_FUNDER) entry.books.delete(entry.books.keys().next().value!);
  entry.books.set(asOf, book);
  return book;
}

/**
 * Builds the funder's stores yielding to the event loop between chunks of leases (so a server warming
 * them at start keeps answering), then the books at the given as-of dates. A request arriving meanwhile
 * finishes the same build synchronously (no work is done twice). `db` must stay open until it resolves.
 */
export async function warmServicingBook(db: DbOrTx, funderId: number, asOfs: readonly string[]): Promise<number> {
  const funder = requireFunder(db, funderId);
  const e = entryOf(db, funder);
  try {
    e.schedule ??= scheduleBuild(db, funderId);
    const schedule = await finishAsync(e.schedule);
    const stamp = ledgerStamp(db);
    if (e.ledger?.stamp !== stamp) {
      e.ledger = { stamp, build: ledgerBuild(db, funderId, schedule) };
      e.books.clear();
    }
    await finishAsync(e.ledger.build);
  } catch (err) {
    // A build that failed half-way (its connection may close) is dropped; the next request builds anew.
    if (e.schedule?.value === null) e.schedule = null;
    if (e.ledger?.build.value === null) e.ledger = null;
    throw err;
  }
  const schedule = e.schedule!.value!;
  for (const asOf of asOfs) {
    getServicingBook(db, funderId, asOf);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return schedule.n;
}
