/**
 * The same book on both engines: `npm run bench:engines -- --db FILE --pg URL` (needs `next build`).
 *
 * One production server on the SQLite file and one on a PostgreSQL database holding the same book (copied with
 * `npm run db:copy -- --from FILE --to URL`), each warmed as at a start. In interleaved rounds (SQLite, PostgreSQL,
 * SQLite, …), the time to first byte of the signed-in pages that read the most of the book — Dashboard, Summary, Total
 * Cash Flow, Delinquency — and, per engine, of those pages right after a lease edit and after a payment (the write's
 * effect applied to the book engine's views, not the whole book rebuilt).
 *
 * Reported: each page's median TTFB per engine, and the ratio PostgreSQL ÷ SQLite as the median of the rounds' ratios
 * (the anchor is the SQLite server, measured in the same run on the same machine). Targets (#35): every ratio ≤ 1.5;
 * every after-write read < 300 ms on both engines. Exit code 1 on a miss.
 *
 * Options: --db FILE and --pg URL (required), --rounds N (default 5), --samples N per page and round (default 5),
 * --writes N per kind and engine (default 6), --port P (SQLite; PostgreSQL uses P + 1; default 3560).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cookieHeader, postJson, signInWithForm } from '@/tests/helpers/http';
import { type BenchServer, editLeaseRate, median, numberOption, payOnLease, startNext, stringOption, timed, waitForWarm } from './common';

const DB = stringOption('--db');
const PG = stringOption('--pg');
const ROUNDS = numberOption('--rounds', 5);
const SAMPLES = numberOption('--samples', 5);
const WRITES = numberOption('--writes', 6);
const PORT = numberOption('--port', 3560);

const PAGES = [
  ['Dashboard', '/en/dashboard'],
  ['Summary', '/en/portfolio/summary'],
  ['Total Cash Flow', '/en/portfolio/total-cash-flow'],
  ['Delinquency', '/en/servicing/delinquency'],
] as const;

const ms = (x: number) => `${x.toFixed(0)} ms`;

type Engine = 'SQLite' | 'PostgreSQL';
type Session = { engine: Engine; base: string; api: Record<string, string>; page: Record<string, string> };

async function session(engine: Engine, server: BenchServer): Promise<Session> {
  const base = server.baseURL;
  const login = await postJson(base, '/jwt/login', { email: 'analyst@quantum.demo', password: 'quantum-demo' });
  if (login.status !== 200) throw new Error(`${engine}: /jwt/login answered ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const { jar } = await signInWithForm(base, 'analyst@quantum.demo', 'quantum-demo');
  return { engine, base, api: { authorization: `Bearer ${accessToken}` }, page: { cookie: cookieHeader(jar) } };
}

async function ttfb(s: Session, url: string): Promise<number> {
  const r = await timed(`${s.base}${url}`, { headers: s.page });
  if (r.status !== 200) throw new Error(`${s.engine}: ${url} answered ${r.status}`);
  return r.ttfb;
}

/** A lease edit or a payment through the API, then each page once: the after-write TTFBs. */
async function afterWrites(s: Session, leases: { id: number; currency: string }[]): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (let i = 0; i < WRITES * 2; i++) {
    const lease = leases[i % leases.length]!;
    const kind = i % 2 === 0 ? 'edit' : 'payment';
    if (kind === 'edit') await editLeaseRate(s.base, s.api, lease.id);
    else await payOnLease(s.base, s.api, lease);
    // Each page is measured as the first read after a write of its own (the first read pays the write's catch-up).
    for (const [name, url] of PAGES) {
      if (name === 'Summary') continue;
      (out[`${name} after ${kind === 'edit' ? 'an edit' : 'a payment'}`] ??= []).push(await ttfb(s, url));
    }
  }
  return out;
}

async function main() {
  if (!DB || !PG) {
    console.error('Usage: npm run bench:engines -- --db FILE --pg postgres://… (the same book: npm run db:copy -- --from FILE --to URL)');
    process.exit(2);
  }
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    console.error('No production build: run `npx next build` first.');
    process.exit(2);
  }
  process.env.JWT_ACCESS_TTL ??= '7200';
  const secret = randomBytes(32).toString('hex');
  const servers: BenchServer[] = [];
  try {
    // One at a time: each start's warm-up fills both cores.
    for (const [engine, db, port] of [
      ['SQLite', path.resolve(DB), PORT],
      ['PostgreSQL', PG, PORT + 1],
    ] as const) {
      const server = await startNext(db, secret, { port, timeoutMs: 900_000 });
      await waitForWarm(server);
      console.log(`${engine}: ready in ${(server.readyMs / 1000).toFixed(1)} s`);
      servers.push(server);
    }
    const sessions = [await session('SQLite', servers[0]!), await session('PostgreSQL', servers[1]!)];
    for (const s of sessions) for (const [, url] of PAGES) await ttfb(s, url);

    const perRound: Record<string, Record<Engine, number[]>> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url] of PAGES) {
        for (const s of round % 2 === 0 ? sessions : [...sessions].reverse()) {
          const xs: number[] = [];
          for (let i = 0; i < SAMPLES; i++) xs.push(await ttfb(s, url));
          ((perRound[name] ??= { SQLite: [], PostgreSQL: [] })[s.engine] ??= []).push(median(xs));
        }
      }
      console.log(`round ${round + 1}/${ROUNDS} done`);
    }

    const list = (await (
      await fetch(`${sessions[0]!.base}/api/leases?perPage=50&status=active`, { headers: sessions[0]!.api })
    ).json()) as {
      leases: { id: number; currency: string }[];
    };
    const after: Record<Engine, Record<string, number[]>> = { SQLite: {}, PostgreSQL: {} };
    for (const s of sessions) after[s.engine] = await afterWrites(s, list.leases);

    let miss = false;
    console.log('\n| Page | SQLite TTFB | PostgreSQL TTFB | PostgreSQL ÷ SQLite (median of rounds) | target |');
    console.log('|---|---|---|---|---|');
    for (const [name] of PAGES) {
      const { SQLite: a, PostgreSQL: b } = perRound[name]!;
      const ratio = median(a.map((x, i) => b[i]! / x));
      miss ||= ratio > 1.5;
      console.log(`| ${name} | ${ms(median(a))} | ${ms(median(b))} | ${ratio.toFixed(2)} | ≤ 1.5 ${ratio <= 1.5 ? '✓' : '✗'} |`);
    }
    console.log('\n| Read after a write (p50, max) | SQLite | PostgreSQL | target |');
    console.log('|---|---|---|---|');
    for (const key of Object.keys(after.SQLite)) {
      const a = after.SQLite[key]!;
      const b = after.PostgreSQL[key]!;
      const ok = median(a) < 300 && median(b) < 300;
      miss ||= !ok;
      console.log(
        `| ${key} | ${ms(median(a))}, ${ms(Math.max(...a))} | ${ms(median(b))}, ${ms(Math.max(...b))} | < 300 ms ${ok ? '✓' : '✗'} |`,
      );
    }
    if (miss) process.exitCode = 1;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
