/**
 * Scenarios benchmark (domain.md §10): `npm run bench:scenarios -- [--db FILE] [--leases N] [--rounds N]`.
 *
 * The book under a scenario, in process through the one service the page, the API and the export call
 * (services/portfolio/scenarios.ts scenarioComparison), on a 100,000-lease book:
 * - cold: the first comparison (reads and packs the book, values it at the cut-off, projects it);
 * - warm: a scenario not projected yet on the cached valuation (the kernel over every lease + the
 *   per-currency comparison) — the figure the target is about: a scenario's Total CF < 2 s;
 * - cached: the same scenario again;
 * - after a lease write: PATCH-equivalent edit of one lease (updateLease + afterBookWrite, as the route
 *   does), then the next comparison (the valuation and the projection spliced lease by lease);
 * - the Total Cash Flow page under the scenario, as its server component computes it (the screen, the
 *   first page of per-lease scenario rows, their totals over the book and the scenario card): cold (the
 *   first visit on a fresh process) and after each lease write.
 * Every figure is printed beside an anchor (a fixed CPU workload, sorting 200,000 numbers) timed in the same
 * rounds, so runs on a loaded machine can be compared.
 * Medians over --rounds. The database is copied (never written): --db FILE (e.g. a 100k bench database),
 * else a fresh temporary database seeded with --leases (default 100,000) leases. The machine is shared by
 * several jobs: the figures are indicative, the exit code 1 on a missed target.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, runMigrations } from '@/db/client';
import { getLease, updateLease } from '@/db/queries/leases';
import { createScenario, listScenarios, updateScenario } from '@/db/queries/scenarios';
import { seedPortfolio } from '@/db/seed/portfolio';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { scenarioComparison } from '@/services/portfolio/scenarios';
import { defaultCutOff, valueBook } from '@/services/portfolio/valuation';
import { scenarioProjection } from '@/services/portfolio/scenarios';
import { totalCashFlowScreen } from '@/services/portfolio/total-cash-flow';
import { cashFlowPageQuerySchema } from '@/lib/portfolio/cash-flow-table';
import { scenarioRowTotals, scenarioTableRow } from '@/lib/portfolio/scenario-rows';
import type { Conn } from '@/db/client';
import { median, now, numberOption, stringOption } from './common';

const SOURCE = stringOption('--db');
const LEASES = numberOption('--leases', 100_000);
const ROUNDS = numberOption('--rounds', 5);
const TARGET_MS = 2000;

const ANCHOR_INPUT = Float64Array.from({ length: 200_000 }, (_, k) => ((k * 2654435761) % 1_000_003) / 7);
/** The anchor: a fixed CPU workload timed beside the measured calls. */
function anchor(): number {
  const t = now();
  Float64Array.from(ANCHOR_INPUT).sort();
  return now() - t;
}

/** What the Total Cash Flow page computes under a scenario (app/[locale]/(app)/portfolio/total-cash-flow/page.tsx). */
async function totalCfUnderScenario(db: Conn, funderId: number, scenarioId: number, cutOff: string): Promise<number> {
  const query = cashFlowPageQuerySchema.parse({ cutOff, scenario: String(scenarioId) });
  const screen = await totalCashFlowScreen(db, funderId, query);
  const page = screen.page(query.page, query.perPage);
  const { projection } = await scenarioProjection(db, funderId, scenarioId, { cutOff, gross: query.gross });
  const rows = screen.tableRows(page.indices).map((r, k) => scenarioTableRow(r, projection, page.indices[k]!));
  const totals = scenarioRowTotals(screen.totals(), projection, (i) => screen.book.portfolio.currencyOf(i), screen.rows);
  await scenarioComparison(db, funderId, scenarioId, { cutOff, gross: query.gross });
  return rows.length + totals.length;
}

const ms = (x: number) => `${x.toFixed(0)} ms`;

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-bench-scenarios-'));
  const file = path.join(dir, 'bench.db');
  try {
    if (SOURCE) {
      if (!existsSync(SOURCE)) throw new Error(`${SOURCE} does not exist`);
      const t0 = now();
      copyFileSync(SOURCE, file);
      for (const ext of ['-wal', '-shm']) if (existsSync(SOURCE + ext)) copyFileSync(SOURCE + ext, file + ext);
      console.log(`copied ${SOURCE} in ${ms(now() - t0)}`);
    }
    const db = openDb(file);
    runMigrations(db);
    if (!SOURCE) {
      const t0 = now();
      seedPortfolio(db, { leases: LEASES, today: new Date().toISOString().slice(0, 10) });
      console.log(`seeded ${LEASES} leases in ${ms(now() - t0)}`);
    }
    const funderId = 1;
    const scenario =
      (await listScenarios(db, funderId))[0] ??
      (await createScenario(db, funderId, { name: 'Bench stress', cpr: 0.06, cdr: 0.05, severity: 0.4, lagMonths: 6 }));
    const cutOff = defaultCutOff();

    const anchors: number[] = [anchor()];
    // The server loads and values the books at start (instrumentation.ts warmPortfolioCaches): timed apart.
    let t = now();
    await valueBook(db, funderId, cutOff);
    const load = now() - t;
    t = now();
    await totalCfUnderScenario(db, funderId, scenario.id, cutOff);
    const cold = now() - t;
    const first = await scenarioComparison(db, funderId, scenario.id, { cutOff });
    const book = await valueBook(db, funderId, cutOff);
    console.log(
      `book: ${book.leases.length} leases of funder ${funderId}; currencies ${first.currencies.map((c) => `${c.currency} (${c.count})`).join(', ')}`,
    );

    const warm: number[] = [];
    const cached: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      anchors.push(anchor());
      await updateScenario(db, scenario.id, { cdr: 0.05 + (r + 1) / 1000 });
      t = now();
      await scenarioComparison(db, funderId, scenario.id, { cutOff });
      warm.push(now() - t);
      t = now();
      await scenarioComparison(db, funderId, scenario.id, { cutOff });
      cached.push(now() - t);
    }

    const afterWrite: number[] = [];
    const writes: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const id = book.leases[(r * 7919) % book.leases.length]!.id;
      const lease = (await getLease(db, id))!;
      t = now();
      await updateLease(db, id, lease.version, { rate: Number((lease.rate + 0.0001).toFixed(6)) }, null);
      await afterBookWrite(db, funderId);
      writes.push(now() - t);
      anchors.push(anchor());
      t = now();
      await scenarioComparison(db, funderId, scenario.id, { cutOff });
      afterWrite.push(now() - t);
    }
    // The Total Cash Flow page under the scenario after a lease write (the card's projection is not cached yet).
    const pageAfterWrite: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const id = book.leases[(r * 104_729 + 13) % book.leases.length]!.id;
      const lease = (await getLease(db, id))!;
      await updateLease(db, id, lease.version, { rate: Number((lease.rate + 0.0001).toFixed(6)) }, null);
      await afterBookWrite(db, funderId);
      anchors.push(anchor());
      t = now();
      await totalCfUnderScenario(db, funderId, scenario.id, cutOff);
      pageAfterWrite.push(now() - t);
    }
    db.$client.close();

    const rows = [
      { what: 'load and value the book (at server start)', value: load, target: null },
      { what: 'Total CF page under a scenario, first visit (project)', value: cold, target: TARGET_MS },
      { what: 'Total CF page under a scenario after a lease edit (median)', value: median(pageAfterWrite), target: TARGET_MS },
      { what: 'warm: a new scenario on the cached valuation (median)', value: median(warm), target: TARGET_MS },
      { what: 'cached: the same scenario again (median)', value: median(cached), target: null },
      { what: 'lease edit + cache update (median)', value: median(writes), target: null },
      { what: 'after a lease edit: next scenario Total CF (median)', value: median(afterWrite), target: TARGET_MS },
    ];
    console.log(`\nScenarios on ${book.leases.length} leases (rounds: ${ROUNDS}; shared machine: indicative)`);
    console.log(`  anchor (sorting 200,000 numbers), median of ${anchors.length}: ${ms(median(anchors))}`);
    for (const r of rows)
      console.log(
        `  ${r.what.padEnd(58)} ${ms(r.value).padStart(9)}${r.target ? `   target < ${ms(r.target)} ${r.value < r.target ? 'ok' : 'MISSED'}` : ''}`,
      );
    const missed = rows.some((r) => r.target !== null && r.value >= r.target);
    process.exitCode = missed ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
