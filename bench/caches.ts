/**
 * Incremental caches benchmark: `npm run bench:caches -- --db FILE [--db-small FILE]` (needs `next build`).
 *
 * On a seeded book (`DATABASE_URL=FILE npm run seed -- --leases 100000 --reset`; reuse the file across
 * runs — a run adds a few edits and payments to it), against the built server (bench/common.ts), once it
 * has warmed its caches (the warm-up runs in the background after the start: measuring during it charged
 * its CPU to the figures):
 * - after a lease edit (PATCH /api/leases/{id} with its version) the next Delinquency page and the next
 *   GET /api/sqn/total-cash?perPage=50 (each measured after its own edit), and the same after
 *   recording a payment (POST /api/payments), and the next Dashboard after each: medians over --rounds rounds;
 * - the write requests' own response times (no target: each applies its change to the caches first);
 * - the Delinquency page's TTFB p50 and p99 over --samples requests (warm), on the big book and on the
 *   small one (--db-small, e.g. 1,000 leases) to show the cost is flat;
 * - the server's resident memory (all its processes) at the end.
 * Each figure is printed beside its target and the value measured on main before this work. The
 * machine is shared: figures are medians, never asserted by tests. Exit code 1 on a miss.
 *
 * Options: --db FILE (required), --db-small FILE, --rounds N (default 5), --samples N (default 40), --port P (default 3545).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cookieHeader, postJson, signInWithForm } from '@/tests/helpers/http';
import {
  type BenchServer,
  editLeaseRate,
  median,
  numberOption,
  payOnLease,
  processTree,
  rssMiB,
  startNext,
  stringOption,
  timed,
  waitForWarm,
} from './common';

const DB = stringOption('--db');
const DB_SMALL = stringOption('--db-small');
const ROUNDS = numberOption('--rounds', 5);
const SAMPLES = numberOption('--samples', 40);
const PORT = numberOption('--port', 3545);

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

type Row = { what: string; value: string; target: string; before: string; ok: boolean | null };
const rows: Row[] = [];
const record = (what: string, value: number, target: number, before: string, unit = 'ms') =>
  rows.push({
    what,
    value: unit === 'ms' ? ms(value) : `${value.toFixed(0)} ${unit}`,
    target: `< ${target} ${unit}`,
    before,
    ok: value < target,
  });

async function session(server: BenchServer) {
  const base = server.baseURL;
  const login = await postJson(base, '/jwt/login', { email: 'analyst@quantum.demo', password: 'quantum-demo' });
  if (login.status !== 200) throw new Error(`/jwt/login answered ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const { jar } = await signInWithForm(base, 'analyst@quantum.demo', 'quantum-demo');
  return { base, api: { authorization: `Bearer ${accessToken}` }, page: { cookie: cookieHeader(jar) } };
}

async function get(url: string, headers: Record<string, string>) {
  const r = await timed(url, { headers });
  if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
  return r.ttfb;
}

async function delinquencyTtfb(s: Awaited<ReturnType<typeof session>>, label: string, before: [string, string]) {
  const url = `${s.base}/en/servicing/delinquency`;
  await get(url, s.page);
  const xs: number[] = [];
  for (let i = 0; i < SAMPLES; i++) xs.push(await get(url, s.page));
  record(`${label}: Delinquency page TTFB p50`, median(xs), 100, before[0]);
  record(`${label}: Delinquency page TTFB p99`, quantile(xs, 0.99), 300, before[1]);
}

async function main() {
  if (!DB) {
    console.error(
      'Usage: npm run bench:caches -- --db FILE [--db-small FILE] (seed it with DATABASE_URL=FILE npm run seed -- --leases 100000 --reset)',
    );
    process.exit(2);
  }
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    console.error('No production build: run `npx next build` first.');
    process.exit(2);
  }
  const secret = randomBytes(32).toString('hex');
  // A run on the big book outlasts the default 10-minute access token.
  process.env.JWT_ACCESS_TTL ??= '7200';
  const server = await startNext(path.resolve(DB), secret, { port: PORT, timeoutMs: 600_000 });
  try {
    await waitForWarm(server);
    const s = await session(server);
    const pageUrl = `${s.base}/en/servicing/delinquency`;
    const cashUrl = `${s.base}/api/sqn/total-cash?perPage=50`;
    const dashboardUrl = `${s.base}/en/dashboard`;
    // Warm what a user's first visit would (the server warms the default books at start).
    await get(pageUrl, s.page);
    await get(cashUrl, s.api);
    await get(dashboardUrl, s.page);
    const list = (await (await fetch(`${s.base}/api/leases?perPage=50&status=active`, { headers: s.api })).json()) as {
      leases: { id: number; currency: string }[];
    };
    const leases = list.leases;
    if (leases.length === 0) throw new Error('no active lease to edit');
    let n = 0;
    // The write requests themselves (each applies its change to the caches before answering).
    const writes = { edit: [] as number[], pay: [] as number[] };
    const edit = async () => void writes.edit.push(await editLeaseRate(s.base, s.api, leases[n++ % leases.length]!.id));
    const pay = async () => void writes.pay.push(await payOnLease(s.base, s.api, leases[n++ % leases.length]!));
    const after = {
      editPage: [] as number[],
      editCash: [] as number[],
      payPage: [] as number[],
      payCash: [] as number[],
      editDashboard: [] as number[],
      payDashboard: [] as number[],
    };
    for (let round = 0; round < ROUNDS; round++) {
      await edit();
      after.editPage.push(await get(pageUrl, s.page));
      await edit();
      after.editCash.push(await get(cashUrl, s.api));
      await pay();
      after.payPage.push(await get(pageUrl, s.page));
      await pay();
      after.payCash.push(await get(cashUrl, s.api));
      await edit();
      after.editDashboard.push(await get(dashboardUrl, s.page));
      await pay();
      after.payDashboard.push(await get(dashboardUrl, s.page));
    }
    record('lease edit → next Delinquency page TTFB (median)', median(after.editPage), 300, '4.7 s');
    record('lease edit → next total-cash?perPage=50 TTFB (median)', median(after.editCash), 300, '2.2 s');
    record('payment → next Delinquency page TTFB (median)', median(after.payPage), 300, '2.2 s');
    record('payment → next total-cash?perPage=50 TTFB (median)', median(after.payCash), 300, 'n/a');
    record('lease edit → next Dashboard TTFB (median)', median(after.editDashboard), 300, 'n/a');
    record('payment → next Dashboard TTFB (median)', median(after.payDashboard), 300, 'n/a (KPI sums re-read in full, ≈1.7 s in-process)');
    rows.push({
      what: 'PATCH /api/leases/{id} response time (median, no target)',
      value: ms(median(writes.edit)),
      target: '',
      before: '',
      ok: null,
    });
    rows.push({
      what: 'POST /api/payments response time (median, no target)',
      value: ms(median(writes.pay)),
      target: '',
      before: '',
      ok: null,
    });
    await delinquencyTtfb(s, 'big book', ['668 ms', '3.3 s']);
    record('server RSS (all processes)', rssMiB(processTree(server.child.pid!)), 1024, '1.8 GiB', 'MiB');
  } finally {
    await server.stop();
  }
  if (DB_SMALL) {
    const small = await startNext(path.resolve(DB_SMALL), secret, { port: PORT + 1 });
    try {
      await waitForWarm(small);
      await delinquencyTtfb(await session(small), 'small book', ['65 ms', '']);
    } finally {
      await small.stop();
    }
  }
  const w = Math.max(...rows.map((r) => r.what.length));
  console.log(`\n${'figure'.padEnd(w)}  ${'measured'.padStart(9)}  ${'target'.padStart(10)}  ${'before'.padStart(8)}`);
  for (const r of rows)
    console.log(
      `${r.what.padEnd(w)}  ${r.value.padStart(9)}  ${r.target.padStart(10)}  ${r.before.padStart(8)}  ${r.ok === null ? '' : r.ok ? 'ok' : 'MISSED'}`,
    );
  if (rows.some((r) => r.ok === false)) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
