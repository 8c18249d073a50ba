/**
 * What the servicing screens and API show, computed from the servicing book (lib/servicing/book.ts)
 * and the engine: delinquency per lease or per lessee with a bucket summary, roll-rate matrices, and
 * clients behaviour per lessee. Money is minor units; all figures come from lib/servicing.
 */
import type { DbOrTx } from '@/db/client';
import { lesseeLabels, servicingLabels } from '@/db/queries/servicing';
import { bucketOf, lesseeDpd, rollRateMatrix, type PaymentBehaviour, type RollRateMatrix } from '@/lib/servicing';
import { getServicingBook, servicingSettingsOf, servicingStores } from '@/services/servicing/book';
import { behaviourAt } from '@/lib/servicing/book-store';
import { getFunder } from '@/db/queries/funders';
import { listPayments } from '@/db/queries/payments';
import { getLesseeOfFunder } from '@/db/queries/servicing';
import { NotFound } from '@/lib/domain/errors';

import { BEHAVIOUR_SORTS, DELINQUENCY_LEVELS, DELINQUENCY_SORTS } from '@/lib/servicing/view-keys';

export { BEHAVIOUR_SORTS, DELINQUENCY_LEVELS, DELINQUENCY_SORTS };
export type DelinquencyLevel = (typeof DELINQUENCY_LEVELS)[number];
export type DelinquencySort = (typeof DELINQUENCY_SORTS)[number];
export type SortDir = 'asc' | 'desc';

/** One row of the delinquency table: a lease, or a lessee's leases in one currency. */
export type DelinquencyRow = {
  key: string;
  leaseId: number | null;
  contractNumber: string | null;
  status: string | null;
  lesseeId: number;
  lesseeName: string;
  currency: string;
  leases: number;
  dpd: number;
  bucket: string;
  arrearsNet: number;
  arrearsVat: number;
  arrearsTotal: number;
  credit: number;
  outstandingPrincipal: number;
  lastPaymentOn: string | null;
};

/** Per bucket and currency: rows (leases or lessees), outstanding principal and arrears (minor units). */
export type BucketSummaryRow = { bucket: string; currency: string; count: number; outstandingPrincipal: number; arrearsNet: number; arrearsVat: number; arrearsTotal: number };

export type DelinquencyFilter = { level: DelinquencyLevel; bucket?: string[]; q?: string; sort?: DelinquencySort; dir?: SortDir };

function requireFunderExists(db: DbOrTx, funderId: number) {
  const f = getFunder(db, funderId);
  if (!f) throw new NotFound(`Funder ${funderId} does not exist.`);
  return f;
}

/** All delinquency rows at `asOf` for the level (unfiltered), with the bucket keys of the funder's edges. */
export function delinquencyRows(db: DbOrTx, funderId: number, asOf: string, level: DelinquencyLevel): { bucketKeys: string[]; rows: DelinquencyRow[] } {
  const funder = requireFunderExists(db, funderId);
  const { edges } = servicingSettingsOf(funder);
  const book = getServicingBook(db, funderId, asOf);
  const labels = servicingLabels(db, funderId);
  const leaseRows: DelinquencyRow[] = book.leases.map((s) => {
    const l = labels.leases.get(s.leaseId);
    return {
      key: `L${s.leaseId}`,
      leaseId: s.leaseId,
      contractNumber: l?.contractNumber ?? String(s.leaseId),
      status: l?.status ?? null,
      lesseeId: s.lesseeId,
      lesseeName: labels.lessees.get(s.lesseeId)?.name ?? String(s.lesseeId),
      currency: s.currency,
      leases: 1,
      dpd: s.dpd,
      bucket: s.bucket,
      arrearsNet: s.arrearsNet,
      arrearsVat: s.arrearsVat,
      arrearsTotal: s.arrearsTotal,
      credit: s.credit,
      outstandingPrincipal: s.outstandingPrincipal,
      lastPaymentOn: s.lastPaymentOn,
    };
  });
  if (level === 'lease') return { bucketKeys: book.bucketKeys, rows: leaseRows };
  const groups = new Map<string, DelinquencyRow[]>();
  for (const r of leaseRows) {
    const k = `${r.lesseeId}:${r.currency}`;
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  const rows: DelinquencyRow[] = [];
  for (const [k, g] of groups) {
    const dpd = lesseeDpd(g.map((r) => r.dpd));
    let last: string | null = null;
    for (const r of g) if (r.lastPaymentOn !== null && (last === null || r.lastPaymentOn > last)) last = r.lastPaymentOn;
    const sum = (f: (r: DelinquencyRow) => number) => g.reduce((n, r) => n + f(r), 0);
    rows.push({
      key: `P${k}`,
      leaseId: null,
      contractNumber: null,
      status: null,
      lesseeId: g[0]!.lesseeId,
      lesseeName: g[0]!.lesseeName,
      currency: g[0]!.currency,
      leases: g.length,
      dpd,
      bucket: bucketOf(dpd, edges).key,
      arrearsNet: sum((r) => r.arrearsNet),
      arrearsVat: sum((r) => r.arrearsVat),
      arrearsTotal: sum((r) => r.arrearsTotal),
      credit: sum((r) => r.credit),
      outstandingPrincipal: sum((r) => r.outstandingPrincipal),
      lastPaymentOn: last,
    });
  }
  return { bucketKeys: book.bucketKeys, rows };
}

/** Bucket summary per bucket (in bucket order) and currency over the rows. */
export function bucketSummary(bucketKeys: readonly string[], rows: readonly DelinquencyRow[]): BucketSummaryRow[] {
  const map = new Map<string, BucketSummaryRow>();
  for (const r of rows) {
    const k = `${r.bucket}|${r.currency}`;
    let s = map.get(k);
    if (!s) {
      s = { bucket: r.bucket, currency: r.currency, count: 0, outstandingPrincipal: 0, arrearsNet: 0, arrearsVat: 0, arrearsTotal: 0 };
      map.set(k, s);
    }
    s.count++;
    s.outstandingPrincipal += r.outstandingPrincipal;
    s.arrearsNet += r.arrearsNet;
    s.arrearsVat += r.arrearsVat;
    s.arrearsTotal += r.arrearsTotal;
  }
  const order = new Map(bucketKeys.map((b, i) => [b, i]));
  return [...map.values()].sort((a, b) => (order.get(a.bucket) ?? 0) - (order.get(b.bucket) ?? 0) || a.currency.localeCompare(b.currency));
}

const SORT_VALUE: Record<DelinquencySort, (r: DelinquencyRow) => number | string> = {
  dpd: (r) => r.dpd,
  arrearsTotal: (r) => r.arrearsTotal,
  arrearsNet: (r) => r.arrearsNet,
  arrearsVat: (r) => r.arrearsVat,
  outstanding: (r) => r.outstandingPrincipal,
  name: (r) => r.lesseeName.toLowerCase(),
  contract: (r) => r.contractNumber ?? '',
};

/** Filters (bucket, q on contract/lessee) and sorts rows (ties: key). */
export function filterSortRows(rows: readonly DelinquencyRow[], f: Omit<DelinquencyFilter, 'level'>): DelinquencyRow[] {
  const q = (f.q ?? '').trim().toLowerCase();
  const buckets = f.bucket && f.bucket.length > 0 ? new Set(f.bucket) : null;
  const out = rows.filter((r) => (!buckets || buckets.has(r.bucket)) && (!q || r.lesseeName.toLowerCase().includes(q) || (r.contractNumber ?? '').toLowerCase().includes(q)));
  const val = SORT_VALUE[f.sort ?? 'dpd'];
  const sign = (f.dir ?? 'desc') === 'asc' ? 1 : -1;
  out.sort((a, b) => {
    const x = val(a);
    const y = val(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return c !== 0 ? c * sign : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  });
  return out;
}

/** Delinquency at `asOf`: the bucket summary of the whole book at the level, and the filtered, sorted rows. */
export function delinquencyView(db: DbOrTx, funderId: number, asOf: string, f: DelinquencyFilter): { asOf: string; level: DelinquencyLevel; bucketKeys: string[]; summary: BucketSummaryRow[]; rows: DelinquencyRow[] } {
  const { bucketKeys, rows } = delinquencyRows(db, funderId, asOf, f.level);
  return { asOf, level: f.level, bucketKeys, summary: bucketSummary(bucketKeys, rows), rows: filterSortRows(rows, f) };
}

/** Roll-rate matrix between two as-of dates over the leases in the book at both (lease counts; balance = outstanding principal at `from`). */
export function rollRates(db: DbOrTx, funderId: number, from: string, to: string): RollRateMatrix & { from: string; to: string } {
  const funder = requireFunderExists(db, funderId);
  const { edges } = servicingSettingsOf(funder);
  const a = getServicingBook(db, funderId, from);
  const b = getServicingBook(db, funderId, to);
  const rows = a.leases.flatMap((s) => {
    const t = b.byLeaseId.get(s.leaseId);
    return t ? [{ from: s.bucket, to: t.bucket, balance: s.outstandingPrincipal }] : [];
  });
  return { from, to, ...rollRateMatrix(rows, edges) };
}

// ---------------------------------------------------------------------------------------------
// Clients behaviour

export type BehaviourSort = (typeof BEHAVIOUR_SORTS)[number];

export type BehaviourRow = Omit<PaymentBehaviour, 'asOf'> & {
  lesseeId: number;
  lesseeName: string;
  idOdoo: string | null;
  country: string;
  currency: string;
  leases: number;
  activeLeases: number;
  dpd: number;
  bucket: string;
  arrearsNet: number;
  arrearsVat: number;
  arrearsTotal: number;
  credit: number;
};

const gb = globalThis as unknown as { __quantumBehaviour?: WeakMap<object, BehaviourRow[]> };
/** Keyed by the book object (so by database, funder, as-of and ledger stamp); global so the server's warm-up fills what requests read. */
const behaviourCache = (gb.__quantumBehaviour ??= new WeakMap());

/**
 * Behaviour of every lessee (per currency) at `asOf`: the measures of domain.md §5 and the 12-month
 * strip, from the book's stores in one pass (book-store.ts behaviourAt; equal to lesseeBehaviour over
 * the engine's allocations, pinned by tests/unit/servicing-book-store.test.ts). Cached with the book.
 */
export function behaviourRows(db: DbOrTx, funderId: number, asOf: string): BehaviourRow[] {
  const book = getServicingBook(db, funderId, asOf);
  const hit = behaviourCache.get(book);
  if (hit) return hit;
  const { funder, schedule, ledger } = servicingStores(db, funderId);
  const settings = servicingSettingsOf(funder);
  const lessees = lesseeLabels(db, funderId);
  const groups = new Map<string, { lesseeId: number; currency: string; indexes: number[] }>();
  schedule.leases.forEach((lease, i) => {
    if (!book.byLeaseId.has(lease.id)) return; // not in the pool at asOf
    const k = `${lease.lesseeId}:${lease.currency}`;
    let g = groups.get(k);
    if (!g) {
      g = { lesseeId: lease.lesseeId, currency: lease.currency, indexes: [] };
      groups.set(k, g);
    }
    g.indexes.push(i);
  });
  const list = [...groups.values()];
  const measures = behaviourAt(schedule, ledger, list.map((g) => g.indexes), asOf, { graceDays: settings.graceDays, tolerance: settings.tolerance });
  const rows: BehaviourRow[] = list.map((g, n) => {
    const { asOf: _asOf, ...m } = measures[n]!;
    void _asOf;
    const states = g.indexes.map((i) => book.byLeaseId.get(schedule.leases[i]!.id)!);
    const dpd = lesseeDpd(states.map((s) => s.dpd));
    const lessee = lessees.get(g.lesseeId);
    let arrearsNet = 0;
    let arrearsVat = 0;
    let arrearsTotal = 0;
    let credit = 0;
    for (const s of states) {
      arrearsNet += s.arrearsNet;
      arrearsVat += s.arrearsVat;
      arrearsTotal += s.arrearsTotal;
      credit += s.credit;
    }
    return {
      ...m,
      lesseeId: g.lesseeId,
      lesseeName: lessee?.name ?? String(g.lesseeId),
      idOdoo: lessee?.idOdoo ?? null,
      country: lessee?.country ?? '',
      currency: g.currency,
      leases: g.indexes.length,
      activeLeases: g.indexes.filter((i) => schedule.leases[i]!.status === 'active').length,
      dpd,
      bucket: bucketOf(dpd, settings.edges).key,
      arrearsNet,
      arrearsVat,
      arrearsTotal,
      credit,
    };
  });
  behaviourCache.set(book, rows);
  return rows;
}

const BEHAVIOUR_SORT_VALUE: Record<BehaviourSort, (r: BehaviourRow) => number | string> = {
  name: (r) => r.lesseeName.toLowerCase(),
  onTimeRate: (r) => r.onTimeRate ?? -1,
  averageDaysLate: (r) => r.averageDaysLate ?? -1,
  maxDaysLate: (r) => r.maxDaysLate,
  dpd: (r) => r.dpd,
  arrearsTotal: (r) => r.arrearsTotal,
  instalmentsDue: (r) => r.instalmentsDue,
  lastPaymentDate: (r) => r.lastPaymentDate ?? '',
};

export type BehaviourFilter = { q?: string; bucket?: string[]; late?: boolean; sort?: BehaviourSort; dir?: SortDir };

/** Filters (q on name/Odoo id, bucket, `late` = any late or unpaid instalment) and sorts behaviour rows. */
export function filterSortBehaviour(rows: readonly BehaviourRow[], f: BehaviourFilter): BehaviourRow[] {
  const q = (f.q ?? '').trim().toLowerCase();
  const buckets = f.bucket && f.bucket.length > 0 ? new Set(f.bucket) : null;
  const out = rows.filter(
    (r) =>
      (!q || r.lesseeName.toLowerCase().includes(q) || (r.idOdoo ?? '').toLowerCase().includes(q)) &&
      (!buckets || buckets.has(r.bucket)) &&
      (!f.late || r.paidLate + r.unpaidOverdue > 0),
  );
  const val = BEHAVIOUR_SORT_VALUE[f.sort ?? 'name'];
  const sign = (f.dir ?? 'asc') === 'asc' ? 1 : -1;
  out.sort((a, b) => {
    const x = val(a);
    const y = val(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return c !== 0 ? c * sign : a.lesseeId - b.lesseeId || a.currency.localeCompare(b.currency);
  });
  return out;
}

/** One lessee at `asOf`: its behaviour rows (one per currency), its leases' delinquency and its latest ledger entries. 404 when the lessee is not the funder's. */
export function lesseeServicing(db: DbOrTx, funderId: number, lesseeId: number, asOf: string) {
  const lessee = getLesseeOfFunder(db, funderId, lesseeId);
  const behaviour = behaviourRows(db, funderId, asOf).filter((r) => r.lesseeId === lesseeId);
  const leases = delinquencyRows(db, funderId, asOf, 'lease').rows.filter((r) => r.lesseeId === lesseeId);
  const payments = listPayments(db, funderId, { lesseeId, page: 1, perPage: 100 }).rows;
  return { asOf, lessee, behaviour, leases, payments };
}
