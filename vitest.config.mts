import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname),
  'server-only': path.resolve(import.meta.dirname, 'tests/helpers/server-only.ts'),
};

/**
 * The API test files run on both engines: those that reach the server through HTTP alone (the others open its SQLite
 * file, start servers of their own or test the engines side by side already).
 */
const API_ON_BOTH_ENGINES = [
  'access',
  'admin-ecommerce',
  'admin-invoices',
  'admin-users',
  'apps',
  'attack-matrix',
  'auth',
  'calculators',
  'credit',
  'facilities',
  'figures',
  'four-eyes',
  'funders',
  'import-roll-forward',
  'import-state',
  'imports',
  'lease-combined',
  'lease-page',
  'leases',
  'openapi',
  'portfolio-views',
  'quotations',
  'scenarios',
  'servicing',
  'sqn',
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // 30 s, as the API project, not vitest's 5 s: a margin for the loaded two-core CI machine, where the slowest unit
        // tests (the demo seed on /tmp, the facilities warm-up) take 2–3 s. (A 5 s wait once blamed on load was a
        // busy-timeout bug in the import commit, since fixed.)
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', pool: 'forks', testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          globalSetup: ['tests/helpers/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // The API tests that speak to the server over HTTP only, again against a server on PostgreSQL (#35).
          name: 'api-pg',
          include: API_ON_BOTH_ENGINES.map((name) => `tests/api/${name}.test.ts`),
          environment: 'node',
          pool: 'forks',
          globalSetup: ['tests/helpers/api-pg-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
