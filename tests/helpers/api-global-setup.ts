import type { TestProject } from 'vitest/node';
import { startCluster, type Cluster } from '../../scripts/pg-cluster';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dbPath: string;
    secret: string;
    /** The maintenance URL of the suite's PostgreSQL server (tests make their own databases on it: tests/helpers/pg.ts). */
    pgUrl: string;
  }
}

/**
 * One real server on a throwaway database for the whole API suite, and one throwaway PostgreSQL cluster
 * (scripts/pg-cluster.ts), or the server QUANTUM_TEST_PG_URL names. Without PostgreSQL the suite fails: its
 * PostgreSQL tests are part of it (npm test installs the package).
 */
export default async function setup(project: TestProject) {
  let cluster: Cluster | null = null;
  const pgUrl = process.env.QUANTUM_TEST_PG_URL ?? (cluster = await startCluster()).url;
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  project.provide('dbPath', server.dbPath);
  project.provide('secret', server.secret);
  project.provide('pgUrl', pgUrl);
  return async () => {
    await server.stop();
    cluster?.stop();
  };
}
