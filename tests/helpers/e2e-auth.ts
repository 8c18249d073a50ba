/**
 * Browser tests sign in once per role: tests/e2e/auth.setup.ts signs each demo user in through the real
 * form and keeps the session (Playwright storageState) in .tmp/e2e-auth/<role>.json; a test then starts
 * signed in by loading those cookies instead of filling the form again. Tests about signing in itself
 * (the form, callbacks, rate limits, OIDC, password changes) keep using the form.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** The demo users signed in once each; admin2 is the seed's second admin (four eyes on funder settings). */
export const DEMO_ROLES = ['admin', 'analyst', 'viewer', 'client', 'admin2'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];
export const DEMO_PASSWORD = 'quantum-demo';

/** Per server port: two checkouts running their browser tests at once (E2E_PORT) keep their sessions apart. */
export const authStateFile = (role: DemoRole) =>
  path.join(process.cwd(), '.tmp', 'e2e-auth', `${process.env.E2E_PORT ?? '3400'}-${role}.json`);

/** Where the sign-in form lands each role (funder roles on the Dashboard, the client on its account). */
export const landingOf = (role: DemoRole) => (role === 'client' ? '/en/account' : '/en/dashboard');

type StorageState = { cookies: Parameters<ReturnType<Page['context']>['addCookies']>[0] };

/** Starts the page signed in as the demo role (the session made once by the setup project) on the role's landing page. */
export async function signInAs(page: Page, role: DemoRole): Promise<void> {
  const state = JSON.parse(readFileSync(authStateFile(role), 'utf8')) as StorageState;
  await page.context().addCookies(state.cookies);
  await page.goto(landingOf(role));
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}
