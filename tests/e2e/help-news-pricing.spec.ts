/**
 * Help centre, News and Pricing in the browser: the FAQ searched in German with an answer opened from the
 * keyboard, a news article opened from the list, the plans on Pricing (also for a client without funder scopes),
 * and the three pages reached from the user menu.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

test('the German FAQ search finds the payment question and its answer opens with the keyboard', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.goto('/de/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Hilfe-Center' })).toBeVisible();
  await page.getByTestId('help-search').fill('zahlungen');
  await page.getByTestId('help-search').press('Enter');
  await expect(page).toHaveURL(/\/de\/help\?q=zahlungen/);
  await expect(page.getByTestId('help-results')).toBeVisible();

  const item = page.getByTestId('faq-item').filter({ hasText: 'Wie werden Zahlungen zugeordnet?' });
  await expect(item.locator('mark').first()).toHaveText(/zahlungen/i);
  await expect(item.getByTestId('faq-answer')).toBeHidden();
  await item.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(item).toHaveAttribute('open', '');
  await expect(item.getByTestId('faq-answer')).toContainText('offenen Raten');

  await page.goto('/de/help?q=qqqzzz');
  await expect(page.getByTestId('help-empty')).toContainText('qqqzzz');
});

test('a news article opens from the list; an unknown one is a 404 in the shell', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.goto('/en/news');
  const link = page.getByTestId('news-link').first();
  const title = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/en\/news\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('news-article')).toBeVisible();

  const res = await page.goto('/en/news/999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('sign-out')).toBeAttached();
});

test('Pricing shows the plans with prices in the locale, also to a client', async ({ page }) => {
  await signInAs(page, 'client');
  await page.goto('/fr/pricing');
  await expect(page.getByTestId('pricing-plan')).toHaveCount(3);
  await expect(page.getByTestId('plan-price').nth(1)).toContainText('€');
});

test('Help, Pricing and News are in the user menu', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.goto('/en/dashboard');
  for (const [key, heading] of [
    ['help', 'Help centre'],
    ['pricing', 'Pricing'],
    ['news', 'News'],
  ] as const) {
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByTestId(`user-menu-${key}`).click();
    await expect(page).toHaveURL(new RegExp(`/en/${key}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});
