/**
 * The roll-forward of a tape against the previous tape of the same source (domain.md §7). Pure.
 *
 * Per lease on both tapes: previous balance − the principal its schedule had due between the two tape dates − what
 * was charged off (approved write-offs) in between = expected; the tape's balance − expected is the difference, a
 * break beyond the tolerance (one unit of the currency: rounding). A lease only on this tape appeared; one only on
 * the previous tape is gone. Per currency the totals reconcile: opening − scheduled − charged off − gone + appeared
 * + differences = closing.
 */
import { minorUnitDigits } from '@/lib/finance';

export type RollForwardKind = 'rolled' | 'break' | 'appeared' | 'gone';

/** A lease on the previous tape. */
export type PreviousLine = { contractNumber: string; balance: number; date: string; currency: string };
/** A lease on this tape (its balance, when the tape gives one). */
export type CurrentLine = { contractNumber: string; row: number; leaseId: number | null; balance: number; date: string; currency: string };

export type RollForwardEntry = {
  contractNumber: string;
  row: number | null;
  leaseId: number | null;
  currency: string;
  kind: RollForwardKind;
  previousBalance: number | null;
  previousDate: string | null;
  scheduled: number;
  chargedOff: number;
  expected: number | null;
  balance: number | null;
  difference: number | null;
};

export type RollForwardTotals = {
  currency: string;
  opening: number;
  scheduled: number;
  chargedOff: number;
  gone: number;
  appeared: number;
  differences: number;
  closing: number;
};

/**
 * The entries of a roll-forward. `scheduled(leaseId, from, to)` is the principal the lease's schedule has due in
 * [from, to); `chargedOff(leaseId, from, to)` the write-offs approved in that span.
 */
export function rollForward(
  previous: readonly PreviousLine[],
  current: readonly CurrentLine[],
  scheduled: (leaseId: number, from: string, to: string) => number,
  chargedOff: (leaseId: number, from: string, to: string) => number,
): RollForwardEntry[] {
  const before = new Map(previous.map((p) => [p.contractNumber, p]));
  const out: RollForwardEntry[] = [];
  const seen = new Set<string>();
  for (const c of current) {
    seen.add(c.contractNumber);
    const p = before.get(c.contractNumber);
    if (!p || c.leaseId === null) {
      out.push({
        contractNumber: c.contractNumber,
        row: c.row,
        leaseId: c.leaseId,
        currency: c.currency,
        kind: 'appeared',
        previousBalance: null,
        previousDate: null,
        scheduled: 0,
        chargedOff: 0,
        expected: null,
        balance: c.balance,
        difference: null,
      });
      continue;
    }
    const due = p.date < c.date ? scheduled(c.leaseId, p.date, c.date) : 0;
    const off = p.date < c.date ? chargedOff(c.leaseId, p.date, c.date) : 0;
    const expected = Math.max(0, p.balance - due - off);
    const difference = c.balance - expected;
    const unit = 10 ** minorUnitDigits(c.currency);
    out.push({
      contractNumber: c.contractNumber,
      row: c.row,
      leaseId: c.leaseId,
      currency: c.currency,
      kind: Math.abs(difference) > unit ? 'break' : 'rolled',
      previousBalance: p.balance,
      previousDate: p.date,
      // Capped so each line holds: previous − scheduled − charged off + difference = balance (expected ≥ 0).
      scheduled: Math.min(due, p.balance),
      chargedOff: p.balance - due - off < 0 ? Math.max(0, p.balance - due) : off,
      expected,
      balance: c.balance,
      difference,
    });
  }
  for (const p of previous) {
    if (seen.has(p.contractNumber)) continue;
    out.push({
      contractNumber: p.contractNumber,
      row: null,
      leaseId: null,
      currency: p.currency,
      kind: 'gone',
      previousBalance: p.balance,
      previousDate: p.date,
      scheduled: 0,
      chargedOff: 0,
      expected: null,
      balance: null,
      difference: null,
    });
  }
  return out;
}

/** The reconciliation per currency (in currency order): opening − scheduled − charged off − gone + appeared + differences = closing. */
export function rollForwardTotals(entries: Iterable<RollForwardEntry>): RollForwardTotals[] {
  const by = new Map<string, RollForwardTotals>();
  for (const e of entries) {
    let t = by.get(e.currency);
    if (!t)
      by.set(
        e.currency,
        (t = { currency: e.currency, opening: 0, scheduled: 0, chargedOff: 0, gone: 0, appeared: 0, differences: 0, closing: 0 }),
      );
    if (e.previousBalance !== null) t.opening += e.previousBalance;
    if (e.balance !== null) t.closing += e.balance;
    if (e.kind === 'gone') t.gone += e.previousBalance ?? 0;
    else if (e.kind === 'appeared') t.appeared += e.balance ?? 0;
    else {
      t.scheduled += e.scheduled;
      t.chargedOff += e.chargedOff;
      t.differences += e.difference!;
    }
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The most frequent of some days (the earliest among equals), null when there are none: a tape's date over its rows. */
export function mostCommon(days: Iterable<string>): string | null {
  const n = new Map<string, number>();
  for (const d of days) n.set(d, (n.get(d) ?? 0) + 1);
  let best: string | null = null;
  for (const [d, k] of n) if (best === null || k > n.get(best)! || (k === n.get(best)! && d < best)) best = d;
  return best;
}
