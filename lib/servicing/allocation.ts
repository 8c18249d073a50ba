/**
 * Payment allocation (domain.md §5): each payment pays the oldest open instalment first and, within
 * an instalment, the components in the funder's order (default VAT → fee → interest → principal).
 *
 * Conventions:
 * - Money is integer minor units; dates are `YYYY-MM-DD`.
 * - Instalments are taken in due-date order (ties: by period). Payments are processed in
 *   received-date order (ties: ledger order), so the result is deterministic.
 * - Cash left after the open instalments is applied IMMEDIATELY to the next instalments in order,
 *   even when they are not yet due (a payment in advance); an instalment paid that way has a
 *   paid-in-full date before its due date. Only cash left after the last instalment stays as
 *   `credit` — this is what the ledger holds.
 * - A reversal removes the payment it names and the whole allocation is recomputed from the
 *   remaining entries (history is never mutated; reversals are retroactive).
 * - With `asOf`, entries dated after it (payments by received date, reversals by their date) are ignored.
 * - An instalment that owes nothing counts as paid in full on its due date.
 */
import { tryParseDate, formatDate } from '@/lib/finance';
import { ServicingError, requireDay, requireNonNegInt } from './errors';

/** One of the four amounts an instalment is made of. */
export type Component = 'vat' | 'fee' | 'interest' | 'principal';

/** The four components, in the default allocation order. */
export const DEFAULT_COMPONENT_ORDER: readonly Component[] = Object.freeze(['vat', 'fee', 'interest', 'principal'] as const);

/** Amounts per component, minor units. */
export interface ComponentAmounts {
  vat: number;
  fee: number;
  interest: number;
  principal: number;
}

/** A scheduled instalment: its period, due date and the amounts due per component (minor units). The residual is an instalment with only principal (+ its VAT). */
export interface Instalment extends ComponentAmounts {
  period: number;
  dueDate: string;
}

/** A payment received on the lease (amount in minor units, > 0 or 0). */
export interface PaymentEntry {
  id: string;
  receivedDate: string;
  amount: number;
}

/** A reversal: undoes the payment `reversalOf` as if it had never been received. */
export interface ReversalEntry {
  id: string;
  reversalOf: string;
  date: string;
}

/** A ledger entry: payment or reversal. */
export type LedgerEntry = PaymentEntry | ReversalEntry;

/** Options of allocatePayments. */
export interface AllocationOptions {
  /** Component order within an instalment; a permutation of the four components. */
  componentOrder?: readonly Component[];
  /** Ignore entries dated after this date (`YYYY-MM-DD`). */
  asOf?: string;
}

/** One slice of a payment applied to one component of one instalment (minor units). */
export interface Allocation {
  paymentId: string;
  /** Received date of the payment. */
  date: string;
  period: number;
  component: Component;
  amount: number;
}

/** State of one instalment after allocation (minor units). */
export interface InstalmentStatus {
  period: number;
  dueDate: string;
  due: ComponentAmounts;
  paid: ComponentAmounts;
  unpaid: ComponentAmounts;
  totalDue: number;
  totalPaid: number;
  totalUnpaid: number;
  /** Date on which the last unit was paid (may precede dueDate when paid in advance); null while anything is unpaid. */
  paidInFullDate: string | null;
}

/** Totals of an allocation, minor units. Invariant: allocated + credit = payments. */
export interface AllocationTotals {
  /** Σ payments not reversed (and within asOf). */
  payments: number;
  allocated: number;
  credit: number;
  due: number;
  unpaid: number;
}

/** Result of allocatePayments. */
export interface AllocationResult {
  componentOrder: readonly Component[];
  /** Instalments in allocation order (due date, then period). */
  instalments: InstalmentStatus[];
  /** Allocations in processing order. */
  allocations: Allocation[];
  /** Payments that count (not reversed, within asOf), in processing order. */
  payments: PaymentEntry[];
  /** Ids of the payments removed by reversals. */
  reversedPaymentIds: string[];
  /** Unallocated cash on the lease, minor units. */
  credit: number;
  totals: AllocationTotals;
}

function isReversal(e: LedgerEntry): e is ReversalEntry {
  return typeof (e as ReversalEntry).reversalOf === 'string';
}

/** Validates a component order (a permutation of vat, fee, interest, principal) and returns a frozen copy; throws COMPONENT_ORDER otherwise. */
export function validateComponentOrder(order: readonly string[]): readonly Component[] {
  const ok = Array.isArray(order) && order.length === 4 && DEFAULT_COMPONENT_ORDER.every((c) => order.includes(c));
  if (!ok) {
    throw new ServicingError(
      'COMPONENT_ORDER',
      `component order must be a permutation of vat, fee, interest, principal (got ${JSON.stringify(order)})`,
      'componentOrder',
    );
  }
  return Object.freeze([...order] as Component[]);
}

function zero(): ComponentAmounts {
  return { vat: 0, fee: 0, interest: 0, principal: 0 };
}

/** Σ of an instalment's four components (minor units). */
export function componentsTotal(a: ComponentAmounts): number {
  return a.vat + a.fee + a.interest + a.principal;
}

/** Allocates the ledger's payments to the instalments (minor units): oldest instalment first, components in `componentOrder`, leftover applied to later instalments, the rest is credit. */
export function allocatePayments(
  instalments: readonly Instalment[],
  entries: readonly LedgerEntry[],
  options: AllocationOptions = {},
): AllocationResult {
  const order = validateComponentOrder(options.componentOrder ?? DEFAULT_COMPONENT_ORDER);
  const asOfDay = options.asOf === undefined ? null : requireDay(options.asOf, 'asOf', tryParseDate);

  // Instalments: validate, sort by (due date, period).
  const periods = new Set<number>();
  const rows = instalments.map((ins, index) => {
    if (!Number.isSafeInteger(ins.period) || periods.has(ins.period)) {
      throw new ServicingError(
        'VALUE',
        `instalment period must be a unique integer (got ${String(ins.period)})`,
        `instalments[${index}].period`,
      );
    }
    periods.add(ins.period);
    const dueDay = requireDay(ins.dueDate, `instalments[${index}].dueDate`, tryParseDate);
    const due = zero();
    for (const c of order) due[c] = requireNonNegInt(ins[c], `instalments[${index}].${c}`);
    return { period: ins.period, dueDay, due, paid: zero(), paidInFullDay: null as number | null };
  });
  rows.sort((a, b) => a.dueDay - b.dueDay || a.period - b.period);

  // Ledger: validate ids and reversals over all entries.
  const ids = new Set<string>();
  const paymentsById = new Map<string, { entry: PaymentEntry; day: number; index: number }>();
  const reversals: { entry: ReversalEntry; day: number; index: number }[] = [];
  entries.forEach((e, index) => {
    if (typeof e.id !== 'string' || e.id === '' || ids.has(e.id)) {
      throw new ServicingError(
        'VALUE',
        `ledger entry id must be a unique non-empty string (got "${String(e.id)}")`,
        `entries[${index}].id`,
      );
    }
    ids.add(e.id);
    if (isReversal(e)) {
      reversals.push({ entry: e, day: requireDay(e.date, `entries[${index}].date`, tryParseDate), index });
    } else {
      const day = requireDay(e.receivedDate, `entries[${index}].receivedDate`, tryParseDate);
      requireNonNegInt(e.amount, `entries[${index}].amount`);
      paymentsById.set(e.id, { entry: e, day, index });
    }
  });
  const reversed = new Set<string>();
  for (const r of reversals) {
    const p = paymentsById.get(r.entry.reversalOf);
    if (p === undefined) {
      throw new ServicingError(
        'UNKNOWN_PAYMENT',
        `reversal ${r.entry.id} names unknown payment "${r.entry.reversalOf}"`,
        `entries[${r.index}].reversalOf`,
      );
    }
    if (reversed.has(p.entry.id)) {
      throw new ServicingError(
        'DUPLICATE_REVERSAL',
        `payment "${p.entry.id}" is reversed more than once`,
        `entries[${r.index}].reversalOf`,
      );
    }
    if (r.day < p.day) {
      throw new ServicingError('VALUE', `reversal ${r.entry.id} is dated before payment "${p.entry.id}"`, `entries[${r.index}].date`);
    }
    if (asOfDay === null || r.day <= asOfDay) reversed.add(p.entry.id);
  }

  const live = [...paymentsById.values()]
    .filter((p) => !reversed.has(p.entry.id) && (asOfDay === null || p.day <= asOfDay))
    .sort((a, b) => a.day - b.day || a.index - b.index);

  // Zero-due instalments are settled on their due date.
  for (const r of rows) if (componentsTotal(r.due) === 0) r.paidInFullDay = r.dueDay;

  const allocations: Allocation[] = [];
  let cursor = 0;
  let credit = 0;
  let paymentsTotal = 0;
  for (const p of live) {
    let remaining = p.entry.amount;
    paymentsTotal += remaining;
    while (remaining > 0 && cursor < rows.length) {
      const row = rows[cursor]!;
      for (const c of order) {
        if (remaining === 0) break;
        const open = row.due[c] - row.paid[c];
        if (open <= 0) continue;
        const take = open < remaining ? open : remaining;
        row.paid[c] += take;
        remaining -= take;
        allocations.push({ paymentId: p.entry.id, date: p.entry.receivedDate, period: row.period, component: c, amount: take });
      }
      if (componentsTotal(row.paid) === componentsTotal(row.due)) {
        if (row.paidInFullDay === null) row.paidInFullDay = p.day;
        cursor++;
      }
    }
    // Skip settled rows (e.g. zero-due) so the cursor always points to an open instalment.
    while (cursor < rows.length && componentsTotal(rows[cursor]!.paid) === componentsTotal(rows[cursor]!.due)) cursor++;
    credit += remaining;
  }

  let dueTotal = 0;
  let paidTotal = 0;
  const out: InstalmentStatus[] = rows.map((r) => {
    const unpaid = zero();
    for (const c of order) unpaid[c] = r.due[c] - r.paid[c];
    const totalDue = componentsTotal(r.due);
    const totalPaid = componentsTotal(r.paid);
    dueTotal += totalDue;
    paidTotal += totalPaid;
    return {
      period: r.period,
      dueDate: formatDate(r.dueDay),
      due: r.due,
      paid: r.paid,
      unpaid,
      totalDue,
      totalPaid,
      totalUnpaid: totalDue - totalPaid,
      paidInFullDate: r.paidInFullDay === null ? null : formatDate(r.paidInFullDay),
    };
  });

  return {
    componentOrder: order,
    instalments: out,
    allocations,
    payments: live.map((p) => ({ ...p.entry })),
    reversedPaymentIds: [...reversed],
    credit,
    totals: { payments: paymentsTotal, allocated: paidTotal, credit, due: dueTotal, unpaid: dueTotal - paidTotal },
  };
}

/** Per-instalment paid and unpaid amounts (minor units) counting only allocations of payments received on or before `asOf`. */
export function instalmentsAsOf(result: AllocationResult, asOf: string): InstalmentStatus[] {
  const asOfDay = requireDay(asOf, 'asOf', tryParseDate);
  const paid = new Map<number, ComponentAmounts>();
  const settled = new Map<number, string>();
  const totalDue = new Map<number, number>();
  for (const ins of result.instalments) {
    paid.set(ins.period, zero());
    totalDue.set(ins.period, ins.totalDue);
  }
  for (const a of result.allocations) {
    if (requireDay(a.date, 'allocation.date', tryParseDate) > asOfDay) continue;
    const p = paid.get(a.period);
    if (p === undefined) continue;
    p[a.component] += a.amount;
    if (componentsTotal(p) === totalDue.get(a.period) && !settled.has(a.period)) settled.set(a.period, a.date);
  }
  return result.instalments.map((ins) => {
    const p = paid.get(ins.period) ?? zero();
    const unpaid = zero();
    for (const c of DEFAULT_COMPONENT_ORDER) unpaid[c] = ins.due[c] - p[c];
    const totalPaid = componentsTotal(p);
    const paidInFullDate = ins.totalDue === 0 ? ins.dueDate : (settled.get(ins.period) ?? null);
    return { ...ins, due: { ...ins.due }, paid: p, unpaid, totalPaid, totalUnpaid: ins.totalDue - totalPaid, paidInFullDate };
  });
}
