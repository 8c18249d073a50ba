/**
 * Concentration limits of a facility (domain.md §11): per group (lessee, industry, region, asset type, or the
 * top-N lessees taken together), a limit as a share of the eligible pool or an amount.
 * Excess = max(0, group eligible balance − limit), limit = share × eligible pool (or the amount). Only the
 * excess leaves the base, never the whole group. Each limit is measured on the eligible pool independently
 * and the excesses are summed, as §11 defines (Σ excess); the total is capped at the eligible pool.
 */
import { roundHalfUp } from '../finance/money';
import { CONCENTRATION_GROUPS, LIMIT_KINDS, type ConcentrationGroup, type LimitKind } from '../domain/facilities';
import type { EligibilityLease } from './eligibility';

export { CONCENTRATION_GROUPS, LIMIT_KINDS, type ConcentrationGroup, type LimitKind };

/** `value`: a decimal share (0.05 = 5 %) or minor units; `topN`: how many lessees for `topLessees`. */
export type ConcentrationLimit = { id: number; group: ConcentrationGroup; kind: LimitKind; value: number; topN: number | null };

/** One group's measure against one limit (every group is listed, also those within the limit). */
export type GroupExcess = {
  limitId: number;
  group: ConcentrationGroup;
  /** The group's key (a lessee id, an industry code, …; for top-N the lessee ids joined by commas). */
  key: string;
  label: string;
  balance: number;
  limit: number;
  excess: number;
};

export type ConcentrationResult = { groups: GroupExcess[]; totalExcess: number };

function keyOf(group: Exclude<ConcentrationGroup, 'topLessees'>, l: EligibilityLease): [string, string] {
  switch (group) {
    case 'lessee':
      return [String(l.lesseeId), l.lesseeName];
    case 'industry':
      return [l.industry, l.industry];
    case 'region':
      return [l.region, l.region];
    case 'assetType':
      return [l.assetType, l.assetType];
  }
}

/** The limit in minor units for an eligible pool. */
export function limitAmount(limit: ConcentrationLimit, eligiblePool: number): number {
  return limit.kind === 'percent' ? roundHalfUp(limit.value * eligiblePool) : limit.value;
}

/**
 * The excess of every group under every limit, over the eligible leases only (ineligible ones already left the
 * base). Groups are listed largest balance first within each limit.
 */
export function concentrationExcess(limits: readonly ConcentrationLimit[], eligible: readonly EligibilityLease[]): ConcentrationResult {
  let pool = 0;
  for (const l of eligible) pool += l.balance;
  const groups: GroupExcess[] = [];
  // The lessees' sums ranked once (largest first, then by key), for the lessee limit and the top-N alike.
  let lessees: [string, { label: string; balance: number }][] | null = null;
  const rankedLessees = () => (lessees ??= ranked(sumLessees(eligible)));
  for (const limit of limits) {
    const cap = limitAmount(limit, pool);
    if (limit.group === 'topLessees') {
      const top = rankedLessees().slice(0, Math.max(1, limit.topN ?? 10));
      const balance = top.reduce((s, [, g]) => s + g.balance, 0);
      groups.push({
        limitId: limit.id,
        group: 'topLessees',
        key: top.map(([k]) => k).join(','),
        label: top.map(([, g]) => g.label).join(', '),
        balance,
        limit: cap,
        excess: Math.max(0, balance - cap),
      });
      continue;
    }
    const sums = limit.group === 'lessee' ? rankedLessees() : ranked(sumBy(limit.group, eligible));
    for (const [key, g] of sums)
      groups.push({
        limitId: limit.id,
        group: limit.group,
        key,
        label: g.label,
        balance: g.balance,
        limit: cap,
        excess: Math.max(0, g.balance - cap),
      });
  }
  let total = 0;
  for (const g of groups) total += g.excess;
  return { groups, totalExcess: Math.min(total, pool) };
}

/** Groups largest balance first, ties by key. */
function ranked(sums: Map<string, { label: string; balance: number }>): [string, { label: string; balance: number }][] {
  return [...sums.entries()].sort((a, b) => b[1].balance - a[1].balance || a[0].localeCompare(b[0]));
}

/** sumBy('lessee'), summed by the lessee id as a number (no key string per lease), keyed by its text at the end. */
function sumLessees(eligible: readonly EligibilityLease[]): Map<string, { label: string; balance: number }> {
  const byId = new Map<number, { label: string; balance: number }>();
  for (const l of eligible) {
    const g = byId.get(l.lesseeId);
    if (g) g.balance += l.balance;
    else byId.set(l.lesseeId, { label: l.lesseeName, balance: l.balance });
  }
  const sums = new Map<string, { label: string; balance: number }>();
  for (const [id, g] of byId) sums.set(String(id), g);
  return sums;
}

function sumBy(
  group: Exclude<ConcentrationGroup, 'topLessees'>,
  eligible: readonly EligibilityLease[],
): Map<string, { label: string; balance: number }> {
  const sums = new Map<string, { label: string; balance: number }>();
  for (const l of eligible) {
    const [key, label] = keyOf(group, l);
    const g = sums.get(key);
    if (g) g.balance += l.balance;
    else sums.set(key, { label, balance: l.balance });
  }
  return sums;
}
