import 'server-only';
/**
 * Servicing KPIs of the Dashboard, per currency: collections this month (payments received from the
 * first of the month to today, net of reversals) vs scheduled this month (gross instalments due in the
 * calendar month), the share of outstanding principal more than 30 days past due, and arrears.
 */
import type { DbOrTx } from '@/db/client';
import { collectedInWindowByLease, scheduledInWindowByLease, type LeaseWindowAmount } from '@/db/queries/servicing';
import { addDays, addMonths } from '@/lib/finance';
import { changedLeasesOf, getServicingBook, servicingStores, type ServicingBook } from '@/services/servicing/book';
import { derivedValue } from '@/lib/views';

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
 * This month's scheduled and collected sums, kept beside the funder's servicing stores (one entry per database
 * file and funder) per day with the store version they were read at, and with each lease's share of them. Every
 * lease edit and payment of the funder moves that version and names its leases (services/servicing/book
 * changedLeasesOf): only those leases' shares are read again and the sums patched by the difference — the
 * book-wide queries cost about a second each on a 100,000-lease book. When the changes cannot be told lease by
 * lease (a rebuild), both are read again in full.
 */
type Share = { currency: string; amount: number };
/** Per currency the sum and how many lease shares make it (a currency leaves when its last share does, as in the SQL's group by). */
type Sums = { total: Map<string, number>; count: Map<string, number>; byLease: Map<number, Share[]> };
type Window = { version: number; scheduled: Sums; collected: Sums };
const windows = derivedValue<object, Map<string, Window>>(
  'servicingKpiWindows',
  "a servicing entry's month-to-date scheduled and collected amounts per day",
);
const MAX_DAYS = 4;

function sumsOf(rows: Iterable<LeaseWindowAmount>): Sums {
  const sums: Sums = { total: new Map(), count: new Map(), byLease: new Map() };
  addShares(sums, rows);
  return sums;
}

function addShares(sums: Sums, rows: Iterable<LeaseWindowAmount>): void {
  for (const [leaseId, currency, amount] of rows) {
    sums.total.set(currency, (sums.total.get(currency) ?? 0) + amount);
    sums.count.set(currency, (sums.count.get(currency) ?? 0) + 1);
    const shares = sums.byLease.get(leaseId);
    if (shares) shares.push({ currency, amount });
    else sums.byLease.set(leaseId, [{ currency, amount }]);
  }
}

/** Takes the leases' old shares out of the sums and puts the new ones (read for those leases only) in. */
function patchShares(sums: Sums, ids: readonly number[], fresh: readonly LeaseWindowAmount[]): void {
  for (const id of ids) {
    for (const { currency, amount } of sums.byLease.get(id) ?? []) {
      const n = (sums.count.get(currency) ?? 0) - 1;
      if (n > 0) {
        sums.count.set(currency, n);
        sums.total.set(currency, (sums.total.get(currency) ?? 0) - amount);
      } else {
        sums.count.delete(currency);
        sums.total.delete(currency);
      }
    }
    sums.byLease.delete(id);
  }
  addShares(sums, fresh);
}

async function monthToDate(
  db: DbOrTx,
  funderId: number,
  today: string,
): Promise<{ scheduled: Map<string, number>; collected: Map<string, number> }> {
  const { entry } = await servicingStores(db, funderId);
  let byDay = windows.peek(entry);
  if (!byDay) windows.set(entry, (byDay = new Map()));
  const monthStart = `${today.slice(0, 7)}-01`;
  const monthEnd = addDays(addMonths(monthStart, 1), -1);
  let w = byDay.get(today);
  if (w && w.version !== entry.version) {
    const { ids } = changedLeasesOf(entry, w.version);
    if (ids === null) w = undefined;
    else {
      patchShares(w.scheduled, ids, await scheduledInWindowByLease(db, funderId, monthStart, monthEnd, ids));
      patchShares(w.collected, ids, await collectedInWindowByLease(db, funderId, monthStart, today, ids));
      w.version = entry.version;
    }
  }
  if (!w) {
    w = {
      version: entry.version,
      scheduled: sumsOf(await scheduledInWindowByLease(db, funderId, monthStart, monthEnd)),
      collected: sumsOf(await collectedInWindowByLease(db, funderId, monthStart, today)),
    };
    byDay.delete(today);
    if (byDay.size >= MAX_DAYS) byDay.delete(byDay.keys().next().value!);
    byDay.set(today, w);
  }
  return { scheduled: w.scheduled.total, collected: w.collected.total };
}

/** The servicing KPIs at `today` (YYYY-MM-DD), currencies in code order. */
export async function servicingKpis(db: DbOrTx, funderId: number, today: string): Promise<ServicingKpi[]> {
  const { scheduled, collected } = await monthToDate(db, funderId, today);
  const sums = bookSums(await getServicingBook(db, funderId, today));
  const by = new Map<string, ServicingKpi>();
  const get = (c: string) => {
    let k = by.get(c);
    if (!k) {
      k = {
        currency: c,
        collected: collected.get(c) ?? 0,
        scheduled: scheduled.get(c) ?? 0,
        outstanding: 0,
        outstanding30: 0,
        share30: null,
        arrearsNet: 0,
        arrearsVat: 0,
        arrearsTotal: 0,
        leases30: 0,
      };
      by.set(c, k);
    }
    return k;
  };
  for (const c of new Set([...scheduled.keys(), ...collected.keys()])) get(c);
  for (const [c, x] of sums) Object.assign(get(c), x);
  for (const k of by.values()) k.share30 = k.outstanding > 0 ? k.outstanding30 / k.outstanding : null;
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

type BookSums = Pick<ServicingKpi, 'outstanding' | 'outstanding30' | 'arrearsNet' | 'arrearsVat' | 'arrearsTotal' | 'leases30'>;

/** The book's balances and arrears per currency, once per servicing book object (a write makes a new one). */
function bookSums(book: ServicingBook): Map<string, BookSums> {
  let m = sumsMemo.peek(book);
  if (m) return m;
  m = new Map();
  for (const s of book.leases) {
    let k = m.get(s.currency);
    if (!k) m.set(s.currency, (k = { outstanding: 0, outstanding30: 0, arrearsNet: 0, arrearsVat: 0, arrearsTotal: 0, leases30: 0 }));
    k.outstanding += s.outstandingPrincipal;
    k.arrearsNet += s.arrearsNet;
    k.arrearsVat += s.arrearsVat;
    k.arrearsTotal += s.arrearsTotal;
    if (s.dpd > 30) {
      k.outstanding30 += s.outstandingPrincipal;
      k.leases30++;
    }
  }
  sumsMemo.set(book, m);
  return m;
}

const sumsMemo = derivedValue<ServicingBook, Map<string, BookSums>>(
  'servicingKpiSums',
  "a servicing book's balances and arrears per currency",
);
