/**
 * Master File → Import tape in a browser, the whole way through: upload a German lessor's tape with a
 * real upload progress bar, see the detected format and the mapping, the dry run's counts and
 * exceptions (filter by rule, CSV download), commit the valid rows, and find the import in the history.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

async function signIn(page: Page, user: 'analyst' | 'viewer') {
  await signInAs(page, user);
}

const FIXTURE = path.join(process.cwd(), 'tests/fixtures/tape-de-muster-leasing.csv');

test('import a lessor tape: upload with progress, mapping, dry run, exceptions download, commit, history', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/en/master-file/imports');
  await page.getByRole('link', { name: 'Import a tape' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import tape' })).toBeVisible();

  await page.getByLabel('Source (lessor or servicer)').fill('Muster Leasing GmbH');
  await page.getByLabel('Tape file (CSV or XLSX)').setInputFiles(FIXTURE);
  // Hold the upload's answer a moment so the progress bar can be seen.
  await page.route('**/api/leases/imports?*', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(page.getByRole('progressbar', { name: /Uploading/ })).toBeVisible();

  await expect(page.getByTestId('import-status')).toHaveText('Dry run ready', { timeout: 30_000 });
  await expect(page).toHaveURL(/\/en\/master-file\/imports\/\d+$/);
  await expect(page.getByTestId('encoding')).toContainText('windows-1252');
  await expect(page.getByTestId('decimal')).toHaveValue(',');
  await expect(page.getByRole('combobox', { name: 'QUANTUM field: Vertragsnummer' })).toHaveValue('contractNumber');
  await expect(page.getByRole('combobox', { name: 'QUANTUM field: Erste Fälligkeit' })).toHaveValue('firstDueDate');

  await expect(page.getByTestId('count-rows')).toHaveText('12');
  await expect(page.getByTestId('count-new')).toHaveText('3');
  await expect(page.getByTestId('count-rejected')).toHaveText('9');
  await expect(page.getByTestId('count-warnings')).toHaveText('1');
  const exceptions = page.getByTestId('exceptions');
  await expect(exceptions.getByRole('row')).toHaveCount(12);
  await expect(exceptions).toContainText('“Flugzeug” is not one of');

  await page.getByLabel('Rule').selectOption('enum');
  await expect(exceptions.getByRole('row')).toHaveCount(2);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download exceptions (CSV)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^import-\d+-exceptions\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe('Row,Column,Field,Value,Rule,Severity,Message');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain('Flugzeug');

  await expect(page.getByRole('button', { name: 'Commit import' })).toBeDisabled();
  await page.getByLabel('Import the valid rows and skip the rejected ones').check();
  await page.getByRole('button', { name: 'Commit import' }).click();
  await expect(page.getByTestId('import-status')).toHaveText('Committed', { timeout: 30_000 });
  const leases = page.getByTestId('import-leases');
  await expect(leases.getByRole('link')).toHaveCount(3);
  await leases.getByRole('link', { name: 'ML-2025-0001' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ML-2025-0001');

  await page.goto('/en/master-file/imports');
  const row = page.getByRole('row').filter({ hasText: 'tape-de-muster-leasing.csv' });
  await expect(row).toContainText('Muster Leasing GmbH');
  await expect(row).toContainText('Committed');
});
