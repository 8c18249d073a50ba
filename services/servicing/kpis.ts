import 'server-only';
/**
 * Servicing KPIs of the Dashboard, per currency: collections this month (payments received from the
 * first of the month to today, net of reversals) vs scheduled this month (gross instalments due in the
 * calendar month), the share of outstanding principal more than 30 days past due, and arrears.
 */
import type { DbOrTx } from '@/db/client';
import { collectedInWindow, scheduledInWindow } from '@/db/queries/servicing';
import { addDays, addMonths } from '@/lib/finance';
import { getServicingBook, servicingStores } from '@/services/servicing/book';

export type ServicingKpi = {
  currency: string;
  collected: number;
  scheduled: number;
  outstanding: number;
  outstanding30: number;
  /** outstanding30 / outstanding (0..1); null for an empty book. */
  share30: number | null;
  arrearsNet: number;
  arrearsVat: number;
  arrearsTotal: number;
  leases30: number;
};

/**
 * This month's scheduled and collected sums per day, kept beside the funder's servicing stores (one entry per
 * database file and funder) with the store version they were read at: every lease edit and payment of the
 * funder moves that version (services/servicing/book), so a hit is exactly what the two queries would answer
 * now; they cost about a second each on a 100,000-lease book.
 */
type Window = { version: number; scheduled: Map<string, number>; collected: Map<string, number> };
const windows = new WeakMap<object, Map<string, Window>>();
const MAX_DAYS = 4;

function monthToDate(db: DbOrTx, funderId: number, today: string): Window {
  const { entry } = servicingStores(db, funderId);
  let byDay = windows.get(entry);
  if (!byDay) windows.set(entry, (byDay = new Map()));
  const hit = byDay.get(today);
  if (hit && hit.version === entry.version) return hit;
  const monthStart = `${today.slice(0, 7)}-01`;
  const monthEnd = addDays(addMonths(monthStart, 1), -1);
  const fresh = { version: entry.version, scheduled: scheduledInWindow(db, funderId, monthStart, monthEnd), collected: collectedInWindow(db, funderId, monthStart, today) };
  byDay.delete(today);
  if (byDay.size >= MAX_DAYS) byDay.delete(byDay.keys().next().value!);
  byDay.set(today, fresh);
  return fresh;
}

/** The servicing KPIs at `today` (YYYY-MM-DD), currencies in code order. */
export function servicingKpis(db: DbOrTx, funderId: number, today: string): ServicingKpi[] {
  const { scheduled, collected } = monthToDate(db, funderId, today);
  const book = getServicingBook(db, funderId, today);
  const by = new Map<string, ServicingKpi>();
  const get = (c: string) => {
    let k = by.get(c);
    if (!k) {
      k = { currency: c, collected: collected.get(c) ?? 0, scheduled: scheduled.get(c) ?? 0, outstanding: 0, outstanding30: 0, share30: null, arrearsNet: 0, arrearsVat: 0, arrearsTotal: 0, leases30: 0 };
      by.set(c, k);
    }
    return k;
  };
  for (const c of new Set([...scheduled.keys(), ...collected.keys()])) get(c);
  for (const s of book.leases) {
    const k = get(s.currency);
    k.outstanding += s.outstandingPrincipal;
    k.arrearsNet += s.arrearsNet;
    k.arrearsVat += s.arrearsVat;
    k.arrearsTotal += s.arrearsTotal;
    if (s.dpd > 30) {
      k.outstanding30 += s.outstandingPrincipal;
      k.leases30++;
    }
  }
  for (const k of by.values()) k.share30 = k.outstanding > 0 ? k.outstanding30 / k.outstanding : null;
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
