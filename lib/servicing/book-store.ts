/**
 * The funder's book held in typed arrays for the book-wide servicing figures at any as-of date:
 *
 * - ScheduleStore (per funder dataVersion): the leases of the book (status ≠ terminated) in id order
 *   and their instalments (schedule rows + residual) in due-date order (ties: period) as columns.
 * - LedgerStore (per ledger stamp): each lease's payments (kind payment) by received day with their
 *   amount and the day of the reversal that removes them (NO_DAY when not reversed).
 *
 * From those, `bookAt` gives each lease in the pool at an as-of date (purchased on or before it:
 * lib/finance/pool.ts, the valuation's rule) its delinquency by the prefix fill of its live
 * cash (allocatePayments fills instalments strictly in due-date order and, within one, the components in the
 * funder's order, so the allocation at an as-of date is the prefix fill of the cash received by then), and
 * `behaviourAt` each lease's payment behaviour (behaviour.ts) without running the engine: the k-th
 * instalment is settled by the first live payment after which the cumulative live cash exceeds
 * Σ due(≤ k) − tolerance (the unpaid of instalment k falls below the tolerance then), which depends only
 * on received days (not on the order of payments within a day). Both are pinned against the engine by
 * tests/unit/servicing-book-store.test.ts. Money in minor units; days are lib/finance day numbers.
 */
import { daysFromCivil, formatDate, isInPool, monthIndexOfDay, tryParseDate } from '@/lib/finance';
import {
  amountColumn,
  dayColumn,
  growColumn,
  holds,
  isZeroColumn,
  ownColumn,
  setAmount,
  spliceSlot,
  widenedStep,
  zeroColumn,
  type AmountColumn,
  type NumberColumn,
} from '@/lib/finance/columns';
import type { MonthStatus, PaymentBehaviour } from './behaviour';
import { bucketOf, DEFAULT_BUCKET_EDGES, DEFAULT_TOLERANCE } from './delinquency';
import { residualInstalment, type ResidualTerms } from './instalments';
import { componentsTotal, type Component } from './allocation';
import type { OpeningPosition } from './opening';
import { idIndex, partitionPoint, type IdIndex } from '@/lib/sorted';
import { derivedValue } from '@/lib/views';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

const storeLeaseId = (l: StoreLease) => l.id;

/** The index by lease id of a store's lease list (read live: lib/sorted.ts idIndex). */
export function storeIndexOf(leases: readonly StoreLease[]): IdIndex {
  return idIndex(leases, storeLeaseId);
}

/** Day number used for "never" (not reversed). */
export const NO_DAY = 0x7fffffff;
/** Purchase day of a lease without one: in the pool at every date. */
const ALWAYS = -0x7fffffff;

/** `purchaseDate` (YYYY-MM-DD) starts the lease's pool membership (domain.md §3); absent = always in the pool. */
export type StoreLease = ResidualTerms & {
  id: number;
  lesseeId: number;
  currency: string;
  status: string;
  purchaseDate?: string;
  writtenOffOn?: string;
  /** Where its servicing starts (opening.ts); absent: from its first instalment. */
  opening?: OpeningPosition;
};

/**
 * The lease's purchase day (a day number), parsed once and kept on the lease object itself, so it travels
 * with the lease through the incremental splices of the stores: statesAt counts a lease only from then on
 * (lib/finance/pool.ts).
 */
const purchaseDays = derivedValue<StoreLease, number>('storePurchaseDays', "a servicing store lease's purchase day");
export function purchaseDayOf(l: StoreLease): number {
  return purchaseDays.get(l, () => (l.purchaseDate === undefined ? ALWAYS : (tryParseDate(l.purchaseDate) ?? ALWAYS)));
}

/** The day a lease leaves the pool by its write-off (domain.md §3, §8); NO_DAY when not written off. */
const exitDays = derivedValue<StoreLease, number>('storeExitDays', "a servicing store lease's write-off day");
export function exitDayOf(l: StoreLease): number {
  return exitDays.get(l, () => (l.writtenOffOn === undefined ? NO_DAY : (tryParseDate(l.writtenOffOn) ?? NO_DAY)));
}

export type ScheduleStore = {
  n: number;
  leases: StoreLease[];
  /** Instalments of lease i are [start[i], end[i]): segments in any order (a rewritten lease's segment is appended; see compaction). */
  start: Int32Array;
  end: Int32Array;
  /** Column rows in use (live segments + rows of replaced segments not yet compacted). */
  used: number;
  /** Rows of the live segments (kept by the updates, so compaction is decided without a pass over the leases). */
  live: number;
  /** Due days: Int16 while every day fits (to September 2059), Int32 once one does not (lib/finance/columns.ts). */
  due: AmountColumn;
  /** Amount columns (minor units): Int32 while every value fits, Float64 once one does not (lib/finance/columns.ts). */
  vat: AmountColumn;
  fee: AmountColumn;
  interest: AmountColumn;
  principal: AmountColumn;
  /** Lease positions by id, read live from `leases` (kept in id order; lib/sorted.ts). */
  indexById: IdIndex;
};

export type LedgerStore = {
  /** Payments of lease i are [start[i], end[i]), by received day (segments appended like the schedule store's). */
  start: Int32Array;
  end: Int32Array;
  used: number;
  /** Rows of the live segments. */
  live: number;
  day: Int32Array;
  amount: AmountColumn;
  /** Day of the reversal removing the payment, NO_DAY when none. */
  reversedOn: Int32Array;
};

/** The instalment columns a lease's rows are written to (the schedule store's, or the builder's while it fills them). */
type InstalmentColumns = { due: AmountColumn; vat: AmountColumn; fee: AmountColumn; interest: AmountColumn; principal: AmountColumn };

/**
 * Writes the integers of a comma list into `out` from `at` (returns the count), or −1 as soon as a value's magnitude does
 * not fit an integer `out` (the caller widens the column and writes the list again).
 */
function parseInts(text: string, out: AmountColumn, at: number): number {
  const limit = out instanceof Float64Array ? Infinity : out instanceof Int32Array ? 0x7fffffff : 0x7fff;
  let v = 0;
  let neg = false;
  let k = at;
  const len = text.length;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      if (v > limit) return -1;
      out[k++] = neg ? -v : v;
      v = 0;
      neg = false;
    } else if (c === 45) neg = true;
    else v = v * 10 + (c - 48);
  }
  if (len > 0) {
    if (v > limit) return -1;
    out[k++] = neg ? -v : v;
  }
  return k - at;
}

/**
 * A comma list parsed by `parse` (parseInts or parseDays) into column `key` of `cols` from `at`; while a value does not
 * fit the column, the column is widened one kind (Int16 → Int32 → Float64) and the list written again. Returns the count.
 */
function parseList<K extends string>(
  parse: (text: string, out: AmountColumn, at: number) => number,
  text: string,
  cols: Record<K, AmountColumn>,
  key: K,
  at: number,
): number {
  if (isZeroColumn(cols[key])) {
    // An all-zero column (columns.ts zeroColumn) stays one while the values are zeros; the first other value gives it
    // memory of its own.
    if (/^(-?0(,-?0)*)?$/.test(text)) return countOf(text);
    cols[key] = ownColumn(cols[key]);
  }
  for (;;) {
    const k = parse(text, cols[key], at);
    if (k >= 0) return k;
    cols[key] = widenedStep(cols[key]);
  }
}

/** Values in a comma list of integers. */
function countOf(text: string): number {
  let k = text.length > 0 ? 1 : 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) k++;
  return k;
}

/** Room for `k` more rows after the first `used` of every column (doubling, as the builders fill them). */
function ensureRows(cols: object, used: number, k: number): void {
  const c = cols as Record<string, NumberColumn>;
  for (const [key, a] of Object.entries(c)) if (used + k > a.length) c[key] = growColumn(a, Math.max(a.length * 2, used + k));
}

/**
 * Writes the day numbers of a comma list of YYYY-MM-DD dates (fixed width) into `out` from `at` (returns the count), or
 * −1 as soon as a day does not fit `out` (an Int16 column: the caller widens it and writes the list again).
 */
function parseDays(text: string, out: AmountColumn, at: number): number {
  const short = out instanceof Int16Array;
  let k = at;
  for (let i = 0; i + 10 <= text.length; i += 11) {
    const y =
      (text.charCodeAt(i) - 48) * 1000 +
      (text.charCodeAt(i + 1) - 48) * 100 +
      (text.charCodeAt(i + 2) - 48) * 10 +
      (text.charCodeAt(i + 3) - 48);
    const m = (text.charCodeAt(i + 5) - 48) * 10 + (text.charCodeAt(i + 6) - 48);
    const day = (text.charCodeAt(i + 8) - 48) * 10 + (text.charCodeAt(i + 9) - 48);
    if (text.charCodeAt(i + 4) !== 45 || text.charCodeAt(i + 7) !== 45 || m < 1 || m > 12 || day < 1 || day > 31)
      throw new Error(`not a date: ${text.slice(i, i + 10)}`);
    const v = daysFromCivil(y, m, day);
    if (short && !holds(out, v)) return -1;
    out[k++] = v;
  }
  return k - at;
}

/** Sorts rows [from, to) of the columns by the key column, stably (ties keep their order: period order). */
function sortSlice(key: AmountColumn, cols: AmountColumn[], from: number, to: number): void {
  let sorted = true;
  for (let j = from + 1; j < to && sorted; j++) if (key[j]! < key[j - 1]!) sorted = false;
  if (sorted) return;
  const idx = Array.from({ length: to - from }, (_, x) => from + x).sort((a, b) => key[a]! - key[b]! || a - b);
  for (const c of [key, ...cols]) {
    if (isZeroColumn(c)) continue; // zeros in any order
    const copy = idx.map((x) => c[x]!);
    for (let j = 0; j < copy.length; j++) c[from + j] = copy[j]!;
  }
}

/** Leases per chunk of the builders (the async warm-up yields between chunks). */
export const STORE_CHUNK = 5000;

/** A chunk of rows as the database gives it: at once (a synchronous reader, a test) or as a promise (the data layer). */
export type ChunkRows<R> = Iterable<R> | Promise<Iterable<R>>;

/**
 * Builds the schedule store chunk by chunk, with a turn of the event loop between chunks.
 * `readChunk` gives per lease [leaseId, due dates, vat, fee, interest, principal] as comma lists in
 * period order; the residual is appended last and the instalments are sorted stably by due date.
 */
export async function buildScheduleStore(
  leases: StoreLease[],
  readChunk: (fromId: number, toId: number) => ChunkRows<[number, string, string, string, string, string]>,
  chunk = STORE_CHUNK,
): Promise<ScheduleStore> {
  const n = leases.length;
  const start = new Int32Array(n + 1);
  // Room for every lease's instalments and a residual: the columns are filled without growing (a growth copies them,
  // and the copy and its source both stay resident until the next full collection; issue #13).
  let cap = 16;
  for (const l of leases) cap += (Number.isInteger(l.term) && l.term > 0 ? l.term : 0) + 1;
  // The fee column starts all-zero (columns.ts zeroColumn): most books charge no fee with their instalments.
  const cols: InstalmentColumns = {
    due: dayColumn(cap),
    vat: amountColumn(cap),
    fee: zeroColumn(cap),
    interest: amountColumn(cap),
    principal: amountColumn(cap),
  };
  let used = 0;
  const indexById = idIndex(leases, storeLeaseId);
  for (let c = 0; c < n; c += chunk) {
    const last = Math.min(n, c + chunk) - 1;
    const it = (await readChunk(leases[c]!.id, leases[last]!.id))[Symbol.iterator]();
    let next = it.next();
    for (let i = c; i <= last; i++) {
      const lease = leases[i]!;
      const from = used;
      start[i] = from;
      while (!next.done && next.value[0] < lease.id) next = it.next();
      const lists = !next.done && next.value[0] === lease.id ? next.value : null;
      if (lists) next = it.next();
      ensureRows(cols, used, rowsOf(lists));
      used = from + writeInstalments(lease, lists, cols, from);
    }
    while (!next.done) next = it.next();
    if (c + chunk < n) await yieldToLoop();
  }
  start[n] = used;
  return {
    n,
    leases,
    start,
    end: endsOf(start, n),
    used,
    live: used,
    due: fit(cols.due, used),
    vat: fit(cols.vat, used),
    fee: fit(cols.fee, used),
    interest: fit(cols.interest, used),
    principal: fit(cols.principal, used),
    indexById,
  };
}

/**
 * Builds the ledger store chunk by chunk over the schedule store's leases, with a turn of the event loop between
 * chunks; `readChunk` gives per lease [leaseId, received dates, amounts].
 */
export async function buildLedgerStore(
  store: ScheduleStore,
  readChunk: (fromId: number, toId: number) => ChunkRows<[number, string, string]>,
  reversals: readonly [number, string, number, string][],
): Promise<LedgerStore> {
  const { n, leases } = store;
  const start = new Int32Array(n + 1);
  const cols: { day: Int32Array; amount: AmountColumn } = {
    day: new Int32Array(Math.max(16, n * 30)),
    amount: amountColumn(Math.max(16, n * 30)),
  };
  let used = 0;
  for (let c = 0; c < n; c += STORE_CHUNK) {
    const last = Math.min(n, c + STORE_CHUNK) - 1;
    const it = (await readChunk(leases[c]!.id, leases[last]!.id))[Symbol.iterator]();
    let next = it.next();
    for (let i = c; i <= last; i++) {
      const id = leases[i]!.id;
      const from = used;
      start[i] = from;
      while (!next.done && next.value[0] < id) next = it.next();
      if (next.done || next.value[0] !== id) continue;
      const k = (next.value[1].length + 1) / 11;
      ensureRows(cols, used, k);
      writePayments(next.value[1], next.value[2], cols, from);
      next = it.next();
      used = from + k;
    }
    while (!next.done) next = it.next();
    if (c + STORE_CHUNK < n) await yieldToLoop();
  }
  start[n] = used;
  const dayFit = fit(cols.day, used);
  const out: LedgerStore = {
    start,
    end: endsOf(start, n),
    used,
    live: used,
    day: dayFit,
    amount: fit(cols.amount, used),
    reversedOn: new Int32Array(dayFit.length).fill(NO_DAY),
  };
  for (const [leaseId, on, amt, revOn] of reversals) {
    const i = store.indexById.get(leaseId);
    if (i !== undefined) applyReversal(out, i, on, amt, revOn);
  }
  return out;
}

/**
 * The column copied into an array of its length plus 1/64 room for rewritten segments (the builders'
 * capacity guesses, e.g. 40 rows a lease, would otherwise be kept for the life of the cache).
 */
function fit<T extends NumberColumn>(data: T, length: number): T {
  // Already about that size (a builder sized from the leases' terms): kept, rather than copied.
  if (data.length >= length + 64 && data.length <= length + (length >> 5) + 64) return data;
  // The rows after `length` were never written: zeros, as a new tail is.
  return growColumn(data, length + (length >> 6) + 64);
}

function endsOf(start: Int32Array, n: number): Int32Array {
  const end = new Int32Array(n);
  for (let i = 0; i < n; i++) end[i] = start[i + 1]!;
  return end;
}

/** Schedule lists of one lease as the readers give them: [leaseId, due dates, vat, fee, interest, principal] (comma lists in period order). */
export type ScheduleLists = readonly [number, string, string, string, string, string];

/** Rows a lease's instalments need (schedule rows + a possible residual + a possible opening arrears instalment). */
function rowsOf(lists: ScheduleLists | null): number {
  return (lists ? (lists[1].length + 1) / 11 : 0) + 2;
}

/**
 * Writes a lease's instalments (schedule rows, then its residual as period k + 1, due last among equal
 * dates) from `from`, sorted stably by due date; room for rowsOf(lists) rows is the caller's. Returns the count.
 */
function writeInstalments(lease: StoreLease, lists: ScheduleLists | null, cols: InstalmentColumns, from: number): number {
  let k = 0;
  if (lists) {
    k = parseList(parseDays, lists[1], cols, 'due', from);
    parseList(parseInts, lists[2], cols, 'vat', from);
    parseList(parseInts, lists[3], cols, 'fee', from);
    parseList(parseInts, lists[4], cols, 'interest', from);
    parseList(parseInts, lists[5], cols, 'principal', from);
  }
  const res = residualInstalment(lease, k);
  if (res) {
    setAmount(cols, 'due', from + k, tryParseDate(res.dueDate)!);
    setAmount(cols, 'vat', from + k, res.vat);
    setAmount(cols, 'fee', from + k, 0);
    setAmount(cols, 'interest', from + k, 0);
    setAmount(cols, 'principal', from + k, res.principal);
    k++;
  }
  sortSlice(cols.due, [cols.vat, cols.fee, cols.interest, cols.principal], from, from + k);
  return lease.opening ? applyOpening(lease.opening, cols, from, k) : k;
}

const INSTALMENT_KEYS = ['due', 'vat', 'fee', 'interest', 'principal'] as const;

/**
 * The lease's instalments [from, from + k) (sorted by due day) as opening.ts servicedInstalments gives them: the rows
 * due before the opening's day dropped, the opening arrears (when not zero) first, due `daysPastDue` days before it.
 * Returns the new count; room for one more row than `k` is the caller's.
 */
function applyOpening(o: OpeningPosition, cols: InstalmentColumns, from: number, k: number): number {
  const day = tryParseDate(o.asOf)!;
  let dropped = 0;
  while (dropped < k && cols.due[from + dropped]! < day) dropped++;
  const open = componentsTotal(o.arrears) > 0 ? 1 : 0;
  const kept = k - dropped;
  const move = (x: number) => {
    for (const key of INSTALMENT_KEYS) setAmount(cols, key, from + open + x, cols[key][from + dropped + x]!);
  };
  // The kept rows are the segment's tail: they move left over the dropped ones, or one right for the opening row.
  if (open > dropped) for (let x = kept - 1; x >= 0; x--) move(x);
  else if (open < dropped) for (let x = 0; x < kept; x++) move(x);
  if (open) {
    setAmount(cols, 'due', from, day - o.daysPastDue);
    setAmount(cols, 'vat', from, o.arrears.vat);
    setAmount(cols, 'fee', from, o.arrears.fee);
    setAmount(cols, 'interest', from, o.arrears.interest);
    setAmount(cols, 'principal', from, o.arrears.principal);
  }
  return kept + open;
}

/** Writes a lease's payments (received dates, amounts as comma lists) from `from`, sorted stably by day; returns the count. */
function writePayments(days: string, amounts: string, cols: { day: Int32Array; amount: AmountColumn }, from: number): number {
  const k = parseDays(days, cols.day, from);
  parseList(parseInts, amounts, cols, 'amount', from);
  sortSlice(cols.day, [cols.amount], from, from + k);
  return k;
}

/** A reversal removes its payment; a payment is identified by lease, received day and amount (two equal ones are interchangeable). */
function applyReversal(l: LedgerStore, i: number, on: string, amt: number, revOn: string): void {
  const d = tryParseDate(on);
  const r = tryParseDate(revOn);
  if (d === null || r === null) return;
  for (let j = l.start[i]!; j < l.end[i]!; j++) {
    if (l.day[j] === d && l.amount[j] === amt && l.reversedOn[j] === NO_DAY) {
      l.reversedOn[j] = r;
      return;
    }
  }
}

/**
 * A build in progress, shared by whoever needs its result: the warm-up starts it, a request arriving meanwhile awaits
 * the same promise (no work is done twice). `value` is set once it is done.
 */
export type Build<T> = { promise: Promise<T>; value: T | null };

export function startBuild<T>(run: Promise<T>): Build<T> {
  const b: Build<T> = { promise: run, value: null };
  b.promise = run.then((v) => (b.value = v));
  return b;
}

/** A build already done (a new version of a store over the same columns). */
export function builtOf<T>(value: T): Build<T> {
  return { promise: Promise.resolve(value), value };
}

export type BookOptions = { componentOrder: readonly Component[]; tolerance: number; graceDays: number; edges: readonly number[] };

/** One lease's delinquency at the as-of day (as delinquencyAt of the engine gives it), with its credit and last live payment day. */
export type LeaseStateAt = {
  dpd: number;
  bucket: string;
  arrearsNet: number;
  arrearsVat: number;
  arrearsTotal: number;
  credit: number;
  outstandingPrincipal: number;
  lastPaymentDay: number | null;
  /**
   * Whether the lease is in the pool at the as-of day (domain.md §3, §14): purchased on or before it, not written off by
   * it, and not repaid (past its last instalment with nothing left unpaid); when not, every figure is 0.
   */
  inPool: boolean;
};

/** The state of a lease outside the pool at the as-of date: no figures. */
const OUTSIDE_POOL: LeaseStateAt = {
  dpd: 0,
  bucket: '',
  arrearsNet: 0,
  arrearsVat: 0,
  arrearsTotal: 0,
  credit: 0,
  outstandingPrincipal: 0,
  lastPaymentDay: null,
  inPool: false,
};

/** Per lease i (store order) its state at `asOf` (YYYY-MM-DD): the prefix fill of the live cash. */
export function bookAt(s: ScheduleStore, l: LedgerStore, asOf: string, o: BookOptions): LeaseStateAt[] {
  return statesAt(s, l, null, asOf, o);
}

/** The states at `asOf` of the leases at the given store indexes (all when null), in that order. */
export function statesAt(
  s: ScheduleStore,
  l: LedgerStore,
  indexes: readonly number[] | null,
  asOf: string,
  o: BookOptions,
): LeaseStateAt[] {
  const asOfDay = tryParseDate(asOf);
  if (asOfDay === null) throw new Error(`asOf is not a date: ${asOf}`);
  const tolerance = o.tolerance ?? DEFAULT_TOLERANCE;
  const edges = o.edges ?? DEFAULT_BUCKET_EDGES;
  const cols = { vat: s.vat, fee: s.fee, interest: s.interest, principal: s.principal };
  const order = o.componentOrder.map((c) => cols[c]);
  const vatAt = o.componentOrder.indexOf('vat');
  const count = indexes ? indexes.length : s.n;
  const out: LeaseStateAt[] = new Array(count);
  for (let x = 0; x < count; x++) {
    const i = indexes ? indexes[x]! : x;
    // In the pool from its purchase date until its write-off (the store keeps it: its history stays derivable).
    if (!isInPool(purchaseDayOf(s.leases[i]!), asOfDay) || exitDayOf(s.leases[i]!) <= asOfDay) {
      out[x] = OUTSIDE_POOL;
      continue;
    }
    let cash = 0;
    let last = -1;
    for (let j = l.start[i]!; j < l.end[i]!; j++) {
      const d = l.day[j]!;
      if (d > asOfDay || l.reversedOn[j]! <= asOfDay) continue;
      cash += l.amount[j]!;
      if (d > last) last = d;
    }
    let left = cash;
    let arrearsVat = 0;
    let arrearsOther = 0;
    let running = 0;
    let since = -1;
    let outstanding = 0;
    for (let k = s.start[i]!; k < s.end[i]!; k++) {
      let unpaidTotal = 0;
      let unpaidVat = 0;
      for (let c = 0; c < 4; c++) {
        const due = order[c]![k]!;
        const take = due < left ? due : left;
        left -= take;
        const unpaid = due - take;
        unpaidTotal += unpaid;
        if (c === vatAt) unpaidVat = unpaid;
      }
      // Outstanding principal (domain.md §3's prin, §14): the schedule's balance after the last instalment due
      // before the as-of day — the principal of the instalments due on or after it, the residual included. What
      // is unpaid of earlier instalments is arrears, shown beside it, never inside it.
      if (s.due[k]! >= asOfDay) outstanding += s.principal[k]!;
      else if (unpaidTotal > 0) {
        arrearsVat += unpaidVat;
        arrearsOther += unpaidTotal - unpaidVat;
        running += unpaidTotal;
        if (since < 0 && running >= tolerance) since = s.due[k]!;
      }
    }
    // Past its last instalment (a lease's instalments are in due-date order) and owing nothing: repaid, out of the pool
    // (§3, §14). One that still owes arrears stays in.
    if (s.end[i]! > s.start[i]! && s.due[s.end[i]! - 1]! < asOfDay && arrearsVat + arrearsOther === 0) {
      out[x] = OUTSIDE_POOL;
      continue;
    }
    const dpd = since < 0 ? 0 : Math.max(0, asOfDay - since - (o.graceDays ?? 0));
    out[x] = {
      dpd,
      bucket: bucketOf(dpd, edges).key,
      arrearsNet: arrearsOther,
      arrearsVat,
      arrearsTotal: arrearsVat + arrearsOther,
      credit: left,
      outstandingPrincipal: outstanding,
      lastPaymentDay: last < 0 ? null : last,
      inPool: true,
    };
  }
  return out;
}

const SEVERITY: Record<MonthStatus, number> = { none: 0, 'paid-on-time': 1, 'paid-late': 2, unpaid: 3 };

function monthText(mi: number): string {
  const year = Math.floor(mi / 12);
  const month = mi - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}`;
}

/**
 * Payment behaviour at `asOf` of groups of leases (store indexes), as lesseeBehaviour(paymentBehaviour
 * of each lease's allocation) gives it: counts and day totals summed, max of maxima, latest payment
 * (amounts of that day summed), worst status per month of the 12-month strip.
 */
export function behaviourAt(
  s: ScheduleStore,
  l: LedgerStore,
  groups: readonly (readonly number[])[],
  asOf: string,
  o: { tolerance: number; graceDays: number },
): PaymentBehaviour[] {
  const asOfDay = tryParseDate(asOf);
  if (asOfDay === null) throw new Error(`asOf is not a date: ${asOf}`);
  const tol = o.tolerance;
  const grace = o.graceDays;
  const asOfMonth = monthIndexOfDay(asOfDay);
  const firstMonth = asOfMonth - 11;
  // First day of each strip month (and of the month after): a due day's cell by comparison, not by calendar arithmetic.
  const monthStart = new Int32Array(13);
  for (let m = 0; m <= 12; m++) {
    const mi = firstMonth + m;
    monthStart[m] = daysFromCivil(Math.floor(mi / 12), (mi % 12) + 1, 1);
  }
  const months = Array.from({ length: 12 }, (_, m) => monthText(firstMonth + m));
  const STATUS: MonthStatus[] = ['none', 'paid-on-time', 'paid-late', 'unpaid'];
  const asOfText = formatDate(asOfDay);
  // The strip's cells: one object per month and status shared by every group (not 12 new objects per lessee).
  const cells = months.map((month) => STATUS.map((status) => ({ month, status })));
  const live: number[] = [];
  return groups.map((group) => {
    let instalmentsDue = 0;
    let paidOnTime = 0;
    let paidLate = 0;
    let unpaidOverdue = 0;
    let pending = 0;
    let totalDaysLate = 0;
    let maxDaysLate = 0;
    let lastDay = -1;
    let lastAmount = 0;
    const strip = new Int8Array(12);
    for (const i of group) {
      // Live payments of the lease (received by as-of, not reversed by then), by day.
      live.length = 0;
      let leaseLast = -1;
      let leaseLastAmount = 0;
      for (let j = l.start[i]!; j < l.end[i]!; j++) {
        const d = l.day[j]!;
        if (d > asOfDay || l.reversedOn[j]! <= asOfDay) continue;
        live.push(j);
        if (d > leaseLast) {
          leaseLast = d;
          leaseLastAmount = l.amount[j]!;
        } else if (d === leaseLast) leaseLastAmount += l.amount[j]!;
      }
      if (leaseLast >= 0) {
        if (leaseLast > lastDay) {
          lastDay = leaseLast;
          lastAmount = leaseLastAmount;
        } else if (leaseLast === lastDay) lastAmount += leaseLastAmount;
      }
      let p = -1;
      let cash = 0;
      let cumDue = 0;
      for (let k = s.start[i]!; k < s.end[i]!; k++) {
        const dueDay = s.due[k]!;
        const totalDue = s.vat[k]! + s.fee[k]! + s.interest[k]! + s.principal[k]!;
        cumDue += totalDue;
        if (dueDay > asOfDay) break;
        let settled = -1;
        if (totalDue < tol || totalDue === 0) settled = dueDay;
        else if (tol > 0) {
          // The first live payment after which cumulative cash > cumDue − tol settles it.
          const threshold = cumDue - tol;
          while (cash <= threshold && p + 1 < live.length) cash += l.amount[live[++p]!]!;
          if (cash > threshold) settled = l.day[live[p]!]!;
        }
        instalmentsDue++;
        let status: MonthStatus;
        if (settled >= 0) {
          if (settled <= dueDay + grace) {
            paidOnTime++;
            status = 'paid-on-time';
          } else {
            paidLate++;
            status = 'paid-late';
            totalDaysLate += settled - dueDay;
            if (settled - dueDay > maxDaysLate) maxDaysLate = settled - dueDay;
          }
        } else {
          status = 'unpaid';
          if (dueDay + grace < asOfDay) {
            unpaidOverdue++;
            totalDaysLate += asOfDay - dueDay;
            if (asOfDay - dueDay > maxDaysLate) maxDaysLate = asOfDay - dueDay;
          } else pending++;
        }
        if (dueDay >= monthStart[0]!) {
          let m = 11;
          while (dueDay < monthStart[m]!) m--;
          if (SEVERITY[status] > strip[m]!) strip[m] = SEVERITY[status];
        }
      }
    }
    const late = paidLate + unpaidOverdue;
    const decided = paidOnTime + late;
    return {
      asOf: asOfText,
      instalmentsDue,
      paidOnTime,
      paidLate,
      unpaidOverdue,
      pending,
      onTimeRate: decided === 0 ? null : paidOnTime / decided,
      averageDaysLate: late === 0 ? null : totalDaysLate / late,
      totalDaysLate,
      maxDaysLate,
      lastPaymentDate: lastDay < 0 ? null : formatDate(lastDay),
      lastPaymentAmount: lastDay < 0 ? null : lastAmount,
      strip: Array.from(strip, (severity, m) => cells[m]![severity]!),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Incremental updates. A changed lease's instalments or payments are written as a new segment at the
// end of the columns (its old rows become garbage); a lease entering or leaving the book is spliced
// into the per-lease arrays of both stores (ids stay ascending, so store order = id order, as a full
// build). When garbage exceeds the live rows the columns are compacted in lease order. Equal to a full
// build by construction (the same writers), pinned by tests/unit/servicing/incremental-stores.test.ts.

/** One lease's current rows: `lease` null when it is no longer in the book (deleted or terminated). */
export type LeaseRewrite = {
  id: number;
  lease: StoreLease | null;
  schedule: ScheduleLists | null;
  /** Payments (kind payment) as [received dates, amounts] comma lists, or null when none. */
  payments: readonly [string, string] | null;
  /** Its reversals in reversal-id order: [reversed payment's received date, its amount, the reversal's date]. */
  reversals: readonly (readonly [string, number, string])[];
};

function reserveSchedule(s: ScheduleStore, k: number): void {
  if (s.used + k <= s.due.length) return;
  const size = Math.max(s.used + k, s.due.length + (s.due.length >> 4), 64);
  s.due = growColumn(s.due, size);
  s.vat = growColumn(s.vat, size);
  s.fee = growColumn(s.fee, size);
  s.interest = growColumn(s.interest, size);
  s.principal = growColumn(s.principal, size);
}

function reserveLedger(l: LedgerStore, k: number): void {
  if (l.used + k <= l.day.length) return;
  const size = Math.max(l.used + k, l.day.length + (l.day.length >> 4), 64);
  l.day = growColumn(l.day, size);
  l.amount = growColumn(l.amount, size);
  const rev = new Int32Array(size).fill(NO_DAY);
  rev.set(l.reversedOn.subarray(0, l.used));
  l.reversedOn = rev;
}

function spliceLease(s: ScheduleStore, l: LedgerStore, p: number, lease: StoreLease | null): void {
  const insert = lease !== null;
  if (!insert) {
    s.live -= s.end[p]! - s.start[p]!;
    l.live -= l.end[p]! - l.start[p]!;
  }
  s.start = spliceSlot(s.start, s.n, p, insert);
  s.end = spliceSlot(s.end, s.n, p, insert);
  l.start = spliceSlot(l.start, s.n, p, insert);
  l.end = spliceSlot(l.end, s.n, p, insert);
  if (insert) {
    s.leases.splice(p, 0, lease);
    s.start[p] = s.end[p] = s.used;
    l.start[p] = l.end[p] = l.used;
    s.n++;
  } else {
    s.leases.splice(p, 1);
    s.n--;
  }
}

function rewriteSchedule(s: ScheduleStore, i: number, lists: ScheduleLists | null): void {
  reserveSchedule(s, rowsOf(lists));
  const from = s.used;
  const k = writeInstalments(s.leases[i]!, lists, s, from);
  s.live += k - (s.end[i]! - s.start[i]!);
  s.start[i] = from;
  s.end[i] = from + k;
  s.used = from + k;
}

function rewriteLedger(l: LedgerStore, i: number, payments: readonly [string, string] | null, reversals: LeaseRewrite['reversals']): void {
  const k = payments ? (payments[0].length + 1) / 11 : 0;
  reserveLedger(l, k);
  const from = l.used;
  if (payments) writePayments(payments[0], payments[1], l, from);
  l.reversedOn.fill(NO_DAY, from, from + k);
  l.live += k - (l.end[i]! - l.start[i]!);
  l.start[i] = from;
  l.end[i] = from + k;
  l.used = from + k;
  for (const [on, amt, revOn] of reversals) applyReversal(l, i, on, amt, revOn);
}

/**
 * Applies the current rows of changed leases to both stores (schedule and ledger): a lease left the
 * book → removed; entered → inserted at its id's place; otherwise its segments are rewritten.
 */
export function applyLeaseRewrites(s: ScheduleStore, l: LedgerStore, rewrites: readonly LeaseRewrite[]): void {
  for (const r of rewrites) {
    let i = s.indexById.get(r.id);
    if (r.lease === null) {
      if (i !== undefined) {
        spliceLease(s, l, i, null);
      }
      continue;
    }
    if (i === undefined) {
      i = partitionPoint(s.leases, (l) => l.id < r.id);
      spliceLease(s, l, i, r.lease);
    } else {
      s.leases[i] = r.lease;
    }
    rewriteSchedule(s, i, r.schedule);
    rewriteLedger(l, i, r.payments, r.reversals);
  }
  compactStores(s, l);
}

/** Rewrites the ledger segments of leases of the book (new payments or reversals of theirs); leases not in the book are skipped. */
export function applyLedgerRewrites(
  s: ScheduleStore,
  l: LedgerStore,
  rewrites: readonly Pick<LeaseRewrite, 'id' | 'payments' | 'reversals'>[],
): number[] {
  const done: number[] = [];
  for (const r of rewrites) {
    const i = s.indexById.get(r.id);
    if (i === undefined) continue;
    rewriteLedger(l, i, r.payments, r.reversals);
    done.push(r.id);
  }
  compactStores(s, l);
  return done;
}

/** Copies the live segments in lease order into right-sized columns once replaced rows outnumber the live ones. */
export function compactStores(s: ScheduleStore, l: LedgerStore, force = false): void {
  const live = s.live;
  if (force || s.used - live > Math.max(live, 4096)) {
    const size = live + (live >> 3) + 64;
    const at = (c: AmountColumn) => compacted(c, size, s.start, s.end, s.n);
    const columns = { due: at(s.due), vat: at(s.vat), fee: at(s.fee), interest: at(s.interest), principal: at(s.principal) };
    Object.assign(s, columns, { used: packSegments(s.start, s.end, s.n) });
  }
  const liveL = l.live;
  if (force || l.used - liveL > Math.max(liveL, 4096)) {
    const size = liveL + (liveL >> 3) + 64;
    const day = compacted(l.day, size, l.start, l.end, s.n) as Int32Array;
    const amount = compacted(l.amount, size, l.start, l.end, s.n);
    const reversedOn = compacted(l.reversedOn, size, l.start, l.end, s.n, NO_DAY) as Int32Array;
    Object.assign(l, { day, amount, reversedOn, used: packSegments(l.start, l.end, s.n) });
  }
}

/**
 * The segments [start[i], end[i]) of column `c`, back to back in lease order, in a column of its kind with `size` rows
 * (the rest `fill`). An all-zero column stays one (columns.ts zeroColumn).
 */
function compacted(c: AmountColumn, size: number, start: Int32Array, end: Int32Array, n: number, fill = 0): AmountColumn {
  if (isZeroColumn(c)) return growColumn(c, size);
  const out = amountColumn(size, c);
  if (fill !== 0) out.fill(fill);
  let at = 0;
  for (let i = 0; i < n; i++) {
    out.set(c.subarray(start[i]!, end[i]!), at);
    at += end[i]! - start[i]!;
  }
  return out;
}

/** Moves the segments' bounds to where compacted put them (back to back from 0); returns the rows in use. */
function packSegments(start: Int32Array, end: Int32Array, n: number): number {
  let at = 0;
  for (let i = 0; i < n; i++) {
    const len = end[i]! - start[i]!;
    start[i] = at;
    at += len;
    end[i] = at;
  }
  return at;
}
