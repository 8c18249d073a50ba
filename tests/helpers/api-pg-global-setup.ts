import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startCluster, type Cluster } from '../../scripts/pg-cluster';
import { prepareConfiguredDatabase } from '../../services/database/prepare';
import { startServer } from './server';

/**
 * The API suite again on PostgreSQL (#35): one real server whose DATABASE_URL is a new PostgreSQL database, prepared
 * as `npm start` prepares one (migrated, the demo book seeded), on a throwaway cluster (scripts/pg-cluster.ts) or the
 * server QUANTUM_TEST_PG_URL names. The project runs the API test files that speak to the server over HTTP only.
 */
export default async function setup(project: TestProject) {
  let cluster: Cluster | null = null;
  const admin = process.env.QUANTUM_TEST_PG_URL ?? (cluster = await startCluster()).url;
  const name = `api_suite_${randomBytes(5).toString('hex')}`;
  const maintenance = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await maintenance(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  await prepareConfiguredDatabase({ engine: 'postgres', url: url.href, display: url.href });
  const server = await startServer({ databaseUrl: url.href });
  project.provide('baseURL', server.baseURL);
  project.provide('dbPath', '');
  project.provide('secret', server.secret);
  project.provide('pgUrl', admin);
  return async () => {
    await server.stop();
    await maintenance(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    cluster?.stop();
  };
}
