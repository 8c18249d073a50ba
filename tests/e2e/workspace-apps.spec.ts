/**
 * The later workspace apps in the browser: a chat message is sent and shows in the conversation, and a
 * message sent from elsewhere appears without a reload; a quotation requested from the catalogue's cart
 * is a draft in Onboarding; a user changes their own settings; a visitor registers; keyboard focus is visible; no page scrolls sideways at 1280 × 800 in any locale.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

const LOCALES = ['en', 'de', 'fr', 'pt'] as const;
const PAGES = [
  '/chat',
  '/catalogue',
  '/catalogue/1',
  '/catalogue/cart',
  '/account/settings',
  '/account/profile',
  '/dashboard?tab=insights',
  '/news/new',
] as const;

async function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'none';
    const s = getComputedStyle(el);
    return s.outlineStyle !== 'none' && s.outlineWidth !== '0px' ? 'outline' : s.boxShadow !== 'none' ? 'shadow' : 'none';
  });
}

async function tabTo(page: Page, testId: string): Promise<void> {
  const goal = page.getByTestId(testId).first();
  let reached = false;
  for (let i = 0; i < 200 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await goal.evaluate((el) => el === document.activeElement);
  }
  expect(reached, `${testId} by Tab`).toBe(true);
  expect(await focusRing(page), `${testId} focus ring`).not.toBe('none');
}

test('a chat message typed and sent by keyboard shows in the conversation; one sent elsewhere appears without a reload', async ({
  page,
}) => {
  const text = `Contract signed? ${Date.now()}`;
  await signInAs(page, 'analyst');
  await page.goto('/en/chat');
  await page.getByTestId('chat-contact').first().click();
  await expect(page).toHaveURL(/\/en\/chat\?contact=\d+/);
  const contactId = Number(new URL(page.url()).searchParams.get('contact'));
  await expect(page.getByTestId('chat-conversation')).toBeVisible();

  await tabTo(page, 'chat-input');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-messages')).toContainText(text);
  await expect(page.getByTestId('chat-input')).toHaveValue('');
  await expect(page.getByTestId('chat-chats').getByTestId('chat-contact').first()).toContainText(text);

  // Another tab (the same user through the API): the open conversation polls and shows it.
  const elsewhere = `Sent from my phone ${Date.now()}`;
  const res = await page.request.post('/api/apps/chat/send-msg', { data: { obj: { message: elsewhere, contact: { id: contactId } } } });
  expect(res.status()).toBe(201);
  await expect(page.getByTestId('chat-messages')).toContainText(elsewhere, { timeout: 15_000 });
  await expect(page.getByTestId('chat-messages').getByText(elsewhere)).toBeVisible();
});

test('a quotation requested from the catalogue cart is a draft in Onboarding', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.goto('/en/catalogue');
  await page.getByLabel('Search products').fill('excavator');
  await page.getByLabel('Sort by').selectOption('price-desc');
  await page.getByTestId('catalogue-apply').click();
  await expect(page).toHaveURL(/q=excavator/);
  const card = page.getByTestId('product-card');
  await expect(card).toHaveCount(1);
  const name = (await card.getByTestId('product-link').innerText()).trim();
  await card.getByTestId('product-wishlist').click();
  await expect(card.getByTestId('product-wishlist')).toHaveAttribute('aria-pressed', 'true');
  await card.getByTestId('product-link').click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const product = page.getByTestId('product-page');
  if ((await product.getByTestId('product-cart').getAttribute('aria-pressed')) !== 'true')
    await product.getByTestId('product-cart').click();
  await expect(product.getByTestId('product-cart')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('catalogue-cart-link').click();

  await expect(page.getByTestId('cart-list')).toContainText(name);
  await expect(page.getByTestId('wishlist-list')).toContainText(name);
  const form = page.getByTestId('quotation-request');
  await form.getByLabel('Product').selectOption({ label: name });
  await form.getByRole('combobox', { name: 'Lessee' }).fill('e');
  const option = page.getByRole('listbox', { name: 'Lessee' }).getByRole('option').first();
  await expect(option).toBeVisible();
  await option.click();
  await form.getByLabel('Asset type').selectOption('machinery');
  await form.getByLabel('Number of instalments').fill('48');
  await form.getByLabel('Annual interest rate (%)').fill('5.5');
  await form.getByTestId('quotation-request-submit').click();

  await page.waitForURL(/\/en\/master-file\/onboarding\/\d+$/);
  await expect(page.getByTestId('quotation-status')).toHaveText('Draft');
  const quotationId = new URL(page.url()).pathname.split('/').at(-1)!;
  await page.goto('/en/master-file/onboarding?status=draft');
  await expect(page.locator(`a[href$="/master-file/onboarding/${quotationId}"]`)).toBeVisible();
});

test('the catalogue search and products are reachable by keyboard with a visible focus ring', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.goto('/en/catalogue');
  await tabTo(page, 'catalogue-apply');
  await tabTo(page, 'product-link');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('product-page')).toBeVisible();
  await tabTo(page, 'product-cart');
});

test('the chat, catalogue and account pages do not scroll sideways at 1280 × 800 in any locale', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'analyst');
  for (const locale of LOCALES) {
    for (const path of PAGES) {
      await page.goto(`/${locale}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${locale}${path}`).toBeLessThanOrEqual(0);
    }
  }
});

test('a user changes their own settings by keyboard and sees them on their profile', async ({ page }) => {
  const bio = `Dental practices in Lisbon ${Date.now()}`;
  await signInAs(page, 'client');
  await page.goto('/en/account');
  await page.getByTestId('account-tab-settings').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await page.getByTestId('settings-tab-info').click();
  const info = page.getByTestId('settings-info');
  await info.getByLabel('About you').fill(bio);
  await info.getByLabel('Website').fill('not a link');
  await info.getByTestId('settings-save').click();
  await expect(info.getByText('Not accepted: must be an http:// or https:// address, or empty')).toBeVisible();
  await info.getByLabel('Website').fill('https://clinic.example');
  await info.getByTestId('settings-save').click();
  await expect(page.getByText('Settings saved.')).toBeVisible();

  await page.getByTestId('settings-tab-notification').click();
  const box = page.getByTestId('notify-followMe');
  const was = await box.isChecked();
  await tabTo(page, 'notify-followMe');
  await page.keyboard.press('Space');
  await tabTo(page, 'settings-save');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Settings saved.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('notify-followMe')).toBeChecked({ checked: !was });

  await page.getByTestId('account-tab-profile').click();
  await expect(page.getByTestId('profile-about')).toContainText(bio);
  await expect(page.getByTestId('profile-about').getByRole('link', { name: 'https://clinic.example' })).toBeVisible();
});

test('a visitor creates an account from the sign-in page', async ({ page }) => {
  const name = `newbie${Date.now()}`;
  await page.goto('/en/login');
  await page.getByTestId('register-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
  const form = page.getByTestId('register-form');
  await form.getByLabel('User name').fill(name);
  await form.getByLabel('E-mail').fill(`${name}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('a-long-password');
  await form.getByLabel('Repeat the password').fill('another-password');
  await form.getByTestId('register-submit').click();
  await expect(form.getByText('The two passwords differ.')).toBeVisible();
  await form.getByLabel('Repeat the password').fill('a-long-password');
  await form.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toContainText('Your account has been created.');
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await expect(page).toHaveURL(/\/en\/login/);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const locale of LOCALES) {
    await page.goto(`/${locale}/register`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${locale}/register`).toBeLessThanOrEqual(0);
  }
});

test('an admin writes a news draft, publishes it, and readers see it; a non-admin cannot edit', async ({ page }) => {
  const title = `Quarter close ${Date.now()}`;
  await signInAs(page, 'admin');
  await page.goto('/en/news');
  await page.getByTestId('news-new').click();
  const editor = page.getByTestId('news-editor');
  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Excerpt').fill('What changes at quarter end.');
  await editor.getByLabel('Article').fill('Reports close on the last business day.\n\nAsk your account manager.');
  await editor.getByLabel('Tags').fill('Reporting, Q3');
  await editor.getByTestId('news-save').click();
  await expect(page).toHaveURL(/\/en\/news$/);
  const drafts = page.getByTestId('news-drafts');
  await expect(drafts).toContainText(title);
  await drafts.getByRole('link', { name: `Edit: ${title}` }).click();
  await page.getByTestId('news-editor').getByLabel('Status').selectOption('published');
  await page.getByTestId('news-save').click();
  await expect(page).toHaveURL(/\/en\/news\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('news-article')).toContainText('Ask your account manager.');
  const articleUrl = new URL(page.url()).pathname;

  await page.context().clearCookies();
  await signInAs(page, 'viewer');
  await page.goto('/en/news');
  await expect(page.getByTestId('news-new')).toHaveCount(0);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await page.goto(articleUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('news-edit')).toHaveCount(0);
  await page.goto(`${articleUrl}/edit`);
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await expect(page.getByTestId('news-editor')).toHaveCount(0);
});

test('the Dashboard’s Insights tab shows the book’s analytics and statistics, by keyboard', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.goto('/en/dashboard');
  await tabTo(page, 'dashboard-tab-insights');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tab=insights/);
  const insights = page.getByTestId('insights');
  await expect(insights).toBeVisible();
  await page.getByTestId('insights-period-last-year').click();
  await expect(page).toHaveURL(/period=last-year/);
  await expect(page.getByTestId('insights-period-last-year')).toHaveAttribute('aria-current', 'true');
  expect(Number((await page.getByTestId('insights-performing-lessees').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
  await expect(page.getByTestId('insights-collected')).toContainText('€');
  await expect(page.getByRole('figure', { name: 'New leases per month' })).toBeVisible();
  await page.getByTestId('dashboard-tab-overview').click();
  await expect(page.getByTestId('kpis')).toBeVisible();
});
