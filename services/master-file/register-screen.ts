/**
 * The Master File's registers as their pages show them, each in one call on the request's clock: the lease register
 * (app/[locale]/(app)/master-file: one page of the filtered, ordered leases, each with its shown status at today and
 * why and its outstanding principal at the register's cut-off, the filtered count and per-currency totals, the
 * principal's saved views), its export (GET /api/leases/export: the whole filtered register, the same rows) and the
 * onboarding tab's quotations (…/master-file/onboarding). A funder the principal is not assigned is refused (403, as a
 * list of it).
 *
 * The outstanding principal is the book engine's (domain.md §3 prin, §14): the valued book at the register's cut-off
 * (services/portfolio/valuation valueBook, lib/finance outstandingPrincipalOn), the one the lease page, Total Cash Flow
 * and Summary read, warmed at start for the default cut-off. The cut-off is that default one, the first of today's
 * month, so the register reconciles with them as they open. It is not a column of the database, so the register sorts
 * and sums it here: the filtered ids in one plucked query, ordered or summed from the valued book's typed arrays (a
 * 100,000-lease book: ≈ 16 ms for the ids, ≈ 30 ms for the order; the totals are kept until the database changes,
 * as the other totals are).
 */
import type { DbOrTx } from '@/db/client';
import { readUntilChange } from '@/db/queries/change-memo';
import { getFunder } from '@/db/queries/funders';
import { iterateLeases, iterateLeasesByIds, listLeaseIds } from '@/db/queries/lease-register';
import { listLeases, type LeaseFilter, type LeaseListRow } from '@/db/queries/leases';
import { getPortfolioView, listPortfolioViews, type SavedView } from '@/db/queries/portfolio-views';
import { listQuotations, type QuotationRow } from '@/db/queries/quotations';
import { hasScope } from '@/lib/auth/scopes';
import type { Clock } from '@/lib/clock';
import type { LeaseListQuery, ShownStatus } from '@/lib/validations/leases';
import type { QuotationListQuery } from '@/lib/validations/quotations';
import { assertFunderAccess } from '@/services/auth/funder-access';
import type { Principal } from '@/services/auth/principal';
import { shownStatuses, statusFilterClauses, statusSortIds } from '@/services/master-file/register-status';
import { statusNotes } from '@/services/master-file/status-notes';
import type { StatusText } from '@/services/master-file/lease-screen';
import { defaultCutOff, valueBook, type ValuedBook } from '@/services/portfolio/valuation';

/**
 * A register row: the lease, its status as shown on the clock's day and, when the caller reads text, why it has it;
 * its outstanding principal at the register's cut-off (minor units), null when it is in no figure of that date (not
 * in the pool then: bought after it, written off on or before it, or terminated).
 */
export type RegisterRow = LeaseListRow & { shownStatus: ShownStatus; statusNote: string | null; outstandingPrincipal: number | null };

/** A currency's totals over the whole filtered set (minor units); `outstandingPrincipal` at the register's cut-off. */
export type RegisterTotals = Awaited<ReturnType<typeof listLeases>>['totals'][number] & { outstandingPrincipal: number };

export type RegisterScreen = {
  /** The clock's day: the as-of date of the shown statuses, their filter and their order. */
  today: string;
  /** The date of the outstanding principal: the default cut-off of `today` (the first of its month), as on the lease page. */
  cutOff: string;
  rows: RegisterRow[];
  /** Leases matching the filter (all pages). */
  total: number;
  /** Per currency, over the whole filtered set (minor units). */
  totals: RegisterTotals[];
  page: number;
  perPage: number;
  /** The principal's saved views of the register. */
  views: SavedView[];
  /** Whether the principal may add leases (write:funders). */
  canWrite: boolean;
};

/** The register's filters and order, without the page (what the export takes). */
export type RegisterQuery = Omit<LeaseListQuery, 'page' | 'perPage'>;

/** A saved view of the register the principal owns (undefined: missing, another user's, another module's). */
export async function savedRegisterView(db: DbOrTx, principal: Principal, viewId: number): Promise<SavedView | undefined> {
  return await getPortfolioView(db, principal.user.id, viewId, 'master-file');
}

/** The register's cut-off on a day: the default one (the first of its month), the valuation's that the server warms. */
function registerCutOff(today: string): string {
  return defaultCutOff(today);
}

/** The valued book the register reads its outstanding principal from; null for a funder that does not exist (no lease either). */
async function registerBook(db: DbOrTx, funderId: number, cutOff: string): Promise<ValuedBook | null> {
  return (await getFunder(db, funderId)) ? await valueBook(db, funderId, cutOff) : null;
}

/** A lease's outstanding principal in the valued book; null when the lease is not in the pool at its cut-off. */
function outstandingIn(book: ValuedBook | null, leaseId: number): number | null {
  const i = book?.indexById.get(leaseId);
  return i === undefined || book!.valuation.inPool[i] !== 1 ? null : book!.valuation.prin[i]!;
}

/** The filter of the one register query: the derived-status filter (domain.md §8) as id clauses of the clock's day. */
async function registerFilter(db: DbOrTx, query: RegisterQuery, today: string): Promise<LeaseFilter> {
  const { funderId, q, status, currency, assetType } = query;
  return { funderId, q, currency, assetType, statusAny: await statusFilterClauses(db, funderId, status, today) };
}

/** The filtered leases' ids by outstanding principal (none first ascending, last descending, as SQL orders NULL), then id. */
async function idsByOutstanding(db: DbOrTx, filter: LeaseFilter, book: ValuedBook | null, dir: 'asc' | 'desc'): Promise<number[]> {
  const ids = await listLeaseIds(db, filter);
  const key = Float64Array.from(ids, (id) => outstandingIn(book, id) ?? -Infinity);
  const sign = dir === 'asc' ? 1 : -1;
  // key[a] − key[b] is NaN for two leases without a figure: falsy, so the ids decide, as for equal figures.
  const order = Array.from(ids.keys()).sort((a, b) => sign * (key[a]! - key[b]!) || ids[a]! - ids[b]!);
  return order.map((k) => ids[k]!);
}

/** Σ outstanding principal per currency over the filtered leases. */
async function outstandingTotals(db: DbOrTx, filter: LeaseFilter, book: ValuedBook | null): Promise<Map<string, number>> {
  if (!book) return new Map();
  const sum = async () => {
    const out = new Map<string, number>();
    const { indexById, leases, valuation } = book;
    for (const id of await listLeaseIds(db, filter)) {
      const i = indexById.get(id);
      if (i === undefined || valuation.inPool[i] !== 1) continue;
      const currency = leases[i]!.currency;
      out.set(currency, (out.get(currency) ?? 0) + valuation.prin[i]!);
    }
    return [...out];
  };
  // Kept until the database changes, under the filter, the cut-off and the valued book's version (a background reload
  // swaps the book without a write); not with a derived-status filter, whose id lists would be the key (as listLeases).
  const key = `register.outstanding:${filter.funderId}:${book.cutOff}:${book.version}:${JSON.stringify(filter)}`;
  return new Map(filter.statusAny === undefined ? await readUntilChange(db, key, sum) : await sum());
}

/** One page of the funder's lease register as the page shows it on the clock's day. */
export async function registerScreen(
  db: DbOrTx,
  principal: Principal,
  query: LeaseListQuery,
  clock: Clock,
  text?: StatusText,
): Promise<RegisterScreen> {
  await assertFunderAccess(principal, query.funderId, 'list');
  const today = clock.today;
  const cutOff = registerCutOff(today);
  const { funderId, sort, dir, page, perPage } = query;
  const filter = await registerFilter(db, query, today);
  const book = await registerBook(db, funderId, cutOff);
  let result: Awaited<ReturnType<typeof listLeases>>;
  if (sort === 'outstandingPrincipal') {
    // Ordered here from the engine's figures; the one query gives only the count and totals (no row: LIMIT 0).
    const ids = (await idsByOutstanding(db, filter, book, dir)).slice((page - 1) * perPage, page * perPage);
    const { total, totals } = await listLeases(db, { ...filter, page: 1, perPage: 0 });
    const rows: LeaseListRow[] = [];
    for await (const batch of iterateLeasesByIds(db, ids, Math.max(1, ids.length))) rows.push(...batch);
    result = { rows, total, totals };
  } else {
    result = await listLeases(db, { ...filter, sort, dir, statusIds: await statusSortIds(db, funderId, sort, today), page, perPage });
  }
  const notes = text ? await statusNotes(db, funderId, result.rows, text.t, text.format, today) : new Map<number, string>();
  const shown = await shownStatuses(db, funderId, result.rows, today);
  const outstanding = await outstandingTotals(db, filter, book);
  return {
    today,
    cutOff,
    rows: result.rows.map((r) => ({
      ...r,
      shownStatus: shown.get(r.id) ?? 'performing',
      statusNote: notes.get(r.id) ?? null,
      outstandingPrincipal: outstandingIn(book, r.id),
    })),
    total: result.total,
    totals: result.totals.map((t) => ({ ...t, outstandingPrincipal: outstanding.get(t.currency) ?? 0 })),
    page,
    perPage,
    views: await listPortfolioViews(db, principal.user.id, 'master-file'),
    canWrite: hasScope(principal.scopes, 'write:funders'),
  };
}

export type RegisterExport = {
  /** The clock's day (the shown statuses'). */
  today: string;
  /** The date of the outstanding principal (registerScreen's). */
  cutOff: string;
  /** The whole filtered register in its order, as the screen's rows, in batches (status reasons when `text` is given). */
  batches: AsyncGenerator<RegisterRow[]>;
};

/** The funder's whole filtered register in the register's order, as registerScreen shows its rows, for a file. */
export async function registerExport(
  db: DbOrTx,
  principal: Principal,
  query: RegisterQuery,
  clock: Clock,
  text?: StatusText,
): Promise<RegisterExport> {
  await assertFunderAccess(principal, query.funderId, 'list');
  const today = clock.today;
  const cutOff = registerCutOff(today);
  const { funderId, sort, dir } = query;
  const filter = await registerFilter(db, query, today);
  const book = await registerBook(db, funderId, cutOff);
  const leases =
    sort === 'outstandingPrincipal'
      ? iterateLeasesByIds(db, await idsByOutstanding(db, filter, book, dir))
      : iterateLeases(db, { ...filter, sort, dir, statusIds: await statusSortIds(db, funderId, sort, today) });
  return { today, cutOff, batches: registerBatches(db, funderId, leases, book, today, text) };
}

/** Each batch with its shown statuses (one read of the day's credit states), reasons when asked, and outstanding principal. */
async function* registerBatches(
  db: DbOrTx,
  funderId: number,
  batches: AsyncIterable<LeaseListRow[]>,
  book: ValuedBook | null,
  today: string,
  text: StatusText | undefined,
): AsyncGenerator<RegisterRow[]> {
  for await (const rows of batches) {
    const shown = await shownStatuses(db, funderId, rows, today);
    const notes = text ? await statusNotes(db, funderId, rows, text.t, text.format, today) : undefined;
    yield rows.map((r) => ({
      ...r,
      shownStatus: shown.get(r.id) ?? 'performing',
      statusNote: notes?.get(r.id) ?? null,
      outstandingPrincipal: outstandingIn(book, r.id),
    }));
  }
}

export type OnboardingScreen = {
  quotations: QuotationRow[];
  /** Quotations matching the filter (all pages). */
  total: number;
  page: number;
  perPage: number;
  /** Whether the principal may add quotations (write:funders). */
  canWrite: boolean;
};

/** One page of the funder's quotations, newest first, as the onboarding tab shows it. */
export async function onboardingScreen(db: DbOrTx, principal: Principal, query: QuotationListQuery): Promise<OnboardingScreen> {
  await assertFunderAccess(principal, query.funderId, 'list');
  const { quotations, total } = await listQuotations(db, query);
  return { quotations, total, page: query.page, perPage: query.perPage, canWrite: hasScope(principal.scopes, 'write:funders') };
}
