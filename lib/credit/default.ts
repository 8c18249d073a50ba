/**
 * The default definition of domain.md §8 (CRR Art. 178, EBA/GL/2016/07) over one lease's instalments and
 * ledger, as a timeline of default episodes that answers any as-of date. Pure: day numbers (lib/finance),
 * money in minor units.
 *
 * Decisions (documented in lib/credit/README.md):
 * - The cash a lease received fills its instalments strictly in due-date order (lib/servicing/book-store.ts statesAt,
 *   the servicing engine's rule), so on any day t the past-due amount is Σ due of the instalments due before t
 *   − the live cash received by t (floored at 0; VAT included: what the lessee owes, the Delinquency arrears
 *   total). A payment counts from its received day until the day of the reversal that removes it.
 * - Exposure = principal not yet paid (all instalments, residual included) + past-due interest and fees: the
 *   "outstanding principal + arrears net of VAT" of §8.
 * - Materiality on day t: past due > absolute threshold AND past due > relative × exposure (strictly: exactly
 *   at a threshold is not material). The credit DPD counts only while both hold: from the first day of the
 *   current material run, and never more than the age of the oldest unpaid past-due instalment.
 * - Default from the first day the credit DPD exceeds 90, or from an unlikely-to-pay flag's date.
 * - A default episode cures after `probationMonths` calendar months in which no trigger holds: no material
 *   past-due amount and no unlikely-to-pay flag. A trigger during the probation restarts it (same episode).
 * - Repaid from the day the live cash covers every instalment.
 * Lessee contagion is a book-wide rule applied on top (contagionLessees).
 */
import { addMonthsToDay } from '@/lib/finance';
import { wholeNumber } from '@/lib/intern';
import type { Component } from '@/lib/servicing';

/** Day number used for "never". */
export const NEVER = 0x7fffffff;

/** One lease's instalments (rows [from, to) of the columns, in due-date order) and payments (rows [payFrom, payTo), by received day). */
export type CreditLeaseInput = {
  due: ArrayLike<number>;
  vat: ArrayLike<number>;
  fee: ArrayLike<number>;
  interest: ArrayLike<number>;
  principal: ArrayLike<number>;
  from: number;
  to: number;
  payDay: ArrayLike<number>;
  payAmount: ArrayLike<number>;
  /** Day of the reversal removing the payment (NEVER when none). */
  payReversedOn: ArrayLike<number>;
  payFrom: number;
  payTo: number;
  componentOrder: readonly Component[];
  /** Unlikely-to-pay flags as day intervals [from, to) (to = NEVER while flagged). */
  utp: readonly { from: number; to: number }[];
};

/** Materiality and cure rules for one lease (the absolute threshold already chosen by the lessee's kind). */
export type DefaultRules = { absolute: number; relative: number; probationMonths: number };

export type DefaultReason = 'dpd' | 'utp';

/** A default episode: from `start` (the first day the condition held) to `end` (the cure day; NEVER while open). */
export type DefaultEpisode = {
  start: number;
  end: number;
  reason: DefaultReason;
  /** Exposure, unpaid principal and past-due amount on the default day (minor units), credit DPD then. */
  exposure: number;
  principal: number;
  pastDue: number;
  dpd: number;
  /** Probation stretches [from, to): `to` is the cure day when it completed, else the day a trigger came back. */
  probation: [number, number][];
};

/**
 * The lease's credit history: default episodes, material runs [from, to) and the repaid day (NEVER when not repaid).
 * `runs` holds the runs' days flat, from and to of each run in turn ([from₀, to₀, from₁, to₁, …]): the credit book
 * keeps a timeline per lease that ever defaulted, and a two-number array per run cost ≈ 64 bytes each (issue #10).
 */
export type CreditTimeline = { episodes: DefaultEpisode[]; runs: number[]; repaidDay: number };

/** The cash position of a lease on a day (minor units): what the default rule looks at. */
export type CashPosition = {
  /** Σ due of the instalments due before the day − live cash, floored at 0 (VAT included). */
  pastDue: number;
  /** Past-due fee + interest + principal (net of VAT). */
  pastDueNet: number;
  /** Principal not yet paid, every instalment (residual included). */
  unpaidPrincipal: number;
  /**
   * Exposure (domain.md §8, §14): the outstanding principal (the schedule's principal due on or after the day, the residual
   * included) + the arrears net of VAT (pastDueNet) — the same figure the servicing book gives (outstanding + arrears net).
   * Cash paid ahead of schedule does not lower it (it is credit on the lease until a contract event applies it).
   */
  exposure: number;
  /** Due day of the oldest instalment with something unpaid and due before the day (NEVER when none). */
  oldestUnpaidDue: number;
  /** Whether the lease is repaid: every instalment has fallen due before the day and the live cash covers them all (§8). */
  settled: boolean;
};

type Prepared = {
  n: number;
  /** Prefix sums over instalments (length n + 1): total, net (fee + interest + principal), principal. */
  cumTotal: Float64Array;
  cumNet: Float64Array;
  cumPrincipal: Float64Array;
};

function prepare(x: CreditLeaseInput): Prepared {
  const n = x.to - x.from;
  const cumTotal = new Float64Array(n + 1);
  const cumNet = new Float64Array(n + 1);
  const cumPrincipal = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const r = x.from + i;
    const fi = x.fee[r]! + x.interest[r]!;
    cumPrincipal[i + 1] = cumPrincipal[i]! + x.principal[r]!;
    cumNet[i + 1] = cumNet[i]! + fi + x.principal[r]!;
    cumTotal[i + 1] = cumTotal[i]! + fi + x.principal[r]! + x.vat[r]!;
  }
  return { n, cumTotal, cumNet, cumPrincipal };
}

/** Number of instalments fully paid by `cash` (cumTotal[j] ≤ cash < cumTotal[j + 1], zero-due ones included). */
function paidCount(p: Prepared, cash: number): number {
  let lo = 0;
  let hi = p.n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (p.cumTotal[mid + 1]! <= cash) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The position with `k` instalments past due and `cash` live (see CashPosition). */
function positionOf(x: CreditLeaseInput, p: Prepared, k: number, cash: number): CashPosition {
  const j = paidCount(p, cash);
  let unpaidPrincipal = p.cumPrincipal[p.n]! - p.cumPrincipal[Math.min(j + 1, p.n)]!;
  let pastDueNet = 0;
  if (j < p.n) {
    // The boundary instalment j is paid component by component in the funder's order.
    const r = x.from + j;
    let left = cash - p.cumTotal[j]!;
    const unpaid = { vat: 0, fee: 0, interest: 0, principal: 0 };
    for (const c of x.componentOrder) {
      const due = c === 'vat' ? x.vat[r]! : c === 'fee' ? x.fee[r]! : c === 'interest' ? x.interest[r]! : x.principal[r]!;
      const take = due < left ? due : left;
      left -= take;
      unpaid[c] = due - take;
    }
    unpaidPrincipal += unpaid.principal;
    if (j < k) {
      pastDueNet = p.cumNet[k]! - p.cumNet[j + 1]! + unpaid.fee + unpaid.interest + unpaid.principal;
    }
  }
  const pastDue = Math.max(0, p.cumTotal[k]! - cash);
  return {
    pastDue,
    pastDueNet,
    unpaidPrincipal,
    exposure: p.cumPrincipal[p.n]! - p.cumPrincipal[k]! + pastDueNet,
    oldestUnpaidDue: j < k && pastDue > 0 ? x.due[x.from + j]! : NEVER,
    settled: p.n === 0 || (k >= p.n && cash >= p.cumTotal[p.n]!),
  };
}

/** Instalments due before `day` (past due on it). */
function pastDueCount(x: CreditLeaseInput, day: number): number {
  let lo = x.from;
  let hi = x.to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (x.due[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo - x.from;
}

/** Live cash on `day`: payments received by it and not reversed by it. */
function liveCash(x: CreditLeaseInput, day: number): number {
  let cash = 0;
  for (let i = x.payFrom; i < x.payTo && x.payDay[i]! <= day; i++) if (x.payReversedOn[i]! > day) cash += x.payAmount[i]!;
  return cash;
}

/** The lease's cash position on `day` (see CashPosition). */
export function cashPositionAt(x: CreditLeaseInput, day: number): CashPosition {
  const p = prepare(x);
  return positionOf(x, p, pastDueCount(x, day), liveCash(x, day));
}

/** cashPositionAt for many days of one lease: the prefix sums are built once. */
export function cashPositionFn(x: CreditLeaseInput): (day: number) => CashPosition {
  const p = prepare(x);
  return (day) => positionOf(x, p, pastDueCount(x, day), liveCash(x, day));
}

/** Whether a past-due amount is material: strictly above the absolute threshold and the relative share of the exposure. */
export function isMaterial(pastDue: number, exposure: number, rules: Pick<DefaultRules, 'absolute' | 'relative'>): boolean {
  return pastDue > rules.absolute && pastDue > rules.relative * exposure;
}

function utpOn(x: CreditLeaseInput, day: number): boolean {
  for (const f of x.utp) if (f.from <= day && day < f.to) return true;
  return false;
}

/** The day the credit DPD exceeds 90 in a material run started on `runStart` with the oldest unpaid instalment due on `oldest`. */
function dpdTriggerDay(runStart: number, oldest: number): number {
  return Math.max(runStart + 90, oldest + 91);
}

/** The credit DPD on `day` in a run started on `runStart` (see module doc). */
function creditDpdOf(day: number, runStart: number, oldest: number): number {
  return Math.max(0, Math.min(day - runStart + 1, day - oldest));
}

/**
 * The lease's default timeline (module doc): one sweep over the days its position changes (an instalment
 * falls past due, a payment is received or reversed, a flag starts or ends), with the timed transitions in
 * between (a run reaching 91 DPD, a probation completing). O((instalments + payments) · log instalments).
 */
export function creditTimeline(x: CreditLeaseInput, rules: DefaultRules): CreditTimeline {
  const p = prepare(x);
  const days: number[] = [];
  for (let i = x.from; i < x.to; i++) days.push(x.due[i]! + 1);
  for (let i = x.payFrom; i < x.payTo; i++) {
    days.push(x.payDay[i]!);
    if (x.payReversedOn[i]! !== NEVER) days.push(x.payReversedOn[i]!);
  }
  for (const f of x.utp) {
    days.push(f.from);
    if (f.to !== NEVER) days.push(f.to);
  }
  days.sort((a, b) => a - b);

  const episodes: DefaultEpisode[] = [];
  const runs: number[] = [];
  let open: DefaultEpisode | null = null;
  let probationStart = NEVER;
  let runStart = NEVER;
  let repaidDay = NEVER;
  let pos: CashPosition | null = null;
  let k = 0;
  let cash = 0;
  let pay = x.payFrom;
  const reversals: [number, number][] = [];
  for (let i = x.payFrom; i < x.payTo; i++) if (x.payReversedOn[i]! !== NEVER) reversals.push([x.payReversedOn[i]!, x.payAmount[i]!]);
  reversals.sort((a, b) => a[0] - b[0]);
  let rev = 0;

  const openEpisode = (day: number, reason: DefaultReason, at: CashPosition) => {
    // Whole amounts kept as small integers in the episode (lib/intern.ts wholeNumber): a book keeps ≈ 80,000 timelines.
    open = {
      start: day,
      end: NEVER,
      reason,
      exposure: wholeNumber(at.exposure),
      principal: wholeNumber(at.unpaidPrincipal),
      pastDue: wholeNumber(at.pastDue),
      dpd: runStart === NEVER ? 0 : creditDpdOf(day, runStart, at.oldestUnpaidDue),
      probation: [],
    };
    episodes.push(open);
    probationStart = NEVER;
  };
  /** Timed transitions strictly before `until` with the position unchanged since the last event. */
  const timed = (until: number) => {
    if (pos === null) return;
    if (open === null && runStart !== NEVER && pos.oldestUnpaidDue !== NEVER) {
      const trigger = dpdTriggerDay(runStart, pos.oldestUnpaidDue);
      if (trigger < until) openEpisode(trigger, 'dpd', pos);
    }
    const ep = open as DefaultEpisode | null;
    if (ep !== null && probationStart !== NEVER) {
      const cure = addMonthsToDay(probationStart, rules.probationMonths);
      if (cure < until) {
        ep.probation.push([probationStart, cure]);
        ep.end = cure;
        open = null;
        probationStart = NEVER;
      }
    }
  };

  for (let d = 0; d <= days.length; d++) {
    const t = d < days.length ? days[d]! : NEVER;
    if (d > 0 && t === days[d - 1]) continue;
    timed(t);
    if (t === NEVER) break;
    while (k < p.n && x.due[x.from + k]! < t) k++;
    while (pay < x.payTo && x.payDay[pay]! <= t) cash += x.payAmount[pay++]!;
    while (rev < reversals.length && reversals[rev]![0] <= t) cash -= reversals[rev++]![1];
    pos = positionOf(x, p, k, cash);
    const material = isMaterial(pos.pastDue, pos.exposure, rules);
    if (material && runStart === NEVER) runStart = t;
    else if (!material && runStart !== NEVER) {
      runs.push(runStart, t);
      runStart = NEVER;
    }
    const utp = utpOn(x, t);
    const dpdHolds = material && t >= dpdTriggerDay(runStart, pos.oldestUnpaidDue);
    if (open === null && (utp || dpdHolds)) openEpisode(t, utp && !dpdHolds ? 'utp' : 'dpd', pos);
    const ep = open as DefaultEpisode | null;
    if (ep !== null) {
      const clean = !utp && !material;
      if (clean && probationStart === NEVER) probationStart = t;
      else if (!clean && probationStart !== NEVER) {
        ep.probation.push([probationStart, t]);
        probationStart = NEVER;
      }
    }
    if (pos.settled) {
      if (repaidDay === NEVER) repaidDay = t;
    } else repaidDay = NEVER;
  }
  if (runStart !== NEVER) runs.push(runStart, NEVER);
  for (const e of episodes) e.probation = exact(e.probation, NO_PROBATION);
  return { episodes: exact(episodes, NO_EPISODES), runs: exact(runs, NO_RUNS), repaidDay };
}

/**
 * A kept timeline's arrays at their exact length: an array grown by push keeps spare capacity (17 slots after its first
 * push). A tape imported without payment history has every lease in default, and the spare slots of its 100,000
 * timelines' runs and episodes were ≈ 25 MiB of the server's heap (issue #13). An empty one is a shared frozen array.
 */
const NO_PROBATION = Object.freeze([]) as unknown as [number, number][];
const NO_RUNS = Object.freeze([]) as unknown as number[];
const NO_EPISODES = Object.freeze([]) as unknown as DefaultEpisode[];
const exact = <T>(a: T[], empty: T[]): T[] => (a.length === 0 ? empty : a.slice());

/** The credit DPD on `day` from the timeline's material runs and the position then (0 outside a run). */
export function creditDpdAt(timeline: Pick<CreditTimeline, 'runs'>, position: Pick<CashPosition, 'oldestUnpaidDue'>, day: number): number {
  const runs = timeline.runs;
  for (let r = 0; r < runs.length; r += 2)
    if (runs[r]! <= day && day < runs[r + 1]! && position.oldestUnpaidDue !== NEVER)
      return creditDpdOf(day, runs[r]!, position.oldestUnpaidDue);
  return 0;
}

/** Why a lease is in default on a day: its own DPD trigger, an unlikely-to-pay flag, in probation, or its lessee's contagion. */
export type DefaultState =
  | { state: 'none' }
  | { state: 'cured'; since: number; episode: DefaultEpisode }
  | { state: 'defaulted'; since: number; why: 'dpd' | 'utp' | 'probation'; probationUntil: number; episode: DefaultEpisode };

/** The lease's own default state on `day` (contagion is applied on top by the caller). */
export function defaultStateAt(
  timeline: CreditTimeline,
  x: Pick<CreditLeaseInput, 'utp'>,
  day: number,
  probationMonths: number,
): DefaultState {
  let last: DefaultEpisode | null = null;
  for (const e of timeline.episodes) {
    if (e.start > day) break;
    last = e;
  }
  if (last === null) return { state: 'none' };
  if (last.end <= day) return { state: 'cured', since: last.end, episode: last };
  for (const [from, to] of last.probation) {
    if (from <= day && day < to)
      return {
        state: 'defaulted',
        since: last.start,
        why: 'probation',
        probationUntil: addMonthsToDay(from, probationMonths),
        episode: last,
      };
  }
  // A probation still running on `day` that the timeline closed later (or that is still open at its end).
  const utp = utpOn({ utp: x.utp } as CreditLeaseInput, day);
  const lastProbation = last.probation[last.probation.length - 1];
  let inRun = false;
  for (let r = 0; r < timeline.runs.length && !inRun; r += 2) inRun = timeline.runs[r]! <= day && day < timeline.runs[r + 1]!;
  if (!utp && !inRun) {
    const from = lastProbation && lastProbation[1] <= day ? lastProbation[1] : last.start;
    return {
      state: 'defaulted',
      since: last.start,
      why: 'probation',
      probationUntil: addMonthsToDay(from, probationMonths),
      episode: last,
    };
  }
  return { state: 'defaulted', since: last.start, why: utp ? 'utp' : 'dpd', probationUntil: NEVER, episode: last };
}

/**
 * Lessee contagion (domain.md §8): the lessees whose defaulted exposure exceeds `share` of their total exposure
 * (strictly). Rows: one per lease with its lessee, exposure and whether it is in default on its own.
 */
export function contagionLessees(rows: Iterable<{ lesseeId: number; exposure: number; defaulted: boolean }>, share: number): Set<number> {
  const total = new Map<number, number>();
  const defaulted = new Map<number, number>();
  for (const r of rows) {
    total.set(r.lesseeId, (total.get(r.lesseeId) ?? 0) + r.exposure);
    if (r.defaulted) defaulted.set(r.lesseeId, (defaulted.get(r.lesseeId) ?? 0) + r.exposure);
  }
  const out = new Set<number>();
  for (const [lesseeId, d] of defaulted) {
    const t = total.get(lesseeId)!;
    if (t > 0 ? d > share * t : d > 0) out.add(lesseeId);
  }
  return out;
}

/** One lease of a lessee for its contagion history: its own default episodes [start, end), its exposure on a day, the days that exposure can change, and the day it leaves the book (a write-off; NEVER when none). */
export type ContagionLease = {
  episodes: readonly Pick<DefaultEpisode, 'start' | 'end'>[];
  exposureAt: (day: number) => number;
  changeDays: readonly number[];
  exitDay: number;
};

const inEpisode = (episodes: readonly Pick<DefaultEpisode, 'start' | 'end'>[], day: number) =>
  episodes.some((e) => e.start <= day && day < e.end);

/**
 * The days [from, to) on which a lessee is in contagion (contagionLessees: its defaulted exposure, probation
 * included, exceeds `share` of its total exposure; written-off leases no longer count). The condition can only
 * change on an episode's start or end, a write-off, or a day a lease's exposure changes while one of them is in
 * default, so it is evaluated on those days only. Causal: the intervals up to a day depend on nothing after it.
 */
export function contagionIntervals(leases: readonly ContagionLease[], share: number): [number, number][] {
  const days = new Set<number>();
  for (const l of leases) {
    for (const e of l.episodes) {
      days.add(e.start);
      if (e.end !== NEVER) days.add(e.end);
    }
    if (l.exitDay !== NEVER) days.add(l.exitDay);
  }
  if (days.size === 0) return [];
  const anyInDefault = (t: number) => leases.some((l) => t < l.exitDay && inEpisode(l.episodes, t));
  for (const l of leases) for (const t of l.changeDays) if (!days.has(t) && anyInDefault(t)) days.add(t);
  const out: [number, number][] = [];
  let open = NEVER;
  for (const t of [...days].sort((a, b) => a - b)) {
    const rows = leases
      .filter((l) => t < l.exitDay)
      .map((l) => ({ lesseeId: 0, exposure: l.exposureAt(t), defaulted: inEpisode(l.episodes, t) }));
    const hit = rows.some((r) => r.defaulted) && contagionLessees(rows, share).has(0);
    if (hit && open === NEVER) open = t;
    else if (!hit && open !== NEVER) {
      out.push([open, t]);
      open = NEVER;
    }
  }
  if (open !== NEVER) out.push([open, NEVER]);
  return out;
}

/** `intervals` less the days the lease is in default on its own (its own episodes, probation included, already say so). */
export function withoutOwnDefault(
  intervals: readonly [number, number][],
  own: readonly Pick<DefaultEpisode, 'start' | 'end'>[],
): [number, number][] {
  let out = intervals.map(([a, b]) => [a, b] as [number, number]);
  for (const e of own) {
    const next: [number, number][] = [];
    for (const [a, b] of out) {
      if (e.end <= a || b <= e.start) next.push([a, b]);
      else {
        if (a < e.start) next.push([a, e.start]);
        if (e.end < b) next.push([e.end, b]);
      }
    }
    out = next;
  }
  return out;
}

/** A lease's contagion default on a day; `first` is the first day it ever held (monotone: it stays once reached). */
export type ContagionState =
  | { state: 'none' }
  | { state: 'defaulted'; since: number; why: 'contagion' | 'probation'; probationUntil: number; first: number }
  | { state: 'cured'; since: number; first: number };

/**
 * The same probation and cure rule as an own default (domain.md §8): in default while the lessee's contagion holds,
 * then in probation for `probationMonths` calendar months; contagion coming back within the probation continues the
 * same episode; cured after a full probation. `intervals` are the lease's contagion days (contagionIntervals, less
 * its own default: withoutOwnDefault), in day order.
 */
export function contagionStateAt(intervals: readonly [number, number][], day: number, probationMonths: number): ContagionState {
  let first = NEVER;
  let start = NEVER;
  let end = NEVER;
  for (const [from, to] of intervals) {
    if (from > day) break;
    if (first === NEVER) first = from;
    if (start === NEVER || from >= addMonthsToDay(end, probationMonths)) start = from;
    end = to;
  }
  if (first === NEVER) return { state: 'none' };
  if (day < end) return { state: 'defaulted', since: start, why: 'contagion', probationUntil: NEVER, first };
  const cure = addMonthsToDay(end, probationMonths);
  if (day < cure) return { state: 'defaulted', since: start, why: 'probation', probationUntil: cure, first };
  return { state: 'cured', since: cure, first };
}
