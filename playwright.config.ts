import { defineConfig } from '@playwright/test';

// Overridable so that two checkouts on one machine can run their browser tests at the same time.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3400);
export const OIDC_PORT = Number(process.env.OIDC_PORT ?? 3401);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium: Playwright's own browser download is not reachable here.
      executablePath: chromiumPath,
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Signs each demo role in once; the specs reuse the sessions (tests/helpers/e2e-auth.ts).
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    { name: 'chromium', testIgnore: /auth\.setup\.ts$/, dependencies: ['setup'] },
  ],
  webServer: [
    {
      command: `npx tsx tests/helpers/oidc-server.ts ${OIDC_PORT} ${E2E_PORT}`,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: `npx tsx tests/helpers/e2e-server.ts ${E2E_PORT} ${OIDC_PORT}`,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
});
