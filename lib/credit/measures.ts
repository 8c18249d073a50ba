/**
 * Loss measures and the IFRS 9 loss allowance of domain.md §8. Pure; money in minor units, rates as decimals.
 */
import { roundHalfUp } from '@/lib/finance';

/** Loss measures of a set of defaults (minor units in, decimals out; a rate is null when its denominator is 0). */
export type LossMeasures = {
  grossLoss: number;
  recoveries: number;
  netLoss: number;
  recoveryRate: number | null;
  severity: number | null;
  cumulativeNetLossRate: number | null;
};

/**
 * gross loss = exposure at default; net loss = gross − recoveries; recovery rate = recoveries ÷ gross; severity =
 * net ÷ gross; cumulative net loss % = Σ net loss ÷ Σ original principal of the pool (dv01).
 */
export function lossMeasures(input: { grossLoss: number; recoveries: number; originalPrincipal: number }): LossMeasures {
  const netLoss = input.grossLoss - input.recoveries;
  const g = input.grossLoss;
  return {
    grossLoss: g,
    recoveries: input.recoveries,
    netLoss,
    recoveryRate: g > 0 ? input.recoveries / g : null,
    severity: g > 0 ? netLoss / g : null,
    cumulativeNetLossRate: input.originalPrincipal > 0 ? netLoss / input.originalPrincipal : null,
  };
}

/** IFRS 9 stage: 1 DPD ≤ 30, 2 30 < DPD ≤ 90 or flagged for a significant increase in credit risk, 3 in default. */
export function ifrs9Stage(dpd: number, defaulted: boolean, sicr: boolean): 1 | 2 | 3 {
  if (defaulted) return 3;
  if (dpd > 30 || sicr) return 2;
  return 1;
}

/** The provision-matrix key of a lease: its DPD bucket, or `default` in stage 3. */
export const DEFAULT_BUCKET = 'default';

/** One cell of the ECL: the exposure in a bucket and its loss rate. */
export type EclCell = { exposure: number; rate: number };

/** ECL of one cell, minor units (rounded half-up once, per cell). */
export function eclOfCell(c: EclCell): number {
  return roundHalfUp(c.exposure * c.rate);
}

/** ECL = Σ exposure × rate over the cells (each cell rounded to the minor unit). */
export function expectedCreditLoss(cells: readonly EclCell[]): number {
  let sum = 0;
  for (const c of cells) sum += eclOfCell(c);
  return sum;
}

/** One loss-ledger entry: a write-off adds the loss, a recovery reduces it. */
export type LossLedgerEntry = { kind: 'write_off' | 'recovery'; amount: number };

/** Balance of the loss ledger: Σ write-offs − Σ recoveries (minor units). */
export function lossLedgerBalance(entries: Iterable<LossLedgerEntry>): number {
  let b = 0;
  for (const e of entries) b += e.kind === 'write_off' ? e.amount : -e.amount;
  return b;
}
