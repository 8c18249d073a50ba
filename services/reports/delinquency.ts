/**
 * The reports' view of delinquency, from S1's servicing book (lib/servicing/book.ts: per-lease DPD,
 * bucket and arrears at an as-of date from the schedules and the ledger): the inputs of the
 * stratification's delinquency dimension, the tape's arrears columns and the customers' DPD, and the
 * delinquency reports (resume = bucket summary, view = per lease, detail = one lease's instalments).
 */
import type { Db } from '@/db/client';
import { getLease } from '@/db/queries/leases';
import { instalmentsWithPaid } from '@/db/queries/reports';
import { NotFound } from '@/lib/domain/errors';
import { CURRENCY_CODES } from '@/lib/finance';
import type { ValuedBook } from '@/services/portfolio/valuation';
import { getServicingBook, type LeaseServicingState, type ServicingBook } from '@/services/servicing/book';
import type { CustomerDelinquency } from '@/lib/reports/customers';
import type { DelinquencyInput } from '@/lib/reports/stratification';
import type { TapeDelinquency } from '@/lib/reports/tape';

/**
 * A key that changes whenever the servicing book does: a book's lineage is new when it is computed and its version
 * moves with every lease-by-lease update (services/servicing/book), so the pair names one book object.
 */
function bookKey(book: ServicingBook): string {
  return `${book.asOf}:${book.lineage}:${book.version}`;
}

export function stratDelinquency(book: ServicingBook): DelinquencyInput & { cacheKey: string } {
  return { bucketKeys: book.bucketKeys, bucketOf: (leaseId) => book.byLeaseId.get(leaseId)?.bucket ?? 'current', cacheKey: bookKey(book) };
}

export function tapeDelinquency(book: ServicingBook): TapeDelinquency {
  return (leaseId) => book.byLeaseId.get(leaseId);
}

/** Lessee DPD = the maximum over its leases (domain.md §5); its bucket is that lease's. */
export function customerDelinquency(book: ServicingBook): CustomerDelinquency {
  const by = new Map<number, { dpd: number; bucket: string }>();
  for (const l of book.leases) {
    const cur = by.get(l.lesseeId);
    if (!cur || l.dpd > cur.dpd) by.set(l.lesseeId, { dpd: l.dpd, bucket: l.bucket });
  }
  return (lesseeId) => by.get(lesseeId);
}

export async function servicingBookOf(db: Db, funderId: number, asOf: string): Promise<ServicingBook> {
  return await getServicingBook(db, funderId, asOf);
}

export interface DelinquencyResumeLine {
  currency: string;
  bucket: string;
  leases: number;
  arrearsNet: number;
  arrearsVat: number;
  arrearsTotal: number;
  /** Outstanding principal of the leases in the bucket (the servicing book's: domain.md §14, the pool's figure at the date). */
  outstanding: number;
  outstandingShare: number;
}

/** Bucket summary per currency: every bucket of the funder's edges, also empty ones. */
export function delinquencyResume(sb: ServicingBook): DelinquencyResumeLine[] {
  const lines = new Map<string, DelinquencyResumeLine>();
  const totals = new Map<string, number>();
  const currencies = new Set<string>();
  for (const l of sb.leases) currencies.add(l.currency);
  for (const c of currencies)
    for (const b of sb.bucketKeys)
      lines.set(`${c}:${b}`, {
        currency: c,
        bucket: b,
        leases: 0,
        arrearsNet: 0,
        arrearsVat: 0,
        arrearsTotal: 0,
        outstanding: 0,
        outstandingShare: 0,
      });
  for (const l of sb.leases) {
    const line = lines.get(`${l.currency}:${l.bucket}`)!;
    const prin = l.outstandingPrincipal;
    line.leases++;
    line.arrearsNet += l.arrearsNet;
    line.arrearsVat += l.arrearsVat;
    line.arrearsTotal += l.arrearsTotal;
    line.outstanding += prin;
    totals.set(l.currency, (totals.get(l.currency) ?? 0) + prin);
  }
  const out = [...lines.values()];
  for (const l of out) {
    const t = totals.get(l.currency) ?? 0;
    l.outstandingShare = t > 0 ? l.outstanding / t : 0;
  }
  const ccy = (c: string) => CURRENCY_CODES.indexOf(c as never);
  return out.sort((a, b) => ccy(a.currency) - ccy(b.currency) || sb.bucketKeys.indexOf(a.bucket) - sb.bucketKeys.indexOf(b.bucket));
}

export type DelinquencyViewRow = LeaseServicingState & { contractNumber: string; lesseeName: string };

/** Reports → Delinquency's lease view: per lease, most days past due first (ties: lease id); optional bucket filter; one page. */
export function delinquencyReportPage(sb: ServicingBook, book: ValuedBook, opts: { bucket?: string; page: number; perPage: number }) {
  const rows = sb.leases
    .filter((l) => !opts.bucket || l.bucket === opts.bucket)
    .sort((a, b) => b.dpd - a.dpd || b.arrearsTotal - a.arrearsTotal || a.leaseId - b.leaseId);
  const start = (opts.page - 1) * opts.perPage;
  return {
    rows: rows.slice(start, start + opts.perPage).map((l) => {
      const i = book.indexById.get(l.leaseId);
      const lease = i === undefined ? undefined : book.leases[i];
      return { ...l, contractNumber: lease?.contractNumber ?? '', lesseeName: lease?.lesseeName ?? '' };
    }),
    total: rows.length,
  };
}

export type InstalmentState = 'paid' | 'partial' | 'unpaid' | 'overdue' | 'not-due';

/** One lease's instalments with what the ledger allocated to each and its state at `asOf`. 404 for an unknown or other funder's lease. */
export async function delinquencyDetail(db: Db, funderId: number, leaseId: number, asOf: string) {
  const lease = await getLease(db, leaseId);
  if (!lease || lease.funderId !== funderId) throw new NotFound(`Lease ${leaseId} does not exist.`);
  const state = (await getServicingBook(db, funderId, asOf)).byLeaseId.get(leaseId) ?? null;
  const instalments = (await instalmentsWithPaid(db, leaseId)).map((r) => {
    const open = r.gross - r.paid;
    const status: InstalmentState =
      open <= 0 ? 'paid' : r.dueDate > asOf ? (r.paid > 0 ? 'partial' : 'not-due') : r.paid > 0 ? 'partial' : 'overdue';
    return { ...r, open: Math.max(0, open), status };
  });
  return { leaseId, contractNumber: lease.contractNumber, currency: lease.currency, asOf, state, instalments };
}
