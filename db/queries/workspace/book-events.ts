import { and, asc, between, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { leases, lessees, scheduleRows } from '@/db/schema/portfolio';

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
export function listInstalmentsDue(db: DbOrTx, funderId: number, from: string, to: string, minGross: number): InstalmentDue[] {
  return db
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
    .where(and(eq(leases.funderId, funderId), between(scheduleRows.dueDate, from, to), gte(scheduleRows.gross, minGross), eq(leases.status, 'active')))
    .orderBy(asc(scheduleRows.dueDate), asc(leases.contractNumber))
    .limit(INSTALMENTS_LIMIT)
    .all();
}
