/**
 * Whether a lease is "in default" for the facilities: the ONE place that decides it. It reads the derived
 * credit status of domain.md §8 (services/credit: > 90 DPD on a material amount, unlikely to pay, probation,
 * lessee contagion): a defaulted lease, and a written-off one, is in default; a cured or performing lease is not.
 */
import type { DbOrTx } from '@/db/client';
import { creditEntry, creditStatesAt, type LeaseCreditState } from '@/services/credit/book';

const IN_DEFAULT: ReadonlySet<LeaseCreditState['status']> = new Set(['defaulted', 'written_off']);

export function isLeaseInDefault(status: LeaseCreditState['status'] | undefined): boolean {
  return status !== undefined && IN_DEFAULT.has(status);
}

/** What the credit status depends on besides the servicing book (flags, write-offs, recoveries, credit settings): part of a cache key. */
export function creditStamp(db: DbOrTx, funderId: number): string {
  const e = creditEntry(db, funderId);
  return `${e.recordsStamp}|${e.settingsKey}`;
}

/** The derived credit status of every lease of the funder at the date (built once per states array: a write makes a new one). Callers must not change it. */
export function creditStatusesAt(db: DbOrTx, funderId: number, asOf: string): Map<number, LeaseCreditState['status']> {
  const { states } = creditStatesAt(db, funderId, asOf);
  let m = statusMemo.get(states);
  if (!m) statusMemo.set(states, (m = new Map(states.map((s) => [s.leaseId, s.status]))));
  return m;
}

const statusMemo = new WeakMap<readonly LeaseCreditState[], Map<number, LeaseCreditState['status']>>();
