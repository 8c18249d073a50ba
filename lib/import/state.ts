/**
 * A lease's state at the tape's date (domain.md §7): the opening position a seasoned lease's servicing starts from,
 * read from the tape's state columns. Pure.
 *
 * - What fell due before the tape's date is settled, except the arrears the tape reports. With no state column the
 *   lease is current (no arrears) on that date.
 * - Arrears: the tape's arrears balance; without one, the instalments past due (given, or the instalments due before
 *   the date less the instalments paid), or the instalments due in the days in arrears before the date.
 * - Days in arrears: the tape's; without them, the age of the oldest instalment the arrears reach back to (unpaid
 *   amounts are the latest instalments due, payments settling the oldest first).
 * - Account status: a lease reported in default is in default from its default date (the tape's date when it gives
 *   none: a warning). Without a status column, a default date reports a default. (Which leases stay out of the pool:
 *   lib/import/enums.ts leaseStatusOfAccount.)
 */
import { tryParseDate } from '@/lib/finance';
import { componentsTotal, type Component, type Instalment } from '@/lib/servicing/allocation';
import { openingArrears, type OpeningPosition } from '@/lib/servicing/opening';
import type { AccountState } from './enums';

/** The state columns of one row as read (undefined: the file does not give it). */
export interface TapeState {
  arrearsBalance?: number;
  daysInArrears?: number;
  instalmentsPastDue?: number;
  instalmentsPaid?: number;
  status?: AccountState;
  defaultDate?: string;
  defaultAmount?: number;
  cumulativeRecoveries?: number;
  dateLastInArrears?: string;
}

/** An opening position with what the tape reported besides. */
export interface TapeOpening extends OpeningPosition {
  /** In default from this date (null: not reported in default). */
  defaultedOn: string | null;
  defaultAmount: number | null;
  recoveries: number;
  lastInArrearsOn: string | null;
  reportedStatus: AccountState | null;
}

export type StateIssue =
  | {
      field: 'arrearsBalance' | 'daysInArrears' | 'instalmentsPastDue' | 'instalmentsPaid' | 'defaultAmount' | 'cumulativeRecoveries';
      rule: 'negative';
    }
  | { field: 'daysInArrears'; rule: 'arrearsDays' }
  | { field: 'defaultDate' | 'status'; rule: 'defaultDateMissing'; date: string }
  | { field: 'defaultDate'; rule: 'defaultDateAfterTape'; date: string };

function daysBetween(from: string, to: string): number {
  return tryParseDate(to)! - tryParseDate(from)!;
}

/**
 * The opening position at `asOf` from the tape's state over the lease's instalments (as its servicing sees them:
 * schedule rows and residual), and the issues found: errors (negative amounts, a default date after the tape's) and
 * warnings (days in arrears without arrears: taken as current; a default without a date: from the tape's date).
 */
export function tapeOpening(
  instalments: readonly Instalment[],
  asOf: string,
  state: TapeState,
  order: readonly Component[],
): { opening: TapeOpening; issues: StateIssue[]; errors: boolean } {
  const issues: StateIssue[] = [];
  let errors = false;
  for (const f of [
    'arrearsBalance',
    'daysInArrears',
    'instalmentsPastDue',
    'instalmentsPaid',
    'defaultAmount',
    'cumulativeRecoveries',
  ] as const) {
    const v = state[f];
    if (v !== undefined && v < 0) {
      issues.push({ field: f, rule: 'negative' });
      errors = true;
    }
  }
  const before = instalments
    .filter((i) => i.dueDate < asOf)
    .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.period - b.period));
  const gross = (i: Instalment) => i.vat + i.fee + i.interest + i.principal;

  let pastDue = state.instalmentsPastDue;
  if (
    pastDue === undefined &&
    state.arrearsBalance === undefined &&
    state.daysInArrears === undefined &&
    state.instalmentsPaid !== undefined
  )
    pastDue = Math.max(0, before.length - state.instalmentsPaid);
  let arrears = state.arrearsBalance;
  let days = state.daysInArrears;
  if (arrears === undefined) {
    if (pastDue !== undefined) {
      const unpaid = before.slice(Math.max(0, before.length - pastDue));
      arrears = unpaid.reduce((s, i) => s + gross(i), 0);
      if (days === undefined) days = unpaid.length ? daysBetween(unpaid[0]!.dueDate, asOf) : 0;
    } else if (days !== undefined && days > 0) {
      const from = tryParseDate(asOf)! - days;
      const unpaid = before.filter((i) => tryParseDate(i.dueDate)! >= from);
      arrears = unpaid.reduce((s, i) => s + gross(i), 0);
    }
  }
  arrears = Math.max(0, arrears ?? 0);
  days = Math.max(0, days ?? 0);
  if (arrears > 0 && days === 0) {
    // The age of the oldest instalment the arrears reach back to (the latest instalments are the unpaid ones).
    let left = arrears;
    let oldest: string | null = null;
    for (let k = before.length - 1; k >= 0 && left > 0; k--) {
      left -= gross(before[k]!);
      oldest = before[k]!.dueDate;
    }
    days = oldest === null ? 1 : Math.max(1, daysBetween(oldest, asOf));
  } else if (days > 0 && arrears === 0) {
    issues.push({ field: 'daysInArrears', rule: 'arrearsDays' });
    days = 0;
  }
  const split = arrears > 0 ? openingArrears(before, asOf, arrears, order) : { vat: 0, fee: 0, interest: 0, principal: 0 };
  if (componentsTotal(split) === 0) days = 0;

  let defaultedOn: string | null = null;
  const reportsDefault = state.status === 'defaulted' || (state.status === undefined && state.defaultDate !== undefined);
  if (reportsDefault) {
    if (state.defaultDate === undefined) {
      issues.push({ field: state.status === undefined ? 'defaultDate' : 'status', rule: 'defaultDateMissing', date: asOf });
      defaultedOn = asOf;
    } else if (state.defaultDate > asOf) {
      issues.push({ field: 'defaultDate', rule: 'defaultDateAfterTape', date: asOf });
      errors = true;
    } else defaultedOn = state.defaultDate;
  }
  return {
    opening: {
      asOf,
      daysPastDue: days,
      arrears: split,
      defaultedOn,
      defaultAmount: reportsDefault ? (state.defaultAmount ?? null) : null,
      recoveries: Math.max(0, state.cumulativeRecoveries ?? 0),
      lastInArrearsOn: state.dateLastInArrears ?? null,
      reportedStatus: state.status ?? null,
    },
    issues,
    errors,
  };
}
