/** What the benchmarks share: options, the built server on a given database, timing, process memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '@/tests/helpers/server';
import { prepareConfiguredDatabase } from '@/services/database/prepare';
import { databaseConfig } from '@/lib/env';
import { SERVER_NODE_ARGS, serverEnv } from '@/scripts/server-env';

const args = process.argv.slice(2);

/** A numeric command-line option (`--name 123`), or the fallback. */
export function numberOption(name: string, fallback: number): number {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

/** A string command-line option (`--name value`), or undefined. */
export function stringOption(name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export function flag(name: string): boolean {
  return args.includes(name);
}

export const now = () => performance.now();

/** The median of `xs` (the upper one of an even count; 0 when empty). */
export const median = (xs: readonly number[]): number => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0);

export type BenchServer = { baseURL: string; child: ChildProcess; readyMs: number; output: () => string; stop: () => Promise<void> };

/**
 * Starts the built server (`next start`, production) on a database — a SQLite file, or a PostgreSQL URL — and waits for
 * /api/health.
 */
export async function startNext(dbPath: string, secret: string, opts: { port?: number; timeoutMs?: number } = {}): Promise<BenchServer> {
  const port = opts.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const t0 = now();
  const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  // BENCH_NODE_ARGS: node flags for the server, e.g. '--cpu-prof --cpu-prof-dir=.tmp/prof' (a CPU profile written when it
  // stops; NODE_OPTIONS refuses --cpu-prof) or '--trace-gc' (printed with the server's output).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // As `npm start` does: the committed migrations applied (a book seeded by an older checkout) and the demo areas added,
  // and the server started with its environment (scripts/server-env.ts).
  await prepareConfiguredDatabase(databaseConfig(dbPath));
  const server = await startProcess(
    [...SERVER_NODE_ARGS, ...nodeArgs, nextBin, 'start', '-H', '127.0.0.1', '-p', String(port)],
    {
      ...serverEnv(process.env),
      DATABASE_URL: dbPath,
      NEXTAUTH_SECRET: secret,
      NEXTAUTH_URL: baseURL,
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
    },
    `${baseURL}/api/health`,
    'next start',
    opts.timeoutMs ?? 180_000,
  );
  return { baseURL, ...server, readyMs: now() - t0 };
}

export type StartedProcess = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/**
 * Starts `node <args>` and waits until `readyUrl` answers 2xx (throws with the process's output when it exits or
 * `timeoutMs` passes first); `stop` sends SIGTERM, then SIGKILL after 5 s.
 */
export async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  what: string,
  timeoutMs: number,
): Promise<StartedProcess> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // BENCH_SERVER_LOG=FILE: the server's output is also appended to FILE as it comes (to see what it logged while measured).
  const log = process.env.BENCH_SERVER_LOG;
  if (log) for (const s of [child.stdout, child.stderr]) s?.on('data', (d: Buffer) => appendFileSync(log, d));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(readyUrl)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    out.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

/** Σ VmRSS of the processes, MiB. */
export function rssMiB(pids: number[]): number {
  let kib = 0;
  for (const p of pids) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      kib += m ? Number(m[1]) : 0;
    } catch {
      /* gone */
    }
  }
  return kib / 1024;
}

/** Time to the response headers (first byte) and to the end of the body. */
export async function timed(url: string, init: RequestInit): Promise<{ ttfb: number; total: number; status: number; bytes: number }> {
  const t0 = now();
  const res = await fetch(url, { redirect: 'manual', ...init });
  const ttfb = now() - t0;
  const body = await res.arrayBuffer();
  return { ttfb, total: now() - t0, status: res.status, bytes: body.byteLength };
}

/**
 * Waits until the server's background warm-up has finished (instrumentation.ts logs "[warm-up] done" after the
 * servicing books, the facilities' borrowing bases and the missing month-end snapshots): measuring during it would
 * charge its CPU and memory to the requests measured (a freshly seeded book has most of its snapshots to build).
 */
export async function waitForWarm(server: BenchServer, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/\[warm-up\] done/.test(server.output()) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The benches' lease edit through the API: the lease's rate moved by half a point (down above 5 %, up below) at its
 * current version. Returns the PATCH's own time (the write applies its change to the caches before it answers).
 */
export async function editLeaseRate(base: string, auth: Record<string, string>, leaseId: number): Promise<number> {
  const current = (await (await fetch(`${base}/api/leases/${leaseId}`, { headers: auth })).json()) as {
    lease: { version: number; rate: number };
  };
  const rate = current.lease.rate > 0.05 ? current.lease.rate - 0.005 : current.lease.rate + 0.005;
  const t0 = now();
  const r = await fetch(`${base}/api/leases/${leaseId}`, {
    method: 'PATCH',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ version: current.lease.version, rate: Math.round(rate * 10000) / 10000 }),
  });
  const ms = now() - t0;
  if (r.status !== 200) throw new Error(`PATCH /api/leases/${leaseId} answered ${r.status}: ${await r.text()}`);
  return ms;
}

/** A payment through the API: 123.45 received today on the lease. Returns the POST's time (its answer read), status and answer. */
export async function postPayment(
  base: string,
  auth: Record<string, string>,
  lease: { id: number; currency: string },
): Promise<{ ms: number; status: number; text: string }> {
  const body = {
    leaseId: lease.id,
    receivedOn: new Date().toISOString().slice(0, 10),
    amount: 12_345,
    currency: lease.currency,
    method: 'transfer',
  };
  const t0 = now();
  const r = await fetch(`${base}/api/payments`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  return { ms: now() - t0, status: r.status, text };
}

/** The benches' payment through the API (postPayment), which must answer 201. Returns the POST's own time. */
export async function payOnLease(base: string, auth: Record<string, string>, lease: { id: number; currency: string }): Promise<number> {
  const r = await postPayment(base, auth, lease);
  if (r.status !== 201) throw new Error(`POST /api/payments answered ${r.status}: ${r.text}`);
  return r.ms;
}
