/**
 * Starts a real `next start` on a throwaway SQLite database (used by the API and browser tests), or on the prepared
 * database `databaseUrl` names (a PostgreSQL database the test filled); or, `npmStart`, the whole `npm start`
 * (scripts/start.ts: it prepares the database `databaseUrl` names itself, then serves).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '@/scripts/prepare-db';

export type StartedServer = {
  baseURL: string;
  port: number;
  dbPath: string;
  secret: string;
  /** What the server has printed so far. */
  output: () => string;
  /** Kills the server at once (SIGKILL, its child processes too), as a crash would. */
  kill: () => void;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} did not become healthy in ${timeoutMs} ms`);
}

export async function startServer(
  opts: { port?: number; env?: Record<string, string>; databaseUrl?: string; npmStart?: boolean } = {},
): Promise<StartedServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-test-'));
  const dbPath = path.join(dir, 'quantum.db');
  const secret = randomBytes(32).toString('hex');
  // TRUST_PROXY=1: the tests play the reverse proxy, so each test's X-Forwarded-For is its own client address.
  // A test that fixes the date (QUANTUM_TODAY, lib/clock) means it: the production server is told so.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: opts.databaseUrl ?? dbPath,
    NEXTAUTH_SECRET: secret,
    NEXT_TELEMETRY_DISABLED: '1',
    TRUST_PROXY: '1',
    ...opts.env,
  };
  if (env.QUANTUM_TODAY) env.QUANTUM_ALLOW_FIXED_TODAY = '1';
  // Prepare with the same environment the server will see (seed size, demo users).
  if (!opts.databaseUrl && !opts.npmStart) {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      await prepareDatabase(dbPath);
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
  }
  const port = opts.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  const child = opts.npmStart
    ? spawn(process.execPath, ['--import', 'tsx', path.join(process.cwd(), 'scripts', 'start.ts')], {
        env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
        // A process group of its own: npm start and the `next start` it runs are killed together.
        detached: true,
      })
    : spawn(process.execPath, [nextBin, 'start', '-H', '127.0.0.1', '-p', String(port)], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const killAll = () => {
    if (!running()) return;
    if (opts.npmStart) process.kill(-child.pid!, 'SIGKILL');
    else child.kill('SIGKILL');
  };
  try {
    // npm start prepares the database first (a new PostgreSQL one is seeded, tens of seconds on a loaded machine).
    await waitForHealth(baseURL, child, opts.npmStart ? 180_000 : 60_000);
  } catch (e) {
    killAll();
    throw new Error(`${(e as Error).message}\n${output}`);
  }
  return {
    baseURL,
    port,
    dbPath,
    secret,
    output: () => output,
    kill: killAll,
    stop: async () => {
      if (running()) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        killAll();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
