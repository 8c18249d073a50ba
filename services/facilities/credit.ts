/**
 * Whether a lease is "in default" for the facilities: the ONE place that decides it (domain.md §8). Today it
 * reads the stored lease status and the servicing DPD (more than 90 days past due on a material amount — the
 * servicing book's DPD already ignores amounts below the materiality tolerance); the derived credit status of
 * the credit work replaces this function's body when it lands, and every facility figure follows.
 */
import type { PortfolioLeaseRecord } from '@/lib/domain/portfolio';
import type { LeaseServicingState } from '@/services/servicing/book';

export const DEFAULT_DPD = 90;

export function isLeaseInDefault(lease: Pick<PortfolioLeaseRecord, 'status'>, state: Pick<LeaseServicingState, 'dpd'>): boolean {
  return lease.status === 'defaulted' || state.dpd > DEFAULT_DPD;
}
