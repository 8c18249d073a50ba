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
 * cash (see cash-state.ts: allocatePayments fills instalments strictly in due-date order), and
 * `behaviourAt` each lease's payment behaviour (behaviour.ts) without running the engine: the k-th
 * instalment is settled by the first live payment after which the cumulative live cash exceeds
 * Σ due(≤ k) − tolerance (the unpaid of instalment k falls below the tolerance then), which depends only
 * on received days (not on the order of payments within a day). Both are pinned against the engine by
 * tests/unit/servicing-book-store.test.ts. Money in minor units; days are lib/finance day numbers.
 */
import { daysFromCivil, formatDate, isInPool, monthIndexOfDay, tryParseDate } from '@/lib/finance';
import type { Component } from './allocation';
import type { MonthStatus, PaymentBehaviour } from './behaviour';
import { bucketOf, DEFAULT_BUCKET_EDGES, DEFAULT_TOLERANCE } from './delinquency';
import { residualInstalment, type ResidualTerms } from './instalments';

/** Day number used for "never" (not reversed). */
export const NO_DAY = 0x7fffffff;
/** Purchase day of a lease without one: in the pool at every date. */
const ALWAYS = -0x7fffffff;

/** `purchaseDate` (YYYY-MM-DD) starts the lease's pool membership (domain.md §3); absent = always in the pool. */
export type StoreLease = ResidualTerms & { id: number; lesseeId: number; currency: string; status: string; purchaseDate?: string };

export type ScheduleStore = {
  n: number;
  leases: StoreLease[];
  /** Instalments of lease i are [start[i], start[i + 1]). */
  start: Int32Array;
  due: Int32Array;
  vat: Float64Array;
  fee: Float64Array;
  interest: Float64Array;
  principal: Float64Array;
  /** Purchase day of lease i: bookAt counts it only from then on (lib/finance/pool.ts). */
  purchaseDay: Int32Array;
  indexById: Map<number, number>;
};

export type LedgerStore = {
  /** Payments of lease i are [start[i], start[i + 1]), by received day. */
  start: Int32Array;
  day: Int32Array;
  amount: Float64Array;
  /** Day of the reversal removing the payment, NO_DAY when none. */
  reversedOn: Int32Array;
};

/** Growable column: `ensure(k)` before writing k more values at `length`. */
class Column<T extends Int32Array | Float64Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  ensure(k: number) {
    if (this.length + k <= this.data.length) return;
    const next = this.make(Math.max(this.data.length * 2, this.length + k));
    next.set(this.data);
    this.data = next;
  }
  done(): T {
    return this.data.subarray(0, this.length) as T;
  }
}
const i32 = (n: number) => new Column(new Int32Array(n), (k) => new Int32Array(k));
const f64 = (n: number) => new Column(new Float64Array(n), (k) => new Float64Array(k));

/** Writes the integers of a comma list into `out` from `at` (returns the count). */
function parseInts(text: string, out: Int32Array | Float64Array, at: number): number {
  let v = 0;
  let neg = false;
  let k = at;
  const len = text.length;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      out[k++] = neg ? -v : v;
      v = 0;
      neg = false;
    } else if (c === 45) neg = true;
    else v = v * 10 + (c - 48);
  }
  if (len > 0) out[k++] = neg ? -v : v;
  return k - at;
}

/** Writes the day numbers of a comma list of YYYY-MM-DD dates (fixed width) into `out` from `at` (returns the count). */
function parseDays(text: string, out: Int32Array, at: number): number {
  let k = at;
  for (let i = 0; i + 10 <= text.length; i += 11) {
    const y = (text.charCodeAt(i) - 48) * 1000 + (text.charCodeAt(i + 1) - 48) * 100 + (text.charCodeAt(i + 2) - 48) * 10 + (text.charCodeAt(i + 3) - 48);
    const m = (text.charCodeAt(i + 5) - 48) * 10 + (text.charCodeAt(i + 6) - 48);
    const day = (text.charCodeAt(i + 8) - 48) * 10 + (text.charCodeAt(i + 9) - 48);
    if (text.charCodeAt(i + 4) !== 45 || text.charCodeAt(i + 7) !== 45 || m < 1 || m > 12 || day < 1 || day > 31) throw new Error(`not a date: ${text.slice(i, i + 10)}`);
    out[k++] = daysFromCivil(y, m, day);
  }
  return k - at;
}

/** Sorts rows [from, to) of the columns by the key column, stably (ties keep their order: period order). */
function sortSlice(key: Int32Array, cols: (Int32Array | Float64Array)[], from: number, to: number): void {
  let sorted = true;
  for (let j = from + 1; j < to && sorted; j++) if (key[j]! < key[j - 1]!) sorted = false;
  if (sorted) return;
  const idx = Array.from({ length: to - from }, (_, x) => from + x).sort((a, b) => key[a]! - key[b]! || a - b);
  for (const c of [key, ...cols]) {
    const copy = idx.map((x) => c[x]!);
    for (let j = 0; j < copy.length; j++) c[from + j] = copy[j]!;
  }
}

/** Leases per chunk of the builders (the async warm-up yields between chunks). */
export const STORE_CHUNK = 5000;

/**
 * Builds the schedule store chunk by chunk (a generator so the warm-up can yield between chunks).
 * `readChunk` gives per lease [leaseId, due dates, vat, fee, interest, principal] as comma lists in
 * period order; the residual is appended last and the instalments are sorted stably by due date.
 */
export function* buildScheduleStore(leases: StoreLease[], readChunk: (fromId: number, toId: number) => Iterable<[number, string, string, string, string, string]>): Generator<void, ScheduleStore> {
  const n = leases.length;
  const start = new Int32Array(n + 1);
  const cap = Math.max(16, n * 40);
  const due = i32(cap);
  const vat = f64(cap);
  const fee = f64(cap);
  const interest = f64(cap);
  const principal = f64(cap);
  const indexById = new Map<number, number>();
  leases.forEach((l, i) => indexById.set(l.id, i));
  for (let c = 0; c < n; c += STORE_CHUNK) {
    const last = Math.min(n, c + STORE_CHUNK) - 1;
    const it = readChunk(leases[c]!.id, leases[last]!.id)[Symbol.iterator]();
    let next = it.next();
    for (let i = c; i <= last; i++) {
      const lease = leases[i]!;
      const from = due.length;
      start[i] = from;
      while (!next.done && next.value[0] < lease.id) next = it.next();
      let k = 0;
      let lastPeriod = 0;
      if (!next.done && next.value[0] === lease.id) {
        const v = next.value;
        k = (v[1].length + 1) / 11;
        due.ensure(k + 1);
        vat.ensure(k + 1);
        fee.ensure(k + 1);
        interest.ensure(k + 1);
        principal.ensure(k + 1);
        parseDays(v[1], due.data, from);
        parseInts(v[2], vat.data, from);
        parseInts(v[3], fee.data, from);
        parseInts(v[4], interest.data, from);
        parseInts(v[5], principal.data, from);
        lastPeriod = k;
        next = it.next();
      } else {
        due.ensure(1);
        vat.ensure(1);
        fee.ensure(1);
        interest.ensure(1);
        principal.ensure(1);
      }
      // Schedule periods are 1..k (the residual is period k + 1, due last among equal dates).
      const res = residualInstalment(lease, lastPeriod);
      if (res) {
        due.data[from + k] = tryParseDate(res.dueDate)!;
        vat.data[from + k] = res.vat;
        fee.data[from + k] = 0;
        interest.data[from + k] = 0;
        principal.data[from + k] = res.principal;
        k++;
      }
      const to = from + k;
      due.length = vat.length = fee.length = interest.length = principal.length = to;
      sortSlice(due.data, [vat.data, fee.data, interest.data, principal.data], from, to);
    }
    while (!next.done) next = it.next();
    yield;
  }
  start[n] = due.length;
  const purchaseDay = Int32Array.from(leases, (l) => (l.purchaseDate === undefined ? ALWAYS : (tryParseDate(l.purchaseDate) ?? ALWAYS)));
  return { n, leases, start, due: due.done(), vat: vat.done(), fee: fee.done(), interest: interest.done(), principal: principal.done(), purchaseDay, indexById };
}

/** Builds the ledger store chunk by chunk over the schedule store's leases; `readChunk` gives per lease [leaseId, received dates, amounts]. */
export function* buildLedgerStore(
  store: ScheduleStore,
  readChunk: (fromId: number, toId: number) => Iterable<[number, string, string]>,
  reversals: readonly [number, string, number, string][],
): Generator<void, LedgerStore> {
  const { n, leases } = store;
  const start = new Int32Array(n + 1);
  const day = i32(Math.max(16, n * 30));
  const amount = f64(Math.max(16, n * 30));
  for (let c = 0; c < n; c += STORE_CHUNK) {
    const last = Math.min(n, c + STORE_CHUNK) - 1;
    const it = readChunk(leases[c]!.id, leases[last]!.id)[Symbol.iterator]();
    let next = it.next();
    for (let i = c; i <= last; i++) {
      const id = leases[i]!.id;
      const from = day.length;
      start[i] = from;
      while (!next.done && next.value[0] < id) next = it.next();
      if (next.done || next.value[0] !== id) continue;
      const k = (next.value[1].length + 1) / 11;
      day.ensure(k);
      amount.ensure(k);
      parseDays(next.value[1], day.data, from);
      parseInts(next.value[2], amount.data, from);
      next = it.next();
      day.length = amount.length = from + k;
      sortSlice(day.data, [amount.data], from, from + k);
    }
    while (!next.done) next = it.next();
    yield;
  }
  start[n] = day.length;
  const out: LedgerStore = { start, day: day.done(), amount: amount.done(), reversedOn: new Int32Array(day.length).fill(NO_DAY) };
  // A reversal removes its payment; a payment is identified by lease, received day and amount (two equal ones are interchangeable).
  for (const [leaseId, on, amt, revOn] of reversals) {
    const i = store.indexById.get(leaseId);
    if (i === undefined) continue;
    const d = tryParseDate(on);
    const r = tryParseDate(revOn);
    if (d === null || r === null) continue;
    for (let j = out.start[i]!; j < out.start[i + 1]!; j++) {
      if (out.day[j] === d && out.amount[j] === amt && out.reversedOn[j] === NO_DAY) {
        out.reversedOn[j] = r;
        break;
      }
    }
  }
  return out;
}

/** A builder in progress, shared by whoever needs its result: the warm-up drives it between event-loop turns, a request finishes it at once. */
export type Build<T> = { gen: Generator<void, T>; value: T | null };

export function startBuild<T>(gen: Generator<void, T>): Build<T> {
  return { gen, value: null };
}

/** Finishes a build synchronously (continuing where the warm-up left it). */
export function finishSync<T>(b: Build<T>): T {
  while (b.value === null) {
    const r = b.gen.next();
    if (r.done) b.value = doneValue(r.value);
  }
  return b.value;
}

/** A generator that threw earlier ends with no value: fail rather than hand out undefined. */
function doneValue<T>(v: T | undefined): T {
  if (v === undefined) throw new Error('servicing store build failed earlier');
  return v;
}

/** Finishes a build yielding to the event loop between chunks. */
export async function finishAsync<T>(b: Build<T>): Promise<T> {
  while (b.value === null) {
    const r = b.gen.next();
    if (r.done) b.value = doneValue(r.value);
    else await new Promise((resolve) => setImmediate(resolve));
  }
  return b.value;
}

export type BookOptions = { componentOrder: readonly Component[]; tolerance: number; graceDays: number; edges: readonly number[] };

/** One lease's delinquency at the as-of day (as cashState), with its live cash and last live payment day. */
export type LeaseStateAt = {
  dpd: number;
  bucket: string;
  arrearsNet: number;
  arrearsVat: number;
  arrearsTotal: number;
  credit: number;
  outstandingPrincipal: number;
  lastPaymentDay: number | null;
  /** Whether the lease is in the pool at the as-of day (purchased on or before it); when not, every figure is 0. */
  inPool: boolean;
};

const OUTSIDE_POOL: LeaseStateAt = { dpd: 0, bucket: '', arrearsNet: 0, arrearsVat: 0, arrearsTotal: 0, credit: 0, outstandingPrincipal: 0, lastPaymentDay: null, inPool: false };

/** Per lease i (store order) its state at `asOf` (YYYY-MM-DD): the prefix fill of the live cash, as cashState does. */
export function bookAt(s: ScheduleStore, l: LedgerStore, asOf: string, o: BookOptions): LeaseStateAt[] {
  const asOfDay = tryParseDate(asOf);
  if (asOfDay === null) throw new Error(`asOf is not a date: ${asOf}`);
  const tolerance = o.tolerance ?? DEFAULT_TOLERANCE;
  const edges = o.edges ?? DEFAULT_BUCKET_EDGES;
  const cols = { vat: s.vat, fee: s.fee, interest: s.interest, principal: s.principal };
  const order = o.componentOrder.map((c) => cols[c]);
  const vatAt = o.componentOrder.indexOf('vat');
  const prinAt = o.componentOrder.indexOf('principal');
  const out: LeaseStateAt[] = new Array(s.n);
  for (let i = 0; i < s.n; i++) {
    if (!isInPool(s.purchaseDay[i]!, asOfDay)) {
      out[i] = OUTSIDE_POOL;
      continue;
    }
    let cash = 0;
    let last = -1;
    for (let j = l.start[i]!; j < l.start[i + 1]!; j++) {
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
    for (let k = s.start[i]!; k < s.start[i + 1]!; k++) {
      let unpaidTotal = 0;
      let unpaidVat = 0;
      for (let c = 0; c < 4; c++) {
        const due = order[c]![k]!;
        const take = due < left ? due : left;
        left -= take;
        const unpaid = due - take;
        unpaidTotal += unpaid;
        if (c === vatAt) unpaidVat = unpaid;
        else if (c === prinAt) outstanding += unpaid;
      }
      if (s.due[k]! < asOfDay && unpaidTotal > 0) {
        arrearsVat += unpaidVat;
        arrearsOther += unpaidTotal - unpaidVat;
        running += unpaidTotal;
        if (since < 0 && running >= tolerance) since = s.due[k]!;
      }
    }
    const dpd = since < 0 ? 0 : Math.max(0, asOfDay - since - (o.graceDays ?? 0));
    out[i] = {
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
export function behaviourAt(s: ScheduleStore, l: LedgerStore, groups: readonly (readonly number[])[], asOf: string, o: { tolerance: number; graceDays: number }): PaymentBehaviour[] {
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
      for (let j = l.start[i]!; j < l.start[i + 1]!; j++) {
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
      for (let k = s.start[i]!; k < s.start[i + 1]!; k++) {
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
      strip: months.map((month, m) => ({ month, status: STATUS[strip[m]!]! })),
    };
  });
}
