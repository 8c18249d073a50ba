/** The lease page's servicing card: the lease's state today in the funder's servicing book and its ledger. */
import type { DbOrTx } from '@/db/client';
import { listPayments } from '@/db/queries/payments';
import { getServicingBook } from './book';

export async function leaseServicing(db: DbOrTx, funderId: number, leaseId: number, today: string) {
  const state = (await getServicingBook(db, funderId, today)).byLeaseId.get(leaseId);
  const list = await listPayments(db, funderId, { leaseId, page: 1, perPage: 100 });
  return { state, list };
}
