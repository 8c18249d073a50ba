/**
 * QUANTUM servicing engine: pure TypeScript (no I/O, no clock, no Intl), built on lib/finance.
 * Money is integer minor units; dates are `YYYY-MM-DD`; days are calendar days.
 */
export { ServicingError, isServicingError, type ServicingErrorCode } from './errors';
export {
  DEFAULT_COMPONENT_ORDER,
  validateComponentOrder,
  allocatePayments,
  instalmentsAsOf,
  type Component,
  type ComponentAmounts,
  type Instalment,
  type PaymentEntry,
  type ReversalEntry,
  type LedgerEntry,
  type AllocationOptions,
  type Allocation,
  type InstalmentStatus,
  type AllocationTotals,
  type AllocationResult,
} from './allocation';
export {
  DEFAULT_TOLERANCE,
  DEFAULT_BUCKET_EDGES,
  arrearsAt,
  outstandingPrincipalAt,
  isRepaidAt,
  overdueSince,
  daysPastDue,
  lesseeDpd,
  bucketsFor,
  bucketOf,
  delinquencyAt,
  rollRateMatrix,
  type DelinquencyOptions,
  type Arrears,
  type BucketKey,
  type Bucket,
  type Delinquency,
  type RollRateRow,
  type RollRateMatrix,
} from './delinquency';
export {
  paymentBehaviour,
  lesseeBehaviour,
  type MonthStatus,
  type BehaviourOptions,
  type StripCell,
  type PaymentBehaviour,
} from './behaviour';
