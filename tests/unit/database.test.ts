import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from '@/db/seed/users';

const saved = { ...process.env };

beforeEach(() => {
  vi.resetModules();
  delete (globalThis as { __quantumDb?: unknown }).__quantumDb;
});

afterEach(() => {
  const g = globalThis as { __quantumDb?: { $client: { close: () => void } } };
  g.__quantumDb?.$client.close();
  delete g.__quantumDb;
  process.env = { ...saved };
});

const USER = `insert into users (email, username, full_name, password_hash, role, created_at, updated_at) values (?, ?, 'A', 'x', 'admin', 0, 0)`;

describe('database connection', () => {
  it('opens with WAL, foreign keys and a busy timeout', async () => {
    const { openDb } = await import('@/db/client');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-db-'));
    const db = openDb(path.join(dir, 'x.db'));
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(5000);
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps one database per process: a read-only connection for the requests, one writer for every transaction', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-db-'));
    process.env.DATABASE_URL = path.join(dir, 'one.db');
    const { getDb } = await import('@/db');
    const { openDb, runMigrations, sqliteOf } = await import('@/db/client');
    const { transaction, writerOf } = await import('@/db/transaction');
    const db = getDb();
    expect(getDb()).toBe(db);
    expect(db.$client.readonly).toBe(true);
    const writer = sqliteOf(writerOf(db));
    expect(writer).not.toBe(db.$client);
    expect(writer.readonly).toBe(false);
    runMigrations(writerOf(db) as Parameters<typeof runMigrations>[0]);
    // A request's stray write fails at once instead of landing in another request's open transaction.
    expect(() => db.$client.prepare(USER).run('stray@example.com', 'stray')).toThrow(/readonly/);
    // Another connection of this process to the same file writes through the same writer.
    const script = openDb(path.join(dir, 'one.db'));
    expect(sqliteOf(writerOf(script))).toBe(writer);
    // A transaction's rows are not seen by the reader until it commits.
    let inside = -1;
    await transaction(db, async (tx) => {
      sqliteOf(tx).prepare(USER).run('one@example.com', 'one');
      await new Promise((r) => setTimeout(r, 5));
      inside = db.$client.prepare('select count(*) from users').pluck().get() as number;
    });
    expect(inside).toBe(0);
    expect(db.$client.prepare('select count(*) from users').pluck().get()).toBe(1);
    script.$client.close();
    db.$client.close();
    expect(writer.open).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it('GET /api/health answers 503 when the database cannot be opened', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-db-'));
    // A directory is not a database file.
    process.env.DATABASE_URL = dir;
    const { GET } = await import('@/app/api/health/route');
    const res = await GET();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'error', database: 'unreachable' });
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'on a Vercel preview without DATABASE_URL, the server start prepares the /tmp database with the whole demo, its facility too',
    { timeout: 120_000 },
    async () => {
      const tmpDb = '/tmp/quantum/quantum.db';
      const existed = existsSync('/tmp/quantum');
      process.env.VERCEL = '1';
      delete process.env.DATABASE_URL;
      const { databasePath } = await import('@/lib/env');
      expect(databasePath()).toBe(tmpDb);
      if (existed) return; // never touch a real preview database on a developer machine
      try {
        process.env.NEXT_RUNTIME = 'nodejs';
        delete process.env.SEED_DEMO;
        const { register } = await import('@/instrumentation');
        await register();
        expect(existsSync(tmpDb)).toBe(true);
        const { getDb } = await import('@/db');
        const { countUsers } = await import('@/db/queries/users');
        const db = getDb();
        expect(await countUsers(db)).toBe(DEMO_USERS.length);
        expect(DEMO_USERS).toHaveLength(5);
        // The demo facility, with its draws and an issued certificate: computed from the seeded book by the services.
        const { listFacilities, listDraws, listCertificates } = await import('@/db/queries/facilities');
        const facilities = await listFacilities(db, 'all');
        expect(facilities.length).toBeGreaterThan(0);
        expect((await listDraws(db, facilities[0]!.id)).some((d) => d.status === 'approved')).toBe(true);
        expect((await listCertificates(db, facilities[0]!.id)).some((c) => c.status === 'approved')).toBe(true);
      } finally {
        rmSync('/tmp/quantum', { recursive: true, force: true });
      }
    },
  );
});
