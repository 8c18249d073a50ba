import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname),
  'server-only': path.resolve(import.meta.dirname, 'tests/helpers/server-only.ts'),
};

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
    ],
  },
});
