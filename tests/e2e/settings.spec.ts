/**
 * Settings, the navbar's funder switch and Management. Every test signs in through the form in its own
 * fresh browser context, so the funder cookie of one test never reaches another. A test that changes a
 * seeded funder puts the stored value back, because other suites' figures depend on it.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

type DemoUser = 'admin' | 'analyst' | 'viewer' | 'client';

async function signIn(page: Page, user: DemoUser) {
  await signInAs(page, user);
}

test.describe('settings', () => {
  test('an admin changes the buy rate in German: "6,25" is saved, confirmed and shown back', async ({ page }) => {
    await signIn(page, 'admin');
    // page.request shares the browser's session cookie: read the stored value to put it back afterwards.
    const before = await (await page.request.get('/api/funders/active')).json();
    expect(before.id).toBe(1);
    try {
      await page.goto('/de/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
      const buyRate = page.getByLabel('Ankaufszins', { exact: true });
      await buyRate.fill('6.25');
      await page.getByRole('button', { name: 'Änderungen speichern' }).click();
      // The English decimal point is refused in German, next to the field, without a request.
      await expect(buyRate).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Geben Sie eine Zahl ein, etwa 5,5.')).toBeVisible();

      await buyRate.fill('6,25');
      await page.getByRole('button', { name: 'Änderungen speichern' }).click();
      await expect(page.getByText(`Die Einstellungen von ${before.name} wurden gespeichert.`)).toBeVisible();
      await expect(buyRate).not.toHaveAttribute('aria-invalid', 'true');
      const stored = await (await page.request.get('/api/funders/1')).json();
      expect(stored.buyRate).toBe(0.0625);
      expect(stored.dataVersion).toBe(before.dataVersion + 1);

      await page.reload();
      await expect(page.getByLabel('Ankaufszins', { exact: true })).toHaveValue('6,25');
    } finally {
      const restore = await page.request.patch('/api/funders/1', { data: { buyRate: before.buyRate } });
      expect(restore.status()).toBe(200);
    }
  });

  test('refuses bucket edges that do not ascend, next to the field', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/en/settings');
    const edges = page.getByLabel('Days-past-due bucket edges');
    await expect(edges).toHaveValue('30, 60, 90');
    await expect(page.getByText('Buckets: Current | 1–30 | 31–60 | 61–90 | 90+')).toBeVisible();
    await edges.fill('30, 90, 60');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Each edge must be larger than the one before it, such as 30, 60, 90.')).toBeVisible();
    await expect(edges).toBeFocused();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(edges).toHaveValue('30, 60, 90');
  });

  test('the allocation order is reordered with the keyboard-reachable buttons', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/en/settings');
    const order = page.getByTestId('allocation-order').getByRole('listitem');
    await expect(order).toHaveText([/VAT/, /Fees/, /Interest/, /Principal/]);
    await page.getByRole('button', { name: 'Move Principal up' }).click();
    await expect(order).toHaveText([/VAT/, /Fees/, /Principal/, /Interest/]);
    await expect(page.getByRole('button', { name: 'Move VAT up' })).toBeDisabled();
  });
});

test.describe('funder switch', () => {
  test('switching the funder re-scopes the page and persists across a reload', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/en/settings');
    const funderSwitch = page.getByTestId('funder-switch');
    await expect(funderSwitch).toHaveValue('1');
    await expect(page.getByText('Parameters of Atlântico Capital Funding.', { exact: false })).toBeVisible();

    await funderSwitch.selectOption('2');
    await expect(page.getByText('Parameters of Nordlicht Leasing Bank.', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nordlicht Leasing Bank');
    await expect(page.getByTestId('funder-row-2')).toContainText('Active');

    await page.reload();
    await expect(page.getByTestId('funder-switch')).toHaveValue('2');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nordlicht Leasing Bank');
    await page.goto('/en/account');
    await expect(page.getByTestId('funder-switch')).toHaveValue('2');
  });

  for (const [user, options] of [
    ['viewer', 2],
    ['client', 0],
  ] as const) {
    test(`is shown to readers of funder data only: ${user} sees ${options} funders`, async ({ page }) => {
      await signIn(page, user);
      await expect(page.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
      await expect(page.getByTestId('funder-switch')).toHaveCount(options > 0 ? 1 : 0);
      if (options > 0) await expect(page.getByTestId('funder-switch').getByRole('option')).toHaveCount(options);
    });
  }
});

test.describe('management', () => {
  test('creates a saved view, lists it with its filters, renames and deletes it', async ({ page }) => {
    await signIn(page, 'analyst');
    await page.goto('/en/management');
    await expect(page.getByRole('heading', { level: 1, name: 'Management' })).toBeVisible();

    await page.getByRole('button', { name: 'New view' }).click();
    const dialog = page.getByRole('dialog', { name: 'New view' });
    await expect(dialog).toBeVisible();
    // Saving without a name or columns explains both, next to the fields.
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(dialog.getByText('Enter a name.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one column.')).toBeVisible();

    await dialog.getByLabel('Name').fill('EUR vehicles by price');
    for (const column of ['Contract', 'Lessee', 'Price', 'Status']) await dialog.getByTestId('view-columns').getByLabel(column, { exact: true }).check();
    await dialog.getByRole('group', { name: 'Currency' }).getByLabel('EUR').check();
    await dialog.getByLabel('Vehicles').check();
    await dialog.getByLabel('Sort by').selectOption('price');
    await dialog.getByLabel('Direction').selectOption('desc');
    await dialog.getByRole('button', { name: 'Save view' }).click();

    await expect(page.getByText('The view “EUR vehicles by price” has been saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('views-master-file').getByTestId('view-row').filter({ hasText: 'EUR vehicles by price' });
    await expect(row).toContainText('4 columns');
    await expect(row).toContainText('Currency: EUR');
    await expect(row).toContainText('Asset type: Vehicles');
    await expect(row).toContainText('Sorted by Price, Descending');
    await expect(row.getByRole('link', { name: 'Open the view EUR vehicles by price' })).toHaveAttribute('href', /^\/en\/master-file\?view=\d+$/);

    // Stored on the server: still there after a reload.
    await page.reload();
    await expect(page.getByTestId('view-row').filter({ hasText: 'EUR vehicles by price' })).toHaveCount(1);

    await page.getByRole('button', { name: 'Rename the view EUR vehicles by price' }).click();
    const rename = page.getByTestId('rename-input');
    await rename.fill('EUR vehicles');
    await rename.press('Enter');
    await expect(page.getByText('The view is now called “EUR vehicles”.')).toBeVisible();
    const renamed = page.getByTestId('view-row').filter({ hasText: 'EUR vehicles' });
    await expect(renamed).toHaveCount(1);

    await page.getByRole('button', { name: 'Delete the view EUR vehicles' }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByText('The view “EUR vehicles” has been deleted.')).toBeVisible();
    await expect(page.getByTestId('view-row')).toHaveCount(0);
  });
});

// Last in the file: it adds a third funder to this run's database.
test.describe('adding a funder', () => {
  test('an admin adds a funder with German percentages and sees it listed', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/de/settings');
    await page.getByRole('button', { name: 'Finanzierer hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Finanzierer' });
    await dialog.getByLabel('Bezeichnung').fill('Nordlicht Leasing Bank');
    await dialog.getByLabel('Basiswährung').selectOption('CHF');
    await dialog.getByLabel('Ankaufszins').fill('5,75');
    await dialog.getByLabel('Zins der Refinanzierungslinie').fill('4');
    await dialog.getByRole('button', { name: 'Finanzierer anlegen' }).click();
    // The name is taken (in any case): the server's 409 is shown next to the field.
    await expect(dialog.getByText('Ein Finanzierer mit diesem Namen existiert bereits.')).toBeVisible();

    await dialog.getByLabel('Bezeichnung').fill('Helvetia Equipment Funding');
    await dialog.getByRole('button', { name: 'Finanzierer anlegen' }).click();
    await expect(page.getByText('Der Finanzierer Helvetia Equipment Funding wurde angelegt.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('funders-table').getByRole('row').filter({ hasText: 'Helvetia Equipment Funding' });
    await expect(row).toContainText('CHF');
    await expect(row).toContainText('5,75 %');
    await expect(page.getByTestId('funder-switch').getByRole('option')).toHaveCount(3);
  });
});
