/**
 * A server on PostgreSQL (#35): `npm start` with DATABASE_URL naming a new, empty PostgreSQL database migrates it,
 * seeds the demo book and serves it; that server answers the figures' endpoints exactly as a server on the same demo
 * book in SQLite does; a payment recorded through its API is in its next Delinquency.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoTokens } from '../helpers/http';
import { createTestDatabase, type TestDatabase } from '../helpers/pg';
import { startServer, type StartedServer } from '../helpers/server';

let database: TestDatabase;
let sqliteServer: StartedServer;
let pgServer: StartedServer;
const tokens: Record<'sqlite' | 'postgres', string> = { sqlite: '', postgres: '' };

beforeAll(async () => {
  database = await createTestDatabase('server');
  // The same book in SQLite: a server prepared the same way (the demo seed is deterministic for a day).
  [sqliteServer, pgServer] = await Promise.all([startServer(), startServer({ databaseUrl: database.url, npmStart: true })]);
  tokens.sqlite = (await demoTokens(sqliteServer.baseURL, ['analyst'] as const)).analyst;
  tokens.postgres = (await demoTokens(pgServer.baseURL, ['analyst'] as const)).analyst;
}, 300_000);

afterAll(async () => {
  await Promise.all([sqliteServer?.stop(), pgServer?.stop()]);
  await database?.drop();
});

async function get(server: StartedServer, engine: 'sqlite' | 'postgres', url: string): Promise<unknown> {
  const res = await fetch(`${server.baseURL}${url}`, { headers: { authorization: `Bearer ${tokens[engine]}` } });
  expect(res.status, `${engine} ${url}: ${res.status}`).toBe(200);
  return res.json();
}

const both = (url: string) => Promise.all([get(sqliteServer, 'sqlite', url), get(pgServer, 'postgres', url)]);

describe('a server on PostgreSQL', () => {
  test('npm start migrated and seeded the empty database, and says so', async () => {
    expect(pgServer.output()).toMatch(/Database: postgres:\/\/\S+ \(created and seeded with demo data\)/);
    expect(pgServer.output()).toMatch(/Demo sign-ins/);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select (select count(*)::int from leases) as leases, (select count(*)::int from facilities) as facilities, (select count(*)::int from book_changes) as changes',
      );
      expect(rows[0].leases).toBeGreaterThan(500);
      expect(rows[0].facilities).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });

  test.each([
    '/api/sqn/all-total-cash?funderId=1',
    '/api/servicing/delinquency?funderId=1&perPage=50',
    '/api/servicing/delinquency?funderId=1&level=lessee&perPage=50',
    '/api/credit/ecl?funderId=1',
    '/api/credit/measures?funderId=1',
    '/api/credit/defaults?funderId=1',
    '/api/reports/stratification?funderId=1',
    // The workspace's searches: a mail's label and a task's tag in a JSON list, a word in the subject or title.
    '/api/apps/email/emails?label=company&q=a',
    '/api/apps/todo/tasks?tag=high&q=e',
  ])('%s answers as the server on SQLite', async (url) => {
    const [a, b] = await both(url);
    expect(b).toEqual(a);
  });

  test('a payment recorded through its API is in its next Delinquency', async () => {
    const url = '/api/servicing/delinquency?funderId=1&perPage=100&sort=arrearsTotal&dir=desc';
    const before = (await get(pgServer, 'postgres', url)) as { rows: { leaseId: number; arrearsTotal: number; currency: string }[] };
    const owing = before.rows.find((r) => r.arrearsTotal > 0)!;
    expect(owing).toBeDefined();
    const res = await fetch(`${pgServer.baseURL}/api/payments?funderId=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.postgres}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        leaseId: owing.leaseId,
        receivedOn: new Date().toISOString().slice(0, 10),
        amount: owing.arrearsTotal,
        currency: owing.currency,
        method: 'transfer',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const after = (await get(pgServer, 'postgres', url)) as { rows: { leaseId: number; arrearsTotal: number }[] };
    expect(after.rows.find((r) => r.leaseId === owing.leaseId)?.arrearsTotal ?? 0).toBe(0);
    // Written to PostgreSQL, with its journal row.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select count(*)::int as n from book_changes where funder_id = 1 and kind = 'ledger' and lease_id = $1`,
        [owing.leaseId],
      );
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});
