import type { Formatter } from '@/lib/format';

/** Percent points rounded to `decimals` (0.0604 at 1 → 6). */
const roundedPoints = (share: number, decimals: number) => Math.round(share * 100 * 10 ** decimals) / 10 ** decimals;

/**
 * The decimals one chart shows all its shares with: the fewest, up to `max`, that lose nothing against `max` for any
 * share. So [0.5, 0.25, 0.25] reads "50 % / 25 % / 25 %", but [0.824, 0.115, 0.06] reads "82.4 % / 11.5 % / 6.0 %"
 * rather than "… / 6 %": within a chart every percentage has the same number of decimals.
 */
export function shareDecimals(shares: readonly number[], max = 1): number {
  for (let d = 0; d < max; d++) {
    if (shares.every((s) => Math.abs(roundedPoints(s, d) - roundedPoints(s, max)) < 1e-9)) return d;
  }
  return max;
}

/** The shares (0–1) of one chart as locale percents, all with the same decimals (shareDecimals). */
export function formatShares(format: Formatter, shares: readonly number[], max = 1): string[] {
  const decimals = shareDecimals(shares, max);
  return shares.map((s) => format.number(s, { style: 'percent', minimumFractionDigits: decimals, maximumFractionDigits: decimals }));
}
