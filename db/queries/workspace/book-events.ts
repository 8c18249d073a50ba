import { and, asc, between, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { leases, lessees, scheduleRows } from '@/db/tables';
import { rowsOf } from '../../dialect';

export type InstalmentDue = {
  leaseId: number;
  contractNumber: string;
  lesseeName: string;
  dueDate: string;
  /** Gross instalment in minor units of `currency`. */
  gross: number;
  currency: string;
};

/** Cap on the instalments one calendar range shows, so a low threshold over a large book stays a page. */
export const INSTALMENTS_LIMIT = 500;

/**
 * The active funder's instalments due in [from, to] (YYYY-MM-DD, inclusive) whose gross amount is at
 * least `minGross` (minor units), by due date then contract; read-only events of the calendar.
 */
export async function listInstalmentsDue(
  db: DbOrTx,
  funderId: number,
  from: string,
  to: string,
  minGross: number,
): Promise<InstalmentDue[]> {
  return await db
    .select({
      leaseId: leases.id,
      contractNumber: leases.contractNumber,
      lesseeName: lessees.name,
      dueDate: scheduleRows.dueDate,
      gross: scheduleRows.gross,
      currency: leases.currency,
    })
    .from(scheduleRows)
    .innerJoin(leases, eq(leases.id, scheduleRows.leaseId))
    .innerJoin(lessees, eq(lessees.id, leases.lesseeId))
    .where(
      and(
        eq(leases.funderId, funderId),
        between(scheduleRows.dueDate, from, to),
        gte(scheduleRows.gross, minGross),
        eq(leases.status, 'active'),
      ),
    )
    .orderBy(asc(scheduleRows.dueDate), asc(leases.contractNumber))
    .limit(INSTALMENTS_LIMIT);
}

/** A borrowing-base certificate of one of the funder's facilities, dated at its as-of date. */
export type CertificateDate = { facilityId: number; facilityName: string; certificateId: number; asOf: string; status: string };

/** The funder's facility certificates with an as-of date in [from, to], by date then facility. */
export async function listCertificateDates(db: DbOrTx, funderId: number, from: string, to: string): Promise<CertificateDate[]> {
  return await rowsOf<CertificateDate>(
    db,
    `select f.id as "facilityId", f.name as "facilityName", c.id as "certificateId", c.as_of as "asOf", c.status as status
       from facility_certificates c join facilities f on f.id = c.facility_id
       where f.funder_id = ? and c.as_of between ? and ? and c.status != 'rejected' order by c.as_of, f.name, c.id`,
    [funderId, from, to],
  );
}

/** The funder's facilities that have covenants, with their terms' dates: their covenants are tested at each month end from start to maturity. */
export async function listCovenantFacilities(
  db: DbOrTx,
  funderId: number,
): Promise<{ facilityId: number; facilityName: string; startDate: string; maturityDate: string }[]> {
  return await rowsOf<{ facilityId: number; facilityName: string; startDate: string; maturityDate: string }>(
    db,
    `select f.id as "facilityId", f.name as "facilityName", f.start_date as "startDate", f.maturity_date as "maturityDate" from facilities f
       where f.funder_id = ? and exists (select 1 from facility_covenants v where v.facility_id = f.id) order by f.name, f.id`,
    [funderId],
  );
}
