/**
 * Portfolio CF benchmark on a 100,000-lease book: `npm run bench:portfolio` (needs `next build` first).
 *
 * 1. Seeds the demo users and 100,000 leases (plus the second funder's fifth) into a fresh temporary
 *    database with the app's own seed (db/seed), timed.
 * 2. Starts the built server (`next start`) against it (the start includes valuing the books at the
 *    default cut-off, instrumentation.ts), signs in (bearer token for the API, a session cookie for the
 *    pages) and measures:
 *    - GET /api/sqn/total-cash?perPage=50 over 200 requests after warm-up (random pages; also sorted
 *      by npv and filtered by q), p50 / p99;
 *    - time to first byte of the Summary and Total Cash Flow pages: cold (the first request of a newly
 *      started server), at a cut-off not valued yet, and warm (the median of 20 later requests);
 *    - the server's resident memory (RSS of its process tree) after the runs.
 * Targets: seed < 60 s, API p50 < 50 ms, page TTFB < 500 ms. Exit code 1 when one is missed.
 *
 * Options: --leases N (default 100000), --requests N (default 200), --keep (keep the database).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, runMigrations } from '@/db/client';
import { seedIfEmpty } from '@/db/seed';
import { cookieHeader, postJson, signInWithForm } from '@/tests/helpers/http';
import { flag, now, numberOption, processTree, rssMiB, startNext, timed } from './common';

const LEASES = numberOption('--leases', 100_000);
const REQUESTS = numberOption('--requests', 200);
const KEEP = flag('--keep');
const TARGET = { seedS: 60, apiP50Ms: 50, ttfbMs: 500 };

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function signIn(baseURL: string) {
  const login = await postJson(baseURL, '/jwt/login', { email: 'analyst@quantum.demo', password: 'quantum-demo' });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const { jar } = await signInWithForm(baseURL, 'analyst@quantum.demo', 'quantum-demo');
  return { api: { authorization: `Bearer ${accessToken}` }, page: { cookie: cookieHeader(jar) } };
}

async function main() {
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    console.error('No production build: run `npx next build` first.');
    process.exit(2);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-bench-'));
  const dbPath = path.join(dir, 'quantum.db');
  const secret = randomBytes(32).toString('hex');
  const rows: [string, string, string, string][] = [];
  let failed = false;
  const record = (what: string, value: string, target: string, ok: boolean | null) => {
    rows.push([what, value, target, ok === null ? '' : ok ? 'ok' : 'MISSED']);
    if (ok === false) failed = true;
  };

  try {
    process.stdout.write(`Seeding ${LEASES.toLocaleString('en')} leases into ${dbPath} … `);
    const t0 = now();
    const db = openDb(dbPath);
    runMigrations(db);
    seedIfEmpty(db, { leases: LEASES });
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const leaseCount = db.$client.prepare('select count(*) from leases').pluck().get() as number;
    db.$client.close();
    const seedS = (now() - t0) / 1000;
    console.log(`${seedS.toFixed(1)} s`);
    record(
      `seed (${leaseCount.toLocaleString('en')} leases, both funders)`,
      `${seedS.toFixed(1)} s`,
      `< ${TARGET.seedS} s`,
      seedS < TARGET.seedS,
    );

    // Cold page loads: a fresh server per page. The server values the books at the default cut-off while
    // it starts (instrumentation.ts), so "cold" is the first request a started server answers.
    for (const [label, pagePath] of [
      ['Summary', '/en/portfolio/summary'],
      ['Total Cash Flow', '/en/portfolio/total-cash-flow'],
    ] as const) {
      const server = await startNext(dbPath, secret);
      try {
        record(`server start → ready (values the books)`, `${(server.readyMs / 1000).toFixed(1)} s`, '', null);
        const auth = await signIn(server.baseURL);
        const cold = await timed(`${server.baseURL}${pagePath}`, { headers: auth.page });
        if (cold.status !== 200) throw new Error(`${pagePath} answered ${cold.status}`);
        record(`${label} page TTFB, cold (first request)`, ms(cold.ttfb), `< ${TARGET.ttfbMs} ms`, cold.ttfb < TARGET.ttfbMs);
        record(`${label} page complete, cold`, `${ms(cold.total)} (${(cold.bytes / 1024).toFixed(0)} KiB)`, '', null);
      } finally {
        await server.stop();
      }
    }

    const server = await startNext(dbPath, secret);
    try {
      const auth = await signIn(server.baseURL);
      const base = server.baseURL;
      const apiCold = await timed(`${base}/api/sqn/total-cash?perPage=50`, { headers: auth.api });
      record(
        'GET /api/sqn/total-cash?perPage=50, first request',
        ms(apiCold.total),
        `< ${TARGET.apiP50Ms} ms`,
        apiCold.total < TARGET.apiP50Ms,
      );
      // A cut-off nobody has asked for yet: the book is loaded, but it is valued (and sorted) on this request.
      const other = new Date();
      other.setUTCMonth(other.getUTCMonth() + 3, 1);
      const otherCutOff = other.toISOString().slice(0, 10);
      // Informational: what a user pays for a cut-off that is not the default (no target; the default is valued at start).
      const fresh = await timed(`${base}/en/portfolio/total-cash-flow?cutOff=${otherCutOff}`, { headers: auth.page });
      record(`Total Cash Flow page at a new cut-off (${otherCutOff}), TTFB`, ms(fresh.ttfb), '', null);
      const freshSorted = await timed(`${base}/en/portfolio/total-cash-flow?cutOff=${otherCutOff}&gross=1&sort=lessee`, {
        headers: auth.page,
      });
      record(`  … and gross, sorted by lessee (first text sort of the book)`, ms(freshSorted.ttfb), '', null);
      const first = (await (await fetch(`${base}/api/sqn/total-cash?perPage=50`, { headers: auth.api })).json()) as { total: number };
      const pages = Math.max(1, Math.ceil(first.total / 50));
      let seed = 12345;
      const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;

      const series: [string, (n: number) => string][] = [
        ['GET /api/sqn/total-cash?perPage=50 (random page)', () => `perPage=50&page=${1 + Math.floor(rnd() * pages)}`],
        ['  … &sort=npv&dir=desc', () => `perPage=50&page=${1 + Math.floor(rnd() * pages)}&sort=npv&dir=desc`],
        ['  … &q=health (filtered)', () => `perPage=50&page=${1 + Math.floor(rnd() * 5)}&q=health`],
      ];
      for (const [label, qs] of series) {
        for (let i = 0; i < 20; i++) await timed(`${base}/api/sqn/total-cash?${qs(i)}`, { headers: auth.api }); // warm-up (sort index, JIT)
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const r = await timed(`${base}/api/sqn/total-cash?${qs(i)}`, { headers: auth.api });
          if (r.status !== 200) throw new Error(`total-cash answered ${r.status}`);
          times.push(r.total);
        }
        const p50 = percentile(times, 50);
        record(`${label}, p50 of ${REQUESTS}`, ms(p50), `< ${TARGET.apiP50Ms} ms`, p50 < TARGET.apiP50Ms);
        record(`${label}, p99 of ${REQUESTS}`, ms(percentile(times, 99)), '', null);
      }

      for (const [label, pagePath] of [
        ['Summary', '/en/portfolio/summary'],
        ['Total Cash Flow', '/en/portfolio/total-cash-flow'],
        ['Total Cash Flow, sorted by check, 100 rows', '/en/portfolio/total-cash-flow?sort=check&dir=desc&perPage=100'],
      ] as const) {
        await timed(`${base}${pagePath}`, { headers: auth.page });
        const ttfb: number[] = [];
        const total: number[] = [];
        for (let i = 0; i < 20; i++) {
          const r = await timed(`${base}${pagePath}`, { headers: auth.page });
          if (r.status !== 200) throw new Error(`${pagePath} answered ${r.status}`);
          ttfb.push(r.ttfb);
          total.push(r.total);
        }
        const p50 = percentile(ttfb, 50);
        record(`${label} page TTFB, warm (p50 of 20)`, ms(p50), `< ${TARGET.ttfbMs} ms`, p50 < TARGET.ttfbMs);
        record(`${label} page complete, warm (p50)`, ms(percentile(total, 50)), '', null);
      }
      record('server RSS after the runs (process tree)', `${rssMiB(processTree(server.child.pid!)).toFixed(0)} MiB`, '', null);
    } finally {
      await server.stop();
    }
  } finally {
    if (KEEP) console.log(`Database kept at ${dbPath}`);
    else rmSync(dir, { recursive: true, force: true });
  }

  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c]!.length), ['measure', 'value', 'target', ''][c]!.length));
  const line = (r: string[]) => r.map((x, c) => (c === 1 ? x.padStart(widths[c]!) : x.padEnd(widths[c]!))).join('  ');
  console.log(`\nPortfolio CF benchmark — ${LEASES.toLocaleString('en')} leases, ${os.cpus().length} CPU(s), Node ${process.version}\n`);
  console.log(line(['measure', 'value', 'target', '']));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
