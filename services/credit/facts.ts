/**
 * PROVISIONAL credit facts (the seam agreed in /work/briefs/credit-facts.md): feat/credit owns this
 * file and replaces it with the domain.md §8 derivation (materiality, probation, contagion, write-offs,
 * recoveries). Until then the facts come only from the stored lease status:
 * - a lease whose status is `defaulted` is defaulted from its default date on, performing before;
 * - default date: the day the lease history last set the status to defaulted; when the history does
 *   not say (a lease created or bulk-written as defaulted), the day its DPD in today's servicing book
 *   first exceeded 90 (today − DPD + 91), else the day of its last update;
 * - default amount and principal: outstanding principal (+ arrears net of VAT) in the servicing book at
 *   the default date (lib/servicing/book-store statesAt, the one DPD engine);
 * - no write-offs or recoveries (0), no cures; every other lease is performing.
 */
import { getDb } from '@/db';
import { defaultedLeaseStatusTimes } from '@/db/queries/history';
import { addDays, todayIso } from '@/lib/finance';
import { statesAt } from '@/lib/servicing/book-store';
import { servicingSettingsOf, servicingStores } from '@/services/servicing/book';

export type CreditStatus = 'performing' | 'defaulted' | 'cured' | 'written_off' | 'repaid';
export type LeaseCreditFacts = {
  leaseId: number;
  status: CreditStatus;
  everDefaulted: boolean;
  firstDefaultDate: string | null;
  defaultAmount: number;
  defaultedPrincipal: number;
  writtenOff: number;
  recoveries: number;
  writeOffDate: string | null;
};

type Defaulted = { leaseId: number; date: string; amount: number; principal: number };
type Entry = { key: string; ids: number[]; defaulted: Map<number, Defaulted> };
const g = globalThis as unknown as { __quantumProvisionalCreditFacts?: Map<number, Entry> };
const cache = (g.__quantumProvisionalCreditFacts ??= new Map());

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function entryOf(funderId: number): Entry {
  const db = getDb();
  const { funder, entry, schedule, ledger } = servicingStores(db, funderId);
  const today = todayIso();
  const key = `${entry.version}:${funder.dataVersion}:${today}`;
  const hit = cache.get(funderId);
  if (hit && hit.key === key) return hit;
  const settings = servicingSettingsOf(funder);
  const options = { componentOrder: settings.componentOrder, tolerance: settings.tolerance, graceDays: settings.graceDays, edges: settings.edges };
  const rows = defaultedLeaseStatusTimes(db, funderId).filter((r) => schedule.indexById.has(r.leaseId));
  const todayStates = statesAt(schedule, ledger, rows.map((r) => schedule.indexById.get(r.leaseId)!), today, options);
  const byDate = new Map<string, number[]>();
  rows.forEach((r, x) => {
    const dpd = todayStates[x]!.dpd;
    const date = r.statusSetAt !== null ? isoDay(r.statusSetAt) : dpd > 90 ? addDays(today, 91 - dpd) : isoDay(r.updatedAt);
    const list = byDate.get(date);
    if (list) list.push(r.leaseId);
    else byDate.set(date, [r.leaseId]);
  });
  const defaulted = new Map<number, Defaulted>();
  for (const [date, ids] of byDate) {
    const states = statesAt(schedule, ledger, ids.map((id) => schedule.indexById.get(id)!), date, options);
    ids.forEach((id, x) => {
      const s = states[x]!;
      defaulted.set(id, { leaseId: id, date, principal: s.outstandingPrincipal, amount: s.outstandingPrincipal + s.arrearsNet });
    });
  }
  const e: Entry = { key, ids: schedule.leases.map((l) => l.id), defaulted };
  cache.set(funderId, e);
  return e;
}

/** Facts for every lease of the funder as of the date (a past month end or today). */
export function creditFactsAsOf(funderId: number, asOf: string): Map<number, LeaseCreditFacts> {
  const e = entryOf(funderId);
  const out = new Map<number, LeaseCreditFacts>();
  for (const id of e.ids) {
    const d = e.defaulted.get(id);
    const on = d !== undefined && d.date <= asOf;
    out.set(id, {
      leaseId: id,
      status: on ? 'defaulted' : 'performing',
      everDefaulted: on,
      firstDefaultDate: on ? d.date : null,
      defaultAmount: on ? d.amount : 0,
      defaultedPrincipal: on ? d.principal : 0,
      writtenOff: 0,
      recoveries: 0,
      writeOffDate: null,
    });
  }
  return out;
}

/** Drops whatever the module caches for the funder (called after writes that change credit facts). */
export function invalidateCreditFacts(funderId: number): void {
  cache.delete(funderId);
}
