/**
 * The one clock against real servers (issue #39): a server started with QUANTUM_TODAY=2028-02-29 seeds its demo book
 * around that day, answers every "today" default with it and says so on every signed-in page; a production server
 * (next start, npm start) refuses a fixed date unless QUANTUM_ALLOW_FIXED_TODAY=1 says it is meant.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, demoTokens, signInWithForm } from '../helpers/http';
import { freePort, startServer, type StartedServer } from '../helpers/server';

const DAY = '2028-02-29';
let server: StartedServer;
let token: string;

beforeAll(async () => {
  server = await startServer({ env: { QUANTUM_TODAY: DAY, SEED_LEASES: '60' } });
  token = (await demoTokens(server.baseURL, ['analyst'] as const)).analyst;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const getJson = async (p: string) => {
  const res = await fetch(`${server.baseURL}${p}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, p).toBe(200);
  return res.json();
};

describe(`a server whose today is ${DAY}`, () => {
  it('answers the "today" defaults with it: Delinquency as of today, the reports up to its month, facilities at today', async () => {
    expect((await getJson('/api/servicing/delinquency?funderId=1&perPage=1')).asOf).toBe(DAY);
    const facilities = await getJson('/api/facilities?funderId=1');
    expect(JSON.stringify(facilities)).toContain(`"asOf":"${DAY}"`);
  });

  it('seeded its demo around that day: the facility’s certificate is at the last month end, 31 January 2028', async () => {
    const { facilities } = (await getJson('/api/facilities?funderId=1')) as { facilities: { id: number }[] };
    expect(facilities.length).toBeGreaterThan(0);
    const certificates = JSON.stringify(await getJson(`/api/facilities/${facilities[0]!.id}/certificates`));
    expect(certificates).toContain('"asOf":"2028-01-31"');
  });

  it('says so on every signed-in page, in the page’s language, and the cut-off follows it', async () => {
    const { jar } = await signInWithForm(server.baseURL, 'analyst@quantum.demo', 'quantum-demo');
    const page = async (p: string) => (await fetch(`${server.baseURL}${p}`, { headers: { cookie: cookieHeader(jar) } })).text();
    const en = await page('/en/dashboard');
    expect(en).toContain('data-testid="fixed-clock"');
    expect(en).toContain('this server treats February 29, 2028 as today');
    expect(en).toContain('Cut-off Feb 1, 2028');
    expect(await page('/de/servicing/delinquency')).toContain('Dieser Server rechnet mit dem 29. Februar 2028 als heutigem Tag');
    expect(await page('/fr/reports/summary')).toContain('ce serveur considère le 29 février 2028 comme aujourd’hui');
    expect(await page('/pt/master-file')).toContain('este servidor considera 29 de fevereiro de 2028 como hoje');
  });
});

describe('a production server and a fixed date', () => {
  it('next start refuses QUANTUM_TODAY without QUANTUM_ALLOW_FIXED_TODAY=1, naming both', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-clock-'));
    const port = await freePort();
    // NODE_ENV as next start sets it when unset (vitest's 'test' would be kept, and is no production server).
    const env = {
      ...process.env,
      NODE_ENV: 'production' as const,
      DATABASE_URL: path.join(dir, 'q.db'),
      SEED_DEMO: '0',
      NEXTAUTH_SECRET: 'x'.repeat(64),
      QUANTUM_TODAY: DAY,
      QUANTUM_ALLOW_FIXED_TODAY: '',
    };
    const child = spawn(
      process.execPath,
      [path.join(process.cwd(), 'node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', String(port)],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 60_000);
      child.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code, output).not.toBe(0);
    expect(code, output).not.toBeNull();
    expect(output).toContain(`QUANTUM cannot start: QUANTUM_TODAY=${DAY} fixes the date of every figure on a production server.`);
    expect(output).toContain('QUANTUM_ALLOW_FIXED_TODAY=1');
  }, 90_000);

  it('npm start (scripts/start.ts) refuses it before building or touching a database; a malformed date too', () => {
    for (const [today, says] of [
      [DAY, `QUANTUM_TODAY=${DAY} fixes the date of every figure`],
      ['2027-02-29', 'QUANTUM_TODAY must be a calendar date as YYYY-MM-DD; it is "2027-02-29".'],
    ] as const) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-clock-'));
      const res = spawnSync(process.execPath, [path.join(process.cwd(), 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'], {
        env: { ...process.env, DATABASE_URL: path.join(dir, 'q.db'), PORT: '1', QUANTUM_TODAY: today, QUANTUM_ALLOW_FIXED_TODAY: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(res.status, res.stdout + res.stderr).toBe(1);
      expect(res.stderr).toContain(`QUANTUM cannot start: ${says}`);
      expect(spawnSync('ls', [dir], { encoding: 'utf8' }).stdout.trim()).toBe('');
    }
  }, 90_000);
});
