/**
 * Opening positions (domain.md §7, §14): the state a lease's servicing starts from. Pure.
 *
 * A lease bought into QUANTUM and serviced here from its first instalment has none (the zero position): it is
 * serviced on every instalment of its schedule. A seasoned lease taken in from a tape is serviced from the tape's
 * date `asOf`: what fell due before it is settled — QUANTUM has no payment history of it, and never counts it as
 * unpaid — except the arrears the tape reports, which are one instalment (period 0) due `daysPastDue` days before
 * `asOf`, of the components given. So on `asOf` the lease's DPD is the tape's days in arrears and its arrears the
 * tape's balance; from then on instalments and payments age and settle it as any other lease. Outstanding principal
 * (the schedule's principal due on or after a date) is the schedule's on every date from `asOf` on.
 */
import { formatDate, tryParseDate } from '@/lib/finance';
import { DEFAULT_COMPONENT_ORDER, componentsTotal, type Component, type ComponentAmounts, type Instalment } from './allocation';

export type OpeningPosition = {
  /** The date servicing starts (the tape's date), YYYY-MM-DD. */
  asOf: string;
  /** Days the arrears are overdue on `asOf` (≥ 0). */
  daysPastDue: number;
  /** The arrears on `asOf` by component, minor units (≥ 0). */
  arrears: ComponentAmounts;
  /**
   * Reported in default from this date (a tape's, domain.md §7), null or absent when not: a default trigger from it
   * through `asOf` (lib/credit/default.ts), after which the lease cures by the rules like any other.
   */
  defaultedOn?: string | null;
};

/** The period of the opening arrears instalment: before every period of a schedule (they start at 1). */
export const OPENING_PERIOD = 0;

/** The due date of the opening arrears: `daysPastDue` days before `asOf`. */
export function openingDueDate(p: Pick<OpeningPosition, 'asOf' | 'daysPastDue'>): string {
  const day = tryParseDate(p.asOf);
  if (day === null) throw new Error(`asOf is not a date: ${p.asOf}`);
  return formatDate(day - p.daysPastDue);
}

/**
 * The instalments a lease is serviced on: with no opening position, `instalments` as they are; with one, the
 * instalments due on or after its `asOf` and, before them, the opening arrears as one instalment (when they are not
 * zero). The order of `instalments` is kept.
 */
export function servicedInstalments(instalments: readonly Instalment[], opening: OpeningPosition | null | undefined): Instalment[] {
  if (!opening) return [...instalments];
  const out = instalments.filter((i) => i.dueDate >= opening.asOf);
  if (componentsTotal(opening.arrears) > 0) out.unshift({ period: OPENING_PERIOD, dueDate: openingDueDate(opening), ...opening.arrears });
  return out;
}

/**
 * A tape's arrears balance (gross, minor units) split into components the way the allocation would have left them
 * unpaid: payments settle instalments oldest first and, within one, components in `order`, so what is unpaid on
 * `asOf` is the latest instalments due before it, and in a partly paid one the components last in the order. Taken
 * from the instalments due before `asOf`, newest first; a balance beyond them all is principal.
 */
export function openingArrears(
  instalments: readonly Instalment[],
  asOf: string,
  gross: number,
  order: readonly Component[] = DEFAULT_COMPONENT_ORDER,
): ComponentAmounts {
  const out: ComponentAmounts = { vat: 0, fee: 0, interest: 0, principal: 0 };
  let left = Math.max(0, Math.round(gross));
  const before = instalments
    .filter((i) => i.dueDate < asOf)
    .sort((a, b) => (a.dueDate < b.dueDate ? 1 : a.dueDate > b.dueDate ? -1 : b.period - a.period));
  for (const i of before) {
    for (const c of [...order].reverse()) {
      const take = Math.min(left, i[c]);
      out[c] += take;
      left -= take;
      if (left === 0) return out;
    }
  }
  out.principal += left;
  return out;
}
