/**
 * A throwaway PostgreSQL cluster for the test suites and the benchmarks: Debian's `postgresql` package (installed with
 * apt-get when missing), a fresh `initdb` in a temporary folder, a server on 127.0.0.1 only, on a free port, stopped
 * and deleted at the end. Its durability settings are off (fsync, synchronous_commit): a test cluster is thrown away
 * after the run, and a crash loses nothing that matters.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { aptInstall } from './apt';

export type Cluster = {
  /** postgres://quantum@127.0.0.1:<port>/postgres — the superuser's URL, on the maintenance database. */
  url: string;
  /** The URL of database `name` on this cluster. */
  urlOf(name: string): string;
  stop(): void;
};

/** The folder of the newest installed PostgreSQL's server binaries, or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

/** Installs Debian's postgresql package when no server binaries are found. */
export function ensurePostgres(): boolean {
  if (postgresBinDir()) return true;
  console.log("PostgreSQL not found: installing Debian's postgresql package…");
  return aptInstall('postgresql') && postgresBinDir() !== null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The uid and gid of the `postgres` account: initdb and the server refuse to run as root. */
function postgresAccount(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Starts a fresh cluster; throws with the server's log when it cannot. */
export async function startCluster(): Promise<Cluster> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error("PostgreSQL's server binaries were not found (/usr/lib/postgresql/*/bin): install Debian's postgresql package.");
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-pg-'));
  const data = path.join(dir, 'data');
  const account = postgresAccount();
  if (account) {
    chownSync(dir, account.uid, account.gid);
    chmodSync(dir, 0o700);
  }
  const as = (cmd: string, args: string[]) =>
    spawnSync(cmd, args, {
      encoding: 'utf8',
      ...(account ? { uid: account.uid, gid: account.gid } : {}),
      env: { ...process.env, LC_ALL: 'C' },
    });
  const init = as(path.join(bin, 'initdb'), ['-D', data, '-U', 'quantum', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const log = path.join(dir, 'server.log');
  const start = as(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
  if (start.status !== 0) {
    const text = existsSync(log) ? as('cat', [log]).stdout : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${start.stderr || start.stdout}\n${text}`);
  }
  let stopped = false;
  const urlOf = (name: string) => `postgres://quantum@127.0.0.1:${port}/${name}`;
  return {
    url: urlOf('postgres'),
    urlOf,
    stop() {
      if (stopped) return;
      stopped = true;
      as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
