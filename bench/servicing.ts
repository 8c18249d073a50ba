/**
 * Servicing services benchmark, without the server: `npm run bench:servicing -- --db FILE`.
 *
 * On a seeded book (`DATABASE_URL=FILE npm run seed -- --leases 100000 --reset`; reuse the file — a run
 * adds a few edits and payments to it), in one process with the caches warmed as the server warms them
 * (the valuation at the default cut-off, the servicing books today, at the cut-off and at last month's
 * end, the clients behaviour today) and the Delinquency page's reads done once:
 * - per write (a lease edit: updateLease + afterBookWrite; a payment: recordPayment + afterBookWrite)
 *   the write's own refresh, then what the next Delinquency page reads (delinquencyView at its default
 *   filter + the roll-rate matrix of the last month), medians over --rounds rounds;
 * - the same reads for a filter not read yet (its sorted order is computed), then warm, p50 / p99 over
 *   --samples calls, for the default view, the lessee level and a bucket filter with a search.
 * What the page reads beside these (session, funder, rendering) is not here: bench:caches measures
 * the page. Run it under `node --cpu-prof --import tsx bench/servicing.ts …` to profile. Figures only:
 * nothing is asserted.
 *
 * Options: --db FILE (required), --funder ID (default 1), --rounds N (default 9), --samples N (default 60).
 */
import { existsSync } from 'node:fs';
import { openDb } from '@/db/client';
import { getLease, updateLease } from '@/db/queries/leases';
import { recordPayment } from '@/db/queries/payments';
import { addMonths, civilFromDays, daysFromCivil, formatDate, tryParseDate } from '@/lib/finance';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { defaultCutOff, valueBook } from '@/services/portfolio/valuation';
import { warmServicingBook } from '@/services/servicing/book';
import { behaviourRows, delinquencyView, rollRates, type DelinquencyFilter } from '@/services/servicing/views';
import { now, numberOption, stringOption } from './common';

const DB = stringOption('--db');
const F = numberOption('--funder', 1);
const ROUNDS = numberOption('--rounds', 9);
const SAMPLES = numberOption('--samples', 60);

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil(q * xs.length) - 1))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  if (!DB || !existsSync(DB)) {
    console.error('Usage: npm run bench:servicing -- --db FILE (seed it with DATABASE_URL=FILE npm run seed -- --leases 100000 --reset)');
    process.exit(2);
  }
  const db = openDb(DB);
  const today = new Date().toISOString().slice(0, 10);
  const c = civilFromDays(tryParseDate(today)!);
  const lastMonthEnd = formatDate(daysFromCivil(c.year, c.month, 1) - 1);
  const rrFrom = addMonths(today, -1);
  const t0 = now();
  await valueBook(db, F, defaultCutOff(), false);
  await warmServicingBook(db, F, [today, defaultCutOff(), lastMonthEnd]);
  await behaviourRows(db, F, today);
  console.log(`warm-up (valuation, servicing books, behaviour): ${ms(now() - t0)}`);

  const defaultView: DelinquencyFilter = { level: 'lease', sort: 'dpd', dir: 'desc' };
  const page = async (f: DelinquencyFilter = defaultView) => {
    const v = await delinquencyView(db, F, today, f);
    await rollRates(db, F, rrFrom, today);
    return v.rows.length;
  };
  const t1 = now();
  await page();
  console.log(`first Delinquency reads (rows, orders, roll rates): ${ms(now() - t1)}`);

  const leases = db.$client
    .prepare(`select id, currency from leases where funder_id = ? and status = 'active' order by id limit 50`)
    .all(F) as { id: number; currency: string }[];
  if (leases.length === 0) throw new Error('no active lease to edit');
  let n = 0;
  const times = { editWrite: [] as number[], editNext: [] as number[], payWrite: [] as number[], payNext: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const a = leases[n++ % leases.length]!;
    const lease = (await getLease(db, a.id))!;
    const rate = lease.rate > 0.05 ? lease.rate - 0.005 : lease.rate + 0.005;
    let t = now();
    await updateLease(db, a.id, lease.version, { rate: Math.round(rate * 10000) / 10000 }, null);
    await afterBookWrite(db, F);
    times.editWrite.push(now() - t);
    t = now();
    await page();
    times.editNext.push(now() - t);
    const b = leases[n++ % leases.length]!;
    t = now();
    await recordPayment(db, F, { leaseId: b.id, receivedOn: today, amount: 12_345, currency: b.currency, method: 'transfer' }, null);
    await afterBookWrite(db, F);
    times.payWrite.push(now() - t);
    t = now();
    await page();
    times.payNext.push(now() - t);
  }
  const views: [string, DelinquencyFilter][] = [
    ['default (lease, dpd desc)', defaultView],
    ['lessee level, name asc', { level: 'lessee', sort: 'name', dir: 'asc' }],
    ['lease, bucket 1-30 + q', { level: 'lease', sort: 'arrearsTotal', dir: 'desc', bucket: ['1-30'], q: 'a' }],
  ];
  const steady: [string, number[]][] = [];
  for (const [name, f] of views) {
    const t = now();
    await page(f);
    steady.push([`first reads of a filter: ${name}`, [now() - t]]);
    const xs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = now();
      await page(f);
      xs.push(now() - t);
    }
    steady.push([name, xs]);
  }
  console.log(`\n${'figure'.padEnd(52)}  ${'p50'.padStart(10)}  ${'p99'.padStart(10)}`);
  const line = (what: string, xs: number[]) =>
    console.log(`${what.padEnd(52)}  ${ms(quantile(xs, 0.5)).padStart(10)}  ${ms(quantile(xs, 0.99)).padStart(10)}`);
  line('lease edit: update + refresh', times.editWrite);
  line('lease edit → next Delinquency reads', times.editNext);
  line('payment: record + refresh', times.payWrite);
  line('payment → next Delinquency reads', times.payNext);
  for (const [name, xs] of steady) line(name.startsWith('first') ? name : `warm reads: ${name}`, xs);
  db.$client.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
