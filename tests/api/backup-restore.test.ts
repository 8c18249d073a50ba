import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { postJson, uniqueIp } from '../helpers/http';
import { startServer, type StartedServer } from '../helpers/server';

const baseURL = inject('baseURL');
const dbPath = inject('dbPath');
const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-backup-'));
let restored: StartedServer | undefined;

afterAll(async () => {
  await restored?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run backup` as a user would (tsx scripts/backup.ts) against a database file. */
function runBackupCli(database: string, args: string[]): Promise<{ code: number; out: string }> {
  const tsx = path.join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsx, 'scripts/backup.ts', ...args], { env: { ...process.env, DATABASE_URL: database } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

async function register(stamp: string): Promise<{ token: string; email: string; password: string }> {
  const email = `backup-${stamp}@example.com`;
  const password = 'backup-long-password';
  const res = await postJson(baseURL, '/jwt/register', { email, password, username: `backup_${stamp}` }, { 'x-forwarded-for': uniqueIp() });
  expect(res.status).toBe(201);
  return { token: ((await res.json()) as { accessToken: string }).accessToken, email, password };
}

describe('npm run backup', () => {
  it('refuses to overwrite an existing file without --force, and overwrites with it', async () => {
    const target = path.join(dir, 'existing.db');
    writeFileSync(target, 'not a database');
    const refused = await runBackupCli(dbPath, [target]);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/exists; pass --force/);
    const forced = await runBackupCli(dbPath, [target, '--force']);
    expect(forced.code, forced.out).toBe(0);
    expect(forced.out).toMatch(/Backed up .* in \d+ ms, integrity_check ok/);
  }, 60_000);

  it('takes a consistent copy under a continuous write load, and the restored copy serves', async () => {
    const stamp = Date.now().toString(36);
    const user = await register(stamp);
    const auth = { authorization: `Bearer ${user.token}` };
    const acknowledged: { id: number; at: number }[] = [];
    let writing = true;
    let failures = 0;
    let n = 0;
    // Two writers, back to back, through the real server: every 201 is an acknowledged (committed) write.
    const writer = async () => {
      while (writing) {
        const res = await postJson(baseURL, '/api/apps/todo/add-tasks', { task: { title: `backup load ${stamp} #${n++}` } }, auth);
        if (res.status === 201) acknowledged.push({ id: ((await res.json()) as { task: { id: number } }).task.id, at: performance.now() });
        else failures++;
      }
    };
    const writers = [writer(), writer()];
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));

    const target = path.join(dir, 'under-load.db');
    const startedAt = performance.now();
    const before = acknowledged.filter((a) => a.at < startedAt).map((a) => a.id);
    const result = await runBackupCli(dbPath, [target]);
    const during = acknowledged.length - before.length;
    writing = false;
    await Promise.all(writers);
    expect(result.code, result.out).toBe(0);
    expect(failures).toBe(0);
    // Writes went on while the copy was taken (the load was real), and every one acknowledged before it started is in it.
    expect(during).toBeGreaterThan(0);
    const copy = new Database(target, { readonly: true, fileMustExist: true });
    let ids = new Set<number>();
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      ids = new Set(
        (copy.prepare('SELECT id FROM app_tasks WHERE title LIKE ?').all(`backup load ${stamp} #%`) as { id: number }[]).map((r) => r.id),
      );
      expect(before.filter((id) => !ids.has(id))).toEqual([]);
      // A snapshot, not a torn read: what it holds of the load is a prefix of the acknowledged writes.
      expect(ids.size).toBeGreaterThanOrEqual(before.length);
    } finally {
      copy.close();
    }

    // Restore as the README says: the copy becomes the server's database file, with no -wal/-shm beside it.
    const restoreDir = mkdtempSync(path.join(dir, 'restore-'));
    const restoredFile = path.join(restoreDir, 'quantum.db');
    copyFileSync(target, restoredFile);
    expect(existsSync(`${restoredFile}-wal`)).toBe(false);
    restored = await startServer({ env: { DATABASE_URL: restoredFile, SEED_LEASES: '0' } });
    const health = await fetch(`${restored.baseURL}/api/health`);
    expect(health.status).toBe(200);
    const login = await postJson(
      restored.baseURL,
      '/jwt/login',
      { email: user.email, password: user.password },
      { 'x-forwarded-for': uniqueIp() },
    );
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { accessToken: string }).accessToken;
    const tasks = await fetch(`${restored.baseURL}/api/apps/todo/tasks?perPage=100`, { headers: { authorization: `Bearer ${token}` } });
    expect(tasks.status).toBe(200);
    // The restored server serves exactly the copy: its newest task is the copy's newest, and nothing newer.
    const served = ((await tasks.json()) as { id: number }[]).map((t) => t.id);
    expect(served[0]).toBe(Math.max(...ids));
    expect(served.filter((id) => !ids.has(id))).toEqual([]);
    const admin = await postJson(
      restored.baseURL,
      '/jwt/login',
      { email: 'admin@quantum.demo', password: 'quantum-demo' },
      { 'x-forwarded-for': uniqueIp() },
    );
    const adminToken = ((await admin.json()) as { accessToken: string }).accessToken;
    const leases = await fetch(`${restored.baseURL}/api/leases?funderId=1&perPage=5`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(leases.status).toBe(200);
  }, 180_000);
});
