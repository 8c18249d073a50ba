/**
 * Why a lease has its status, for the tables (the register, Delinquency) and their exports: until the
 * credit issue derives status (domain.md §8) a status is set by hand, so every lease that is not active,
 * or whose status contradicts its DPD, carries the lease page's note (who set it, when, DPD now).
 */
import type { DbOrTx } from '@/db/client';
import { listStatusHistories } from '@/db/queries/lease-register';
import { needsStatusNote, statusNoteText, statusOrigin, type StatusNoteFormat, type StatusNoteTranslate } from '@/lib/domain/status-origin';
import { getServicingBook } from '@/services/servicing/book';
import { todayIso } from '@/lib/finance/dates';

/** A lease of a table: its id, status and, where the table has it, its DPD (otherwise today's from the servicing book). */
export type StatusNoteRow = { id: number; status: string; dpd?: number | null };

/**
 * The notes of the rows that need one, by lease id. Only those rows' history is read (one query per 500
 * ids); the DPD comes from the row or from the funder's cached servicing book of `today`.
 */
export function statusNotes(
  db: DbOrTx,
  funderId: number,
  rows: readonly StatusNoteRow[],
  t: StatusNoteTranslate,
  format: StatusNoteFormat,
  today = todayIso(),
): Map<number, string> {
  let byLeaseId: ReturnType<typeof getServicingBook>['byLeaseId'] | null = null;
  const dpdOf = (r: StatusNoteRow): number | null => {
    if (r.dpd !== undefined) return r.dpd;
    byLeaseId ??= getServicingBook(db, funderId, today).byLeaseId;
    return byLeaseId.get(r.id)?.dpd ?? null;
  };
  const wanted = rows.map((r) => ({ r, dpd: dpdOf(r) })).filter(({ r, dpd }) => needsStatusNote(r.status, dpd));
  const notes = new Map<number, string>();
  if (wanted.length === 0) return notes;
  const histories = listStatusHistories(db, wanted.map(({ r }) => r.id));
  for (const { r, dpd } of wanted) {
    notes.set(r.id, statusNoteText(t, format, { status: r.status, origin: statusOrigin(histories.get(r.id) ?? [], r.status), dpd }));
  }
  return notes;
}
