import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import type { Conn } from '@/db/client';
import { deleteLease, getLease } from '@/db/queries/leases';
import { createScenario, listScenarios, updateScenario } from '@/db/queries/scenarios';
import { seedPortfolio } from '@/db/seed/portfolio';
import { Conflict, NotFound } from '@/lib/domain/errors';
import { CF_PERIODS, SCENARIO_SLOTS } from '@/lib/finance';
import { scenarioExportRows } from '@/lib/portfolio/scenarios';
import { scenarioComparison } from '@/services/portfolio/scenarios';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { valueBook } from '@/services/portfolio/valuation';

const CUT_OFF = '2026-11-01';
let db: Conn;
let zero: number;
let stress: number;

beforeAll(async () => {
  db = createTestDb();
  seedPortfolio(db, { leases: 300, today: '2026-11-21', seed: 11 });
  zero = (await createScenario(db, 1, { name: 'Zero', cpr: 0, cdr: 0, severity: 0.4, lagMonths: 6 })).id;
  stress = (await createScenario(db, 1, { name: 'Stress', cpr: 0.1, cdr: 0.08, severity: 0.5, lagMonths: 9 })).id;
});

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('scenarios of a funder (db/queries/scenarios.ts)', () => {
  test('names are unique per funder (Conflict), free across funders; unknown ids are NotFound', async () => {
    await expect(createScenario(db, 1, { name: 'Zero', cpr: 0, cdr: 0, severity: 0, lagMonths: 0 })).rejects.toThrow(Conflict);
    await expect(async () => await updateScenario(db, stress, { name: 'Zero' })).rejects.toThrow(Conflict);
    await expect(async () => await updateScenario(db, 999_999, { cpr: 0.1 })).rejects.toThrow(NotFound);
    const other = await createScenario(db, 2, { name: 'Zero', cpr: 0, cdr: 0, severity: 0, lagMonths: 0 });
    expect((await listScenarios(db, 2)).map((s) => s.id)).toContain(other.id);
    expect((await listScenarios(db, 1)).map((s) => s.name)).toEqual(['Stress', 'Zero']);
  });
});

describe('the book under a scenario (services/portfolio/scenarios.ts)', () => {
  test.each([false, true])('a scenario with all rates 0 is the contractual case to the cent (gross %s)', async (gross) => {
    const c = await scenarioComparison(db, 1, zero, { cutOff: CUT_OFF, gross });
    expect(c.currencies.length).toBeGreaterThan(0);
    for (const cur of c.currencies) {
      expect(cur.scenario.periods.cash).toEqual(cur.contractual.cash);
      expect(cur.difference).toEqual({ totalcf: 0, sellto4G: 0, npv: 0 });
      expect(cur.scenario.loss).toBe(0);
    }
  });

  test('Σ rows = totals; Σ principal + prepayment + default = outstanding; loss + recovery = default; the difference is scenario − contractual', async () => {
    const c = await scenarioComparison(db, 1, stress, { cutOff: CUT_OFF });
    for (const cur of c.currencies) {
      const p = cur.scenario.periods;
      expect(p.cash).toHaveLength(SCENARIO_SLOTS);
      expect(sum(p.cash)).toBe(cur.scenario.totalcf);
      expect(sum(cur.contractual.cash)).toBe(cur.contractual.totalcf);
      expect(sum(p.scheduledPrincipal) + sum(p.prepayment) + sum(p.default)).toBe(cur.prin);
      expect(sum(p.loss) + sum(p.recovery)).toBe(sum(p.default));
      expect(sum(p.loss)).toBe(cur.scenario.loss);
      expect(cur.scenario.loss).toBeGreaterThan(0);
      expect(cur.scenario.lossPv).toBeLessThanOrEqual(cur.scenario.loss);
      expect(cur.difference.totalcf).toBe(cur.scenario.totalcf - cur.contractual.totalcf);
      expect(cur.difference.npv).toBe(cur.scenario.npv - cur.contractual.npv);
      expect(cur.difference.totalcf).toBeLessThan(0);
      expect(p.endBalance[CF_PERIODS - 1]).toBeLessThan(cur.prin);
    }
    // The export's rows carry the same figures.
    const rows = scenarioExportRows(c);
    expect(rows).toHaveLength(c.currencies.length * SCENARIO_SLOTS);
    expect(sum(rows.filter((r) => r.currency === c.currencies[0]!.currency).map((r) => r.difference))).toBe(
      c.currencies[0]!.difference.totalcf,
    );
  });

  test('cached per valuation: the same answer twice, a new one after a lease write or an edit of the scenario', async () => {
    const a = await scenarioComparison(db, 1, stress, { cutOff: CUT_OFF });
    expect((await scenarioComparison(db, 1, stress, { cutOff: CUT_OFF })).currencies).toEqual(a.currencies);
    const book = await valueBook(db, 1, CUT_OFF);
    const i = book.leases.findIndex((_, k) => book.valuation.prin[k]! > 0);
    const lease = (await getLease(db, book.leases[i]!.id))!;
    await deleteLease(db, lease.id);
    await afterBookWrite(db, 1);
    const b = await scenarioComparison(db, 1, stress, { cutOff: CUT_OFF });
    const cur = lease.currency;
    const before = a.currencies.find((x) => x.currency === cur)!;
    const after = b.currencies.find((x) => x.currency === cur);
    expect(after?.prin ?? 0).toBe(before.prin - book.valuation.prin[i]!);
    await updateScenario(db, stress, { cdr: 0.2 });
    const c = await scenarioComparison(db, 1, stress, { cutOff: CUT_OFF });
    expect(c.currencies.find((x) => x.currency === cur)!.scenario.defaulted).toBeGreaterThan(after!.scenario.defaulted);
  });

  test('another funder’s scenario is NotFound', async () => {
    await expect(async () => await scenarioComparison(db, 2, stress, { cutOff: CUT_OFF })).rejects.toThrow(NotFound);
  });
});
