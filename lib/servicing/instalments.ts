/**
 * The instalments a lease is serviced on: its persisted schedule rows plus, when the lease has a
 * residual, one more instalment (period = last period + 1) of principal = residual and the residual's
 * VAT (per-instalment regime), due on the schedule's residual due date (lib/finance convention: in
 * advance one period after the last instalment, in arrears with the last instalment). Pure.
 */
import { PERIOD_MONTHS, civilFromDays, dayInMonthIndex, formatDate, roundHalfUp, tryParseDate, type Frequency } from '@/lib/finance';
import type { Instalment } from './allocation';
import { servicedInstalments, type OpeningPosition } from './opening';

/** The lease fields the residual instalment needs. */
export type ResidualTerms = {
  residual: number;
  vatRate: number;
  vatRegime: 'per-instalment' | 'upfront';
  firstDueDate: string;
  term: number;
  timing: 'advance' | 'arrears';
  frequency: Frequency;
};

/** Due date (YYYY-MM-DD) of the residual of a lease (same rule as buildSchedule's residualDueDate). */
export function residualDueDate(t: Pick<ResidualTerms, 'firstDueDate' | 'term' | 'timing' | 'frequency'>): string {
  const first = tryParseDate(t.firstDueDate);
  if (first === null) throw new Error(`firstDueDate is not a date: ${t.firstDueDate}`);
  const c = civilFromDays(first);
  const firstMonth = c.year * 12 + c.month - 1;
  const periodMonths = PERIOD_MONTHS[t.frequency];
  const month = firstMonth + (t.timing === 'advance' ? t.term : t.term - 1) * periodMonths;
  return formatDate(dayInMonthIndex(month, c.day));
}

/** The residual as an instalment (principal + VAT), or null when the lease has none. */
export function residualInstalment(t: ResidualTerms, lastPeriod: number): Instalment | null {
  if (t.residual <= 0) return null;
  const vat = t.vatRegime === 'upfront' ? 0 : roundHalfUp(t.vatRate * t.residual);
  return { period: lastPeriod + 1, dueDate: residualDueDate(t), vat, fee: 0, interest: 0, principal: t.residual };
}

/**
 * Schedule rows (any order) + residual → the lease's instalments in period order, as its servicing sees them from
 * its opening position (opening.ts; none: all of them).
 */
export function leaseInstalments(rows: readonly Instalment[], terms: ResidualTerms, opening?: OpeningPosition | null): Instalment[] {
  const out = [...rows].sort((a, b) => a.period - b.period);
  const last = out.length === 0 ? 0 : out[out.length - 1]!.period;
  const r = residualInstalment(terms, last);
  if (r) out.push(r);
  return servicedInstalments(out, opening);
}
