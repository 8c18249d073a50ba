/**
 * Users & access (Settings → Users & access): an admin adds a user, filters by role, changes a role, and
 * is refused deleting or demoting the last admin; a non-admin gets the 403 panel.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

async function signIn(page: Page, user: 'admin' | 'analyst') {
  await signInAs(page, user);
}

const stamp = Date.now().toString(36);
const table = (page: Page) => page.getByTestId('users-table').getByRole('table');

test('the Settings page links to Users & access', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/en/settings');
  // The page's own link (the menu has one too since Users & access became a menu entry).
  await page.locator('#main-content').getByRole('link', { name: 'Users & access' }).click();
  await expect(page).toHaveURL('/en/settings/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users & access' })).toBeVisible();
});

test('an admin adds a user (with errors per field first), finds it and changes its role', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/en/settings/users');
  await page.getByTestId('add-user-open').click();
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form.getByText('This field is required.').first()).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Full name')).toBeFocused();

  await form.getByLabel('Full name').fill(`Nora Test ${stamp}`);
  await form.getByLabel('Username').fill(`nora${stamp}`);
  await form.getByLabel('Email address').fill(`nora.${stamp}@example.com`);
  await form.getByLabel('Password').fill('short');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form.getByText('Use at least 8 characters.')).toBeVisible();
  await form.getByLabel('Password').fill('a-long-enough-password');
  await form.getByLabel('Role').selectOption('viewer');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText(`User Nora Test ${stamp} created.`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(`nora${stamp}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=nora${stamp}`));
  const row = table(page)
    .getByRole('row')
    .filter({ hasText: `nora${stamp}` });
  await expect(row).toHaveCount(1);
  const role = row.getByRole('combobox', { name: `Role of Nora Test ${stamp}` });
  await expect(role).toHaveValue('viewer');
  await role.selectOption('analyst');
  await expect(page.getByText(`Changes to Nora Test ${stamp} saved.`)).toBeVisible();
  await page.reload();
  await expect(table(page).getByRole('combobox', { name: `Role of Nora Test ${stamp}` })).toHaveValue('analyst');

  // A duplicate username is refused with the reason at the field.
  await page.getByTestId('add-user-open').click();
  const again = page.getByRole('form', { name: 'Add a user' });
  await again.getByLabel('Full name').fill('Someone Else');
  await again.getByLabel('Username').fill(`nora${stamp}`);
  await again.getByLabel('Email address').fill(`other.${stamp}@example.com`);
  await again.getByLabel('Password').fill('a-long-enough-password');
  await again.getByRole('button', { name: 'Create user' }).click();
  await expect(again.getByText('Already in use.', { exact: true })).toBeVisible();
  await expect(again.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(again.getByRole('alert')).toContainText('already in use');
});

test('an admin filters by role, with the filter in the URL', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/en/settings/users');
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('client');
  await expect(page).toHaveURL(/role=client/);
  const roles = table(page).getByRole('combobox', { name: /^Role of / });
  await expect(roles.first()).toBeVisible();
  const count = await roles.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(roles.nth(i)).toHaveValue('client');
  await expect(page.getByTestId('export-csv')).toHaveAttribute('href', /role=client/);
});

test('the last admin cannot be deleted or demoted; the screen says why', async ({ page }) => {
  await signIn(page, 'admin');
  // The seed's second admin (four eyes) is set inactive for this test, so Alex Admin is the last active one.
  const second = ((await (await page.request.get('/api/users/list/data?q=admin2')).json()).users as { id: number; email: string }[]).find(
    (u) => u.email === 'admin2@quantum.demo',
  )!;
  expect((await page.request.patch(`/api/users/user?id=${second.id}`, { data: { status: 'inactive' } })).status()).toBe(200);
  try {
    await page.goto('/en/settings/users?role=admin&status=active');
    const row = table(page).getByRole('row').filter({ hasText: 'admin@quantum.demo' });
    await row.getByRole('button', { name: 'Delete Alex Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this user?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete user' }).click();
    await expect(page.getByTestId('access-error')).toContainText('last active administrator');
    await expect(row).toHaveCount(1);

    await row.getByRole('combobox', { name: 'Role of Alex Admin' }).selectOption('viewer');
    await expect(page.getByTestId('access-error')).toContainText('last active administrator');
    await expect(row.getByRole('combobox', { name: 'Role of Alex Admin' })).toHaveValue('admin');
  } finally {
    expect((await page.request.patch(`/api/users/user?id=${second.id}`, { data: { status: 'active' } })).status()).toBe(200);
  }
});

test('the user page shows the profile and can be reached by keyboard from the list', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/en/settings/users?q=analyst');
  const link = table(page).getByRole('link', { name: 'Ana Analyst', exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'User Ana Analyst' })).toBeVisible();
  await expect(page.getByText('analyst@quantum.demo', { exact: true })).toBeVisible();
});

test('a non-admin gets the 403 panel', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/en/settings/users');
  const forbidden = page.getByTestId('forbidden');
  await expect(forbidden).toBeVisible();
  await expect(forbidden).toContainText('admin');
  await expect(page.getByTestId('users-table')).toHaveCount(0);
});
