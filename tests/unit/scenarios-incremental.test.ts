import { transaction } from '@/db/transaction';
/**
 * The scenario projection after writes (services/portfolio/scenarios.ts incrementalProjection): after random
 * lease edits, creations, deletions, write-offs (the lease leaves the pool on its date) and payments, the projection kept lease by lease (each changed lease's
 * old contribution subtracted, its new one added) equals a full projectPortfolio of the book to the cent —
 * the per-currency period totals and every lease's row.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import type { Conn } from '@/db/client';
import { createLease, deleteLease, getLease, updateLease, type LeaseInput } from '@/db/queries/leases';
import { recordPayment } from '@/db/queries/payments';
import { recordBookChange } from '@/db/queries/book-changes';
import { createScenario } from '@/db/queries/scenarios';
import { seedPortfolio } from '@/db/seed/portfolio';
import { CF_PERIODS, SCENARIO_COMPONENTS, SCENARIO_SLOTS, type PortfolioScenario } from '@/lib/finance';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { incrementalProjection, projectBook, scenarioComparison, scenarioProjection } from '@/services/portfolio/scenarios';
import { totalCashFlowScreen } from '@/services/portfolio/total-cash-flow';
import { cashFlowPageQuerySchema } from '@/lib/portfolio/cash-flow-table';
import { scenarioRowTotals, scenarioTableRow } from '@/lib/portfolio/scenario-rows';
import { valueBook } from '@/services/portfolio/valuation';

const CUT_OFF = '2026-11-01';
let db: Conn;
let scenarioId: number;
const assumptions = { cpr: 0.08, cdr: 0.05, severity: 0.45, lagMonths: 4 };

beforeAll(async () => {
  db = createTestDb();
  seedPortfolio(db, { leases: 200, today: '2026-11-21', seed: 5 });
  scenarioId = (await createScenario(db, 1, { name: 'Incremental', ...assumptions })).id;
});

/** A seeded pseudo-random generator (mulberry32): the same sequence every run. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function totals(p: PortfolioScenario): Record<string, Record<string, number[]>> {
  const out: Record<string, Record<string, number[]>> = {};
  for (const code of Object.keys(p.aggregates)) {
    const agg = p.aggregates[code]!;
    // A currency whose leases all left sums to zeros: the same as absent in a full projection.
    if (SCENARIO_COMPONENTS.every((k) => agg[k].every((v) => v === 0))) continue;
    out[code] = Object.fromEntries(SCENARIO_COMPONENTS.map((k) => [k, Array.from(agg[k])]));
  }
  return out;
}

describe('the scenario projection after writes, lease by lease', () => {
  test.each([false, true])(
    'equals a full projectPortfolio to the cent after random edits, creations, deletions, write-offs and payments (gross %s)',
    async (gross) => {
      const random = rng(gross ? 97 : 13);
      const first = await scenarioProjection(db, 1, scenarioId, { cutOff: CUT_OFF, gross });
      expect(first.projection.count).toBeGreaterThan(100);
      let incremental = 0;
      let writtenOff = 0;
      // Leases created here (no payments: those are the ones deleted, a lease with payments cannot be).
      const created: number[] = [];
      for (let step = 0; step < 25; step++) {
        const ids = (db.$client.prepare('select id from leases where funder_id = 1 order by id').all() as { id: number }[]).map(
          (r) => r.id,
        );
        const pick = () => ids[Math.floor(random() * ids.length)]!;
        const writes = 1 + Math.floor(random() * 3);
        for (let w = 0; w < writes; w++) {
          const kind = random();
          const lease = (await getLease(db, pick()))!;
          if (kind < 0.45) {
            await updateLease(db, lease.id, lease.version, { rate: Number((lease.rate + (random() - 0.5) / 50).toFixed(6)) }, null);
          } else if (kind < 0.6) {
            await updateLease(db, lease.id, lease.version, { term: Math.max(6, lease.term + (random() < 0.5 ? -3 : 3)) }, null);
          } else if (kind < 0.72) {
            const {
              id: _id,
              principal: _p,
              instalment: _i,
              version: _v,
              createdAt: _c,
              updatedAt: _u,
              createdBy: _b,
              contractNumber: _n,
              ...input
            } = lease;
            created.push((await createLease(db, input as LeaseInput, null)).id);
          } else if (kind < 0.82) {
            if (created.length > 0) await deleteLease(db, created.splice(Math.floor(random() * created.length), 1)[0]!);
          } else if (kind < 0.9) {
            // A write-off as its approval records it (db/queries/credit.ts approveWriteOff): the date on the lease, journaled;
            // every other one before the cut-off (the lease leaves the projection), the others after it.
            if (lease.writtenOffOn === null && !created.includes(lease.id)) {
              await transaction(db, async (tx) => {
                db.$client
                  .prepare('update leases set written_off_on = ? where id = ?')
                  .run(writtenOff % 2 === 0 ? '2026-10-15' : '2027-02-10', lease.id);
                await recordBookChange(tx, 1, 'lease', lease.id);
              });
              writtenOff++;
            }
          } else if (!created.includes(lease.id)) {
            await recordPayment(
              db,
              1,
              { leaseId: lease.id, receivedOn: '2026-11-10', amount: 100_00, currency: lease.currency, method: 'transfer' },
              null,
            );
          }
        }
        await afterBookWrite(db, 1);
        // The projection about to be served is made lease by lease from the previous one (not the kernel over the book).
        if ((await incrementalProjection(db, 1, await valueBook(db, 1, CUT_OFF, gross), assumptions)) !== null) incremental++;
        const { book, projection } = await scenarioProjection(db, 1, scenarioId, { cutOff: CUT_OFF, gross });
        const full = projectBook(book, assumptions);
        expect(projection.count).toBe(full.count);
        expect(totals(projection)).toEqual(totals(full));
        expect(Array.from(projection.cash)).toEqual(Array.from(full.cash));
        for (const k of ['cashBeyond', 'totalcf', 'sellto4G', 'npv', 'defaulted', 'prepaid', 'loss', 'lossPv'] as const)
          expect(Array.from(projection[k])).toEqual(Array.from(full[k]));
        expect(projection.aggregates[full.currencies[0]!]!.cash).toHaveLength(SCENARIO_SLOTS);
      }
      expect(incremental).toBeGreaterThan(20);
      expect(writtenOff).toBeGreaterThan(0);
    },
  );
});

describe('the Total Cash Flow rows under a scenario (lib/portfolio/scenario-rows.ts)', () => {
  test.each([{}, { currency: 'EUR' }, { q: '1' }])(
    'rows show the scenario per lease and the totals reconcile to them (filters %j)',
    async (filters) => {
      const query = cashFlowPageQuerySchema.parse({ cutOff: CUT_OFF, ...filters });
      const screen = await totalCashFlowScreen(db, 1, query);
      const { projection } = await scenarioProjection(db, 1, scenarioId, { cutOff: CUT_OFF, gross: false });
      expect(screen.rows.length).toBeGreaterThan(0);
      const contractual = screen.tableRows(screen.rows);
      const rows = contractual.map((r, k) => scenarioTableRow(r, projection, screen.rows[k]!));
      // The scenario's flows, not the contract's: under 8 % CPR and 5 % CDR the near-term cash differs.
      expect(rows.some((r, k) => r.totalcf !== contractual[k]!.totalcf)).toBe(true);
      for (const r of rows) {
        expect(r.cash.reduce((a, b) => a + b, 0) + r.cashBeyond).toBe(r.totalcf);
        expect(r.delta).toBe(r.sellto4G - r.npv);
      }
      const totals = scenarioRowTotals(screen.totals(), projection, (i) => screen.book.portfolio.currencyOf(i), screen.rows);
      for (const t of totals) {
        const mine = rows.filter((r) => r.fx === t.currency);
        const sum = (f: (r: (typeof rows)[number]) => number) => mine.reduce((a, r) => a + f(r), 0);
        expect(t.count).toBe(mine.length);
        expect({ totalcf: t.totalcf, sellto4G: t.sellto4G, npv: t.npv, cashBeyond: t.cashBeyond, prin: t.prin }).toEqual({
          totalcf: sum((r) => r.totalcf),
          sellto4G: sum((r) => r.sellto4G),
          npv: sum((r) => r.npv),
          cashBeyond: sum((r) => r.cashBeyond),
          prin: sum((r) => r.prin),
        });
        expect(t.cash).toEqual(Array.from({ length: CF_PERIODS }, (_, k) => sum((r) => r.cash[k]!)));
      }
      if (Object.keys(filters).length === 0) {
        // Unfiltered, the table's totals are the scenario card's (the whole book).
        const card = await scenarioComparison(db, 1, scenarioId, { cutOff: CUT_OFF });
        for (const c of card.currencies) {
          const t = totals.find((x) => x.currency === c.currency)!;
          expect({ totalcf: t.totalcf, sellto4G: t.sellto4G, npv: t.npv }).toEqual({
            totalcf: c.scenario.totalcf,
            sellto4G: c.scenario.sellto4G,
            npv: c.scenario.npv,
          });
        }
      }
    },
  );
});
