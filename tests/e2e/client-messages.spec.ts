/**
 * Every route sends the client only the message namespaces its client components use
 * (app/[locale]/client-messages.tsx; the static check is tests/unit/client-messages.test.ts). In the
 * browser: every menu page and the pages behind them render without a MISSING_MESSAGE from next-intl,
 * in English, and the portfolio and servicing screens also in the other three languages.
 */
import { expect, test, type Page } from '@playwright/test';
import { getNavItem, NAV_PAGE_KEYS } from '@/lib/navigation';
import { signInAs } from '../helpers/e2e-auth';

const MENU_PATHS = NAV_PAGE_KEYS.map((key) => getNavItem(key).href);
const MORE_PATHS = [
  '/master-file/new',
  '/master-file/onboarding',
  '/master-file/onboarding/new',
  '/master-file/1',
  '/master-file/1/edit',
  '/settings/users',
  '/servicing/payments',
  '/catalogue/1',
  '/catalogue/cart',
];
const EVERY_LOCALE = ['/dashboard', '/portfolio/total-cash-flow', '/portfolio/summary', '/servicing/delinquency'];

/** Starts signed in as the admin (the session kept once by the setup project). */
async function signIn(page: Page) {
  await signInAs(page, 'admin');
}

/** Console errors and page errors that name a missing or unusable message. */
function watchMessages(page: Page): string[] {
  const problems: string[] = [];
  const check = (text: string) => {
    if (/MISSING_MESSAGE|INSUFFICIENT_PATH|INVALID_MESSAGE|IntlError/.test(text)) problems.push(`${page.url()}: ${text.slice(0, 300)}`);
  };
  page.on('console', (m) => check(m.text()));
  page.on('pageerror', (e) => check(String(e)));
  return problems;
}

test('every menu page and the pages behind it render without a missing message (en)', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchMessages(page);
  await signIn(page);
  for (const path of [...MENU_PATHS, ...MORE_PATHS]) {
    const res = await page.goto(`/en${path}`);
    expect(res?.status(), path).toBeLessThan(400);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('sidebar')).toBeVisible();
  }
  expect(problems).toEqual([]);
});

for (const locale of ['de', 'fr', 'pt']) {
  test(`the four portfolio and servicing screens render without a missing message (${locale})`, async ({ page }) => {
    const problems = watchMessages(page);
    await signIn(page);
    for (const path of EVERY_LOCALE) {
      const res = await page.goto(`/${locale}${path}`);
      expect(res?.status(), path).toBeLessThan(400);
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('sidebar')).toBeVisible();
    }
    expect(problems).toEqual([]);
  });
}

test('the sign-in page renders without a missing message', async ({ page }) => {
  const problems = watchMessages(page);
  await page.goto('/de/login');
  await expect(page.getByRole('button').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
