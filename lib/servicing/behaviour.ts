/**
 * Payment behaviour ("clients behaviour", domain.md §5, research §4.5) from an allocation result.
 *
 * Conventions (all as at the as-of date, counting only payments received on or before it):
 * - An instalment is DUE when its due date is on or before the as-of date.
 * - It is SETTLED on the first date its unpaid total falls below the tolerance (default 100 minor
 *   units, the DPD tolerance, so behaviour and DPD agree); an instalment owing less than the
 *   tolerance is settled on its due date.
 * - ON TIME: settled on or before due date + graceDays (paying in advance is on time).
 *   LATE: settled after due + grace (days late = settled date − due date), or unsettled while
 *   due + grace < as-of (days late = as-of − due date, still counting). PENDING: unsettled, within
 *   the grace window (not yet decided; due today unpaid is pending).
 * - onTimeRate = onTime / (onTime + late), a decimal 0..1, null when nothing is decided.
 * - Days late are calendar days from the due date (grace is not subtracted); average over late ones.
 * - 12-month strip: months ending with the as-of month, oldest first; per month over the
 *   instalments due in that month and on or before as-of: 'none' when there are none, 'unpaid' when
 *   any is unsettled, else 'paid-late' when any was settled late, else 'paid-on-time'.
 */
import { tryParseDate, formatDate, monthIndexOfDay } from '@/lib/finance';
import type { AllocationResult } from './allocation';
import { DEFAULT_TOLERANCE } from './delinquency';
import { requireDay, requireNonNegInt } from './errors';

/** One cell of the payment-history strip. */
export type MonthStatus = 'paid-on-time' | 'paid-late' | 'unpaid' | 'none';

/** Options of paymentBehaviour. */
export interface BehaviourOptions {
  /** Grace days after the due date within which a payment is still on time (default 0). */
  graceDays?: number;
  /** Unpaid amount (minor units) below which an instalment counts as settled (default 100). */
  tolerance?: number;
}

/** One month of the strip: `month` is `YYYY-MM`. */
export interface StripCell {
  month: string;
  status: MonthStatus;
}

/** Payment behaviour at an as-of date (counts of instalments, days, dates `YYYY-MM-DD`, amounts in minor units). */
export interface PaymentBehaviour {
  asOf: string;
  instalmentsDue: number;
  paidOnTime: number;
  paidLate: number;
  unpaidOverdue: number;
  pending: number;
  /** onTime / (onTime + late) as a decimal 0..1; null when nothing is decided. */
  onTimeRate: number | null;
  /** Mean days late over late instalments (unrounded); null when none. */
  averageDaysLate: number | null;
  /** Sum of days late over late instalments (lets callers re-aggregate averages). */
  totalDaysLate: number;
  maxDaysLate: number;
  lastPaymentDate: string | null;
  lastPaymentAmount: number | null;
  /** 12 cells, oldest first, the last one is the as-of month. */
  strip: StripCell[];
}

const SEVERITY: Record<MonthStatus, number> = { none: 0, 'paid-on-time': 1, 'paid-late': 2, unpaid: 3 };

function monthText(mi: number): string {
  const year = Math.floor(mi / 12);
  const month = mi - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}`;
}

/** Payment behaviour of one lease at `asOf` (see module doc for on-time/late/pending and the strip). */
export function paymentBehaviour(result: AllocationResult, asOf: string, options: BehaviourOptions = {}): PaymentBehaviour {
  const asOfDay = requireDay(asOf, 'asOf', tryParseDate);
  const grace = requireNonNegInt(options.graceDays ?? 0, 'graceDays');
  const tolerance = requireNonNegInt(options.tolerance ?? DEFAULT_TOLERANCE, 'tolerance');

  // Settled day per period, from allocations of payments received on or before asOf.
  const remaining = new Map<number, number>();
  const settled = new Map<number, number>();
  for (const ins of result.instalments) {
    remaining.set(ins.period, ins.totalDue);
    if (ins.totalDue < tolerance || ins.totalDue === 0) settled.set(ins.period, requireDay(ins.dueDate, 'dueDate', tryParseDate));
  }
  let lastPaymentDay: number | null = null;
  let lastPaymentAmount: number | null = null;
  for (const p of result.payments) {
    const d = requireDay(p.receivedDate, 'receivedDate', tryParseDate);
    if (d <= asOfDay && (lastPaymentDay === null || d >= lastPaymentDay)) {
      lastPaymentAmount = lastPaymentDay === d ? (lastPaymentAmount ?? 0) + p.amount : p.amount;
      lastPaymentDay = d;
    }
  }
  for (const a of result.allocations) {
    const d = requireDay(a.date, 'allocation.date', tryParseDate);
    if (d > asOfDay) continue;
    const left = (remaining.get(a.period) ?? 0) - a.amount;
    remaining.set(a.period, left);
    if (left < tolerance && !settled.has(a.period)) settled.set(a.period, d);
  }

  const asOfMonth = monthIndexOfDay(asOfDay);
  const strip: StripCell[] = [];
  for (let m = asOfMonth - 11; m <= asOfMonth; m++) strip.push({ month: monthText(m), status: 'none' });

  let instalmentsDue = 0;
  let paidOnTime = 0;
  let paidLate = 0;
  let unpaidOverdue = 0;
  let pending = 0;
  let totalDaysLate = 0;
  let maxDaysLate = 0;
  for (const ins of result.instalments) {
    const dueDay = requireDay(ins.dueDate, 'dueDate', tryParseDate);
    if (dueDay > asOfDay) continue;
    instalmentsDue++;
    const s = settled.get(ins.period);
    let status: MonthStatus;
    if (s !== undefined) {
      if (s <= dueDay + grace) {
        paidOnTime++;
        status = 'paid-on-time';
      } else {
        paidLate++;
        status = 'paid-late';
        totalDaysLate += s - dueDay;
        maxDaysLate = Math.max(maxDaysLate, s - dueDay);
      }
    } else {
      status = 'unpaid';
      if (dueDay + grace < asOfDay) {
        unpaidOverdue++;
        totalDaysLate += asOfDay - dueDay;
        maxDaysLate = Math.max(maxDaysLate, asOfDay - dueDay);
      } else {
        pending++;
      }
    }
    const cell = strip[monthIndexOfDay(dueDay) - (asOfMonth - 11)];
    if (cell !== undefined && SEVERITY[status] > SEVERITY[cell.status]) cell.status = status;
  }

  const late = paidLate + unpaidOverdue;
  const decided = paidOnTime + late;
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
    lastPaymentDate: lastPaymentDay === null ? null : formatDate(lastPaymentDay),
    lastPaymentAmount,
    strip,
  };
}

/** Lessee behaviour at `asOf`: counts and day totals summed over its leases, max of maxima, latest payment, worst status per month (unpaid > paid-late > paid-on-time > none). */
export function lesseeBehaviour(leases: readonly AllocationResult[], asOf: string, options: BehaviourOptions = {}): PaymentBehaviour {
  const asOfDay = requireDay(asOf, 'asOf', tryParseDate);
  const asOfMonth = monthIndexOfDay(asOfDay);
  const acc: PaymentBehaviour = {
    asOf: formatDate(asOfDay),
    instalmentsDue: 0,
    paidOnTime: 0,
    paidLate: 0,
    unpaidOverdue: 0,
    pending: 0,
    onTimeRate: null,
    averageDaysLate: null,
    totalDaysLate: 0,
    maxDaysLate: 0,
    lastPaymentDate: null,
    lastPaymentAmount: null,
    strip: Array.from({ length: 12 }, (_, i) => ({ month: monthText(asOfMonth - 11 + i), status: 'none' as MonthStatus })),
  };
  for (const lease of leases) {
    const b = paymentBehaviour(lease, asOf, options);
    acc.instalmentsDue += b.instalmentsDue;
    acc.paidOnTime += b.paidOnTime;
    acc.paidLate += b.paidLate;
    acc.unpaidOverdue += b.unpaidOverdue;
    acc.pending += b.pending;
    acc.totalDaysLate += b.totalDaysLate;
    acc.maxDaysLate = Math.max(acc.maxDaysLate, b.maxDaysLate);
    if (b.lastPaymentDate !== null) {
      if (acc.lastPaymentDate === null || b.lastPaymentDate > acc.lastPaymentDate) {
        acc.lastPaymentDate = b.lastPaymentDate;
        acc.lastPaymentAmount = b.lastPaymentAmount;
      } else if (b.lastPaymentDate === acc.lastPaymentDate) {
        acc.lastPaymentAmount = (acc.lastPaymentAmount ?? 0) + (b.lastPaymentAmount ?? 0);
      }
    }
    b.strip.forEach((cell, i) => {
      const mine = acc.strip[i]!;
      if (SEVERITY[cell.status] > SEVERITY[mine.status]) mine.status = cell.status;
    });
  }
  const late = acc.paidLate + acc.unpaidOverdue;
  const decided = acc.paidOnTime + late;
  acc.onTimeRate = decided === 0 ? null : acc.paidOnTime / decided;
  acc.averageDaysLate = late === 0 ? null : acc.totalDaysLate / late;
  return acc;
}
