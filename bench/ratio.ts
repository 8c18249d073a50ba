/**
 * Throughput against a minimal Next.js app: `npm run bench:ratio` (needs `next build` first).
 *
 * On a 100,000-lease book, QUANTUM's production server and a minimal anchor app of the same Next
 * version (bench/anchor/, built here in production mode when its .next is missing) serve the same
 * bytes, and the requests per second of each are compared:
 * - GET /api/sqn/total-cash?perPage=50 with a bearer token vs an anchor route handler returning the
 *   bytes QUANTUM answered (captured first);
 * - the signed-in Dashboard, Total Cash Flow, Summary and Delinquency pages (en, session cookie) vs a
 *   dynamic anchor page (force-dynamic) rendering an HTML table calibrated to the same size.
 * Each pair is measured in interleaved rounds (ours, anchor, ours, anchor, …) at a fixed concurrency
 * over keep-alive connections; the ratio is ours ÷ anchor of the mean requests per second.
 * Targets: every ratio ≥ 0.8. Exit code 1 on a miss.
 *
 * Beside the ratios, each side's server CPU time per request, in all and split between the main thread (where
 * JavaScript serves the requests) and the other threads (V8's collector and compiler helpers, libuv's pool): the
 * two cores are shared by both, and by the load generator.
 *
 * The book: DATABASE_URL or --db FILE (e.g. after `DATABASE_URL=/tmp/book.db npm run seed -- --leases
 * 100000 --reset`); without either, a throwaway file in the system's temporary directory, seeded on
 * the first run (about 2–4 minutes) and reused by later runs.
 *
 * Options: --db FILE, --leases N (default 100000, when seeding), --rounds N (default 5), --seconds S
 * per round (default 3), --concurrency C (default 8), --port P (QUANTUM, default 3540; the anchor
 * uses P + 1), --only TEXT (measure only the pairs whose name contains TEXT, e.g. `--only api`).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openDb, runMigrations } from '@/db/client';
import { seedIfEmpty } from '@/db/seed';
import { cookieHeader, postJson, signInWithForm } from '@/tests/helpers/http';
import { now, numberOption, processTree, startNext, startProcess, stringOption, waitForWarm } from './common';

const LEASES = numberOption('--leases', 100_000);
const ROUNDS = numberOption('--rounds', 5);
const SECONDS = numberOption('--seconds', 3);
const CONCURRENCY = numberOption('--concurrency', 8);
const PORT = numberOption('--port', 3540);
const ONLY = stringOption('--only')?.toLowerCase();
const TARGET_RATIO = 0.8;
const ANCHOR_DIR = path.join(process.cwd(), 'bench', 'anchor');
const NEXT_BIN = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');

/** Measured on main before this work (2 cores, one run), printed beside the new figures. */
const PREVIOUS: Record<string, string> = {
  'GET /api/sqn/total-cash?perPage=50 (bearer)': '0.32',
  Dashboard: '0.44–0.77',
  'Total Cash Flow': '0.44–0.77',
  Summary: '0.44–0.77',
  Delinquency: '0.44–0.77',
};

const PAGES = [
  { name: 'Dashboard', path: '/en/dashboard' },
  { name: 'Total Cash Flow', path: '/en/portfolio/total-cash-flow' },
  { name: 'Summary', path: '/en/portfolio/summary' },
  { name: 'Delinquency', path: '/en/servicing/delinquency' },
];

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/**
 * One GET over the keep-alive agent: status and body (no compression is asked for). A server may
 * close an idle kept-alive connection just as it is reused (ECONNRESET): that request is sent again.
 */
async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer }> {
  try {
    return await getOnce(url, headers);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ECONNRESET' && (e as NodeJS.ErrnoException).code !== 'EPIPE') throw e;
    return getOnce(url, headers);
  }
}

function getOnce(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const CLOCK_TICKS = 100;

/** User + system clock ticks of a /proc stat line (fields 14 and 15). */
function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * CPU seconds (user + system) used so far by a process and its descendants (Linux /proc): in all (`total`) and on
 * their main threads (`main`: the JavaScript thread of a Node process, where the requests are served). The rest is
 * the other threads': V8's collector and compiler helpers, libuv's pool.
 */
function cpuSeconds(pid: number): { total: number; main: number } {
  let total = 0;
  let main = 0;
  for (const p of processTree(pid)) {
    try {
      total += ticksOf(readFileSync(`/proc/${p}/stat`, 'utf8'));
      main += ticksOf(readFileSync(`/proc/${p}/task/${p}/stat`, 'utf8'));
    } catch {
      /* gone */
    }
  }
  return { total: total / CLOCK_TICKS, main: main / CLOCK_TICKS };
}

type Round = { rps: number; cpuMsPerRequest: number; mainMsPerRequest: number };

/**
 * Requests per second at CONCURRENCY for `seconds` (every answer must be 200), and the server's CPU
 * time per request: on a shared machine wall-clock throughput moves with other load, CPU per
 * request much less.
 */
async function rps(url: string, headers: Record<string, string>, seconds: number, pid?: number): Promise<Round> {
  const cpu0 = pid ? cpuSeconds(pid) : null;
  const t0 = now();
  const deadline = t0 + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (now() < deadline) {
      const { status } = await get(url, headers);
      if (status !== 200) throw new Error(`${url} answered ${status}`);
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const cpu1 = pid ? cpuSeconds(pid) : null;
  const per = (k: 'total' | 'main') => (cpu0 && cpu1 ? ((cpu1[k] - cpu0[k]) * 1000) / Math.max(1, done) : NaN);
  return { rps: done / ((now() - t0) / 1000), cpuMsPerRequest: per('total'), mainMsPerRequest: per('main') };
}

/** The book's database: given, or a reusable throwaway file seeded on the first run. */
function prepareBook(): string {
  const given = stringOption('--db') ?? process.env.DATABASE_URL?.replace(/^file:/, '');
  const file = given ? path.resolve(given) : path.join(os.tmpdir(), 'quantum-bench-ratio', 'quantum.db');
  mkdirSync(path.dirname(file), { recursive: true });
  const db = openDb(file);
  try {
    runMigrations(db);
    const count = () => db.$client.prepare('select count(*) from leases').pluck().get() as number;
    if (count() === 0) {
      process.stdout.write(`Seeding ${LEASES.toLocaleString('en')} leases into ${file} … `);
      const t0 = now();
      seedIfEmpty(db, { leases: LEASES });
      db.$client.pragma('wal_checkpoint(TRUNCATE)');
      console.log(`${((now() - t0) / 1000).toFixed(0)} s`);
    }
    console.log(`Book: ${file} (${count().toLocaleString('en')} leases)`);
  } finally {
    db.$client.close();
  }
  return file;
}

function buildAnchorIfMissing() {
  if (existsSync(path.join(ANCHOR_DIR, '.next', 'BUILD_ID'))) return;
  console.log('Building the anchor app (bench/anchor, production) …');
  const r = spawnSync(process.execPath, [NEXT_BIN, 'build', ANCHOR_DIR], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('the anchor build failed');
}

async function startAnchor(port: number, bodyFile: string): Promise<{ baseURL: string; pid: number; stop: () => Promise<void> }> {
  const baseURL = `http://127.0.0.1:${port}`;
  const anchor = await startProcess(
    [NEXT_BIN, 'start', ANCHOR_DIR, '-H', '127.0.0.1', '-p', String(port)],
    { ...process.env, ANCHOR_BODY: bodyFile, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    `${baseURL}/api/total-cash`,
    'the anchor',
    60_000,
  );
  return { baseURL, pid: anchor.child.pid!, stop: anchor.stop };
}

/** The anchor page's row count whose response is closest to `bytes` (its size is linear in the rows). */
async function calibrateRows(anchor: string, bytes: number): Promise<{ rows: number; size: number }> {
  const sizeOf = async (rows: number) => (await get(`${anchor}/page?rows=${rows}`)).body.length;
  const s0 = await sizeOf(0);
  const s1 = await sizeOf(1000);
  let rows = Math.max(0, Math.round(((bytes - s0) / (s1 - s0)) * 1000));
  let size = await sizeOf(rows);
  // One correction step for what the linear estimate misses (digits, chunk boundaries).
  rows = Math.max(0, rows + Math.round(((bytes - size) / (s1 - s0)) * 1000));
  size = await sizeOf(rows);
  return { rows, size };
}

type Pair = { name: string; ours: { url: string; headers: Record<string, string> }; anchor: string; bytes: string };

async function measure(pair: Pair, pids: { ours: number; anchor: number }): Promise<{ ours: Round[]; anchor: Round[] }> {
  // Warm both (JIT, caches, connections) before the rounds.
  await rps(pair.ours.url, pair.ours.headers, 1);
  await rps(pair.anchor, {}, 1);
  const out = { ours: [] as Round[], anchor: [] as Round[] };
  for (let r = 0; r < ROUNDS; r++) {
    out.ours.push(await rps(pair.ours.url, pair.ours.headers, SECONDS, pids.ours));
    out.anchor.push(await rps(pair.anchor, {}, SECONDS, pids.anchor));
  }
  return out;
}

const nextVersion = () =>
  (JSON.parse(readFileSync(path.join(process.cwd(), 'node_modules', 'next', 'package.json'), 'utf8')) as { version: string }).version;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    console.error('No production build: run `npx next build` first.');
    process.exit(2);
  }
  const dbPath = prepareBook();
  buildAnchorIfMissing();
  const secret = randomBytes(32).toString('hex');
  const t0 = now();
  const server = await startNext(dbPath, secret, { port: PORT });
  let anchor: Awaited<ReturnType<typeof startAnchor>> | undefined;
  let failed = false;
  try {
    console.log(`QUANTUM ready in ${(server.readyMs / 1000).toFixed(1)} s`);
    await waitForWarm(server);
    console.log(`Background warm-up done after ${((now() - t0) / 1000).toFixed(1)} s`);
    const base = server.baseURL;
    const login = await postJson(base, '/jwt/login', { email: 'analyst@quantum.demo', password: 'quantum-demo' });
    if (login.status !== 200) throw new Error(`/jwt/login answered ${login.status}`);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const api = { authorization: `Bearer ${accessToken}` };
    const { jar } = await signInWithForm(base, 'analyst@quantum.demo', 'quantum-demo');
    const page = { cookie: cookieHeader(jar) };

    const apiUrl = `${base}/api/sqn/total-cash?perPage=50`;
    const captured = await get(apiUrl, api);
    if (captured.status !== 200) throw new Error(`${apiUrl} answered ${captured.status}`);
    const bodyFile = path.join(os.tmpdir(), `quantum-bench-ratio-total-cash-${process.pid}.json`);
    writeFileSync(bodyFile, captured.body);
    anchor = await startAnchor(PORT + 1, bodyFile);
    const anchorApi = await get(`${anchor.baseURL}/api/total-cash`);
    if (!anchorApi.body.equals(captured.body)) throw new Error('the anchor route does not answer the captured bytes');

    const pairs: Pair[] = [
      {
        name: 'GET /api/sqn/total-cash?perPage=50 (bearer)',
        ours: { url: apiUrl, headers: api },
        anchor: `${anchor.baseURL}/api/total-cash`,
        bytes: `${captured.body.length} B`,
      },
    ];
    for (const p of PAGES.filter((x) => !ONLY || x.name.toLowerCase().includes(ONLY))) {
      const ours = await get(`${base}${p.path}`, page);
      if (ours.status !== 200) throw new Error(`${p.path} answered ${ours.status} (signed in?)`);
      const { rows, size } = await calibrateRows(anchor.baseURL, ours.body.length);
      pairs.push({
        name: p.name,
        ours: { url: `${base}${p.path}`, headers: page },
        anchor: `${anchor.baseURL}/page?rows=${rows}`,
        bytes: `${ours.body.length} B (anchor ${size} B)`,
      });
    }

    const results: string[][] = [];
    for (const pair of pairs.filter((p) => !ONLY || p.name.toLowerCase().includes(ONLY))) {
      process.stdout.write(`${pair.name}: ${ROUNDS} interleaved rounds of ${SECONDS} s at concurrency ${CONCURRENCY} … `);
      const m = await measure(pair, { ours: server.child.pid!, anchor: anchor.pid });
      const oursRps = mean(m.ours.map((x) => x.rps));
      const anchorRps = mean(m.anchor.map((x) => x.rps));
      const oursCpu = mean(m.ours.map((x) => x.cpuMsPerRequest));
      const anchorCpu = mean(m.anchor.map((x) => x.cpuMsPerRequest));
      const oursMain = mean(m.ours.map((x) => x.mainMsPerRequest));
      const anchorMain = mean(m.anchor.map((x) => x.mainMsPerRequest));
      const ratio = oursRps / anchorRps;
      const ok = ratio >= TARGET_RATIO;
      if (!ok) failed = true;
      console.log(
        `ours ${m.ours.map((x) => x.rps.toFixed(0)).join(' ')} req/s; anchor ${m.anchor.map((x) => x.rps.toFixed(0)).join(' ')} req/s`,
      );
      results.push([
        pair.name,
        pair.bytes,
        oursRps.toFixed(0),
        anchorRps.toFixed(0),
        ratio.toFixed(2),
        `${oursCpu.toFixed(2)} / ${anchorCpu.toFixed(2)}`,
        (anchorCpu / oursCpu).toFixed(2),
        `${oursMain.toFixed(2)} + ${(oursCpu - oursMain).toFixed(2)} / ${anchorMain.toFixed(2)} + ${(anchorCpu - anchorMain).toFixed(2)}`,
        `≥ ${TARGET_RATIO}`,
        PREVIOUS[pair.name] ?? '',
        ok ? 'ok' : 'MISSED',
      ]);
    }

    // 'CPU ratio' = anchor CPU ms per request ÷ ours: what the throughput ratio would be on an otherwise idle machine.
    const header = [
      '',
      'bytes',
      'ours req/s',
      'anchor req/s',
      'ratio',
      'CPU ms/req ours / anchor',
      'CPU ratio',
      'main + other threads ours / anchor',
      'target',
      'previous',
      '',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...results.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(`\nRequests per second, QUANTUM ÷ minimal Next.js ${nextVersion()} app (same bytes), ${os.cpus().length} cores:`);
    console.log(line(header));
    for (const r of results) console.log(line(r));
    console.log(
      `(load average during the run: ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}; 'CPU ratio' is the server CPU time per request of the anchor ÷ QUANTUM's;`,
    );
    console.log(
      ` 'main + other threads' splits that time: the JavaScript thread that serves the requests, and V8's collector and compiler helpers)`,
    );
  } finally {
    await anchor?.stop();
    await server.stop();
    agent.destroy();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
