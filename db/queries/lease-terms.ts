import type { CurrencyCode, LeaseTerms, Schedule } from '@/lib/finance';
import { buildSchedule } from '@/lib/finance';
import type { Lease } from '../schema/portfolio';

/**
 * The finance engine's view of a stored lease (the funder's rate convention decides the period rate), with its re-base
 * to a tape's balance when it has one (a quotation has none).
 */
export function leaseTermsOf(
  lease: Pick<
    Lease,
    | 'currency'
    | 'price'
    | 'downPayment'
    | 'residual'
    | 'fee'
    | 'feeFinanced'
    | 'term'
    | 'rate'
    | 'timing'
    | 'frequency'
    | 'firstDueDate'
    | 'vatRate'
    | 'vatRegime'
  > &
    Partial<Pick<Lease, 'rebasedOn' | 'rebasedBalance'>>,
  rateConvention: 'nominal' | 'effective' = 'nominal',
): LeaseTerms {
  return {
    currency: lease.currency as CurrencyCode,
    price: lease.price,
    downPayment: lease.downPayment,
    residual: lease.residual,
    fee: lease.fee,
    feeFinanced: lease.feeFinanced,
    term: lease.term,
    rate: lease.rate,
    timing: lease.timing,
    frequency: lease.frequency,
    firstDueDate: lease.firstDueDate,
    vatRate: lease.vatRate,
    vatRegime: lease.vatRegime,
    rateConvention,
    rebase: lease.rebasedOn != null && lease.rebasedBalance != null ? { date: lease.rebasedOn, balance: lease.rebasedBalance } : null,
  };
}

export function scheduleOfLease(lease: Parameters<typeof leaseTermsOf>[0], rateConvention: 'nominal' | 'effective' = 'nominal'): Schedule {
  return buildSchedule(leaseTermsOf(lease, rateConvention));
}
