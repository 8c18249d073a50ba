/**
 * Performance-history benchmark, without the server: `npm run bench:history -- --db FILE`.
 *
 * Works on a COPY of the seeded book (`DATABASE_URL=FILE npm run seed -- --leases 100000 --reset`), made at
 * .tmp/bench-history.db (the source is never written; --in-place uses FILE itself), migrated, with every
 * stored snapshot removed, then:
 * - the servicing stores built (as the server warms them at start);
 * - --months (default 24) closed month-end snapshots built and stored once by the background job the server
 *   runs at start (services/history/background.ts): the total time and the longest stretch the event loop
 *   was held (what a request arriving meanwhile waits at most);
 * - Reports → Performance over those months and Reports → Vintages (both bases) from the snapshots:
 *   the first read after the build, then p50 / max over --samples reads;
 * - Performance with the live current month (first: computed; then cached until the book changes), and
 *   after each of 5 payments (the live rows updated lease by lease).
 * Every timed read is interleaved with an anchor (a fixed CPU workload: sorting 200,000 numbers) measured in
 * the same run, and reported beside it, so figures from a loaded, shared machine can be compared.
 * With --http (after `npx next build`): the same copy served by `next start` instead: the server builds the
 * default 24 months in the background after its start; Performance's time to first byte while they are
 * built (the progress page) and /api/health's meanwhile (is the server answering?), the build's duration
 * from the server's log, then Performance and Vintages TTFB from the stored snapshots, each sample
 * interleaved with an anchor request (/api/health) in the same run.
 * Figures only: nothing is asserted. Options: --db FILE (required), --funder ID (1), --months N (24),
 * --samples N (20), --in-place, --http.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { recordPayment } from '@/db/queries/payments';
import { todayIso } from '@/lib/clock';
import { addMonthsTo, lastClosedMonth, monthOf, monthRange } from '@/lib/history';
import { ensureSnapshots, performanceReport, vintageReport } from '@/services/history/snapshots';
import { queueSnapshots, snapshotJob } from '@/services/history/background';
import { servicingStores } from '@/services/servicing/book';
import { randomBytes } from 'node:crypto';
import { cookieHeader, signInWithForm } from '@/tests/helpers/http';
import { flag, now, numberOption, startNext, stringOption, timed } from './common';

const SRC = stringOption('--db');
const F = numberOption('--funder', 1);
const MONTHS = numberOption('--months', 24);
const SAMPLES = numberOption('--samples', 20);
const ms = (x: number) => `${x.toFixed(1)} ms`;

const ANCHOR_INPUT = Float64Array.from({ length: 200_000 }, (_, k) => ((k * 2654435761) % 1_000_003) / 7);
/** The anchor: a fixed CPU workload, timed beside every measured read. */
function anchor(): number {
  const t = now();
  Float64Array.from(ANCHOR_INPUT).sort();
  return now() - t;
}
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timeIt(label: string, fn: () => unknown): Promise<void> {
  const a0 = anchor();
  const t0 = now();
  await fn();
  const first = now() - t0;
  const xs: number[] = [];
  const anchors: number[] = [a0];
  for (let k = 0; k < SAMPLES; k++) {
    anchors.push(anchor());
    const t = now();
    await fn();
    xs.push(now() - t);
  }
  xs.sort((a, b) => a - b);
  const a = p50(anchors);
  console.log(
    `${label}: first ${ms(first)}, p50 ${ms(p50(xs))}, max ${ms(xs[xs.length - 1]!)}; anchor p50 ${ms(a)} (p50 = ${(p50(xs) / a).toFixed(2)} anchors)`,
  );
}

async function main() {
  if (!SRC || !existsSync(SRC)) {
    console.error('Usage: npm run bench:history -- --db FILE (seed it with DATABASE_URL=FILE npm run seed -- --leases 100000 --reset)');
    process.exit(2);
  }
  let path = SRC;
  if (!flag('--in-place')) {
    mkdirSync('.tmp', { recursive: true });
    path = '.tmp/bench-history.db';
    const t = now();
    copyFileSync(SRC, path);
    for (const ext of ['-wal', '-shm']) if (existsSync(SRC + ext)) copyFileSync(SRC + ext, path + ext);
    console.log(`copied ${SRC} → ${path}: ${ms(now() - t)}`);
  }
  const db: Conn = openDb(path);
  runMigrations(db);
  if (flag('--http')) {
    db.$client.prepare('delete from lease_snapshots').run();
    db.$client.prepare('delete from snapshot_months').run();
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    db.$client.close();
    await overHttp(path);
    return;
  }
  // services/credit/facts.ts reads the process-wide connection (the seam's signature has no db).
  (globalThis as { __quantumDb?: Conn }).__quantumDb = db;
  db.$client.prepare('delete from lease_snapshots where funder_id = ?').run(F);
  db.$client.prepare('delete from snapshot_months where funder_id = ?').run(F);
  const today = todayIso();
  const to = lastClosedMonth(today);
  const from = addMonthsTo(to, -(MONTHS - 1));

  let t = now();
  const { schedule } = await servicingStores(db, F);
  console.log(`servicing stores (${schedule.n} leases): ${ms(now() - t)}`);

  const anchorBefore = anchor();
  t = now();
  // The background job, as the server runs it at start, with a ticker measuring how long the event loop is held.
  let longest = 0;
  let last = now();
  const ticker = setInterval(() => {
    const n = now();
    longest = Math.max(longest, n - last);
    last = n;
  }, 1);
  queueSnapshots(db, F, monthRange(from, to), today);
  await snapshotJob(db, F);
  clearInterval(ticker);
  const buildMs = now() - t;
  const months = await ensureSnapshots(db, F, from, to, today);
  const rows = months.reduce((s, m) => s + m.leaseCount, 0);
  console.log(
    `build ${months.length} month-end snapshots ${from}..${to} in the background (${rows} lease rows, stored once): ${ms(buildMs)} (target < 60000 ms); ` +
      `the event loop held at most ${ms(longest)} at a time; anchor before ${ms(anchorBefore)}, after ${ms(anchor())}`,
  );

  t = now();
  await ensureSnapshots(db, F, from, to, today);
  console.log(`the same months again (already stored, nothing built): ${ms(now() - t)}`);

  await timeIt(`Performance ${from}..${to} from snapshots`, () => performanceReport(db, F, { from, to }, today));
  await timeIt(`Vintages by purchase, default, ${from}..${to}`, () =>
    vintageReport(db, F, { from, to, by: 'purchase', measure: 'default' }, today),
  );
  await timeIt(`Vintages by origination, net loss, ${from}..${to}`, () =>
    vintageReport(db, F, { from, to, by: 'origination', measure: 'netLoss' }, today),
  );
  await timeIt(`Performance ${addMonthsTo(from, 1)}..${monthOf(today)} with the live month`, () =>
    performanceReport(db, F, { from: addMonthsTo(from, 1), to: monthOf(today) }, today),
  );
  const lease = db.$client
    .prepare(`select id, currency from leases where funder_id = ? and status = 'active' order by id limit 1`)
    .get(F) as { id: number; currency: string };
  const rounds: number[] = [];
  for (let k = 0; k < 5; k++) {
    await recordPayment(db, F, { leaseId: lease.id, receivedOn: today, amount: 1000, currency: lease.currency, method: 'transfer' }, null);
    const t1 = now();
    await performanceReport(db, F, { from: addMonthsTo(from, 1), to: monthOf(today) }, today);
    rounds.push(now() - t1);
  }
  console.log(`Performance with the live month after a payment (lease by lease): ${rounds.map(ms).join(', ')}`);
  db.$client.close();
}

/** The --http mode: the built server on the copy (see the header). */
async function overHttp(dbPath: string): Promise<void> {
  const server = await startNext(dbPath, randomBytes(32).toString('hex'));
  const started = now();
  try {
    console.log(`server ready in ${ms(server.readyMs)}`);
    const base = server.baseURL;
    const { jar } = await signInWithForm(base, 'analyst@quantum.demo', 'quantum-demo');
    const headers = { cookie: cookieHeader(jar) };
    const health = async () => (await timed(`${base}/api/health`, {})).ttfb;
    // While the snapshots are built: the progress page and the anchor, every 2 s.
    const building: number[] = [];
    const anchorsDuring: number[] = [];
    let progress = 0;
    while (!/\[history\] (built|the month-end snapshots were not built)/.test(server.output()) && now() - started < 600_000) {
      const r = await timed(`${base}/en/reports/performance`, { headers });
      building.push(r.ttfb);
      anchorsDuring.push(await health());
      const res = await fetch(`${base}/en/reports/performance`, { headers });
      if ((await res.text()).includes('performance-building')) progress++;
      await new Promise((r2) => setTimeout(r2, 2000));
    }
    const log = /\[history\] built (\d+) month-end snapshot\(s\) of (\d+) funder\(s\) in (\d+) ms/.exec(server.output());
    console.log(
      log
        ? `the server built ${log[1]} month-end snapshots (${log[2]} funder(s)) in the background in ${log[3]} ms (target < 60000 ms)`
        : `no build logged:\n${server.output().slice(-2000)}`,
    );
    if (building.length > 0) {
      console.log(
        `during the build: Performance TTFB p50 ${ms(p50(building))}, max ${ms(Math.max(...building))} (${progress} of ${building.length} answers were the progress page); ` +
          `/api/health TTFB p50 ${ms(p50(anchorsDuring))}, max ${ms(Math.max(...anchorsDuring))}`,
      );
    }
    for (const [label, url] of [
      ['Performance (default: last 24 months)', '/en/reports/performance'],
      ['Vintages (default: last 24 closed months)', '/en/reports/vintages'],
      ['Vintages by origination, net loss', '/en/reports/vintages?by=origination&measure=netLoss'],
    ] as const) {
      const first = await timed(`${base}${url}`, { headers });
      const xs: number[] = [];
      const anchors: number[] = [];
      for (let k = 0; k < SAMPLES; k++) {
        anchors.push(await health());
        xs.push((await timed(`${base}${url}`, { headers })).ttfb);
      }
      console.log(
        `${label} from snapshots: TTFB first ${ms(first.ttfb)} (${first.status}), p50 ${ms(p50(xs))}, max ${ms(Math.max(...xs))} (target < 1000 ms); anchor /api/health p50 ${ms(p50(anchors))}`,
      );
    }
  } finally {
    await server.stop();
  }
}

void main();
