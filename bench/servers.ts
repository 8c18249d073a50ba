/**
 * Two servers against one: `npm run bench:servers -- --pg URL` (needs `next build`).
 *
 * Two production servers on one PostgreSQL database (the book of --pg, e.g. a 100,000-lease book copied with
 * `npm run db:copy`), each warmed as at a start. The read mix of bench:ratio — the signed-in Dashboard, Total Cash
 * Flow, Summary and Delinquency pages — is requested at a fixed concurrency over keep-alive connections, in
 * interleaved rounds: all requests to one server, then the same requests spread over both in turn (the load
 * generator alternates, as a round-robin balancer would), one, two, … The ratio is two ÷ one of the requests per
 * second, per round; reported as the median of the rounds. Target (#35): ≥ 1.3. Exit code 1 on a miss.
 *
 * On this two-core machine the load generator shares the cores with the servers: the ratio is what a second
 * server adds when one server's single JavaScript thread is the limit.
 *
 * Options: --pg URL (required), --rounds N (default 5), --seconds S per round (default 6), --concurrency C (default
 * 8), --port P (the second server uses P + 1; default 3570).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cookieHeader, signInWithForm } from '@/tests/helpers/http';
import { type BenchServer, median, now, numberOption, startNext, stringOption, waitForWarm } from './common';

const PG = stringOption('--pg');
const ROUNDS = numberOption('--rounds', 5);
const SECONDS = numberOption('--seconds', 6);
const CONCURRENCY = numberOption('--concurrency', 8);
const PORT = numberOption('--port', 3570);
const TARGET = 1.3;

const PAGES = ['/en/dashboard', '/en/portfolio/total-cash-flow', '/en/portfolio/summary', '/en/servicing/delinquency'];

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Requests per second of the read mix at CONCURRENCY for SECONDS, spread over `bases` in turn. */
async function rps(bases: string[], cookie: string): Promise<number> {
  const t0 = now();
  const deadline = t0 + SECONDS * 1000;
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (now() < deadline) {
      const k = next++;
      const url = `${bases[k % bases.length]}${PAGES[Math.floor(k / bases.length) % PAGES.length]}`;
      const status = await get(url, { cookie });
      if (status !== 200) throw new Error(`${url} answered ${status}`);
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / ((now() - t0) / 1000);
}

async function main() {
  if (!PG) {
    console.error('Usage: npm run bench:servers -- --pg postgres://… (a book: npm run db:copy -- --from FILE --to URL)');
    process.exit(2);
  }
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    console.error('No production build: run `npx next build` first.');
    process.exit(2);
  }
  const secret = randomBytes(32).toString('hex');
  const servers: BenchServer[] = [];
  try {
    for (const port of [PORT, PORT + 1]) {
      const server = await startNext(PG, secret, { port, timeoutMs: 900_000 });
      await waitForWarm(server);
      console.log(`server on :${port} ready in ${(server.readyMs / 1000).toFixed(1)} s`);
      servers.push(server);
    }
    // One session cookie for both: they share the secret and the database.
    const { jar } = await signInWithForm(servers[0]!.baseURL, 'analyst@quantum.demo', 'quantum-demo');
    const cookie = cookieHeader(jar);
    const one = [servers[0]!.baseURL];
    const two = servers.map((s) => s.baseURL);
    // Warm every page on both.
    for (const base of two)
      for (const p of PAGES) if ((await get(`${base}${p}`, { cookie })) !== 200) throw new Error(`${base}${p} failed`);
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ([one, two] as const) : ([two, one] as const);
      const measured = new Map<string[], number>();
      for (const bases of order) measured.set(bases, await rps(bases, cookie));
      const ratio = measured.get(two)! / measured.get(one)!;
      ratios.push(ratio);
      console.log(
        `round ${round + 1}: one server ${measured.get(one)!.toFixed(1)} req/s, two ${measured.get(two)!.toFixed(1)} req/s, ratio ${ratio.toFixed(2)}`,
      );
    }
    const ratio = median(ratios);
    console.log(`\nTwo servers ÷ one on the read mix (median of ${ROUNDS} rounds): ${ratio.toFixed(2)} (target ≥ ${TARGET})`);
    if (ratio < TARGET) process.exitCode = 1;
  } finally {
    agent.destroy();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
