/**
 * Delinquency (domain.md §5, research §4.1–4.2): days past due, arrears, buckets, lessee DPD and
 * roll-rate matrices.
 *
 * Conventions:
 * - Only payments received on or before the as-of date count (see instalmentsAsOf).
 * - An instalment is past due when its due date is strictly BEFORE the as-of date (due today is not
 *   past due) and something (any component, VAT included) is unpaid.
 * - Tolerance (minor units, default 100) is applied cumulatively: walking the past-due instalments
 *   oldest first and adding up their unpaid totals, the lease ages from the due date of the
 *   instalment at which the running sum first reaches the tolerance. So a single instalment with
 *   unpaid ≥ tolerance ages from its own due date, older crumbs below the tolerance do not age the
 *   lease, and a lease whose total past-due arrears are below the tolerance has DPD 0.
 * - DPD = max(0, calendar days from that due date to the as-of date − graceDays).
 * - Arrears = unpaid amounts of past-due instalments (the same set DPD looks at), without tolerance.
 */
import { derivedValue } from '@/lib/views';
import { tryParseDate, formatDate } from '@/lib/finance';
import { type AllocationResult, instalmentsAsOf } from './allocation';
import { ServicingError, requireDay, requireNonNegInt } from './errors';

/** Options of daysPastDue / delinquencyAt. */
export interface DelinquencyOptions {
  /** Materiality tolerance in minor units (default 100 = 1.00 of the currency). */
  tolerance?: number;
  /** Grace days subtracted from the DPD (default 0; the result is floored at 0). */
  graceDays?: number;
}

/** Arrears at an as-of date, minor units: net = fee + interest + principal; total = net + vat. */
export interface Arrears {
  vat: number;
  fee: number;
  interest: number;
  principal: number;
  net: number;
  total: number;
}

/** Default tolerance: 1.00 of the currency in minor units. */
export const DEFAULT_TOLERANCE = 100;

/** Arrears (minor units) at `asOf`: unpaid amounts of instalments due before `asOf`, counting payments received on or before `asOf`. */
export function arrearsAt(result: AllocationResult, asOf: string): Arrears {
  const asOfDay = requireDay(asOf, 'asOf', tryParseDate);
  const a = { vat: 0, fee: 0, interest: 0, principal: 0 };
  for (const ins of instalmentsAsOf(result, asOf)) {
    if ((tryParseDate(ins.dueDate) ?? 0) >= asOfDay) continue;
    a.vat += ins.unpaid.vat;
    a.fee += ins.unpaid.fee;
    a.interest += ins.unpaid.interest;
    a.principal += ins.unpaid.principal;
  }
  const net = a.fee + a.interest + a.principal;
  return { ...a, net, total: net + a.vat };
}

/**
 * Outstanding principal at `asOf` (domain.md §3's prin, §14): the principal (with the residual) of the instalments due
 * on or after `asOf` — the schedule's balance after the last instalment due before it, whatever was paid. What is
 * unpaid of earlier instalments is arrears (arrearsAt), shown beside it, never inside it.
 */
export function outstandingPrincipalAt(result: AllocationResult, asOf: string): number {
  const asOfDay = requireDay(asOf, 'asOf', tryParseDate);
  let sum = 0;
  for (const ins of result.instalments) if ((tryParseDate(ins.dueDate) ?? 0) >= asOfDay) sum += ins.due.principal;
  return sum;
}

/**
 * Whether the lease is repaid at `asOf` (domain.md §8: its last instalment settled): every instalment fell due before
 * `asOf` and nothing of them is unpaid. A repaid lease has left the pool (§3, §14); one past its last instalment that
 * still owes arrears stays in it until it is repaid, written off or sold.
 */
export function isRepaidAt(result: AllocationResult, asOf: string): boolean {
  const asOfDay = requireDay(asOf, 'asOf', tryParseDate);
  if (result.instalments.length === 0) return false;
  for (const ins of instalmentsAsOf(result, asOf)) if ((tryParseDate(ins.dueDate) ?? 0) >= asOfDay || ins.totalUnpaid > 0) return false;
  return true;
}

/** Due date (`YYYY-MM-DD`) from which the lease ages at `asOf` (see module doc for the tolerance rule), or null when it does not age. */
export function overdueSince(result: AllocationResult, asOf: string, tolerance = DEFAULT_TOLERANCE): string | null {
  const asOfDay = requireDay(asOf, 'asOf', tryParseDate);
  requireNonNegInt(tolerance, 'tolerance');
  let running = 0;
  for (const ins of instalmentsAsOf(result, asOf)) {
    if ((tryParseDate(ins.dueDate) ?? 0) >= asOfDay) break; // instalments are in due-date order
    if (ins.totalUnpaid <= 0) continue;
    running += ins.totalUnpaid;
    if (running >= tolerance) return ins.dueDate;
  }
  return null;
}

/** Days past due (calendar days, integer ≥ 0) at `asOf`: from overdueSince to asOf, minus graceDays, floored at 0. */
export function daysPastDue(result: AllocationResult, asOf: string, options: DelinquencyOptions = {}): number {
  const grace = requireNonNegInt(options.graceDays ?? 0, 'graceDays');
  const since = overdueSince(result, asOf, options.tolerance ?? DEFAULT_TOLERANCE);
  if (since === null) return 0;
  const days = requireDay(asOf, 'asOf', tryParseDate) - requireDay(since, 'dueDate', tryParseDate);
  return Math.max(0, days - grace);
}

/** Lessee DPD (days): the maximum DPD over the lessee's leases; 0 for none. */
export function lesseeDpd(leaseDpds: readonly number[]): number {
  let max = 0;
  leaseDpds.forEach((d, i) => {
    requireNonNegInt(d, `leaseDpds[${i}]`);
    if (d > max) max = d;
  });
  return max;
}

/** Default bucket edges (days): Current | 1–30 | 31–60 | 61–90 | 91+ (shown as 90+). */
export const DEFAULT_BUCKET_EDGES: readonly number[] = Object.freeze([30, 60, 90]);

/** Stable bucket key: 'current', 'min-max' (e.g. '31-60') or 'min+' (e.g. '91+'). */
export type BucketKey = string;

/** A DPD bucket without labels: inclusive day range [min, max] (max null = open-ended); index 0 is Current. */
export interface Bucket {
  key: BucketKey;
  index: number;
  min: number;
  max: number | null;
}

function validateEdges(edges: readonly number[]): void {
  if (!Array.isArray(edges) || edges.length === 0) throw new ServicingError('VALUE', 'bucket edges must be a non-empty list', 'edges');
  let prev = 0;
  edges.forEach((e, i) => {
    if (!Number.isSafeInteger(e) || e <= prev) {
      throw new ServicingError('VALUE', `bucket edges must be strictly increasing positive integers (edges[${i}] = ${String(e)})`, 'edges');
    }
    prev = e;
  });
}

/** All buckets for the edges (days, strictly increasing, > 0): Current (0), 1–e1, (e1+1)–e2, …, (eN+1)+, inclusive ranges. */
export function bucketsFor(edges: readonly number[] = DEFAULT_BUCKET_EDGES): Bucket[] {
  validateEdges(edges);
  const out: Bucket[] = [{ key: 'current', index: 0, min: 0, max: 0 }];
  let min = 1;
  edges.forEach((e, i) => {
    out.push({ key: `${min}-${e}`, index: i + 1, min, max: e });
    min = e + 1;
  });
  out.push({ key: `${min}+`, index: edges.length + 1, min, max: null });
  return out;
}

/** Bucket of a DPD (integer days ≥ 0) for the edges; ranges are inclusive (default edges: 30 → 1-30, 31 → 31-60, 91 → 91+). */
export function bucketOf(dpd: number, edges: readonly number[] = DEFAULT_BUCKET_EDGES): Bucket {
  requireNonNegInt(dpd, 'dpd');
  const buckets = bucketsOf(edges);
  // The last bucket is open-ended, so one always matches. A copy: the memoised buckets are shared.
  const b = buckets.find((x) => x.max === null || dpd <= x.max) ?? buckets[buckets.length - 1]!;
  return { ...b };
}

/**
 * bucketsFor kept per edges array (a book's DPD engine asks once per lease and date with the same settings' edges),
 * checked against a copy of the edges it was built for, so a changed array is validated and built afresh.
 */
const bucketsMemo = derivedValue<readonly number[], { edges: number[]; buckets: Bucket[] }>('buckets', 'the DPD buckets of an edges array');

function bucketsOf(edges: readonly number[]): Bucket[] {
  const hit = Array.isArray(edges) ? bucketsMemo.peek(edges) : undefined;
  if (hit && hit.edges.length === edges.length && hit.edges.every((e, i) => e === edges[i])) return hit.buckets;
  const buckets = bucketsFor(edges);
  bucketsMemo.set(edges, { edges: [...edges], buckets });
  return buckets;
}

/** Delinquency of a lease at `asOf`: DPD (days), the due date it ages from, bucket and arrears (minor units). */
export interface Delinquency {
  asOf: string;
  dpd: number;
  overdueSince: string | null;
  bucket: Bucket;
  arrears: Arrears;
}

/** Delinquency of a lease at `asOf` (DPD days after grace and tolerance, bucket for `edges`, arrears in minor units). */
export function delinquencyAt(
  result: AllocationResult,
  asOf: string,
  options: DelinquencyOptions & { edges?: readonly number[] } = {},
): Delinquency {
  const dpd = daysPastDue(result, asOf, options);
  return {
    asOf: formatDate(requireDay(asOf, 'asOf', tryParseDate)),
    dpd,
    overdueSince: overdueSince(result, asOf, options.tolerance ?? DEFAULT_TOLERANCE),
    bucket: bucketOf(dpd, options.edges ?? DEFAULT_BUCKET_EDGES),
    arrears: arrearsAt(result, asOf),
  };
}

/** One lease's transition: bucket key at date A and at date B, and the balance (minor units) that weights it. */
export interface RollRateRow {
  from: BucketKey;
  to: BucketKey;
  balance: number;
}

/** Roll-rate matrix: rows = bucket at A, columns = bucket at B, in bucket order; counts and balance sums (minor units). */
export interface RollRateMatrix {
  buckets: Bucket[];
  counts: number[][];
  balances: number[][];
  rowCounts: number[];
  rowBalances: number[];
}

/** Roll-rate matrix for the edges: lease counts and balance sums (minor units) per (bucket at A, bucket at B); unknown bucket keys throw VALUE. */
export function rollRateMatrix(rows: readonly RollRateRow[], edges: readonly number[] = DEFAULT_BUCKET_EDGES): RollRateMatrix {
  const buckets = bucketsFor(edges);
  const n = buckets.length;
  const index = new Map(buckets.map((b) => [b.key, b.index]));
  const counts = buckets.map(() => new Array<number>(n).fill(0));
  const balances = buckets.map(() => new Array<number>(n).fill(0));
  const rowCounts = new Array<number>(n).fill(0);
  const rowBalances = new Array<number>(n).fill(0);
  rows.forEach((r, i) => {
    const f = index.get(r.from);
    const t = index.get(r.to);
    if (f === undefined || t === undefined) {
      throw new ServicingError('VALUE', `rows[${i}] has an unknown bucket key (${r.from} → ${r.to})`, `rows[${i}]`);
    }
    if (typeof r.balance !== 'number' || !Number.isSafeInteger(r.balance)) {
      throw new ServicingError('VALUE', `rows[${i}].balance must be an integer (minor units)`, `rows[${i}].balance`);
    }
    counts[f]![t]! += 1;
    balances[f]![t]! += r.balance;
    rowCounts[f]! += 1;
    rowBalances[f]! += r.balance;
  });
  return { buckets, counts, balances, rowCounts, rowBalances };
}
