import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dbPath: string;
    secret: string;
  }
}

/** One real server on a throwaway database for the whole API suite. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  project.provide('dbPath', server.dbPath);
  project.provide('secret', server.secret);
  return async () => {
    await server.stop();
  };
}
