/**
 * The funder's servicing book at an as-of date: per lease DPD, bucket, arrears (net, VAT, total),
 * credit and last payment, computed by lib/servicing from schedule_rows + payments received on or
 * before the as-of date (allocation in the funder's component order; tolerance, grace and bucket edges
 * from the funder's settings), by lib/servicing/book-store.ts over the book held in typed arrays.
 *
 * Caches, per database (its file; an in-memory database by its connection) and funder, independent of
 * the connection used, so the server can warm them at start (warmServicingCaches), and updated in place
 * per lease, never thrown away because one lease or one payment changed:
 * - the schedule and ledger stores hold the seq `journal` of the book change journal (db/queries/book-changes.ts),
 *   which every write appends to in its transaction. When the funder's book_version moved (it moves with every
 *   journal row), the rows after `journal` are read: the leases of `lease` rows are re-read (their row, schedule,
 *   payments and reversals) and their segments rewritten (book-store.ts applyLeaseRewrites); the leases of `ledger`
 *   rows (a payment, a reversal) get their ledger segment re-read. Decision: the journal rather than a per-process
 *   hook, so writes by any connection (another worker, a script) are seen by the lazy check on read;
 *   refreshServicingCaches is also called eagerly by the write's request so the next read is already fresh.
 * - the books per as-of date: the changed leases' states are recomputed and spliced into a new book
 *   object (consumers keyed by the book object see a new one), everything else is kept.
 * - a `settings` row that moved the servicing settings keeps the stores and drops only the books (computed with
 *   the settings); a `book` row (a bulk seed) rebuilds.
 * - more than BULK_CHANGES changed leases (a tape import) rebuild the stores anew; with
 *   rebuildServicingInBackground the rebuild runs in chunks between event-loop turns while requests are
 *   served from the previous version until it is done.
 * `version` counts the applied updates; changedLeasesSince(version) says which leases changed since.
 */
import { databaseKey, type DbOrTx } from '@/db/client';
import { onPostgres } from '@/db/dialect';
import { getFunder } from '@/db/queries/funders';
import { componentOrderOf } from '@/db/queries/payments';
import { bookChangeStamp, bookChangesSince, leasesTouched } from '@/db/queries/book-changes';
import {
  bookLeases,
  bookLeasesByIds,
  paymentListsOfBook,
  paymentListsOfLeases,
  reversalsOfBook,
  reversalsOfLeases,
  scheduleListsOfBook,
  scheduleListsOfLeases,
  type ServicingLease,
} from '@/db/queries/servicing';
import type { Funder } from '@/db/schema/portfolio';
import { NotFound } from '@/lib/domain/errors';
import { DEFAULT_BUCKET_EDGES, bucketsFor } from '@/lib/servicing';
import { formatDate } from '@/lib/finance';
import { wholeNumber } from '@/lib/intern';
import {
  applyLeaseRewrites,
  applyLedgerRewrites,
  bookAt,
  buildLedgerStore,
  buildScheduleStore,
  builtOf,
  storeIndexOf,
  startBuild,
  statesAt,
  type Build,
  type LeaseRewrite,
  type LeaseStateAt,
  type LedgerStore,
  type ScheduleStore,
  type StoreLease,
} from '@/lib/servicing/book-store';
import { idLookup, partitionPoint, type IdLookup } from '@/lib/sorted';
import { catchUps, databaseState, processState } from '@/lib/views';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

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
  /** In the funder's pool at the as-of date (purchased on or before it). */
  inPool: boolean;
};

/**
 * `leases`: the leases in the pool at `asOf` (domain.md §3: a lease purchased later is in no figure), in
 * lease-id order (the store's) — what the screens and reports read; `byLeaseId` holds the pool's leases only (absent = not in the pool). `version`: the store version
 * it was computed or last updated at (see changedLeasesSince); `lineage`: the same for a book and its
 * lease-by-lease updates, new when computed anew (settings, rebuild), so a cache derived from a book can tell
 * whether patching it with the changed leases is enough.
 */
export type ServicingBook = {
  funderId: number;
  asOf: string;
  bucketKeys: string[];
  leases: LeaseServicingState[];
  byLeaseId: LeaseLookup;
  version: number;
  lineage: number;
};

/** A book's states by lease id (its pool's leases only). */
export type LeaseLookup = IdLookup<LeaseServicingState>;

/**
 * The lookup of a book's `leases` (in lease-id order, never changed once the book is made: a write makes a new book
 * with a new array): a binary search, and O(1) for the lease after the last one found (the passes over a whole book
 * ask in lease-id order). A Map per book cost ≈ 3.7 MiB per 100,000 leases, and a funder keeps books at a few dates.
 */
export function leaseLookup(leases: readonly LeaseServicingState[]): LeaseLookup {
  return idLookup(leases, (s) => s.leaseId);
}

/** The funder's servicing settings, decoded (edges fall back to the default when unreadable). */
export function servicingSettingsOf(funder: Funder): {
  edges: number[];
  tolerance: number;
  graceDays: number;
  componentOrder: ReturnType<typeof componentOrderOf>;
} {
  let edges: number[] = [...DEFAULT_BUCKET_EDGES];
  try {
    const parsed: unknown = JSON.parse(funder.bucketEdges);
    if (
      Array.isArray(parsed) &&
      parsed.length > 0 &&
      parsed.every((e, i) => Number.isSafeInteger(e) && e > 0 && (i === 0 || e > parsed[i - 1]))
    )
      edges = parsed as number[];
  } catch {
    // keep the default
  }
  return { edges, tolerance: funder.materialityTolerance, graceDays: funder.graceDays, componentOrder: componentOrderOf(funder) };
}

export type FunderEntry = {
  /** The funder's book_version the entry reflects (db/queries/book-changes.ts: it moves with every journal row). */
  bookVersion: number;
  /** The servicing settings the books were computed with (a change drops the books, not the stores). */
  settingsKey: string;
  /** The book change journal seq the stores reflect. */
  journal: number;
  schedule: Build<ScheduleStore> | null;
  ledger: Build<LedgerStore> | null;
  books: Map<string, ServicingBook>;
  /** Bumped by every update applied to the stores (and by a rebuild). */
  version: number;
  /** Per applied update, its version and the leases it touched (the last MAX_LOG updates). */
  log: { version: number; ids: number[] }[];
  /** Bumped by a rebuild: versions before it cannot be answered lease by lease. */
  rebuiltAt: number;
  /** A background rebuild in flight: requests are served from this entry until it replaces it. */
  pending: Promise<void> | null;
};
/** One catch-up with the journal at a time per funder (lib/views.ts catchUps). */
const servicingCatchUps = catchUps('servicingCatchUps', "each funder's servicing catch-up with the book change journal in flight");
const MAX_BOOKS_PER_FUNDER = 8;
/** Per database (lib/views.ts databaseState: a file by its path, so any connection shares it) and funder. */
const entries = databaseState(
  'servicingEntries',
  "each funder's schedule and ledger stores, its servicing books at a few dates and the log of changed leases",
  `per funder, the stores and ${MAX_BOOKS_PER_FUNDER} books`,
  () => new Map<number, FunderEntry>(),
);
const MAX_LOG = 256;
/** Above this many changed leases in one refresh the stores are built anew (cheaper than that many per-lease reads). */
export const BULK_CHANGES = 500;

function cacheOf(db: DbOrTx): Map<number, FunderEntry> {
  return entries.of(databaseKey(db));
}

async function requireFunder(db: DbOrTx, funderId: number): Promise<Funder> {
  const f = await getFunder(db, funderId);
  if (!f) throw new NotFound(`Funder ${funderId} does not exist.`);
  return f;
}

function settingsKeyOf(funder: Funder): string {
  return JSON.stringify(servicingSettingsOf(funder));
}

/** A new entry (stores not built yet): the journal seq is read before the data, so changes racing the build are applied again, idempotently. */
async function newEntry(db: DbOrTx, funder: Funder, previous: FunderEntry | undefined): Promise<FunderEntry> {
  const version = (previous?.version ?? 0) + 1;
  return {
    bookVersion: funder.bookVersion,
    settingsKey: settingsKeyOf(funder),
    journal: await bookChangeStamp(db, funder.id),
    schedule: null,
    ledger: null,
    books: new Map(),
    version,
    log: [],
    rebuiltAt: version,
    pending: null,
  };
}

/** bookLeases, a slice of leases at a time with a turn of the event loop between slices. */
async function bookLeasesInSlices(db: DbOrTx, funderId: number): Promise<ServicingLease[]> {
  const out: ServicingLease[] = [];
  for (let afterId = 0; ;) {
    const page = await bookLeases(db, funderId, { afterId, limit: LEASE_SLICE });
    for (const l of page) out.push(l);
    if (page.length < LEASE_SLICE) return out;
    afterId = page[page.length - 1]!.id;
    await yieldToLoop();
  }
}
const LEASE_SLICE = 5000;
/**
 * Leases a background rebuild of the book's views reads, packs or values between two turns of the event loop: here the
 * schedules, in services/portfolio/valuation.ts the book and its valuation. 5,000 held the loop up to 0.8 s under load.
 * On PostgreSQL 500: with 1,000, a payment recorded during the rebuild after a 100,000-lease import took up to 1.35 s
 * (bench:import --pg; 0.85–0.87 s with 500).
 */
export const REBUILD_SLICE = onPostgres ? 500 : 1000;

function scheduleBuild(db: DbOrTx, funderId: number, slices = false): Build<ScheduleStore> {
  return startBuild(
    (async () =>
      buildScheduleStore(
        // The book's leases read a slice at a time for a background rebuild (all at once held the event loop a second or
        // more for 100k leases).
        slices ? await bookLeasesInSlices(db, funderId) : await bookLeases(db, funderId),
        (from, to) => scheduleListsOfBook(db, funderId, from, to),
        slices ? REBUILD_SLICE : undefined,
      ))(),
  );
}
function ledgerBuild(db: DbOrTx, funderId: number, store: ScheduleStore): Build<LedgerStore> {
  return startBuild(
    (async () => buildLedgerStore(store, (from, to) => paymentListsOfBook(db, funderId, from, to), await reversalsOfBook(db, funderId)))(),
  );
}

/** The current rows of the leases `ids` as store rewrites (lease null: not in the book). */
async function readRewrites(db: DbOrTx, funderId: number, ids: readonly number[]): Promise<LeaseRewrite[]> {
  const leases = new Map<number, StoreLease>((await bookLeasesByIds(db, funderId, ids)).map((l) => [l.id, l]));
  const schedules = new Map((await scheduleListsOfLeases(db, [...leases.keys()])).map((r) => [r[0], r]));
  const { payments, reversals } = await readLedgers(db, funderId, [...leases.keys()]);
  return ids.map((id) => ({
    id,
    lease: leases.get(id) ?? null,
    schedule: schedules.get(id) ?? null,
    payments: payments.get(id) ?? null,
    reversals: reversals.get(id) ?? [],
  }));
}

async function readLedgers(db: DbOrTx, funderId: number, ids: readonly number[]) {
  const payments = new Map<number, [string, string]>((await paymentListsOfLeases(db, funderId, ids)).map((r) => [r[0], [r[1], r[2]]]));
  const reversals = new Map<number, [string, number, string][]>();
  for (const [leaseId, on, amt, revOn] of await reversalsOfLeases(db, funderId, ids)) {
    const list = reversals.get(leaseId);
    if (list) list.push([on, amt, revOn]);
    else reversals.set(leaseId, [[on, amt, revOn]]);
  }
  return { payments, reversals };
}

/**
 * The stores' next version, to be updated in place (consumers keyed by the store object see a new one). The update
 * appends rows past `used` and points the changed leases' segments at them, so the versions share the row columns;
 * each gets its own lease list and segment bounds, so a reader still holding the previous version (across an await)
 * keeps a consistent book.
 */
function nextVersionsOf(
  schedule: Build<ScheduleStore>,
  ledger: Build<LedgerStore>,
): { schedule: Build<ScheduleStore>; ledger: Build<LedgerStore> } {
  const s = schedule.value!;
  const leases = s.leases.slice();
  return {
    schedule: builtOf({ ...s, leases, indexById: storeIndexOf(leases), start: s.start.slice(), end: s.end.slice() }),
    ledger: nextLedgerOf(ledger),
  };
}

/** The ledger's next version (nextVersionsOf), for a change of payments only: the schedule stays as it is. */
function nextLedgerOf(ledger: Build<LedgerStore>): Build<LedgerStore> {
  const l = ledger.value!;
  return builtOf({ ...l, start: l.start.slice(), end: l.end.slice() });
}

type FreshEntry = FunderEntry & { schedule: Build<ScheduleStore>; ledger: Build<LedgerStore> };

/**
 * Brings the funder's entry up to date with the database: the book change journal's rows after the entry's seq
 * (leases, ledgers, settings), one catch-up at a time per funder (catchUps). Builds what is missing unless a background
 * rebuild is in flight (then the previous version is served). Returns the funder, read in the catch-up, and the entry
 * with both stores built. 404 for an unknown funder.
 */
function refreshEntry(db: DbOrTx, funderId: number): Promise<{ funder: Funder; entry: FreshEntry }> {
  return servicingCatchUps.run(databaseKey(db), funderId, () => catchUp(db, funderId));
}

async function catchUp(db: DbOrTx, funderId: number): Promise<{ funder: Funder; entry: FreshEntry }> {
  const funder = await requireFunder(db, funderId);
  const cache = cacheOf(db);
  let e = cache.get(funder.id);
  if (e?.pending && e.schedule?.value && e.ledger?.value) return { funder, entry: e as FreshEntry };
  if (e && e.bookVersion !== funder.bookVersion) {
    const settingsKey = settingsKeyOf(funder);
    if (e.settingsKey !== settingsKey) {
      // Settings moved (maybe with leases): the books were computed with the old ones.
      e.books.clear();
      e.settingsKey = settingsKey;
    }
    const changed = await bookChangesSince(db, funder.id, e.journal);
    if (changed.book || leasesTouched(changed).length > BULK_CHANGES || !e.schedule?.value || !e.ledger?.value) {
      e = await newEntry(db, funder, e);
      cache.set(funder.id, e);
    } else {
      if (changed.lease.length > 0) await applyLeaseChanges(db, e, funder, changed.lease);
      // A lease re-read above has its ledger re-read with it.
      const edited = new Set(changed.lease);
      const paid = changed.ledger.filter((id) => !edited.has(id));
      if (paid.length > 0) await applyLedgerChanges(db, e, funder, paid);
      e.journal = changed.stamp;
      e.bookVersion = funder.bookVersion;
    }
  } else if (!e) {
    e = await newEntry(db, funder, undefined);
    cache.set(funder.id, e);
  }
  await buildStores(db, funder.id, e);
  return { funder, entry: e as FreshEntry };
}

/** Builds the entry's stores where missing; a build that failed half-way is dropped (the next request builds anew). */
async function buildStores(db: DbOrTx, funderId: number, e: FunderEntry): Promise<void> {
  const schedule = (e.schedule ??= scheduleBuild(db, funderId));
  try {
    const store = await schedule.promise;
    const ledger = (e.ledger ??= ledgerBuild(db, funderId, store));
    try {
      await ledger.promise;
    } catch (err) {
      if (e.ledger === ledger) e.ledger = null;
      throw err;
    }
  } catch (err) {
    if (e.schedule === schedule && schedule.value === null) e.schedule = null;
    throw err;
  }
}

function logChange(e: FunderEntry, ids: number[]): void {
  e.version++;
  e.log.push({ version: e.version, ids });
  if (e.log.length > MAX_LOG) e.log.splice(0, e.log.length - MAX_LOG);
}

async function applyLeaseChanges(db: DbOrTx, e: FunderEntry, funder: Funder, ids: number[]): Promise<void> {
  const rewrites = await readRewrites(db, funder.id, ids);
  ({ schedule: e.schedule, ledger: e.ledger } = nextVersionsOf(e.schedule!, e.ledger!));
  applyLeaseRewrites(e.schedule.value!, e.ledger.value!, rewrites);
  logChange(e, ids);
  updateBooks(e, funder, ids);
}

async function applyLedgerChanges(db: DbOrTx, e: FunderEntry, funder: Funder, ids: number[]): Promise<void> {
  const { payments, reversals } = await readLedgers(db, funder.id, ids);
  e.ledger = nextLedgerOf(e.ledger!);
  const done = applyLedgerRewrites(
    e.schedule!.value!,
    e.ledger.value!,
    ids.map((id) => ({ id, payments: payments.get(id) ?? null, reversals: reversals.get(id) ?? [] })),
  );
  logChange(e, done);
  updateBooks(e, funder, done);
}

/**
 * Recomputes the changed leases' states in every cached book (a new book object each), keeping the
 * others': each changed lease is replaced, removed or inserted at its id's place (binary search) in the
 * pool's leases. No pass over the book's states: the new book's array is a copy of the previous one's
 * pointers (the previous book object keeps its own), then splices.
 */
function updateBooks(e: FunderEntry, funder: Funder, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const schedule = e.schedule!.value!;
  const ledger = e.ledger!.value!;
  const settings = servicingSettingsOf(funder);
  const options = {
    componentOrder: settings.componentOrder,
    tolerance: settings.tolerance,
    graceDays: settings.graceDays,
    edges: settings.edges,
  };
  const indexes = ids.map((id) => schedule.indexById.get(id)).filter((i): i is number => i !== undefined);
  for (const [asOf, book] of e.books) {
    const fresh = new Map(
      statesAt(schedule, ledger, indexes, asOf, options).map((st, x) => [
        schedule.leases[indexes[x]!]!.id,
        stateOf(schedule.leases[indexes[x]!]!, st),
      ]),
    );
    const leases = book.leases.slice();
    for (const id of ids) {
      const st = fresh.get(id);
      const k = partitionPoint(leases, (l) => l.leaseId < id);
      const present = leases[k]?.leaseId === id;
      if (st?.inPool) {
        if (present) leases[k] = st;
        else leases.splice(k, 0, st);
      } else if (present) leases.splice(k, 1);
    }
    e.books.set(asOf, { ...book, leases, byLeaseId: leaseLookup(leases), version: e.version });
  }
}

/**
 * Refreshes the funder's servicing caches now (call right after a write, in the write's request, so the
 * next read is already fresh; reads also do it lazily). Cheap when nothing changed.
 */
export async function refreshServicingCaches(db: DbOrTx, funderId: number): Promise<void> {
  const cache = cacheOf(db);
  if (!cache.has(funderId)) return;
  await refreshEntry(db, funderId);
}

/**
 * Builds the funder's stores anew in chunks between event-loop turns (after a bulk write: a tape import
 * of hundreds of leases) while requests keep being served from the previous version; the new version
 * replaces it when done. `db` must stay open until it resolves. With `after` (a write not yet visible, e.g. a
 * COMMIT on a worker thread) the previous version is served from now on and the build starts once it resolves.
 */
export async function rebuildServicingInBackground(
  db: DbOrTx,
  funderId: number,
  derive?: DeriveFromStores,
  after?: Promise<unknown>,
): Promise<void> {
  const cache = cacheOf(db);
  const previous = cache.get(funderId);
  if (previous?.pending) return previous.pending;
  const derived: { swap: (() => void) | null } = { swap: null };
  let next: FunderEntry | null = null;
  const run = (async () => {
    if (after) await after;
    const t0 = performance.now();
    next = await newEntry(db, await requireFunder(db, funderId), previous);
    next.schedule = scheduleBuild(db, funderId, true);
    const schedule = await next.schedule.promise;
    const t1 = performance.now();
    next.ledger = ledgerBuild(db, funderId, schedule);
    const ledger = await next.ledger.promise;
    const t2 = performance.now();
    if (derive) derived.swap = await derive({ version: next.version, schedule, ledger });
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.info(
      `[servicing] funder ${funderId}: ${schedule.n} leases rebuilt in the background: schedule ${s(t1 - t0)}, ledger ${s(t2 - t1)}, derived (credit) ${s(performance.now() - t2)}`,
    );
  })();
  if (previous) previous.pending = run;
  try {
    await run;
    // In one turn with the derived caches: no request sees the new stores beside a cache built from the old ones.
    cache.set(funderId, next!);
    derived.swap?.();
  } finally {
    if (previous) previous.pending = null;
  }
}

/**
 * A cache derived from the servicing stores (the credit book), built from rebuilt stores before they replace the
 * previous ones, between event-loop turns like the rebuild itself; resolves with what puts it in place, run in
 * the same turn as the stores are. Without it the first request after the swap would derive it on the event loop.
 */
export type DeriveFromStores = (stores: { version: number; schedule: ScheduleStore; ledger: LedgerStore }) => Promise<() => void>;

/** The stores of the funder, brought up to date (or built), with its cache entry. */
export async function servicingStores(
  db: DbOrTx,
  funderId: number,
): Promise<{ funder: Funder; entry: FunderEntry; schedule: ScheduleStore; ledger: LedgerStore }> {
  const { funder, entry: e } = await refreshEntry(db, funderId);
  return { funder, entry: e, schedule: e.schedule.value!, ledger: e.ledger.value! };
}

/**
 * The leases changed since store version `version` of the funder (created, edited, deleted, paid), with
 * the current version; `ids` null when that cannot be told lease by lease (a rebuild since, or too old):
 * then everything derived must be recomputed. For caches derived from the servicing book.
 */
export async function changedLeasesSince(
  db: DbOrTx,
  funderId: number,
  version: number,
): Promise<{ version: number; ids: number[] | null }> {
  return changedLeasesOf((await servicingStores(db, funderId)).entry, version);
}

/**
 * changedLeasesSince over an entry the caller already holds (servicingStores'): no second catch-up, and the ids are
 * those of the stores that caller reads.
 */
export function changedLeasesOf(entry: FunderEntry, version: number): { version: number; ids: number[] | null } {
  if (version === entry.version) return { version, ids: [] };
  if (version < entry.rebuiltAt || entry.log.length === 0 || entry.log[0]!.version > version + 1)
    return { version: entry.version, ids: null };
  const ids = new Set<number>();
  for (const l of entry.log) if (l.version > version) for (const id of l.ids) ids.add(id);
  return { version: entry.version, ids: [...ids].sort((a, b) => a - b) };
}

/**
 * Day numbers as text, one string per day shared by every book (not one per lease and book: 120,000 leases ×
 * a few books × ≈ 32 bytes). Bounded: a day is added while fewer than MAX_DAY_TEXTS are kept.
 */
const dayTexts = new Map<number, string>();
const MAX_DAY_TEXTS = 50_000;
function dayText(day: number): string {
  let t = dayTexts.get(day);
  if (t === undefined) {
    t = formatDate(day);
    if (dayTexts.size < MAX_DAY_TEXTS) dayTexts.set(day, t);
  }
  return t;
}

function stateOf(lease: StoreLease, s: LeaseStateAt): LeaseServicingState {
  return {
    leaseId: lease.id,
    lesseeId: lease.lesseeId,
    currency: lease.currency,
    // Small integers kept unboxed in the object (lib/intern.ts wholeNumber): a book holds one state per lease.
    dpd: wholeNumber(s.dpd),
    bucket: s.bucket,
    arrearsNet: wholeNumber(s.arrearsNet),
    arrearsVat: wholeNumber(s.arrearsVat),
    arrearsTotal: wholeNumber(s.arrearsTotal),
    credit: wholeNumber(s.credit),
    lastPaymentOn: s.lastPaymentDay === null ? null : dayText(s.lastPaymentDay),
    outstandingPrincipal: wholeNumber(s.outstandingPrincipal),
    inPool: s.inPool,
  };
}

// Process-wide like the books: every bundled copy of this module numbers from the same counter, or two books made by
// different copies could share a lineage and a view cache would patch one as if it were the other.
const lineages = processState('servicingLineages', 'the counter of servicing book lineages', 'one number', () => ({ n: 0 }));

function computeBook(funder: Funder, schedule: ScheduleStore, ledger: LedgerStore, asOf: string, version: number): ServicingBook {
  const settings = servicingSettingsOf(funder);
  const states = bookAt(schedule, ledger, asOf, {
    componentOrder: settings.componentOrder,
    tolerance: settings.tolerance,
    graceDays: settings.graceDays,
    edges: settings.edges,
  });
  const leases: LeaseServicingState[] = [];
  for (let i = 0; i < states.length; i++) if (states[i]!.inPool) leases.push(stateOf(schedule.leases[i]!, states[i]!));
  return {
    funderId: funder.id,
    asOf,
    bucketKeys: bucketsFor(settings.edges).map((b) => b.key),
    leases,
    byLeaseId: leaseLookup(leases),
    version,
    lineage: ++lineages.n,
  };
}

/** The servicing book of the funder at `asOf` (YYYY-MM-DD), kept up to date lease by lease. 404 for an unknown funder. */
export async function getServicingBook(db: DbOrTx, funderId: number, asOf: string): Promise<ServicingBook> {
  const { funder, entry, schedule, ledger } = await servicingStores(db, funderId);
  const hit = entry.books.get(asOf);
  if (hit) return hit;
  const book = computeBook(funder, schedule, ledger, asOf, entry.version);
  if (entry.books.size >= MAX_BOOKS_PER_FUNDER) entry.books.delete(entry.books.keys().next().value!);
  entry.books.set(asOf, book);
  return book;
}

/**
 * Builds the funder's stores (the builders take a turn of the event loop between chunks of leases, so a server warming
 * them at start keeps answering), then the books at the given as-of dates. A request arriving meanwhile waits for the
 * same build (no work is done twice). `db` must stay open until it resolves. Returns the number of leases.
 */
export async function warmServicingBook(db: DbOrTx, funderId: number, asOfs: readonly string[]): Promise<number> {
  for (const asOf of asOfs) {
    await getServicingBook(db, funderId, asOf);
    await yieldToLoop();
  }
  return (await servicingStores(db, funderId)).schedule.n;
}
