/** Signs each demo role in once through the real sign-in form and keeps its session for the other specs (tests/helpers/e2e-auth.ts). */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { authStateFile, DEMO_PASSWORD, DEMO_ROLES, landingOf } from '../helpers/e2e-auth';

for (const role of DEMO_ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto('/en/login');
    await page.getByLabel('E-mail').fill(`${role}@quantum.demo`);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === landingOf(role));
    await expect(page.getByRole('button', { name: /^User menu for / })).toBeVisible();
    mkdirSync(path.dirname(authStateFile(role)), { recursive: true });
    await page.context().storageState({ path: authStateFile(role) });
  });
}
