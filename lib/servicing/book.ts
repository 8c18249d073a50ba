import 'server-only';
/**
 * The funder's servicing book at an as-of date: per lease DPD, bucket, arrears (net, VAT, total),
 * credit and last payment, computed by lib/servicing from schedule_rows + payments received on or
 * before the as-of date (allocation in the funder's component order; tolerance, grace and bucket edges
 * from the funder's settings). Cached per (funder, as-of, servicing stamp): a new ledger entry (max
 * payment id) or a lease/settings change (funder dataVersion) invalidates it. Recording a payment does
 * NOT bump the funder's dataVersion, so the valuation cache is untouched.
 */
import type { DbOrTx } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { componentOrderOf } from '@/db/queries/payments';
import { liveCashByLease, loadServicingLedgers, scanBookInstalments, servicingStamp, sqliteOf } from '@/db/queries/servicing';
import type { Funder } from '@/db/schema/portfolio';
import { ApiError } from '@/lib/api/errors';
import { DEFAULT_BUCKET_EDGES, allocatePayments, bucketsFor, type AllocationResult } from '@/lib/servicing';
import { cashState } from './cash-state';

export type LeaseServicingState = {
  leaseId: number;
  lesseeId: number;
  currency: string;
  dpd: number;
  bucket: string;
  arrearsNet: number;
  arrearsVat: number;
  arrearsTotal: number;
  credit: number;
  lastPaymentOn: string | null;
  /** Principal not yet paid at as-of (schedule principal incl. residual − principal allocated), minor units. */
  outstandingPrincipal: number;
};

export type ServicingBook = { funderId: number; asOf: string; bucketKeys: string[]; leases: LeaseServicingState[]; byLeaseId: Map<number, LeaseServicingState> };

/** The funder's servicing settings, decoded (edges fall back to the default when unreadable). */
export function servicingSettingsOf(funder: Funder): { edges: number[]; tolerance: number; graceDays: number; componentOrder: ReturnType<typeof componentOrderOf> } {
  let edges: number[] = [...DEFAULT_BUCKET_EDGES];
  try {
    const parsed: unknown = JSON.parse(funder.bucketEdges);
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((e, i) => Number.isSafeInteger(e) && e > 0 && (i === 0 || e > parsed[i - 1]))) edges = parsed as number[];
  } catch {
    // keep the default
  }
  return { edges, tolerance: funder.materialityTolerance, graceDays: funder.graceDays, componentOrder: componentOrderOf(funder) };
}

type FunderCache = Map<number, { stamp: string; books: Map<string, ServicingBook> }>;
const g = globalThis as unknown as { __quantumServicing?: WeakMap<object, FunderCache> };
/** Keyed by the database connection (tests open several), then by funder. */
const caches = (g.__quantumServicing ??= new WeakMap());
const MAX_BOOKS_PER_FUNDER = 8;

function requireFunder(db: DbOrTx, funderId: number): Funder {
  const f = getFunder(db, funderId);
  if (!f) throw new ApiError('not_found', `Funder ${funderId} does not exist.`);
  return f;
}

/** Per-lease allocation results at `asOf` (payments received on or before it), with the lease; for callers that need more than the book (behaviour). */
export function allocateBook(db: DbOrTx, funderId: number, asOf: string) {
  const funder = requireFunder(db, funderId);
  const settings = servicingSettingsOf(funder);
  const ledgers = loadServicingLedgers(db, funderId, asOf);
  return {
    funder,
    settings,
    leases: ledgers.map((l) => ({ lease: l.lease, result: allocatePayments(l.instalments, l.entries, { componentOrder: settings.componentOrder, asOf }) as AllocationResult })),
  };
}

function computeBook(db: DbOrTx, funderId: number, asOf: string): ServicingBook {
  const funder = requireFunder(db, funderId);
  const settings = servicingSettingsOf(funder);
  const cash = liveCashByLease(db, funderId, asOf);
  const out: LeaseServicingState[] = [];
  const opts = { componentOrder: settings.componentOrder, tolerance: settings.tolerance, graceDays: settings.graceDays, edges: settings.edges };
  scanBookInstalments(db, funderId, (lease, cols) => {
    const c = cash.get(lease.id);
    const s = cashState(cols, c?.cash ?? 0, asOf, opts);
    out.push({
      leaseId: lease.id,
      lesseeId: lease.lesseeId,
      currency: lease.currency,
      dpd: s.dpd,
      bucket: s.bucket,
      arrearsNet: s.arrearsNet,
      arrearsVat: s.arrearsVat,
      arrearsTotal: s.arrearsTotal,
      credit: s.credit,
      lastPaymentOn: c?.last ?? null,
      outstandingPrincipal: s.outstandingPrincipal,
    });
  });
  return { funderId, asOf, bucketKeys: bucketsFor(settings.edges).map((b) => b.key), leases: out, byLeaseId: new Map(out.map((s) => [s.leaseId, s])) };
}

/** The servicing book of the funder at `asOf` (YYYY-MM-DD), cached per servicing stamp. 404 for an unknown funder. */
export function getServicingBook(db: DbOrTx, funderId: number, asOf: string): ServicingBook {
  const stamp = servicingStamp(db, funderId);
  const key = sqliteOf(db);
  let cache = caches.get(key);
  if (!cache) {
    cache = new Map();
    caches.set(key, cache);
  }
  let entry = cache.get(funderId);
  if (!entry || entry.stamp !== stamp) {
    entry = { stamp, books: new Map() };
    cache.set(funderId, entry);
  }
  const hit = entry.books.get(asOf);
  if (hit) return hit;
  const book = computeBook(db, funderId, asOf);
  if (entry.books.size >= MAX_BOOKS_PER_FUNDER) entry.books.delete(entry.books.keys().next().value!);
  entry.books.set(asOf, book);
  return book;
}
