import { z } from 'zod';
import { isValidDate } from '@/lib/finance/dates';
import { RECOVERY_KINDS, WRITE_OFF_STATUSES } from '@/lib/domain/enums';
import { funderIdParam, idParam, isoDateParam } from './common';

const isoDate = z.string({ error: 'must be a date as YYYY-MM-DD' }).refine(isValidDate, 'must be a real date as YYYY-MM-DD');
const leaseId = z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive');
const minor = z
  .number({ error: 'must be a number (minor units)' })
  .int('must be whole minor units')
  .positive('must be positive')
  .max(1e13, 'is too large');
const reason = z.string({ error: 'must be a text' }).trim().min(1, 'is required').max(500, 'must be at most 500 characters');
const note = z.string().trim().max(500, 'must be at most 500 characters').default('');

/** ?funderId=&asOf= (asOf defaults to today). */
export const creditAsOfQuery = z.object({ funderId: funderIdParam, asOf: isoDateParam.optional() });
/** ?funderId= */
export const creditFunderQuery = z.object({ funderId: funderIdParam });
/** GET /api/credit/write-offs */
export const writeOffListQuery = z.object({
  funderId: funderIdParam,
  status: z.enum(WRITE_OFF_STATUSES, { error: `must be one of ${WRITE_OFF_STATUSES.join(', ')}` }).optional(),
});

/** POST /api/leases/{id}/unlikely-to-pay: from `flaggedOn` (default today), with a reason. */
export const utpFlagBody = z.strictObject({ flaggedOn: isoDate.optional(), reason });
/** GET /api/leases/{id}/unlikely-to-pay?funderId=&flaggedOn= — what a flag from flaggedOn (default today) would default by contagion. */
export const utpPreviewQuery = z.object({ funderId: funderIdParam, flaggedOn: isoDateParam.optional() });
/** DELETE /api/leases/{id}/unlikely-to-pay?clearedOn=&reason= */
export const utpClearQuery = z.object({
  clearedOn: isoDateParam.optional(),
  reason: z.string().trim().max(500, 'must be at most 500 characters').default(''),
});

/**
 * POST /api/credit/write-offs: the amount defaults to the lease's exposure on the date; any whole amount of minor
 * units above zero up to that exposure (checked by the service against the credit book: 400 on `amount`) — less than
 * all of it is a partial write-off.
 */
export const writeOffProposeBody = z.strictObject({ leaseId, writeOffOn: isoDate, amount: minor.optional(), note });
/** POST /api/credit/write-offs/{id}/approve|reject */
export const writeOffDecisionBody = z.strictObject({ note }).default({ note: '' });

/** POST /api/credit/recoveries: on a written-off lease, on or after its write-off date. */
export const recoveryCreateBody = z.strictObject({
  leaseId,
  receivedOn: isoDate,
  amount: minor,
  kind: z.enum(RECOVERY_KINDS, { error: `must be one of ${RECOVERY_KINDS.join(', ')}` }),
  reference: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  note,
});

export const creditIdPath = z.object({ id: idParam });

// ---------------------------------------------------------------------------------------------
// Responses (the OpenAPI document's schemas; money in minor units of the row's currency)

const minorOut = z.number().int().describe('Minor units');
const dateOut = z.string().describe('YYYY-MM-DD');
export const defaultRowSchema = z.object({
  leaseId: z.number().int(),
  contractNumber: z.string(),
  lesseeId: z.number().int(),
  lesseeName: z.string(),
  currency: z.string(),
  why: z
    .enum(['dpd', 'utp', 'reported', 'probation', 'contagion'])
    .describe(
      'more than 90 DPD on a material amount, unlikely to pay, reported in default by a tape (domain.md §7), in probation, or lessee contagion',
    ),
  defaultSince: dateOut,
  probationUntil: dateOut.nullable(),
  creditDpd: z.number().int().describe('DPD counted only while the past-due amount is material'),
  dpd: z.number().int().describe('Servicing DPD'),
  pastDue: minorOut,
  exposure: minorOut.describe('Outstanding principal + arrears net of VAT'),
  utpReason: z.string().nullable(),
  utpBy: z.string().nullable(),
  pendingWriteOffId: z.number().int().nullable(),
});
export const defaultsResponse = z.object({ asOf: dateOut, defaults: z.array(defaultRowSchema) });
export const creditFlagSchema = z.looseObject({
  id: z.number().int(),
  funderId: z.number().int(),
  leaseId: z.number().int(),
  kind: z.enum(['utp', 'sicr']),
  flaggedOn: dateOut,
  reason: z.string(),
  flaggedBy: z.number().int().nullable(),
  clearedOn: dateOut.nullable(),
});
export const creditFlagResponse = z.object({ flag: creditFlagSchema });
/** The leases a flag would put (or put) in default by lessee contagion. */
export const contagionLeaseSchema = z.object({ leaseId: z.number().int(), contractNumber: z.string() });
export const utpPreviewResponse = z.object({ flaggedOn: dateOut, contagion: z.array(contagionLeaseSchema) });
/** A new flag and the other leases of the lessee it put in default by lessee contagion on its date (domain.md §8; empty when none). */
export const creditFlagCreatedResponse = z.object({
  flag: creditFlagSchema,
  contagion: z
    .array(z.object({ leaseId: z.number().int(), contractNumber: z.string() }))
    .describe('leases of the same lessee now in default by lessee contagion'),
});
export const writeOffSchema = z.looseObject({
  id: z.number().int(),
  funderId: z.number().int(),
  leaseId: z.number().int(),
  writeOffOn: dateOut,
  amount: minorOut,
  currency: z.string(),
  note: z.string(),
  status: z.enum(WRITE_OFF_STATUSES),
  proposedBy: z.number().int().nullable(),
  proposedAt: z.number().int(),
  decidedBy: z.number().int().nullable(),
  decidedAt: z.number().int().nullable(),
});
export const writeOffResponse = z.object({ writeOff: writeOffSchema });
export const writeOffListResponse = z.object({ writeOffs: z.array(writeOffSchema) });
export const recoverySchema = z.looseObject({
  id: z.number().int(),
  funderId: z.number().int(),
  leaseId: z.number().int(),
  receivedOn: dateOut,
  amount: minorOut,
  currency: z.string(),
  kind: z.enum(RECOVERY_KINDS),
});
export const recoveryResponse = z.object({ recovery: recoverySchema });
export const recoveryListResponse = z.object({ recoveries: z.array(recoverySchema) });
export const lossLedgerResponse = z.object({
  entries: z.array(
    z.object({
      date: dateOut,
      kind: z.enum(['write_off', 'recovery']),
      id: z.number().int(),
      leaseId: z.number().int(),
      contractNumber: z.string(),
      lesseeName: z.string(),
      currency: z.string(),
      amount: minorOut,
      balance: minorOut.describe('Running Σ write-offs − recoveries of the currency'),
    }),
  ),
});
const rateOut = z.number().nullable().describe('Decimal; null when the denominator is 0');
export const measuresResponse = z.object({
  asOf: dateOut,
  measures: z.array(
    z.object({
      currency: z.string(),
      grossLoss: minorOut,
      recoveries: minorOut,
      netLoss: minorOut,
      recoveryRate: rateOut,
      severity: rateOut,
      cumulativeNetLossRate: rateOut,
      defaultedLeases: z.number().int(),
      defaultedExposure: minorOut,
      writtenOffLeases: z.number().int(),
      originalPrincipal: minorOut,
    }),
  ),
});
export const eclResponse = z.object({
  asOf: dateOut,
  rows: z.array(
    z.object({
      currency: z.string(),
      stage: z.number().int().min(1).max(3),
      bucket: z.string(),
      leases: z.number().int(),
      exposure: minorOut,
      rate: z.number(),
      ecl: minorOut,
    }),
  ),
  totals: z.array(
    z.object({
      currency: z.string(),
      leases: z.number().int().describe('leases in the pool at the date'),
      outstanding: minorOut.describe('their outstanding principal'),
      arrearsNet: minorOut.describe('their arrears net of VAT'),
      partlyWrittenOff: minorOut.describe('what partial write-offs took off their exposure'),
      exposure: minorOut.describe('outstanding + arrears net − partly written off'),
      ecl: minorOut,
    }),
  ),
});
export const creditSettingsResponse = z.object({ funderId: z.number().int(), settings: z.record(z.string(), z.unknown()) });
