/**
 * The funder's book held in typed arrays for the book-wide servicing figures at any as-of date:
 *
 * - ScheduleStore (per funder dataVersion): the leases of the book (status ≠ terminated) in id order
 *   and their instalments (schedule rows + residual) in due-date order (ties: period) as columns.
 * - LedgerStore (per ledger stamp): each lease's payments (kind payment) by received day with their
 *   amount and the day of the reversal that removes them (NO_DAY when not reversed).
 *
 * From those, `bookAt` gives each lease's delinquency at an as-of date by the prefix fill of its live
 * cash (see cash-state.ts: allocatePayments fills instalments strictly in due-date order), and
 * `behaviourAt` each lease's payment behaviour (behaviour.ts) without running the engine: the k-th
 * instalment is settled by the first live payment after which the cumulative live cash exceeds
 * Σ due(≤ k) − tolerance (the unpaid of instalment k falls below the tolerance then), which depends only
 * on received days (not on the order of payments within a day). Both are pinned against the engine by
 * tests/unit/servicing-book-store.test.ts. Money in minor units; days are lib/finance day numbers.
 */
import { formatDate, monthIndexOfDay, tryParseDate } from '@/lib/finance';
import type { Component } from './allocation';
import type { MonthStatus, PaymentBehaviour } from './behaviour';
import { bucketOf, DEFAULT_BUCKET_EDGES, DEFAULT_TOLERANCE } from './delinquency';
import { residualInstalment, type ResidualTerms } from './instalments';

/** Day number used for "never" (not reversed). */
export const NO_DAY = 0x7fffffff;

export type StoreLease = ResidualTerms & { id: number; lesseeId: number; currency: string; status: string };

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

class Grow<T extends Int32Array | Float64Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(v: number) {
    if (this.length === this.data.length) {
      const next = this.make(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  done(): T {
    return this.data.slice(0, this.length) as T;
  }
}
const growI32 = (n: number) => new Grow(new Int32Array(n), (k) => new Int32Array(k));
const growF64 = (n: number) => new Grow(new Float64Array(n), (k) => new Float64Array(k));

/** Integers of a comma list appended to `out` (returns how many). */
function appendInts(text: string, out: number[]): void {
  let v = 0;
  let neg = false;
  let any = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      out.push(neg ? -v : v);
      v = 0;
      neg = false;
      any = false;
    } else if (c === 45) neg = true;
    else {
      v = v * 10 + (c - 48);
      any = true;
    }
  }
  if (any) out.push(neg ? -v : v);
}

/** Day numbers of a comma list of YYYY-MM-DD dates (fixed width). */
function appendDays(text: string, out: number[]): void {
  for (let i = 0; i + 10 <= text.length; i += 11) {
    const d = tryParseDate(text.slice(i, i + 10));
    if (d === null) throw new Error(`not a date: ${text.slice(i, i + 10)}`);
    out.push(d);
  }
}

/** Leases per chunk of the builders (the async warm-up yields between chunks). */
export const STORE_CHUNK = 5000;

/** Builds the schedule store chunk by chunk (a generator so the warm-up can yield between chunks). */
export function* buildScheduleStore(
  leases: StoreLease[],
  readChunk: (fromId: number, toId: number) => Iterable<[number, string, string, string, string, string, string]>,
): Generator<void, ScheduleStore> {
  const n = leases.length;
  const start = new Int32Array(n + 1);
  const cap = Math.max(16, n * 40);
  const due = growI32(cap);
  const vat = growF64(cap);
  const fee = growF64(cap);
  const interest = growF64(cap);
  const principal = growF64(cap);
  const indexById = new Map<number, number>();
  leases.forEach((l, i) => indexById.set(l.id, i));
  const per = { period: [] as number[], due: [] as number[], vat: [] as number[], fee: [] as number[], interest: [] as number[], principal: [] as number[] };
  for (let c = 0; c < n; c += STORE_CHUNK) {
    const last = Math.min(n, c + STORE_CHUNK) - 1;
    const it = readChunk(leases[c]!.id, leases[last]!.id)[Symbol.iterator]();
    let next = it.next();
    for (let i = c; i <= last; i++) {
      const lease = leases[i]!;
      start[i] = due.length;
      for (const a of Object.values(per)) a.length = 0;
      while (!next.done && next.value[0] < lease.id) next = it.next();
      if (!next.done && next.value[0] === lease.id) {
        const v = next.value;
        appendInts(v[1], per.period);
        appendDays(v[2], per.due);
        appendInts(v[3], per.vat);
        appendInts(v[4], per.fee);
        appendInts(v[5], per.interest);
        appendInts(v[6], per.principal);
        next = it.next();
      }
      let maxPeriod = 0;
      for (const p of per.period) if (p > maxPeriod) maxPeriod = p;
      const res = residualInstalment(lease, maxPeriod);
      if (res) {
        per.period.push(res.period);
        per.due.push(tryParseDate(res.dueDate)!);
        per.vat.push(res.vat);
        per.fee.push(0);
        per.interest.push(0);
        per.principal.push(res.principal);
      }
      const k = per.period.length;
      let order: number[] | null = null;
      for (let j = 1; j < k; j++) {
        if (per.due[j]! < per.due[j - 1]! || (per.due[j] === per.due[j - 1] && per.period[j]! < per.period[j - 1]!)) {
          order = Array.from({ length: k }, (_, x) => x).sort((a, b) => per.due[a]! - per.due[b]! || per.period[a]! - per.period[b]!);
          break;
        }
      }
      for (let j = 0; j < k; j++) {
        const x = order ? order[j]! : j;
        due.push(per.due[x]!);
        vat.push(per.vat[x]!);
        fee.push(per.fee[x]!);
        interest.push(per.interest[x]!);
        principal.push(per.principal[x]!);
      }
    }
    while (!next.done) next = it.next();
    yield;
  }
  start[n] = due.length;
  return { n, leases, start, due: due.done(), vat: vat.done(), fee: fee.done(), interest: interest.done(), principal: principal.done(), indexById };
}

/** Builds the ledger store chunk by chunk over the schedule store's leases. */
export function* buildLedgerStore(
  store: ScheduleStore,
  readChunk: (fromId: number, toId: number) => Iterable<[number, string, string]>,
  reversals: readonly [number, string, number, string][],
): Generator<void, LedgerStore> {
  const { n, leases } = store;
  const start = new Int32Array(n + 1);
  const day = growI32(Math.max(16, n * 30));
  const amount = growF64(Math.max(16, n * 30));
  const days: number[] = [];
  const amounts: number[] = [];
  for (let c = 0; c < n; c += STORE_CHUNK) {
    const last = Math.min(n, c + STORE_CHUNK) - 1;
    const it = readChunk(leases[c]!.id, leases[last]!.id)[Symbol.iterator]();
    let next = it.next();
    for (let i = c; i <= last; i++) {
      const id = leases[i]!.id;
      start[i] = day.length;
      while (!next.done && next.value[0] < id) next = it.next();
      if (next.done || next.value[0] !== id) continue;
      days.length = 0;
      amounts.length = 0;
      appendDays(next.value[1], days);
      appendInts(next.value[2], amounts);
      next = it.next();
      let sorted = true;
      for (let j = 1; j < days.length && sorted; j++) if (days[j]! < days[j - 1]!) sorted = false;
      const order = sorted ? null : Array.from({ length: days.length }, (_, x) => x).sort((a, b) => days[a]! - days[b]!);
      for (let j = 0; j < days.length; j++) {
        const x = order ? order[j]! : j;
        day.push(days[x]!);
        amount.push(amounts[x]!);
      }
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

/** Runs a builder to its end synchronously. */
export function runSync<T>(gen: Generator<void, T>): T {
  for (;;) {
    const r = gen.next();
    if (r.done) return r.value;
  }
}

/** Runs a builder yielding to the event loop between chunks. */
export async function runAsync<T>(gen: Generator<void, T>): Promise<T> {
  for (;;) {
    const r = gen.next();
    if (r.done) return r.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
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
};

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
        const m = monthIndexOfDay(dueDay) - firstMonth;
        if (m >= 0 && m < 12 && SEVERITY[status] > strip[m]!) strip[m] = SEVERITY[status];
      }
    }
    const late = paidLate + unpaidOverdue;
    const decided = paidOnTime + late;
    const STATUS: MonthStatus[] = ['none', 'paid-on-time', 'paid-late', 'unpaid'];
    return {
      asOf: formatDate(asOfDay),
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
      strip: Array.from(strip, (v, m) => ({ month: monthText(firstMonth + m), status: STATUS[v]! })),
    };
  });
}
