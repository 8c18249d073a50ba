/**
 * The navbar search: Ctrl+K and '/' open it, typing searches pages, lessees and leases, the arrow keys
 * move through the results and Enter opens one; a page's star bookmarks it and the bookmark appears as
 * a quick link in the navbar. Every test signs in through the form in a fresh browser context.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

async function signIn(page: Page, user: 'analyst' | 'viewer') {
  await signInAs(page, user);
}

const dialog = (page: Page) => page.getByTestId('navbar-search-dialog');

/**
 * Types `text` into the search and waits for the server's answer to it. Until then the dialog shows the answer to
 * the empty search it opened with (at most four pages, lessees and leases each), which an assertion on the new
 * results can match before they arrive: the arrow keys then walk a list that is replaced under them.
 */
async function search(page: Page, input: Locator, text: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/main-search/data?') && new URL(r.url()).searchParams.get('q') === text,
  );
  await input.fill(text);
  await answered;
}

/**
 * Presses the shortcut until the search opens: right after sign-in the page may still be hydrating, and a key
 * pressed before the navbar's listener is attached does nothing (a user presses again; so does the test).
 */
async function openSearchWith(page: Page, press: () => Promise<void>) {
  await expect(async () => {
    await press();
    await expect(dialog(page)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('Ctrl+K opens the search; typing, ArrowDown and Enter open the page found', async ({ page }) => {
  await signIn(page, 'analyst');
  await openSearchWith(page, () => page.keyboard.press('Control+k'));
  await expect(dialog(page)).toBeVisible();
  const input = dialog(page).getByRole('searchbox', { name: 'Search' });
  await expect(input).toBeFocused();
  await search(page, input, 'cash flow');
  const result = dialog(page).getByRole('link', { name: 'Total Cash Flow', exact: true });
  await expect(result).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(dialog(page).locator('[data-search-item]').first()).toBeFocused();
  const href = await dialog(page).locator('[data-search-item]').first().getAttribute('href');
  expect(href).toMatch(/^\/en\//);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href!);
  await expect(dialog(page)).toBeHidden();
});

test("'/' opens the search, leases are found by contract number, ArrowDown moves down the groups and Escape closes", async ({ page }) => {
  await signIn(page, 'analyst');
  await openSearchWith(page, () => page.locator('body').press('/'));
  const input = dialog(page).getByRole('searchbox', { name: 'Search' });
  await expect(input).toBeFocused();
  await search(page, input, 'QL-');
  // The first (empty) search also lists pages; once 'QL-' is answered only contract numbers match.
  await expect(dialog(page).getByRole('region', { name: 'Pages' })).toHaveCount(0);
  const leases = dialog(page).getByRole('region', { name: 'Leases' });
  await expect(leases.getByRole('link').first()).toBeVisible();
  await expect(leases.getByRole('link')).toHaveCount(4);
  const items = dialog(page).locator('[data-search-item]');
  const count = await items.count();
  for (let i = 0; i < count; i++) await page.keyboard.press('ArrowDown');
  await expect(items.last()).toBeFocused();
  const href = await items.last().getAttribute('href');
  expect(href).toMatch(/^\/en\/master-file\/\d+$/);
  await page.keyboard.press('ArrowUp');
  await expect(items.nth(count - 2)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('navbar-search-open')).toBeFocused();
});

test('a star bookmarks a page, which then appears as a navbar quick link; a second press removes it', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.getByTestId('navbar-search-open').click();
  await dialog(page).getByRole('searchbox', { name: 'Search' }).fill('Tape');
  const star = dialog(page).getByTestId('bookmark-tape');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  const quick = page.getByTestId('navbar-bookmarks').getByRole('link', { name: 'Tape', exact: true });
  await expect(quick).toBeVisible();
  await quick.click();
  await expect(page).toHaveURL('/en/reports/tape');

  await openSearchWith(page, () => page.keyboard.press('Control+k'));
  await dialog(page).getByRole('searchbox', { name: 'Search' }).fill('Tape');
  await dialog(page).getByTestId('bookmark-tape').click();
  await expect(dialog(page).getByTestId('bookmark-tape')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('navbar-bookmarks')).toHaveCount(0);
});
