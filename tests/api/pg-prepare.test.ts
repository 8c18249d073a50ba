/**
 * Preparing a PostgreSQL database (#35, services/database/prepare-pg.ts), as `npm start` does: an empty database is
 * migrated and seeded with the demo book once, even when two servers start on it at the same moment; a prepared one is
 * left as it is; SEED_DEMO=0 migrates only; a server that does not answer, or a database that does not exist, stops
 * the preparation with the reason in words and without the password.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { DatabaseUnavailable, prepareConfiguredDatabase } from '@/services/database/prepare';
import { createTestDatabase, type TestDatabase } from '../helpers/pg';

const made: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(made.map((d) => d.drop()));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

async function counts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select (select count(*)::int from users) as users, (select count(*)::int from funders) as funders,
              (select count(*)::int from leases) as leases, (select count(*)::int from payments) as payments,
              (select count(*)::int from facilities) as facilities, (select count(*)::int from book_changes) as changes`,
    );
    return rows[0] as Record<string, number>;
  } finally {
    await client.end();
  }
}

const postgres = (url: string) => ({ engine: 'postgres' as const, url, display: url });

describe('preparing a PostgreSQL database', () => {
  test('two servers starting at once on an empty database: one migrates and seeds, the other waits and finds it done', async () => {
    const database = await createTestDatabase('prep');
    made.push(database);
    const [a, b] = await Promise.all([
      prepareConfiguredDatabase(postgres(database.url)),
      prepareConfiguredDatabase(postgres(database.url)),
    ]);
    expect([a.seeded, b.seeded].sort()).toEqual([false, true]);
    expect(a.demo && b.demo).toBe(true);
    const seeded = await counts(database.url);
    expect(seeded.funders).toBe(2);
    expect(seeded.leases).toBeGreaterThan(500);
    expect(seeded.payments).toBeGreaterThan(0);
    expect(seeded.facilities).toBeGreaterThan(0);
    expect(seeded.changes).toBeGreaterThan(0);

    // A third start changes nothing.
    const again = await prepareConfiguredDatabase(postgres(database.url));
    expect(again).toMatchObject({ seeded: false, areas: [], demo: true });
    expect(await counts(database.url)).toEqual(seeded);
  }, 240_000);

  test('SEED_DEMO=0 migrates an empty database and leaves it empty', async () => {
    const database = await createTestDatabase('prep');
    made.push(database);
    vi.stubEnv('SEED_DEMO', '0');
    expect(await prepareConfiguredDatabase(postgres(database.url))).toMatchObject({ seeded: false, demo: false });
    expect(await counts(database.url)).toEqual({ users: 0, funders: 0, leases: 0, payments: 0, facilities: 0, changes: 0 });
  }, 60_000);

  test('a server that does not answer stops the preparation with the reason, never the password', async () => {
    const url = 'postgres://quantum:s3cret@127.0.0.1:1/quantum';
    const error = await prepareConfiguredDatabase({ engine: 'postgres', url, display: 'postgres://quantum:***@127.0.0.1:1/quantum' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatabaseUnavailable);
    expect((error as Error).message).toMatch(
      /^The PostgreSQL server of postgres:\/\/quantum:\*\*\*@127\.0\.0\.1:1\/quantum does not answer/,
    );
    expect((error as Error).message).not.toMatch(/s3cret/);
  });

  test('a database that does not exist is named, with what to do', async () => {
    const database = await createTestDatabase('prep');
    made.push(database);
    const url = new URL(database.url);
    url.pathname = `/${database.name}_missing`;
    await expect(prepareConfiguredDatabase(postgres(url.href))).rejects.toThrow(/does not exist on that server: create it first/);
  });

  test('npm run db:migrate prepares through DATABASE_URL_UNPOOLED when it is set (a pooler in front of DATABASE_URL)', async () => {
    const database = await createTestDatabase('prep');
    made.push(database);
    const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(process.cwd(), 'scripts', 'prepare-db.ts')], {
      cwd: process.cwd(),
      // The pooled URL would not answer here: only the direct one is used.
      env: { ...process.env, DATABASE_URL: 'postgres://quantum@127.0.0.1:1/pooled', DATABASE_URL_UNPOOLED: database.url, SEED_DEMO: '0' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Database ready: postgres:\/\//m);
    expect(await counts(database.url)).toMatchObject({ users: 0, funders: 0 });
  }, 150_000);
});
