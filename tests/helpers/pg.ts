import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

/** A new, empty database on the suite's PostgreSQL server, dropped by `drop()`. */
export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const admin = inject('pgUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(admin, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    drop: () => withAdmin(admin, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
