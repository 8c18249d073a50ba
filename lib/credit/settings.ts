/**
 * The funder's credit parameters (domain.md §8), decoded from its settings row with the documented defaults.
 * Amounts in minor units of the lease currency; shares as decimals.
 */
import { DEFAULT_BUCKET } from './measures';

/** Loss rate per provision-matrix key (a DPD bucket key such as `current`, `1-30`, or `default`). */
export type ProvisionRates = Record<string, number>;
/** Provision matrix per currency; `*` applies to a currency without its own row. */
export type ProvisionMatrix = Record<string, ProvisionRates>;

export type CreditSettings = {
  absoluteRetail: number;
  absoluteOther: number;
  relative: number;
  probationMonths: number;
  contagion: number;
  matrix: ProvisionMatrix;
};

/**
 * Default provision matrix: the §8 example's rates for current, 1–30, 31–60 and 61–90 days, 90+ at 45 % and a
 * defaulted lease at 45 % (the CRR foundation LGD of a senior unsecured exposure) until the funder sets its own.
 */
export const DEFAULT_PROVISION_RATES: ProvisionRates = Object.freeze({
  current: 0.015,
  '1-30': 0.034,
  '31-60': 0.071,
  '61-90': 0.108,
  '91+': 0.45,
  [DEFAULT_BUCKET]: 0.45,
});

/** The columns of a funder row the credit settings come from. */
export type CreditSettingsColumns = {
  creditAbsRetail: number;
  creditAbsOther: number;
  creditRelative: number;
  creditProbationMonths: number;
  creditContagion: number;
  provisionMatrix: string;
};

/** Parses the stored matrix JSON; anything unreadable falls back to the default matrix. */
export function parseProvisionMatrix(text: string): ProvisionMatrix {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { '*': DEFAULT_PROVISION_RATES };
    const out: ProvisionMatrix = {};
    for (const [ccy, rates] of Object.entries(parsed as Record<string, unknown>)) {
      if (rates === null || typeof rates !== 'object' || Array.isArray(rates)) continue;
      const row: ProvisionRates = {};
      for (const [k, v] of Object.entries(rates as Record<string, unknown>))
        if (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1) row[k] = v;
      out[ccy] = row;
    }
    if (!out['*']) out['*'] = DEFAULT_PROVISION_RATES;
    return out;
  } catch {
    return { '*': DEFAULT_PROVISION_RATES };
  }
}

export function creditSettingsOf(f: CreditSettingsColumns): CreditSettings {
  return {
    absoluteRetail: f.creditAbsRetail,
    absoluteOther: f.creditAbsOther,
    relative: f.creditRelative,
    probationMonths: f.creditProbationMonths,
    contagion: f.creditContagion,
    matrix: parseProvisionMatrix(f.provisionMatrix),
  };
}

/** Loss rate of a matrix key for a currency: its own row, else `*`, else the default rates (0 for an unknown key). */
export function provisionRate(matrix: ProvisionMatrix, currency: string, key: string): number {
  return matrix[currency]?.[key] ?? matrix['*']?.[key] ?? DEFAULT_PROVISION_RATES[key] ?? 0;
}

/** The absolute materiality threshold of a lessee kind. */
export function absoluteThreshold(s: Pick<CreditSettings, 'absoluteRetail' | 'absoluteOther'>, kind: string): number {
  return kind === 'retail' ? s.absoluteRetail : s.absoluteOther;
}
