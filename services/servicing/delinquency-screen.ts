/**
 * Servicing → Delinquency as its page, its JSON API (GET /api/servicing/delinquency) and its export show it: one call
 * that returns the rows at the as-of date (the clock's today unless the query names a day), filtered and ordered, each
 * lease row with its status as the register shows it (derived at the as-of date, domain.md §8) and, when the caller
 * reads text, the reason for it; the bucket summary; the page asked for. The page and the export render it, the API
 * serialises it: the three cannot disagree.
 */
import { rowsPage } from '@/services/servicing/route-helpers';
import type { DbOrTx } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { StatusNoteTranslate } from '@/lib/domain/status-origin';
import type { Formatter } from '@/lib/format';
import type { ShownStatus } from '@/lib/validations/leases';
import { shownStatuses } from '@/services/master-file/register-status';
import { statusNotes } from '@/services/master-file/status-notes';
import {
  delinquencyView,
  leaseStatusRows,
  type BucketSummaryRow,
  type DelinquencyLevel,
  type DelinquencyRow,
  type DelinquencySort,
  type SortDir,
} from './views';

export type DelinquencyScreenQuery = {
  funderId: number;
  asOf?: string;
  level: DelinquencyLevel;
  bucket?: string[];
  q?: string;
  sort: DelinquencySort;
  dir: SortDir;
  /** The page shown (1-based) and its size; without them every row (the export). */
  page?: number;
  perPage?: number;
};

/**
 * A row as shown: `shownStatus` is the lease's status at the as-of date (null on a lessee row); `statusNote` the
 * reason for it where it needs one, when the caller asked for the text.
 */
export type DelinquencyScreenRow = DelinquencyRow & { shownStatus: ShownStatus | null; statusNote?: string };

export type DelinquencyScreen = {
  asOf: string;
  level: DelinquencyLevel;
  bucketKeys: string[];
  summary: BucketSummaryRow[];
  rows: DelinquencyScreenRow[];
  /** Rows matching the filter (all pages). */
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

/** The text of the status reasons: the caller's translator and formatter (its language). */
export type StatusText = { t: StatusNoteTranslate; format: Formatter };

export async function delinquencyScreen(
  db: DbOrTx,
  query: DelinquencyScreenQuery,
  clock: Clock,
  text?: StatusText,
): Promise<DelinquencyScreen> {
  const asOf = query.asOf ?? clock.today;
  const view = await delinquencyView(db, query.funderId, asOf, {
    level: query.level,
    bucket: query.bucket,
    q: query.q,
    sort: query.sort,
    dir: query.dir,
  });
  const { rows: shownRows, total, page, perPage, pageCount } = rowsPage(view.rows, query.page, query.perPage);
  const leases = query.level === 'lease' ? leaseStatusRows(shownRows) : [];
  const shown = await shownStatuses(db, query.funderId, leases, asOf);
  const notes = text ? await statusNotes(db, query.funderId, leases, text.t, text.format, asOf) : new Map<number, string>();
  const rows = shownRows.map((r): DelinquencyScreenRow => {
    const status = r.leaseId === null ? null : (shown.get(r.leaseId) ?? null);
    const note = r.leaseId === null ? undefined : notes.get(r.leaseId);
    return note === undefined ? { ...r, shownStatus: status } : { ...r, shownStatus: status, statusNote: note };
  });
  return {
    asOf,
    level: view.level,
    bucketKeys: view.bucketKeys,
    summary: view.summary,
    rows,
    total,
    page,
    perPage,
    pageCount,
  };
}
