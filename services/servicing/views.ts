/**
 * What the servicing screens and API show, computed from the servicing book (lib/servicing/book.ts)
 * and the engine: delinquency per lease or per lessee with a bucket summary, roll-rate matrices, and
 * clients behaviour per lessee. Money is minor units; all figures come from lib/servicing.
 *
 * Per-request work is proportional to the page, not the book: per funder cache entry (so per database
 * and store build) the labels (contract numbers, statuses, lessee names) are kept and re-read only for
 * the leases changed since (changedLeasesOf); per (as-of, level) the rows, the bucket summary and
 * the sorted (and filtered) orders per (sort, dir, q, buckets) are kept with the book version they
 * reflect and patched when the book moves: changed rows are taken out of each sorted order and put
 * back at their place by binary search, the summary adjusted by their difference. A book computed
 * anew (settings change, rebuild: a new lineage) recomputes them once.
 */
import { derivedValue } from '@/lib/views';
import type { DbOrTx } from '@/db/client';
import { leaseLabelsByIds, lesseeLabels, lesseeLabelsByIds, servicingLabels } from '@/db/queries/servicing';
import { bucketOf, lesseeDpd, rollRateMatrix, type PaymentBehaviour, type RollRateMatrix } from '@/lib/servicing';
import {
  changedLeasesOf,
  getServicingBook,
  servicingSettingsOf,
  servicingStores,
  type LeaseServicingState,
  type FunderEntry,
  type ServicingBook,
} from '@/services/servicing/book';
import { behaviourAt, type StoreLease } from '@/lib/servicing/book-store';
import { getFunder } from '@/db/queries/funders';
import { listPayments } from '@/db/queries/payments';
import { getLesseeOfFunder } from '@/db/queries/servicing';
import { NotFound } from '@/lib/domain/errors';
import { CURRENCY_CODES } from '@/lib/finance/money';

import { BEHAVIOUR_SORTS, DELINQUENCY_LEVELS, DELINQUENCY_SORTS } from '@/lib/servicing/view-keys';
import { partitionPoint } from '@/lib/sorted';

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
/** The lease rows of a Delinquency page as the status notes take them (status with the DPD at the page's as-of date). */
export function leaseStatusRows(rows: readonly DelinquencyRow[]): { id: number; status: string; dpd: number }[] {
  return rows.flatMap((r) => (r.leaseId !== null && r.status !== null ? [{ id: r.leaseId, status: r.status, dpd: r.dpd }] : []));
}

export type BucketSummaryRow = {
  bucket: string;
  currency: string;
  count: number;
  outstandingPrincipal: number;
  arrearsNet: number;
  arrearsVat: number;
  arrearsTotal: number;
};

export type DelinquencyFilter = { level: DelinquencyLevel; bucket?: string[]; q?: string; sort?: DelinquencySort; dir?: SortDir };

async function requireFunderExists(db: DbOrTx, funderId: number) {
  const f = await getFunder(db, funderId);
  if (!f) throw new NotFound(`Funder ${funderId} does not exist.`);
  return f;
}

type Labels = {
  leases: Map<number, { contractNumber: string; status: string; lesseeId: number }>;
  lessees: Map<number, { name: string; idOdoo: string | null; country: string }>;
  version: number;
};

/** Per cache entry of the servicing stores: the labels, and per `${asOf}|${level}` the delinquency level cache. */
type ViewCache = { labels: Labels | null; levels: Map<string, LevelCache> };
type LevelCache = {
  lineage: number;
  version: number;
  bucketKeys: string[];
  rows: Map<string, DelinquencyRow>;
  /** Lease ids per lessee row key, and each lease's row key (lessee level). */
  members: Map<string, Set<number>>;
  groupOf: Map<number, string>;
  summary: Map<string, BucketSummaryRow>;
  summaryRows: BucketSummaryRow[] | null;
  /** Per filter and order (key: its JSON) the rows filtered and sorted (a few kept, least recently used dropped). */
  orders: Map<string, { f: Omit<DelinquencyFilter, 'level'>; rows: DelinquencyRow[] }>;
};
const viewCaches = derivedValue<object, ViewCache>(
  'delinquencyViews',
  "a servicing entry's Delinquency rows, summaries and orders per level and date, patched per changed lease",
);
const MAX_LEVELS = 8;
const MAX_ORDERS = 12;

function viewCacheOf(entry: object): ViewCache {
  return viewCaches.get(entry, () => ({ labels: null, levels: new Map() }));
}

/** The funder's labels, read once per store build and re-read per changed lease. */
async function labelsOf(db: DbOrTx, funderId: number, entry: FunderEntry, c: ViewCache, version: number): Promise<Labels> {
  const l = c.labels;
  if (l && l.version === version) return l;
  const changed = l ? changedLeasesOf(entry, l.version).ids : null;
  if (!l || changed === null) {
    const all = await servicingLabels(db, funderId);
    return (c.labels = { ...all, version });
  }
  const rows = await leaseLabelsByIds(db, funderId, changed);
  for (const id of changed) l.leases.delete(id);
  const missing: number[] = [];
  for (const [id, contractNumber, status, lesseeId] of rows) {
    l.leases.set(id, { contractNumber, status, lesseeId });
    if (!l.lessees.has(lesseeId)) missing.push(lesseeId);
  }
  for (const [id, name, idOdoo, country] of await lesseeLabelsByIds(db, funderId, missing)) l.lessees.set(id, { name, idOdoo, country });
  l.version = version;
  return l;
}

function leaseRowOf(s: LeaseServicingState, labels: Labels): DelinquencyRow {
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
}

function lesseeRowOf(k: string, g: readonly DelinquencyRow[], edges: readonly number[]): DelinquencyRow {
  const dpd = lesseeDpd(g.map((r) => r.dpd));
  let last: string | null = null;
  for (const r of g) if (r.lastPaymentOn !== null && (last === null || r.lastPaymentOn > last)) last = r.lastPaymentOn;
  const sum = (f: (r: DelinquencyRow) => number) => g.reduce((n, r) => n + f(r), 0);
  return {
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
  };
}

function addToSummary(summary: Map<string, BucketSummaryRow>, r: DelinquencyRow, sign: 1 | -1): void {
  const k = `${r.bucket}|${r.currency}`;
  let s = summary.get(k);
  if (!s)
    summary.set(
      k,
      (s = { bucket: r.bucket, currency: r.currency, count: 0, outstandingPrincipal: 0, arrearsNet: 0, arrearsVat: 0, arrearsTotal: 0 }),
    );
  s.count += sign;
  s.outstandingPrincipal += sign * r.outstandingPrincipal;
  s.arrearsNet += sign * r.arrearsNet;
  s.arrearsVat += sign * r.arrearsVat;
  s.arrearsTotal += sign * r.arrearsTotal;
  if (s.count === 0) summary.delete(k);
}

function buildLevel(book: ServicingBook, level: DelinquencyLevel, labels: Labels, edges: readonly number[]): LevelCache {
  const rows = new Map<string, DelinquencyRow>();
  const members = new Map<string, Set<number>>();
  const groupOf = new Map<number, string>();
  const leaseRows = book.leases.map((s) => leaseRowOf(s, labels));
  if (level === 'lease') for (const r of leaseRows) rows.set(r.key, r);
  else {
    const groups = new Map<string, DelinquencyRow[]>();
    for (const r of leaseRows) {
      const k = `${r.lesseeId}:${r.currency}`;
      const g = groups.get(k);
      if (g) g.push(r);
      else groups.set(k, [r]);
    }
    for (const [k, g] of groups) {
      rows.set(`P${k}`, lesseeRowOf(k, g, edges));
      members.set(`P${k}`, new Set(g.map((r) => r.leaseId!)));
      for (const r of g) groupOf.set(r.leaseId!, `P${k}`);
    }
  }
  const summary = new Map<string, BucketSummaryRow>();
  for (const r of rows.values()) addToSummary(summary, r, 1);
  return {
    lineage: book.lineage,
    version: book.version,
    bucketKeys: book.bucketKeys,
    rows,
    members,
    groupOf,
    summary,
    summaryRows: null,
    orders: new Map(),
  };
}

/** Patches a level cache with the changed leases: their rows (or their lessees' rows) out, the new ones in. */
function patchLevel(
  c: LevelCache,
  book: ServicingBook,
  level: DelinquencyLevel,
  labels: Labels,
  edges: readonly number[],
  ids: readonly number[],
): void {
  const removed: DelinquencyRow[] = [];
  const added: DelinquencyRow[] = [];
  if (level === 'lease') {
    for (const id of ids) {
      const old = c.rows.get(`L${id}`);
      if (old) removed.push(old);
      c.rows.delete(`L${id}`);
      const s = book.byLeaseId.get(id);
      if (s) {
        const r = leaseRowOf(s, labels);
        c.rows.set(r.key, r);
        added.push(r);
      }
    }
  } else {
    // The rows of the lessees (per currency) the changed leases were in and are in now.
    const touched = new Set<string>();
    for (const id of ids) {
      const was = c.groupOf.get(id);
      if (was !== undefined) {
        touched.add(was);
        c.members.get(was)?.delete(id);
        c.groupOf.delete(id);
      }
      const s = book.byLeaseId.get(id);
      if (!s) continue;
      const k = `P${s.lesseeId}:${s.currency}`;
      touched.add(k);
      let m = c.members.get(k);
      if (!m) c.members.set(k, (m = new Set()));
      m.add(id);
      c.groupOf.set(id, k);
    }
    for (const k of touched) {
      const old = c.rows.get(k);
      if (old) removed.push(old);
      c.rows.delete(k);
      const m = c.members.get(k);
      if (!m || m.size === 0) {
        c.members.delete(k);
        continue;
      }
      const g = [...m].sort((a, b) => a - b).map((id) => leaseRowOf(book.byLeaseId.get(id)!, labels));
      const r = lesseeRowOf(k.slice(1), g, edges);
      c.rows.set(k, r);
      added.push(r);
    }
  }
  for (const r of removed) addToSummary(c.summary, r, -1);
  for (const r of added) addToSummary(c.summary, r, 1);
  c.summaryRows = null;
  // Each sorted order: the old rows found by binary search (rows are never changed, so an old row sorts
  // where it was put) and taken out, the new ones that pass its filter put at their place. A new array
  // (a caller may still hold the previous one), then only splices: no pass over the order's rows.
  for (const o of c.orders.values()) {
    const cmp = rowComparator(o.f);
    const rows = o.rows.slice();
    for (const r of removed) {
      const at = partitionPoint(rows, (p) => cmp(p, r) < 0);
      if (rows[at] === r) rows.splice(at, 1);
    }
    for (const r of filterSortRows(added, o.f))
      rows.splice(
        partitionPoint(rows, (p) => cmp(p, r) <= 0),
        0,
        r,
      );
    o.rows = rows;
  }
  c.version = book.version;
}

/** The level cache at `asOf`, brought up to date with the book. */
async function levelOf(db: DbOrTx, funderId: number, asOf: string, level: DelinquencyLevel): Promise<LevelCache> {
  const funder = await requireFunderExists(db, funderId);
  const { edges } = servicingSettingsOf(funder);
  const book = await getServicingBook(db, funderId, asOf);
  const { entry } = await servicingStores(db, funderId);
  const vc = viewCacheOf(entry);
  const labels = await labelsOf(db, funderId, entry, vc, book.version);
  const key = `${asOf}|${level}`;
  let c = vc.levels.get(key);
  if (c && c.lineage === book.lineage && c.version !== book.version) {
    const ids = changedLeasesOf(entry, c.version).ids;
    if (ids === null) c = undefined;
    else patchLevel(c, book, level, labels, edges, ids);
  }
  if (!c || c.lineage !== book.lineage) {
    c = buildLevel(book, level, labels, edges);
    vc.levels.delete(key);
    if (vc.levels.size >= MAX_LEVELS) vc.levels.delete(vc.levels.keys().next().value!);
    vc.levels.set(key, c);
  }
  return c;
}

/** All delinquency rows at `asOf` for the level (unfiltered; leases in book order, lessees in no particular order), with the bucket keys of the funder's edges. */
export async function delinquencyRows(
  db: DbOrTx,
  funderId: number,
  asOf: string,
  level: DelinquencyLevel,
): Promise<{ bucketKeys: string[]; rows: DelinquencyRow[] }> {
  const c = await levelOf(db, funderId, asOf, level);
  if (level === 'lease')
    return { bucketKeys: c.bucketKeys, rows: (await getServicingBook(db, funderId, asOf)).leases.map((s) => c.rows.get(`L${s.leaseId}`)!) };
  return { bucketKeys: c.bucketKeys, rows: [...c.rows.values()] };
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

function rowComparator(f: Omit<DelinquencyFilter, 'level'>): (a: DelinquencyRow, b: DelinquencyRow) => number {
  const val = SORT_VALUE[f.sort ?? 'dpd'];
  const sign = (f.dir ?? 'desc') === 'asc' ? 1 : -1;
  return (a, b) => {
    const x = val(a);
    const y = val(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return c !== 0 ? c * sign : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  };
}

/** The bucket and search (q on contract/lessee) filter of `f`. */
function rowFilter(f: Omit<DelinquencyFilter, 'level'>): (r: DelinquencyRow) => boolean {
  const q = (f.q ?? '').trim().toLowerCase();
  const buckets = f.bucket && f.bucket.length > 0 ? new Set(f.bucket) : null;
  return (r) =>
    (!buckets || buckets.has(r.bucket)) &&
    (!q || r.lesseeName.toLowerCase().includes(q) || (r.contractNumber ?? '').toLowerCase().includes(q));
}

/** Filters (bucket, q on contract/lessee) and sorts rows (ties: key). */
export function filterSortRows(rows: readonly DelinquencyRow[], f: Omit<DelinquencyFilter, 'level'>): DelinquencyRow[] {
  const out = rows.filter(rowFilter(f));
  out.sort(rowComparator(f));
  return out;
}

/** The rows in rowComparator(f)'s order (no filter), each row's sort value computed once rather than per comparison. */
function sortRows(rows: readonly DelinquencyRow[], f: Omit<DelinquencyFilter, 'level'>): DelinquencyRow[] {
  const val = SORT_VALUE[f.sort ?? 'dpd'];
  const sign = (f.dir ?? 'desc') === 'asc' ? 1 : -1;
  const values = rows.map(val);
  const order = Array.from(rows.keys());
  order.sort((a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    if (x !== y) return x < y ? -sign : sign;
    const p = rows[a]!.key;
    const q = rows[b]!.key;
    return p < q ? -1 : p > q ? 1 : 0;
  });
  return order.map((i) => rows[i]!);
}

/**
 * The level's rows filtered and sorted as `filter` says, cached per filter (least recently used
 * dropped). A filtered order is the unfiltered order of the same sort, filtered: one pass, no sort.
 */
function orderOf(c: LevelCache, filter: Omit<DelinquencyFilter, 'level'>): DelinquencyRow[] {
  const key = JSON.stringify(filter);
  let o = c.orders.get(key);
  if (o) c.orders.delete(key);
  else if (filter.q || filter.bucket)
    o = { f: filter, rows: orderOf(c, { sort: filter.sort, dir: filter.dir, q: '' }).filter(rowFilter(filter)) };
  else o = { f: filter, rows: sortRows([...c.rows.values()], filter) };
  c.orders.set(key, o);
  while (c.orders.size > MAX_ORDERS) c.orders.delete(c.orders.keys().next().value!);
  return o.rows;
}

/**
 * Delinquency at `asOf`: the bucket summary of the whole book at the level, and the filtered, sorted
 * rows (cached and shared between requests: the caller slices its page and must not change the array).
 */
export async function delinquencyView(
  db: DbOrTx,
  funderId: number,
  asOf: string,
  f: DelinquencyFilter,
): Promise<{ asOf: string; level: DelinquencyLevel; bucketKeys: string[]; summary: BucketSummaryRow[]; rows: DelinquencyRow[] }> {
  const c = await levelOf(db, funderId, asOf, f.level);
  if (!c.summaryRows) {
    const order = new Map(c.bucketKeys.map((b, i) => [b, i]));
    c.summaryRows = [...c.summary.values()]
      .map((s) => ({ ...s }))
      .sort((a, b) => (order.get(a.bucket) ?? 0) - (order.get(b.bucket) ?? 0) || a.currency.localeCompare(b.currency));
  }
  const q = (f.q ?? '').trim().toLowerCase();
  const buckets = f.bucket && f.bucket.length > 0 ? [...f.bucket].sort().join(',') : '';
  const filter = { sort: f.sort ?? 'dpd', dir: f.dir ?? 'desc', q, bucket: buckets ? buckets.split(',') : undefined };
  const rows = orderOf(c, filter);
  return { asOf, level: f.level, bucketKeys: c.bucketKeys, summary: c.summaryRows, rows };
}

type RollCache = { lineages: string; version: number; cells: Map<number, [number, number, number]>; matrix: RollRateMatrix };
/** Per cache entry of the servicing stores and (from, to): each lease's cell and the matrix, patched per changed lease. */
const rollCaches = derivedValue<object, Map<string, RollCache>>(
  'rollRates',
  "a servicing entry's roll-rate matrices per pair of dates, patched per changed lease",
);

/** Roll-rate matrix between two as-of dates over the leases in the book at both (lease counts; balance = outstanding principal at `from`). */
export async function rollRates(
  db: DbOrTx,
  funderId: number,
  from: string,
  to: string,
): Promise<RollRateMatrix & { from: string; to: string }> {
  const funder = await requireFunderExists(db, funderId);
  const { edges } = servicingSettingsOf(funder);
  const a = await getServicingBook(db, funderId, from);
  const b = await getServicingBook(db, funderId, to);
  const { entry } = await servicingStores(db, funderId);
  const perEntry = rollCaches.get(entry, () => new Map());
  const key = `${from}|${to}`;
  const lineages = `${a.lineage}|${b.lineage}`;
  let c = perEntry.get(key);
  const version = Math.min(a.version, b.version);
  if (c && c.lineages === lineages && c.version !== version) {
    const ids = changedLeasesOf(entry, c.version).ids;
    if (ids === null) c = undefined;
    else {
      const m = c.matrix;
      const index = new Map(m.buckets.map((x) => [x.key, x.index]));
      const put = (cell: [number, number, number], sign: 1 | -1) => {
        const [f, t, balance] = cell;
        m.counts[f]![t]! += sign;
        m.balances[f]![t]! += sign * balance;
        m.rowCounts[f]! += sign;
        m.rowBalances[f]! += sign * balance;
      };
      for (const id of ids) {
        const old = c.cells.get(id);
        if (old) put(old, -1);
        c.cells.delete(id);
        const s = a.byLeaseId.get(id);
        const t = b.byLeaseId.get(id);
        if (s && t) {
          const cell: [number, number, number] = [index.get(s.bucket)!, index.get(t.bucket)!, s.outstandingPrincipal];
          c.cells.set(id, cell);
          put(cell, 1);
        }
      }
      c.version = version;
    }
  }
  if (!c || c.lineages !== lineages) {
    const rows = a.leases.flatMap((s) => {
      const t = b.byLeaseId.get(s.leaseId);
      return t ? [{ leaseId: s.leaseId, from: s.bucket, to: t.bucket, balance: s.outstandingPrincipal }] : [];
    });
    const matrix = rollRateMatrix(rows, edges);
    const index = new Map(matrix.buckets.map((x) => [x.key, x.index]));
    c = { lineages, version, cells: new Map(rows.map((r) => [r.leaseId, [index.get(r.from)!, index.get(r.to)!, r.balance]])), matrix };
    perEntry.set(key, c);
    while (perEntry.size > 8) perEntry.delete(perEntry.keys().next().value!);
  }
  const m = c.matrix;
  return {
    from,
    to,
    buckets: m.buckets,
    counts: m.counts.map((r) => [...r]),
    balances: m.balances.map((r) => [...r]),
    rowCounts: [...m.rowCounts],
    rowBalances: [...m.rowBalances],
  };
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

/** `members`: lease ids per row key; `groupOf`: each lease's row key (the touched rows of a patch without a pass over all rows). */
type BehaviourCache = {
  lineage: number;
  version: number;
  rows: Map<string, BehaviourRow>;
  members: Map<string, number[]>;
  groupOf: Map<number, string>;
  list: BehaviourRow[] | null;
};
/** Per cache entry of the servicing stores and as-of date; process-wide so the server's warm-up fills what requests read. */
const behaviourCaches = derivedValue<object, Map<string, BehaviourCache>>(
  'behaviourViews',
  "a servicing entry's lessee behaviour rows per date, patched per changed lessee",
);

/**
 * Behaviour of every lessee (per currency) at `asOf`: the measures of domain.md §5 and the 12-month
 * strip, from the book's stores (book-store.ts behaviourAt; equal to lesseeBehaviour over the engine's
 * allocations, pinned by tests/unit/servicing-book-store.test.ts). Cached per as-of with the book
 * version; when leases change only the rows of their lessees (per currency, before and after) are
 * recomputed. Rows in no particular order (filterSortBehaviour sorts).
 */
export async function behaviourRows(db: DbOrTx, funderId: number, asOf: string): Promise<BehaviourRow[]> {
  const book = await getServicingBook(db, funderId, asOf);
  const { funder, entry, schedule, ledger } = await servicingStores(db, funderId);
  const perAsOf = behaviourCaches.get(entry, () => new Map());
  let c = perAsOf.get(asOf);
  let only: Set<string> | null = null;
  let changedIds: number[] | null = null;
  if (c && c.lineage === book.lineage && c.version !== book.version) {
    const ids = changedLeasesOf(entry, c.version).ids;
    if (ids === null) c = undefined;
    else {
      changedIds = ids;
      only = new Set();
      for (const id of ids) {
        const was = c.groupOf.get(id);
        if (was !== undefined) only.add(was);
        const s = book.byLeaseId.get(id);
        if (s) only.add(`${s.lesseeId}:${s.currency}`);
      }
    }
  }
  if (c && c.lineage === book.lineage && c.version === book.version && c.list) return c.list;
  if (!c || c.lineage !== book.lineage) {
    c = { lineage: book.lineage, version: book.version, rows: new Map(), members: new Map(), groupOf: new Map(), list: null };
    only = null;
    perAsOf.set(asOf, c);
    while (perAsOf.size > 8) perAsOf.delete(perAsOf.keys().next().value!);
  }
  const settings = servicingSettingsOf(funder);
  const groups = new Map<string, { lesseeId: number; currency: string; indexes: number[] }>();
  const add = (lease: StoreLease, i: number) => {
    if (!book.byLeaseId.has(lease.id)) return; // not in the pool at asOf
    const k = `${lease.lesseeId}:${lease.currency}`;
    if (only && !only.has(k)) return;
    let g = groups.get(k);
    if (!g) {
      g = { lesseeId: lease.lesseeId, currency: lease.currency, indexes: [] };
      groups.set(k, g);
    }
    g.indexes.push(i);
  };
  if (only && changedIds) {
    // Only the touched lessees' leases: their unchanged members and the changed leases, in store (id) order.
    const ids = new Set(changedIds);
    for (const k of only) for (const id of c.members.get(k) ?? []) ids.add(id);
    const indexes = [...ids].flatMap((id) => schedule.indexById.get(id) ?? []).sort((a, b) => a - b);
    for (const i of indexes) add(schedule.leases[i]!, i);
  } else schedule.leases.forEach(add);
  if (only) {
    for (const k of only) {
      c.rows.delete(k);
      for (const id of c.members.get(k) ?? []) if (c.groupOf.get(id) === k) c.groupOf.delete(id);
      c.members.delete(k);
    }
  }
  const list = [...groups.values()];
  const lessees = only
    ? await lesseeLabelsOf(
        db,
        funderId,
        list.map((g) => g.lesseeId),
      )
    : await lesseeLabels(db, funderId);
  const measures = behaviourAt(
    schedule,
    ledger,
    list.map((g) => g.indexes),
    asOf,
    { graceDays: settings.graceDays, tolerance: settings.tolerance },
  );
  list.forEach((g, n) => {
    const m = measures[n]!;
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
    // Every field named (no `...m`): a spread copy gets a hidden class of its own per row in V8 (issue #10).
    const key = `${g.lesseeId}:${g.currency}`;
    c.rows.set(key, {
      instalmentsDue: m.instalmentsDue,
      paidOnTime: m.paidOnTime,
      paidLate: m.paidLate,
      unpaidOverdue: m.unpaidOverdue,
      pending: m.pending,
      onTimeRate: m.onTimeRate,
      averageDaysLate: m.averageDaysLate,
      totalDaysLate: m.totalDaysLate,
      maxDaysLate: m.maxDaysLate,
      lastPaymentDate: m.lastPaymentDate,
      lastPaymentAmount: m.lastPaymentAmount,
      strip: m.strip,
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
    });
    const ids = g.indexes.map((i) => schedule.leases[i]!.id);
    c.members.set(key, ids);
    for (const id of ids) c.groupOf.set(id, key);
  });
  c.version = book.version;
  c.list = [...c.rows.values()];
  return c.list;
}

async function lesseeLabelsOf(db: DbOrTx, funderId: number, ids: readonly number[]) {
  return new Map((await lesseeLabelsByIds(db, funderId, ids)).map(([id, name, idOdoo, country]) => [id, { name, idOdoo, country }]));
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
export async function lesseeServicing(db: DbOrTx, funderId: number, lesseeId: number, asOf: string) {
  const lessee = await getLesseeOfFunder(db, funderId, lesseeId);
  // The lessee's rows are read by key from the (incrementally kept) caches, not found by scanning the book:
  // its behaviour rows per currency, their member leases, and those leases' delinquency rows.
  await behaviourRows(db, funderId, asOf);
  const cache = behaviourCaches.peek((await servicingStores(db, funderId)).entry)!.get(asOf)!;
  const behaviour: BehaviourRow[] = [];
  const leaseIds: number[] = [];
  for (const currency of CURRENCY_CODES) {
    const key = `${lesseeId}:${currency}`;
    const row = cache.rows.get(key);
    if (!row) continue;
    behaviour.push(row);
    leaseIds.push(...(cache.members.get(key) ?? []));
  }
  const level = await levelOf(db, funderId, asOf, 'lease');
  const leases = leaseIds.sort((a, b) => a - b).map((id) => level.rows.get(`L${id}`)!);
  const payments = (await listPayments(db, funderId, { lesseeId, page: 1, perPage: 100 })).rows;
  return { asOf, lessee, behaviour, leases, payments };
}
