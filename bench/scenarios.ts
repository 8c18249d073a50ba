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
 *   does), then the next comparison (the valuation is spliced lease by lease, the projection recomputed).
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
import { now, numberOption, stringOption } from './common';

const SOURCE = stringOption('--db');
const LEASES = numberOption('--leases', 100_000);
const ROUNDS = numberOption('--rounds', 5);
const TARGET_MS = 2000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

function main() {
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
    const scenario = listScenarios(db, funderId)[0] ?? createScenario(db, funderId, { name: 'Bench stress', cpr: 0.06, cdr: 0.05, severity: 0.4, lagMonths: 6 });
    const cutOff = defaultCutOff();

    let t = now();
    const first = scenarioComparison(db, funderId, scenario.id, { cutOff });
    const cold = now() - t;
    const book = valueBook(db, funderId, cutOff);
    console.log(`book: ${book.leases.length} leases of funder ${funderId}; currencies ${first.currencies.map((c) => `${c.currency} (${c.count})`).join(', ')}`);

    const warm: number[] = [];
    const cached: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      updateScenario(db, scenario.id, { cdr: 0.05 + (r + 1) / 1000 });
      t = now();
      scenarioComparison(db, funderId, scenario.id, { cutOff });
      warm.push(now() - t);
      t = now();
      scenarioComparison(db, funderId, scenario.id, { cutOff });
      cached.push(now() - t);
    }

    const afterWrite: number[] = [];
    const writes: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const id = book.leases[(r * 7919) % book.leases.length]!.id;
      const lease = getLease(db, id)!;
      t = now();
      updateLease(db, id, lease.version, { rate: Number((lease.rate + 0.0001).toFixed(6)) }, null);
      afterBookWrite(db, funderId);
      writes.push(now() - t);
      t = now();
      scenarioComparison(db, funderId, scenario.id, { cutOff });
      afterWrite.push(now() - t);
    }
    db.$client.close();

    const rows = [
      { what: 'cold: load, value and project the book', value: cold, target: null },
      { what: 'warm: a new scenario on the cached valuation (median)', value: median(warm), target: TARGET_MS },
      { what: 'cached: the same scenario again (median)', value: median(cached), target: null },
      { what: 'lease edit + cache update (median)', value: median(writes), target: null },
      { what: 'after a lease edit: next scenario Total CF (median)', value: median(afterWrite), target: TARGET_MS },
    ];
    console.log(`\nScenarios on ${book.leases.length} leases (rounds: ${ROUNDS}; shared machine: indicative)`);
    for (const r of rows) console.log(`  ${r.what.padEnd(58)} ${ms(r.value).padStart(9)}${r.target ? `   target < ${ms(r.target)} ${r.value < r.target ? 'ok' : 'MISSED'}` : ''}`);
    const missed = rows.some((r) => r.target !== null && r.value >= r.target);
    process.exitCode = missed ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
