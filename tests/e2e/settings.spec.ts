/**
 * Settings (with four eyes: a change by one admin applies when the second admin approves it), the navbar's funder
 * switch and Management. Every test signs in through the form in its own
 * fresh browser context, so the funder cookie of one test never reaches another. A test that changes a
 * seeded funder puts the stored value back, because other suites' figures depend on it.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

type DemoUser = 'admin' | 'admin2' | 'analyst' | 'viewer' | 'client';

async function signIn(page: Page, user: DemoUser) {
  await signInAs(page, user);
}

test.describe('settings', () => {
  test('four eyes: one admin proposes the buy rate in German ("6,25"), another admin approves it', async ({ page, browser }) => {
    await signIn(page, 'admin');
    // The second admin works in a browser of their own.
    const other = await browser.newContext();
    const page2 = await other.newPage();
    await signInAs(page2, 'admin2');
    // page.request shares the browser's session cookie: read the stored value to put it back afterwards.
    const before = await (await page.request.get('/api/funders/active')).json();
    expect(before).toMatchObject({ id: 1, fourEyes: true, buyRate: 0.055 });
    try {
      await page.goto('/de/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
      await expect(page.getByLabel('Vier-Augen-Prinzip')).toBeChecked();
      const buyRate = page.getByLabel('Ankaufszins', { exact: true });
      await buyRate.fill('6.25');
      await page.getByRole('button', { name: 'Änderungen speichern' }).click();
      // The English decimal point is refused in German, next to the field, without a request.
      await expect(buyRate).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Geben Sie eine Zahl ein, etwa 5,5.')).toBeVisible();

      await buyRate.fill('6,25');
      await page.getByRole('button', { name: 'Änderungen speichern' }).click();
      await expect(
        page.getByText(`Ihre Änderung von ${before.name} wartet jetzt auf die Genehmigung eines anderen Administrators.`),
      ).toBeVisible();
      // Nothing is applied yet: the form shows the stored value, the change waits under Pending changes.
      await expect(buyRate).toHaveValue('5,5');
      expect((await (await page.request.get('/api/funders/1')).json()).dataVersion).toBe(before.dataVersion);
      const mine = page.getByTestId('funder-proposals').locator('section').filter({ hasText: 'admin@quantum.demo' });
      await expect(mine).toHaveCount(1);
      await expect(mine.getByRole('row').filter({ hasText: 'Ankaufszins' })).toContainText(/5,50\s%.*6,25\s%/);
      await expect(mine).toContainText('Wartet auf einen anderen Administrator');
      await expect(mine.getByRole('button', { name: 'Genehmigen' })).toHaveCount(0);

      await page2.goto('/en/settings');
      const theirs = page2.getByTestId('funder-proposals').locator('section').filter({ hasText: 'admin@quantum.demo' });
      await expect(theirs.getByRole('row').filter({ hasText: 'Buy rate' })).toContainText(/5\.50%.*6\.25%/);
      await theirs.getByRole('button', { name: 'Approve' }).click();
      const confirm = page2.getByRole('dialog', { name: 'Apply this change?' });
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await confirm.getByRole('button', { name: 'Approve' }).click();
      await expect(page2.getByText(`The change has been applied to ${before.name}.`)).toBeVisible();
      await expect(page2.getByTestId('funder-proposals')).toContainText('No change is waiting for approval.');
      await expect(page2.getByLabel('Buy rate', { exact: true })).toHaveValue('6.25');

      const stored = await (await page.request.get('/api/funders/1')).json();
      expect(stored.buyRate).toBe(0.0625);
      expect(stored.dataVersion).toBe(before.dataVersion + 1);
      await page.reload();
      await expect(page.getByLabel('Ankaufszins', { exact: true })).toHaveValue('6,25');
      // The audit trail names both steps in the locale (Settings › Audit trail, funder settings only).
      await page.goto('/de/settings/audit?entity=funder');
      const by = (email: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
      await expect(by('admin2@quantum.demo').filter({ hasText: 'Änderung freigegeben' }).first()).toBeVisible();
      await expect(by('admin@quantum.demo').filter({ hasText: 'Änderung vorgeschlagen' }).first()).toBeVisible();
    } finally {
      // Put it back, through four eyes as well; a proposal left pending by a failure is rejected.
      const pending = (await (await page.request.get('/api/funder-proposals?funderId=1')).json()).proposals as { id: number }[];
      for (const p of pending) await page2.request.post(`/api/funder-proposals/${p.id}/reject`);
      const current = await (await page.request.get('/api/funders/1')).json();
      if (current.buyRate !== before.buyRate) {
        const restore = await page.request.patch('/api/funders/1', { data: { buyRate: before.buyRate } });
        expect(restore.status()).toBe(202);
        const { proposal } = await restore.json();
        expect((await page2.request.post(`/api/funder-proposals/${proposal.id}/approve`)).status()).toBe(200);
      }
      await other.close();
    }
  });

  test('the proposer cannot approve their own change through the API either (403)', async ({ page }) => {
    await signIn(page, 'admin');
    const res = await page.request.patch('/api/funders/1', { data: { graceDays: 9 } });
    expect(res.status()).toBe(202);
    const { proposal } = await res.json();
    try {
      const self = await page.request.post(`/api/funder-proposals/${proposal.id}/approve`);
      expect(self.status()).toBe(403);
      expect((await self.json()).error.message).toBe('Four eyes: you proposed this change, so another admin must approve it.');
      await page.goto('/en/settings');
      const mine = page.getByTestId(`proposal-${proposal.id}`);
      await expect(mine).toContainText('Awaiting another admin');
      await mine.getByRole('button', { name: 'Withdraw' }).click();
      await page.getByRole('dialog', { name: 'Withdraw your change?' }).getByRole('button', { name: 'Withdraw' }).click();
      await expect(page.getByText('Your change has been withdrawn.')).toBeVisible();
      await expect(page.getByTestId(`proposal-${proposal.id}`)).toHaveCount(0);
    } finally {
      await page.request.post(`/api/funder-proposals/${proposal.id}/reject`);
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
      // The menu's Account link (the account pages also have an Account tab).
      await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Account', exact: true })).toBeVisible();
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
    for (const column of ['Contract', 'Lessee', 'Price', 'Status'])
      await dialog.getByTestId('view-columns').getByLabel(column, { exact: true }).check();
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
    await expect(row.getByRole('link', { name: 'Open the view EUR vehicles by price' })).toHaveAttribute(
      'href',
      /^\/en\/master-file\?view=\d+$/,
    );

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
