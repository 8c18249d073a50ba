/**
 * Sign-in through the real local OpenID Connect provider (tests/helpers/oidc-server.ts, started by
 * playwright.config.ts on 127.0.0.1:3401). The provider's grant decides access: Fiona is granted
 * `read:funders`, Nils is signed in with `openid profile email` only.
 * Every test gets Playwright's fresh browser context, so no QUANTUM or identity-provider session carries over.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT, OIDC_PORT } from '../../playwright.config';

const IDP_ORIGIN = `http://127.0.0.1:${OIDC_PORT}`;
const FUNDERS = 'read:funders';

const FIONA = { email: 'funder.analyst@idp.test', name: 'Fiona Funder' };
const NILS = { email: 'no.scope@idp.test', name: 'Nils NoScope' };

type Me = { userData: { email: string; fullName: string; role: string; scopes: string[] }; via: string };

/** From QUANTUM's login page through the provider's login page back to QUANTUM, signed in. */
async function signInThroughProvider(page: Page, email: string) {
  await page.goto('/en/login');
  const authorize = page.waitForRequest((req) => req.url().startsWith(`${IDP_ORIGIN}/auth?`));
  await page.getByTestId('oidc-signin').click();

  // QUANTUM asks the provider for the funder scope (with PKCE); what comes back is up to the provider.
  const params = new URL((await authorize).url()).searchParams;
  expect(params.get('client_id')).toBe('quantum-e2e');
  expect(params.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email', FUNDERS]));
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('redirect_uri')).toBe(`http://127.0.0.1:${E2E_PORT}/api/auth/callback/oidc`);

  await page.waitForURL((url) => url.origin === IDP_ORIGIN && url.pathname.startsWith('/interaction/'));
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByRole('button', { name: email, exact: true }).click();

  // Back on QUANTUM, past the callback, and not bounced to the login page with an error.
  await page.waitForURL((url) => url.origin !== IDP_ORIGIN && !url.pathname.startsWith('/api/auth/'));
  expect(new URL(page.url()).pathname).not.toMatch(/\/login\/?$/);
}

async function me(page: Page): Promise<Me> {
  const res = await page.request.get('/api/me');
  expect(res.status()).toBe(200);
  return (await res.json()) as Me;
}

test('a user the OIDC provider grants read:funders signs in through it and may open the funder pages', async ({ page }) => {
  await signInThroughProvider(page, FIONA.email);

  const body = await me(page);
  expect(body.via).toBe('session');
  expect(body.userData.email).toBe(FIONA.email);
  expect(body.userData.fullName).toBe(FIONA.name);
  // A new identity-provider user is a local 'client' (no scopes of its own): the grant alone opens the data.
  expect(body.userData.role).toBe('client');
  expect(body.userData.scopes).toContain(FUNDERS);

  await page.goto('/en/dashboard');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  await expect(sidebar.locator('a[href="/en/dashboard"]')).toBeVisible();
  await expect(sidebar.locator('a[href="/en/calculators"]')).toBeVisible();
  await expect(page.getByTestId('forbidden')).toHaveCount(0);
});

test('a user the OIDC provider signs in without read:funders sees no funder entries and gets 403 on funder pages', async ({ page }) => {
  await signInThroughProvider(page, NILS.email);

  const body = await me(page);
  expect(body.via).toBe('session');
  expect(body.userData.email).toBe(NILS.email);
  expect(body.userData.scopes).not.toContain(FUNDERS);

  await page.goto('/en/dashboard');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  await expect(sidebar.locator('a[href="/en/account"]')).toBeVisible();
  await expect(sidebar.locator('a[href="/en/dashboard"]')).toHaveCount(0);
  await expect(sidebar.locator('a[href="/en/calculators"]')).toHaveCount(0);
});
