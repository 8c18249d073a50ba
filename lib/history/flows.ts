/**
 * A lease's cash split at a day, over the servicing book's stores (lib/servicing/book-store.ts): the same
 * prefix fill of the live cash in due-date order and the funder's component order that `statesAt` uses
 * for the delinquency (that function stays the one DPD engine; this adds only what the history needs
 * and statesAt does not return: the interest collected so far and the principal paid ahead of schedule).
 */
import type { Component } from '@/lib/servicing';
import type { LedgerStore, ScheduleStore } from '@/lib/servicing/book-store';
import type { AmountColumn } from '@/lib/finance/columns';

export type CashSplit = {
  /** Principal (with the residual) not yet paid at the day (cash view: principal collected = its decrease). */
  outstanding: number;
  /** Interest allocated so far (all instalments). */
  interestPaid: number;
  /** Principal allocated to instalments due after the day (paid ahead of schedule). */
  principalAhead: number;
};

/** The store's columns in the funder's component order with the positions of interest and principal (build once per book pass). */
export type SplitColumns = { cols: AmountColumn[]; interestAt: number; principalAt: number };

export function splitColumns(s: ScheduleStore, order: readonly Component[]): SplitColumns {
  const byName = { vat: s.vat, fee: s.fee, interest: s.interest, principal: s.principal };
  return { cols: order.map((c) => byName[c]), interestAt: order.indexOf('interest'), principalAt: order.indexOf('principal') };
}

/** The split of lease `i` (store index) at day `day` (a lib/finance day number). */
export function cashSplitAt(
  s: ScheduleStore,
  l: LedgerStore,
  i: number,
  day: number,
  order: readonly Component[] | SplitColumns,
): CashSplit {
  const { cols, interestAt, principalAt } = Array.isArray(order) ? splitColumns(s, order as readonly Component[]) : (order as SplitColumns);
  let cash = 0;
  for (let j = l.start[i]!; j < l.end[i]!; j++) {
    if (l.day[j]! > day || l.reversedOn[j]! <= day) continue;
    cash += l.amount[j]!;
  }
  let left = cash;
  let outstanding = 0;
  let interestPaid = 0;
  let principalAhead = 0;
  const n = cols.length;
  for (let k = s.start[i]!; k < s.end[i]!; k++) {
    for (let c = 0; c < n; c++) {
      const due = cols[c]![k]!;
      const take = due < left ? due : left;
      left -= take;
      if (c === principalAt) {
        outstanding += due - take;
        if (s.due[k]! > day) principalAhead += take;
      } else if (c === interestAt) interestPaid += take;
    }
  }
  return { outstanding, interestPaid, principalAhead };
}

/** Σ principal (with the residual) of lease `i`'s instalments due in [fromDay, toDay): a month's scheduled principal between two cut-offs. */
export function principalDueIn(s: ScheduleStore, i: number, fromDay: number, toDay: number): number {
  let sum = 0;
  for (let k = s.start[i]!; k < s.end[i]!; k++) {
    const d = s.due[k]!;
    if (d >= fromDay && d < toDay) sum += s.principal[k]!;
  }
  return sum;
}

/**
 * Lease `i`'s outstanding principal at the cut-off `day` (domain.md §3's prin, §14): the principal (with the residual) of
 * its instalments due on or after it — as statesAt's outstandingPrincipal at that day, whatever was paid.
 */
export function principalDueFrom(s: ScheduleStore, i: number, day: number): number {
  return principalDueIn(s, i, day, Infinity);
}
