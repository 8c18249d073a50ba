/**
 * Reports benchmark on a 100,000-lease book: `npm run bench:reports` (needs `next build` first).
 *
 * Seeds a fresh temporary database with the app's own seed (db/seed: users, both funders, the ledger
 * where the servicing seed adds one), starts the built server on it (ports 3520–3539), signs in, and
 * measures the time to first byte of every /api/reports endpoint and every Reports / Servicing page:
 * the first request (cold: a cut-off or as-of date not valued yet is valued on it) and the median of
 * three more (warm). Then the whole-tape CSV and XLSX exports: total time, size, and the server's
 * resident memory sampled every 20 ms during the export (peak and rise over the level before it).
 * Target: every TTFB (cold and warm) < 2 s. Exit code 1 on a miss.
 *
 * Options: --leases N (default 100000), --port P (default 3525), --keep (keep the database),
 * --db FILE (use an already seeded database, e.g. from `npm run seed -- --leases 100000`, instead of seeding).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, runMigrations } from '@/db/client';
import { seedIfEmpty } from '@/db/seed';
import { cookieHeader, postJson, signInWithForm } from '@/tests/helpers/http';
import { flag, median, now, numberOption, processTree, rssMiB, startNext, stringOption, timed } from './common';

const LEASES = numberOption('--leases', 100_000);
const PORT = numberOption('--port', 3525);
const KEEP = flag('--keep');
const GIVEN_DB = stringOption('--db');
const TARGET_MS = 2000;

const ms = (x: number) => `${x.toFixed(0)} ms`;

async function main() {
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    console.error('No production build: run `npx next build` first.');
    process.exit(2);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-bench-reports-'));
  const dbPath = GIVEN_DB ? path.resolve(GIVEN_DB) : path.join(dir, 'quantum.db');
  const secret = randomBytes(32).toString('hex');
  const rows: string[][] = [];
  let failed = false;
  const record = (what: string, cold: string, warm: string, ok: boolean | null) => {
    rows.push([what, cold, warm, ok === null ? '' : ok ? 'ok' : 'MISSED']);
    if (ok === false) failed = true;
  };

  try {
    process.stdout.write(GIVEN_DB ? `Using ${dbPath} … ` : `Seeding ${LEASES.toLocaleString('en')} leases into ${dbPath} … `);
    const t0 = now();
    const db = openDb(dbPath);
    runMigrations(db);
    if (!GIVEN_DB) seedIfEmpty(db, { leases: LEASES });
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const leaseCount = db.$client.prepare('select count(*) from leases').pluck().get() as number;
    const paymentCount = db.$client.prepare('select count(*) from payments').pluck().get() as number;
    db.$client.close();
    console.log(`${((now() - t0) / 1000).toFixed(1)} s (${leaseCount} leases, ${paymentCount} payments)`);

    const server = await startNext(dbPath, secret, { port: PORT });
    try {
      record('server start → ready (values the books)', `${(server.readyMs / 1000).toFixed(1)} s`, '', null);
      const base = server.baseURL;
      const login = await postJson(base, '/jwt/login', { email: 'analyst@quantum.demo', password: 'quantum-demo' });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const api = { authorization: `Bearer ${accessToken}` };
      const { jar } = await signInWithForm(base, 'analyst@quantum.demo', 'quantum-demo');
      const page = { cookie: cookieHeader(jar) };
      const month = (() => {
        const d = new Date();
        d.setUTCDate(1);
        d.setUTCMonth(d.getUTCMonth() - 1);
        return d.toISOString().slice(0, 7);
      })();

      const measure = async (label: string, url: string, headers: Record<string, string>, init: RequestInit = {}) => {
        const cold = await timed(`${base}${url}`, { headers, ...init });
        if (cold.status >= 400) throw new Error(`${url} answered ${cold.status}`);
        const warm: number[] = [];
        for (let i = 0; i < 3; i++) warm.push((await timed(`${base}${url}`, { headers, ...init })).ttfb);
        const w = median(warm);
        record(label, ms(cold.ttfb), ms(w), cold.ttfb < TARGET_MS && w < TARGET_MS);
      };

      const endpoints: [string, string][] = [
        ...['currency', 'assetType', 'industry', 'balance', 'rate', 'seasoning', 'delinquency'].map(
          (d) => [`GET stratification?dimension=${d}`, `/api/reports/stratification?dimension=${d}`] as [string, string],
        ),
        ['GET tape?perPage=50&page=1000', '/api/reports/tape?perPage=50&page=1000'],
        ['GET customers?perPage=25', '/api/reports/customers?perPage=25'],
        ['GET customers?q=a&sort=dpd', '/api/reports/customers?q=a&sort=dpd&perPage=25'],
        ['GET delinquency/resume', '/api/reports/delinquency/resume'],
        ['GET delinquency/view', '/api/reports/delinquency/view?perPage=50'],
        ['GET delinquency/detail', '/api/reports/delinquency/detail?leaseId=1'],
        ...['draws', 'distributions', 'collections', 'liability', 'vat', 'total-cf'].map(
          (k) => [`GET servicing/${k}?month=${month}`, `/api/reports/servicing/${k}?month=${month}`] as [string, string],
        ),
        ['GET liability/principal', '/api/reports/liability/principal'],
        ['GET cash-flow/lease', '/api/reports/cash-flow/lease?perPage=50'],
        ['GET cash-flow/portfolio', '/api/reports/cash-flow/portfolio'],
        ['GET files', '/api/reports/files'],
      ];
      for (const [label, url] of endpoints) await measure(label, url, api);
      for (const format of ['csv', 'xlsx']) {
        await measure(
          `POST files (collections, ${format})`,
          '/api/reports/files',
          { ...api, 'content-type': 'application/json' },
          {
            method: 'POST',
            body: JSON.stringify({ kind: 'collections', month, format }),
          },
        );
      }
      const pages: [string, string][] = [
        ['page /reports/stratification', '/en/reports/stratification'],
        ['page /reports/stratification?dimension=rate', '/en/reports/stratification?dimension=rate'],
        ['page /reports/tape', '/en/reports/tape'],
        ['page /reports/customers', '/en/reports/customers'],
        ['page /servicing/clients-behavior', '/en/servicing/clients-behavior'],
        ['page /servicing/delinquency', '/en/servicing/delinquency'],
        ...['draws', 'distributions', 'collections', 'liability', 'vat', 'total-cf'].map(
          (k) => [`page /servicing/reports/${k}`, `/en/servicing/reports/${k}`] as [string, string],
        ),
      ];
      for (const [label, url] of pages) await measure(label, url, page);

      for (const format of ['csv', 'xlsx'] as const) {
        const pids = processTree(server.child.pid!);
        const before = rssMiB(pids);
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pids))), 20);
        const r = await timed(`${base}/api/reports/tape?format=${format}`, { headers: api });
        clearInterval(sampler);
        peak = Math.max(peak, rssMiB(pids));
        if (r.status !== 200) throw new Error(`tape export answered ${r.status}`);
        record(`tape ${format.toUpperCase()} export: TTFB / total`, ms(r.ttfb), `${(r.total / 1000).toFixed(1)} s`, r.ttfb < TARGET_MS);
        record(
          `  … size; server RSS before → peak (rise)`,
          `${(r.bytes / 2 ** 20).toFixed(1)} MiB`,
          `${before.toFixed(0)} → ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)})`,
          null,
        );
      }
      let hwm = 0;
      for (const p of processTree(server.child.pid!)) {
        try {
          const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
          hwm += m ? Number(m[1]) / 1024 : 0;
        } catch {
          /* gone */
        }
      }
      record('server VmHWM since start (incl. the start-up valuation)', `${hwm.toFixed(0)} MiB`, '', null);
      // What the server did at start (instrumentation.ts): the portfolio valuation, then the servicing warm-up in the background.
      for (const l of server.output().split('\n')) if (/^\[(portfolio|servicing)\]/.test(l.trim())) console.log(l.trim());
    } finally {
      await server.stop();
    }
  } finally {
    if (KEEP) console.log(`Database kept at ${dbPath}`);
    else rmSync(dir, { recursive: true, force: true });
  }

  const head = ['measure', 'cold / value', 'warm (median of 3)', ''];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((x, c) => (c === 1 || c === 2 ? x.padStart(widths[c]!) : x.padEnd(widths[c]!))).join('  ');
  console.log(
    `\nReports benchmark — ${LEASES.toLocaleString('en')} leases, ${os.cpus().length} CPU(s), Node ${process.version}, target TTFB < ${TARGET_MS} ms\n`,
  );
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
