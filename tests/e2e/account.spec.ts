import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/en/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('changing the password ends the session and the new password signs in', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const email = `pw-e2e-${stamp}@example.com`;
  const registered = await request.post('/jwt/register', { data: { email, password: 'first-password-1', username: `pw_e2e_${stamp}` } });
  expect(registered.status()).toBe(201);

  await signIn(page, email, 'first-password-1');
  await page.waitForURL(/\/en\/account/);
  const form = page.getByTestId('password-form');
  await form.getByLabel('Current password').fill('wrong-password');
  await form.getByLabel('New password', { exact: true }).fill('second-password-2');
  await form.getByLabel('Repeat the new password').fill('second-password-2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The current password is wrong.')).toBeVisible();

  await form.getByLabel('Current password').fill('first-password-1');
  await form.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL(/\/en\/login/);

  await signIn(page, email, 'second-password-2');
  await page.waitForURL(/\/en\/account/);
  await expect(page.getByTestId('password-form')).toBeVisible();
});
