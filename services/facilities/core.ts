/**
 * Facilities screens and jobs (domain.md §11): the borrowing base at a date, lease-level eligibility, draws with
 * availability checks, certificates (frozen content, files and SHA-256) and covenant results per month. Every
 * facility a request names is read through `facilityFor` (service.ts), which applies the principal's funder scope.
 * This module needs no principal, so scripts (the demo seed, benches) can use it.
 */
import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '@/db/client';
import {
  decideCertificate,
  decideDraw,
  facilityOutstanding,
  getDraw,
  pendingCertificate,
  prepareCertificate,
  requestDraw,
  type Facility,
  type FacilityActor,
} from '@/db/queries/facilities';
import { NotFound } from '@/lib/domain/errors';
import {
  computeBorrowingBase,
  evaluateCovenant,
  worstStatus,
  type BorrowingBase,
  type CovenantResult,
  type CovenantStatus,
  type LeaseEligibilityRow,
} from '@/lib/facilities';
import { certificatePdf, certificateXlsx, type CertificateContent } from '@/lib/facilities/certificate';
import { monthsBetween } from '@/lib/finance/dates';
import type { DrawBody, ELIGIBILITY_FILTERS } from '@/lib/validations/facilities';
import { collateralAt } from './collateral';
import { certificateCriterion, certificateLabels, type CertificateLocale } from './certificate-labels';
import { facilityMonthMetrics } from './metrics';
import { derivedValue } from '@/lib/views';

const termsOf = (f: Facility) => ({ currency: f.currency, commitment: f.commitment, advanceRate: f.advanceRate, reserves: f.reserves });

/** The borrowing base and the lease-level eligibility of a facility at `asOf` (outstanding: movements valued by then). */
export async function facilityBase(db: DbOrTx, f: Facility, asOf: string): Promise<{ base: BorrowingBase; rows: LeaseEligibilityRow[] }> {
  const collateral = await collateralAt(db, f.funderId, asOf);
  const outstanding = await facilityOutstanding(db, f.id, asOf);
  // Kept per collateral object (new when the book changes) and the facility's rules and movements, so the page,
  // its exports and the API at the same date compute the lease-level eligibility once.
  let byFacility = baseCache.peek(collateral);
  if (!byFacility) baseCache.set(collateral, (byFacility = new Map()));
  const key = JSON.stringify([f.id, termsOf(f), f.criteria, f.limits, outstanding]);
  const hit = byFacility.get(key);
  if (hit) return hit;
  const result = computeBorrowingBase(termsOf(f), f.criteria, f.limits, collateral.leases, outstanding);
  byFacility.set(key, result);
  return result;
}

const baseCache = derivedValue<object, Map<string, { base: BorrowingBase; rows: LeaseEligibilityRow[] }>>(
  'borrowingBases',
  "a collateral's borrowing base and eligibility per facility, its rules and movements",
);

/** The lease-level rows the screen and GET …/eligibility show: all, only the eligible or only the ineligible ones. */
export function eligibilityRows(rows: LeaseEligibilityRow[], filter: (typeof ELIGIBILITY_FILTERS)[number]): LeaseEligibilityRow[] {
  return filter === 'all' ? rows : rows.filter((r) => r.eligible === (filter === 'eligible'));
}

export type CovenantMonth = CovenantResult & { monthEnd: string; ageMonths: number };
export type CovenantHistory = {
  covenantId: number;
  metric: Facility['covenants'][number]['metric'];
  operator: Facility['covenants'][number]['operator'];
  months: CovenantMonth[];
  latest: CovenantMonth | null;
};

/** Each covenant's result at each month end (the last `months`), oldest first, with the threshold in force by the facility's age then. */
export async function covenantHistory(db: DbOrTx, f: Facility, asOf: string, today: string, months = 12): Promise<CovenantHistory[]> {
  if (f.covenants.length === 0) return [];
  const metrics = await facilityMonthMetrics(db, f, asOf, today, months);
  return f.covenants.map((c) => {
    const list = metrics.map(({ monthEnd, metrics: m }) => {
      const ageMonths = monthsBetween(f.startDate, monthEnd);
      return { monthEnd, ageMonths, ...evaluateCovenant(c, ageMonths, m[c.metric]) };
    });
    return { covenantId: c.id, metric: c.metric, operator: c.operator, months: list, latest: list.at(-1) ?? null };
  });
}

export function covenantStatusOf(history: readonly CovenantHistory[]): CovenantStatus | null {
  const latest = history.flatMap((h) => (h.latest ? [h.latest.status] : []));
  return latest.length ? worstStatus(latest) : null;
}

/** Requests a draw or a repayment: a draw must fit the availability at its value date (409 with the figure otherwise). */
export async function requestFacilityDraw(db: Db, f: Facility, body: DrawBody, actor: FacilityActor | null, now = Date.now()) {
  const { base } = await facilityBase(db, f, body.valueDate);
  return requestDraw(db, f.id, body, base.maximumAdvance, actor, now);
}

/** Another user approves (a draw must still fit the availability at its value date) or rejects a pending movement. */
export async function decideFacilityDraw(
  db: Db,
  f: Facility,
  drawId: number,
  decision: 'approved' | 'rejected',
  actor: FacilityActor,
  now = Date.now(),
) {
  const draw = await getDraw(db, f.id, drawId);
  if (!draw) throw new NotFound(`Draw ${drawId} of facility ${f.id} does not exist.`);
  const maximumAdvance =
    decision === 'approved' && draw.type === 'draw' && draw.status === 'pending'
      ? (await facilityBase(db, f, draw.valueDate)).base.maximumAdvance
      : 0;
  return decideDraw(db, f.id, drawId, decision, maximumAdvance, actor, now);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Freezes the base at `asOf` (terms, waterfall, excesses, lease-level eligibility) into a pending certificate with
 * its XLSX, in the preparer's `locale`: the locale and its labels are part of the frozen content, so the PDF made
 * at approval reads in the same language and the files never change.
 */
export async function prepareFacilityCertificate(
  db: Db,
  f: Facility,
  asOf: string,
  actor: FacilityActor | null,
  now = Date.now(),
  locale: CertificateLocale = 'en',
) {
  const { base, rows } = await facilityBase(db, f, asOf);
  const content: CertificateContent = {
    facility: {
      id: f.id,
      name: f.name,
      lender: f.lender,
      currency: f.currency,
      commitment: f.commitment,
      advanceRate: f.advanceRate,
      reserves: f.reserves,
      startDate: f.startDate,
      maturityDate: f.maturityDate,
    },
    asOf,
    base: { ...base, excess: { total: base.excess.total, groups: base.excess.groups.filter((g) => g.excess > 0) } },
    preparedBy: actor?.email ?? 'system',
    preparedOn: isoDay(now),
    locale,
    labels: certificateLabels(locale),
  };
  const xlsx = await certificateXlsx(content, rows, f.criteria, certificateCriterion(locale, f.currency));
  return await prepareCertificate(db, f.id, asOf, JSON.stringify(content), xlsx, sha256(xlsx), actor, now);
}

/** Another user issues the certificate: the PDF is made from the frozen content only, then nothing changes it. */
export async function approveFacilityCertificate(db: Db, f: Facility, id: number, actor: FacilityActor, now = Date.now()) {
  const row = await pendingCertificate(db, f.id, id, actor);
  const content = JSON.parse(row.summary) as CertificateContent;
  const pdf = certificatePdf(content, { approvedBy: actor.email, approvedOn: isoDay(now), xlsxSha256: row.xlsxSha256 });
  return decideCertificate(db, f.id, id, 'approved', pdf, sha256(pdf), actor, now);
}

export async function rejectFacilityCertificate(db: Db, f: Facility, id: number, actor: FacilityActor, now = Date.now()) {
  await pendingCertificate(db, f.id, id, actor);
  return decideCertificate(db, f.id, id, 'rejected', null, null, actor, now);
}
