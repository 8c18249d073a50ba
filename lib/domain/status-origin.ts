/**
 * Why a lease has its status: until the credit issue derives status from arrears (domain.md §8),
 * a status is set by hand, so the screens say who set it and when, next to the current DPD, and a
 * reader can tell a stale "defaulted" (DPD 0 after the arrears were paid) from a live one.
 */

/** The history entry fields this needs (db/queries/lease-register LeaseHistoryEntry satisfies it). */
export type StatusHistoryEntry = { action: string; changes: Record<string, readonly [unknown, unknown]>; userName: string | null; at: number };

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
