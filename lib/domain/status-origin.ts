/**
 * Why a lease has its status: until the credit issue derives status from arrears (domain.md §8),
 * a status is set by hand, so the screens say who set it and when, next to the current DPD, and a
 * reader can tell a stale "defaulted" (DPD 0 after the arrears were paid) from a live one.
 */

/** The history entry fields this needs (db/queries/lease-register LeaseHistoryEntry satisfies it). */
export type StatusHistoryEntry = {
  action: string;
  changes: Record<string, readonly [unknown, unknown]>;
  userName: string | null;
  at: number;
};

export type StatusOrigin = {
  /** 'set': changed to this status by hand; 'created': the status it was created (or imported) with. */
  how: 'set' | 'created';
  /** Epoch milliseconds of the change. */
  at: number;
  userName: string | null;
};

/** The entry that gave the lease its current status: the newest change to it, else its creation; null when the history says neither. */
export function statusOrigin(history: readonly StatusHistoryEntry[], status: string): StatusOrigin | null {
  let created: StatusHistoryEntry | null = null;
  let newest: StatusHistoryEntry | null = null;
  for (const e of history) {
    const change = e.changes.status;
    if (change && change[1] === status && (newest === null || e.at > newest.at)) newest = e;
    if (e.action === 'created' && (created === null || e.at < created.at)) created = e;
  }
  if (newest) return { how: 'set', at: newest.at, userName: newest.userName };
  return created ? { how: 'created', at: created.at, userName: created.userName } : null;
}

/** DPD beyond which a lease is in default (domain.md §8: more than 90 days past due on a material amount). */
export const DEFAULT_DPD_THRESHOLD = 90;

/**
 * Whether a hand-set status contradicts the DPD: defaulted while not more than 90 days past due (e.g. DPD 0
 * after the arrears were paid), or active while more than 90. `dpd` null: not in the servicing book.
 */
export function statusDisagrees(status: string, dpd: number | null): boolean {
  if (dpd === null) return false;
  return status === 'defaulted' ? dpd <= DEFAULT_DPD_THRESHOLD : status === 'active' && dpd > DEFAULT_DPD_THRESHOLD;
}

/** Whether the screens explain a lease's status: every status but active, and an active lease whose DPD says default. */
export function needsStatusNote(status: string, dpd: number | null): boolean {
  return status !== 'active' || statusDisagrees(status, dpd);
}

/** A translator of the `masterFile` messages (next-intl's `t`). */
export type StatusNoteTranslate = (key: string, values?: Record<string, string | number>) => string;
/** The two formatter calls the note needs (next-intl's format). */
export type StatusNoteFormat = {
  number: (n: number) => string;
  dateTime: (d: Date, options: { dateStyle: 'medium'; timeZone: 'UTC' }) => string;
};

/**
 * The one wording of why a lease has its status, for the lease page, the register, the Delinquency table
 * and their exports: "Defaulted — set by hand on 1 Jun 2026 by Bob; DPD now 0", and when status and DPD
 * disagree, a second sentence saying so.
 */
export function statusNoteText(
  t: StatusNoteTranslate,
  format: StatusNoteFormat,
  n: { status: string; origin: StatusOrigin | null; dpd: number | null },
): string {
  const status = t(`statuses.${n.status}`);
  const dpd = n.dpd === null ? t('status.noDpd') : format.number(n.dpd);
  const note = n.origin
    ? t(n.origin.how === 'set' ? 'status.setBy' : 'status.createdBy', {
        status,
        date: format.dateTime(new Date(n.origin.at), { dateStyle: 'medium', timeZone: 'UTC' }),
        user: n.origin.userName ?? t('status.unknownUser'),
        dpd,
      })
    : t('status.noHistory', { status, dpd });
  return statusDisagrees(n.status, n.dpd) ? t('status.disagrees', { note, threshold: format.number(DEFAULT_DPD_THRESHOLD) }) : note;
}
