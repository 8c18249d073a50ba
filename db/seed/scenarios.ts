import type { Tx } from '../client';
import { seedFunders, seedScenario } from './sqlite';

/** Demo scenarios (domain.md §10), the same for every funder: a base case and a stress case. */
export const DEMO_SCENARIOS = [
  { name: 'Base case', cpr: 0.06, cdr: 0.02, severity: 0.4, lagMonths: 6 },
  { name: 'Recession stress', cpr: 0.03, cdr: 0.08, severity: 0.55, lagMonths: 12 },
] as const;

/** Seeds the demo scenarios of every funder; returns how many it created. */
export function seedScenarios(db: Tx, now = Date.now()): number {
  let n = 0;
  db.transaction((tx) => {
    for (const f of seedFunders(tx))
      for (const s of DEMO_SCENARIOS) {
        seedScenario(tx, f.id, { ...s }, now);
        n++;
      }
  });
  return n;
}
