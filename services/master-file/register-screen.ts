/**
 * The Master File's registers as their pages show them, each in one call on the request's clock: the lease register
 * (app/[locale]/(app)/master-file: one page of the filtered, ordered leases, each with its shown status at today and
 * why, the filtered count and per-currency totals, the principal's saved views) and the onboarding tab's quotations
 * (…/master-file/onboarding). A funder the principal is not assigned is refused (403, as a list of it).
 */
import type { DbOrTx } from '@/db/client';
import { listLeases, type LeaseListRow } from '@/db/queries/leases';
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

/** A register row: the lease, its status as shown on the clock's day and, when the caller reads text, why it has it. */
export type RegisterRow = LeaseListRow & { shownStatus: ShownStatus; statusNote: string | null };

export type RegisterScreen = {
  /** The clock's day: the as-of date of the shown statuses, their filter and their order. */
  today: string;
  rows: RegisterRow[];
  /** Leases matching the filter (all pages). */
  total: number;
  /** Per currency, over the whole filtered set (minor units). */
  totals: ReturnType<typeof listLeases>['totals'];
  page: number;
  perPage: number;
  /** The principal's saved views of the register. */
  views: SavedView[];
  /** Whether the principal may add leases (write:funders). */
  canWrite: boolean;
};

/** A saved view of the register the principal owns (undefined: missing, another user's, another module's). */
export function savedRegisterView(db: DbOrTx, principal: Principal, viewId: number): SavedView | undefined {
  return getPortfolioView(db, principal.user.id, viewId, 'master-file');
}

/** One page of the funder's lease register as the page shows it on the clock's day. */
export function registerScreen(db: DbOrTx, principal: Principal, query: LeaseListQuery, clock: Clock, text?: StatusText): RegisterScreen {
  assertFunderAccess(principal, query.funderId, 'list');
  const today = clock.today;
  const { funderId, status, ...rest } = query;
  // The status shown and filtered is the derived one (domain.md §8), from the memoised credit states of today.
  const result = listLeases(db, {
    ...rest,
    statusAny: statusFilterClauses(db, funderId, status, today),
    statusIds: statusSortIds(db, funderId, rest.sort, today),
    funderId,
  });
  const notes = text ? statusNotes(db, funderId, result.rows, text.t, text.format, today) : new Map<number, string>();
  const shown = shownStatuses(db, funderId, result.rows, today);
  return {
    today,
    rows: result.rows.map((r) => ({ ...r, shownStatus: shown.get(r.id) ?? 'performing', statusNote: notes.get(r.id) ?? null })),
    total: result.total,
    totals: result.totals,
    page: query.page,
    perPage: query.perPage,
    views: listPortfolioViews(db, principal.user.id, 'master-file'),
    canWrite: hasScope(principal.scopes, 'write:funders'),
  };
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
export function onboardingScreen(db: DbOrTx, principal: Principal, query: QuotationListQuery): OnboardingScreen {
  assertFunderAccess(principal, query.funderId, 'list');
  const { quotations, total } = listQuotations(db, query);
  return { quotations, total, page: query.page, perPage: query.perPage, canWrite: hasScope(principal.scopes, 'write:funders') };
}
