/**
 * Whether a lease is "in default" for the facilities: the ONE place that decides it. It reads the derived
 * credit status of domain.md §8 (services/credit: > 90 DPD on a material amount, unlikely to pay, probation,
 * lessee contagion): a defaulted lease, and a written-off one, is in default; a cured or performing lease is not.
 */
import type { DbOrTx } from '@/db/client';
import { creditEntry, type LeaseCreditState } from '@/services/credit/book';

const IN_DEFAULT: ReadonlySet<LeaseCreditState['status']> = new Set(['defaulted', 'written_off']);

export function isLeaseInDefault(status: LeaseCreditState['status'] | undefined): boolean {
  return status !== undefined && IN_DEFAULT.has(status);
}

/** What the credit status depends on besides the servicing book (flags, write-offs, recoveries, credit settings): part of a cache key. */
export async function creditStamp(db: DbOrTx, funderId: number): Promise<string> {
  const e = await creditEntry(db, funderId);
  return `${e.recordsVersion}|${e.settingsKey}`;
}
