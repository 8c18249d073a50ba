import type { DbOrTx } from '@/db/client';
import { refreshValuationCaches } from '@/services/portfolio/valuation';
import { refreshServicingCaches } from '@/services/servicing/book';

/**
 * After a write of a lease or a ledger entry, in the write's request: applies it to the funder's
 * valuation and servicing caches lease by lease (valuation.ts, servicing/book.ts), so the next read is
 * already fresh. Reads apply it lazily too (another process may have written); a no-op when nothing is cached.
 */
export async function afterBookWrite(db: DbOrTx, funderId: number): Promise<void> {
  await refreshValuationCaches(db, funderId);
  await refreshServicingCaches(db, funderId);
}
