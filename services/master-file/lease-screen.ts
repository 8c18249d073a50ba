/**
 * The Master File's record screens as their pages show them, each in one call on the request's clock: a lease
 * (app/[locale]/(app)/master-file/[id]) with its terms, its shown status and why, its valuation at the default
 * cut-off, its schedule, its servicing state and payments, its history and audit trail; the lease form
 * (…/[id]/edit); a quotation (…/onboarding/[id]) and its form (…/onboarding/[id]/edit). Plain data only (minor units,
 * ISO dates); the pages format and translate it.
 *
 * A record of a funder the principal is not assigned, or of another funder than the one named, is not found (null):
 * its existence is not disclosed (services/auth/funder-access assertFunderAccess, 'record').
 */
import type { DbOrTx } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import {
  getLeaseOfFunder,
  getLeaseScheduleTotals,
  listLeaseHistory,
  type LeaseHistoryEntry,
  type ScheduleTotalsRow,
} from '@/db/queries/lease-register';
import { getLeaseSchedule, type LeaseListRow } from '@/db/queries/leases';
import { scheduleOfLease } from '@/db/queries/lease-terms';
import { getLessee } from '@/db/queries/lessees';
import { getQuotation, listQuotationHistory, type QuotationHistoryEntry, type QuotationRow } from '@/db/queries/quotations';
import type { ScheduleRowRecord } from '@/db/schema/portfolio';
import { hasScope } from '@/lib/auth/scopes';
import type { Clock } from '@/lib/clock';
import { odooConfigFromEnv } from '@/lib/connectors/erp';
import type { StatusNoteTranslate } from '@/lib/domain/status-origin';
import { valuationRow, type ScheduleRebase, type Valuation } from '@/lib/finance';
import { formatDate } from '@/lib/finance/dates';
import { NO_EXIT } from '@/lib/finance/pool';
import type { Formatter } from '@/lib/format';
import type { LesseeKind, ShownStatus } from '@/lib/validations/leases';
import { leaseAuditHistory, type AuditEntryView } from '@/services/audit/trail';
import { canAccessFunder } from '@/services/auth/funder-access';
import type { Principal } from '@/services/auth/principal';
import { shownStatuses } from '@/services/master-file/register-status';
import { statusNotes } from '@/services/master-file/status-notes';
import { defaultCutOff, valueBook } from '@/services/portfolio/valuation';
import { leaseServicing } from '@/services/servicing/lease-servicing';

/** A record of a funder: which funder (the one the page works on) and which record. */
export type RecordQuery = { funderId: number; id: number };

/** The text of the status reason: the caller's translator (the masterFile namespace) and formatter (its language). */
export type StatusText = { t: StatusNoteTranslate; format: Formatter };

export type LeaseScreen = {
  /** The clock's day: the as-of date of the servicing state, the shown status and its reason. */
  today: string;
  /** The valuation's cut-off: the default one of `today` (the first of its month). */
  cutOff: string;
  funderId: number;
  lease: LeaseListRow;
  /** Whether the principal may change the lease (write:funders): the edit, payment and delete actions. */
  canWrite: boolean;
  /** The lease's status as shown (domain.md §8: derived at `today`, or the business status a user set). */
  shownStatus: ShownStatus;
  /** Why it has it, where it needs a reason and the caller asked for the text. */
  statusNote?: string;
  lesseeKind: LesseeKind;
  /** The valued book's row of the lease at `cutOff`; null when the lease is not in the book (terminated). */
  valuation: Valuation | null;
  /** The historical purchase price (domain.md §3), independent of the cut-off; null when not in the book. */
  purchasePrice: number | null;
  /** The day a written-off lease left the pool, ISO; null otherwise. */
  writtenOffOn: string | null;
  schedule: ScheduleRowRecord[];
  scheduleTotals: ScheduleTotalsRow;
  residualDueDate: string;
  /** The re-base of a seasoned lease to its tape's balance (domain.md §7), or null. */
  rebase: ScheduleRebase | null;
  /** The lease's servicing state at `today` (undefined: not in the servicing book) and its ledger (the first 100 payments). */
  servicing: Awaited<ReturnType<typeof leaseServicing>>;
  /** The lease's history of changes. */
  history: LeaseHistoryEntry[];
  /** The audit trail of the lease (the last 50 entries). */
  audit: AuditEntryView[];
};

/** The funder of a record query when the principal may see it; undefined otherwise (not found). */
async function funderOf(db: DbOrTx, principal: Principal, funderId: number) {
  return (await canAccessFunder(principal, funderId)) ? await getFunder(db, funderId) : undefined;
}

const canWriteOf = (principal: Principal) => hasScope(principal.scopes, 'write:funders');

/** One lease of a funder as its page shows it on the clock's day; null when it is not found for this principal. */
export async function leaseScreen(
  db: DbOrTx,
  principal: Principal,
  query: RecordQuery,
  clock: Clock,
  text?: StatusText,
): Promise<LeaseScreen | null> {
  const funder = await funderOf(db, principal, query.funderId);
  if (!funder) return null;
  const lease = await getLeaseOfFunder(db, funder.id, query.id);
  if (!lease) return null;
  const today = clock.today;
  const cutOff = defaultCutOff(today);
  const book = await valueBook(db, funder.id, cutOff);
  const index = book.indexById.get(lease.id);
  const servicing = await leaseServicing(db, funder.id, lease.id, today);
  const dpd = servicing.state ? servicing.state.dpd : null;
  // The derived credit status (defaulted since …, in probation until …, unlikely to pay, written off) or a hand-set one.
  const statusNote = text
    ? (await statusNotes(db, funder.id, [{ id: lease.id, status: lease.status, dpd }], text.t, text.format, today)).get(lease.id)
    : undefined;
  const { residualDueDate, rebase } = scheduleOfLease(lease, funder.rateConvention);
  return {
    today,
    cutOff,
    funderId: funder.id,
    lease,
    canWrite: canWriteOf(principal),
    shownStatus: (await shownStatuses(db, funder.id, [lease], today)).get(lease.id)!,
    ...(statusNote === undefined ? {} : { statusNote }),
    lesseeKind: (await getLessee(db, lease.lesseeId))?.kind ?? 'corporate',
    valuation: index === undefined ? null : valuationRow(book.valuation, index),
    purchasePrice: index === undefined ? null : book.purchasePrice[index]!,
    writtenOffOn: index === undefined || book.exitDay[index] === NO_EXIT ? null : formatDate(book.exitDay[index]!),
    schedule: await getLeaseSchedule(db, lease.id),
    scheduleTotals: await getLeaseScheduleTotals(db, lease.id),
    residualDueDate,
    rebase,
    servicing,
    history: await listLeaseHistory(db, lease.id),
    audit: await leaseAuditHistory(db, lease.id),
  };
}

/** The lease form's record: the stored lease with its lessee's country; null when it is not found for this principal. */
export async function leaseFormScreen(
  db: DbOrTx,
  principal: Principal,
  query: RecordQuery,
  clock: Clock,
): Promise<{ today: string; record: LeaseListRow & { lesseeCountry: string } } | null> {
  const funder = await funderOf(db, principal, query.funderId);
  if (!funder) return null;
  const lease = await getLeaseOfFunder(db, funder.id, query.id);
  if (!lease) return null;
  return { today: clock.today, record: { ...lease, lesseeCountry: (await getLessee(db, lease.lesseeId))?.country ?? '' } };
}

export type QuotationScreen = {
  quotation: QuotationRow;
  /** Its status changes, oldest first. */
  history: QuotationHistoryEntry[];
  /** Whether the principal may edit it and move its status (write:funders). */
  canWrite: boolean;
  /** Whether an ERP connection is configured (the push action). */
  erpConfigured: boolean;
};

/** One quotation of a funder as its page shows it; null when it is not found for this principal. */
export async function quotationScreen(db: DbOrTx, principal: Principal, query: RecordQuery): Promise<QuotationScreen | null> {
  const funder = await funderOf(db, principal, query.funderId);
  if (!funder) return null;
  const quotation = await getQuotation(db, funder.id, query.id);
  if (!quotation) return null;
  return {
    quotation,
    history: await listQuotationHistory(db, quotation.id),
    canWrite: canWriteOf(principal),
    erpConfigured: odooConfigFromEnv() !== null,
  };
}

/**
 * The quotation form's record: the stored quotation with its lessee's country (`record`, only for a draft: other
 * statuses cannot be edited); null when it is not found for this principal.
 */
export async function quotationFormScreen(
  db: DbOrTx,
  principal: Principal,
  query: RecordQuery,
  clock: Clock,
): Promise<{ today: string; quotation: QuotationRow; record: (QuotationRow & { lesseeCountry: string }) | null } | null> {
  const funder = await funderOf(db, principal, query.funderId);
  if (!funder) return null;
  const quotation = await getQuotation(db, funder.id, query.id);
  if (!quotation) return null;
  const record =
    quotation.status === 'draft' ? { ...quotation, lesseeCountry: (await getLessee(db, quotation.lesseeId))?.country ?? '' } : null;
  return { today: clock.today, quotation, record };
}
