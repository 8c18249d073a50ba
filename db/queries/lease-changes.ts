/**
 * The lease change journal (table lease_changes): written in the transaction of every lease create,
 * edit (terms or status) and delete, read by the caches of services/portfolio and services/servicing
 * to re-read only the leases changed since the stamp they hold.
 */
import type { DbOrTx } from '../client';
import { bumpFunderDataVersion } from './funders';
import { statementFor } from './prepared';

/** Journals a change of the lease and bumps the funder's data version (call inside the write's transaction). */
export function recordLeaseChange(tx: DbOrTx, funderId: number, leaseId: number): void {
  statementFor(tx, `insert into lease_changes (funder_id, lease_id) values (?, ?)`).run(funderId, leaseId);
  bumpFunderDataVersion(tx, funderId);
}

/** The last journal seq of the funder (0 when none). */
export function leaseChangeStamp(db: DbOrTx, funderId: number): number {
  return statementFor(db, `select coalesce(max(seq), 0) from lease_changes where funder_id = ?`).pluck().get(funderId) as number;
}

/** The distinct leases of the funder changed after seq `since` (ascending ids) and the last seq read. */
export function leasesChangedSince(db: DbOrTx, funderId: number, since: number): { ids: number[]; stamp: number } {
  const rows = statementFor(db, `select seq, lease_id from lease_changes where funder_id = ? and seq > ? order by seq`)
    .raw()
    .all(funderId, since) as [number, number][];
  const ids = [...new Set(rows.map((r) => r[1]))].sort((a, b) => a - b);
  return { ids, stamp: rows.length > 0 ? rows[rows.length - 1]![0] : since };
}
