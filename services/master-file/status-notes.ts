/**
 * Why a lease has its status, for the tables (the register, Delinquency), the lease page and their exports. The
 * credit status is derived (domain.md §8, services/credit): a lease in default says since when and why ("Defaulted
 * since 4 Mar 2026: 95 DPD on 1,234.00 past due", "… in probation until …", "… unlikely to pay, flagged by X: reason",
 * lessee contagion), a cured or written-off one says when. The business statuses a user still sets (closed,
 * terminated; a legacy "defaulted") carry who set it and when, with the DPD now.
 */
import type { DbOrTx } from '@/db/client';
import { listStatusHistories } from '@/db/queries/lease-register';
import { creditNoteText } from '@/lib/credit';
import { statusNoteText, statusOrigin, type StatusNoteTranslate } from '@/lib/domain/status-origin';
import { formatIsoDate, type Formatter } from '@/lib/format';
import { getServicingBook } from '@/services/servicing/book';
import { creditStatesById } from '@/services/credit/book';
import { defaultsAt } from '@/services/credit/screen';
import { todayIso } from '@/lib/clock';

/** A lease of a table: its id, status and, where the table has it, its DPD (otherwise today's from the servicing book). */
export type StatusNoteRow = { id: number; status: string; dpd?: number | null };

/**
 * The notes of the rows that need one, by lease id: every lease whose derived credit status is defaulted, cured or
 * written off, and every lease with a hand-set status other than active. Only those rows' history is read; the
 * credit states come from the funder's cached default timelines.
 */
export async function statusNotes(
  db: DbOrTx,
  funderId: number,
  rows: readonly StatusNoteRow[],
  t: StatusNoteTranslate,
  format: Formatter,
  today = todayIso(),
): Promise<Map<number, string>> {
  const notes = new Map<number, string>();
  if (rows.length === 0) return notes;
  const credit = await creditStatesById(db, funderId, today);
  const tc = (key: string, values?: Record<string, string | number>) => t(`status.credit.${key.replace(/^note\./, '')}`, values);
  // The default rows of these rows' defaulted leases only (labels, flags, exposures): not of the whole book.
  const inDefault = new Set(rows.filter((r) => credit.get(r.id)?.status === 'defaulted').map((r) => r.id));
  const defaults =
    inDefault.size === 0
      ? new Map<number, Awaited<ReturnType<typeof defaultsAt>>[number]>()
      : new Map((await defaultsAt(db, funderId, today, undefined, inDefault)).map((d) => [d.leaseId, d]));
  const handSet: StatusNoteRow[] = [];
  for (const r of rows) {
    const c = credit.get(r.id);
    if (c?.status === 'defaulted') {
      const d = defaults.get(r.id);
      if (d) notes.set(r.id, creditNoteText(tc, format, d));
    } else if (c?.status === 'written_off' && c.writeOffDate)
      notes.set(r.id, tc('writtenOff', { date: formatIsoDate(format, c.writeOffDate) }));
    else if (c?.status === 'cured' && c.curedOn) notes.set(r.id, tc('cured', { date: formatIsoDate(format, c.curedOn) }));
    else if (r.status !== 'active') handSet.push(r);
  }
  if (handSet.length === 0) return notes;
  let byLeaseId: Awaited<ReturnType<typeof getServicingBook>>['byLeaseId'] | null = null;
  const dpdOf = async (r: StatusNoteRow): Promise<number | null> => {
    if (r.dpd !== undefined) return r.dpd;
    byLeaseId ??= (await getServicingBook(db, funderId, today)).byLeaseId;
    return byLeaseId.get(r.id)?.dpd ?? null;
  };
  const histories = await listStatusHistories(
    db,
    handSet.map((r) => r.id),
  );
  for (const r of handSet)
    notes.set(
      r.id,
      statusNoteText(t, format, { status: r.status, origin: statusOrigin(histories.get(r.id) ?? [], r.status), dpd: await dpdOf(r) }),
    );
  return notes;
}
