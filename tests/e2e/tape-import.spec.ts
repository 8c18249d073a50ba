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
  // The preview shows a rate as the user wrote it and as a percentage, never as a rounded decimal.
  const rateRow = page.locator('tr', { has: page.getByRole('rowheader', { name: 'Zinssatz', exact: true }) });
  await expect(rateRow).toContainText('4,9 %');
  await expect(rateRow).toContainText('4.9%');
  await expect(rateRow).not.toContainText('0.049');
  // How the file is read: the tape date from its column, the rate read as percent; the tape gives a state (Restschuld).
  await expect(page.getByTestId('tape-date')).toContainText('Oct 1, 2025');
  await expect(page.getByTestId('tape-date')).toContainText('Stichtag');
  await expect(page.getByTestId('rate-reading-rate')).toContainText('Nominal rate read as percent: 4,9 % → 4.9%');
  await expect(page.getByTestId('no-state')).toHaveCount(0);

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

test('a tape without a currency column: one value for every row, no state columns, messages in money', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/en/master-file/import');
  const stamp = Date.now();
  await page.getByLabel('Source (lessor or servicer)').fill(`E2E no currency ${stamp}`);
  await page.getByLabel('Tape file (CSV or XLSX)').setInputFiles({
    name: 'no-currency.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Contract number;Lessee;Asset type;Asset price;Term;Rate;Timing;First due date;Instalment\nNC-${stamp};Nord Leasing AG;vehicle;10000,00;12;5;arrears;2026-01-01;999,00\n`,
    ),
  });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(page.getByTestId('import-status')).toHaveText('Dry run ready', { timeout: 30_000 });

  // The file-level exception names the file, not "row 0".
  const exceptions = page.getByTestId('exceptions');
  await expect(exceptions).toContainText('No column gives Currency: map one, or set a value for every row.');
  await expect(exceptions.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('File');

  const values = page.getByTestId('fixed-values');
  await expect(values).toContainText('Values for every row');
  await values.getByLabel('Currency', { exact: true }).selectOption('USD');
  await page.getByRole('button', { name: 'Apply and check again' }).click();
  await expect(page.getByTestId('import-status')).toHaveText('Dry run ready', { timeout: 30_000 });
  await expect(values.getByLabel('Currency', { exact: true })).toHaveValue('USD');
  await expect(page.getByText('Required fields with no column and no value for every row')).toHaveCount(0);

  // No state columns: said before the commit, with the tape's date (the upload day).
  await expect(page.getByTestId('no-state')).toContainText(
    'This tape has no state columns (arrears, days in arrears, status…): every lease will be taken as current (no arrears) at',
  );
  await expect(page.getByTestId('tape-date')).toContainText('the day of the upload');
  await expect(page.getByTestId('rate-reading-rate')).toContainText('Nominal rate read as percent');
  await expect(page.getByTestId('instalment-check')).toContainText('1 row');
  // The instalment check's message shows money, not minor units.
  await expect(exceptions).toContainText(/\$\d{3}\.\d{2}/);

  // Committed, the seasoned lease is current on Delinquency: its instalments before the tape's date are settled by
  // its opening position, not counted as unpaid (before #34 it read "Defaulted … 300-odd DPD").
  await page.getByRole('button', { name: 'Commit import' }).click();
  await expect(page.getByTestId('import-status')).toHaveText('Committed', { timeout: 30_000 });
  await page.goto(`/en/servicing/delinquency?q=${encodeURIComponent(`NC-${stamp}`)}`);
  const row = page.getByTestId(`row-NC-${stamp}`);
  await expect(row.getByTestId('dpd')).toHaveText('0');
  await expect(row.getByTestId('status')).toContainText('Performing');
});

test("the tape's balance wins: the schedule is re-based from the tape's date, listed before the commit and shown on the lease", async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await page.goto('/en/master-file/import');
  const stamp = Date.now();
  const contract = `RB-${stamp}`;
  await page.getByLabel('Source (lessor or servicer)').fill(`E2E re-base ${stamp}`);
  await page.getByLabel('Tape file (CSV or XLSX)').setInputFiles({
    name: 're-base.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Contract number;Lessee;Currency;Asset type;Asset price;Term;Rate;Timing;First due date;Cut-off date;Outstanding principal\n' +
        `${contract};Rhein Leasing AG;EUR;vehicle;24000,00;36;5;advance;2025-01-10;2026-06-30;12000,00\n`,
    ),
  });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(page.getByTestId('import-status')).toHaveText('Dry run ready', { timeout: 30_000 });
  // Listed before the commit, in money: the schedule's balance, the tape's, and the adjustment.
  await expect(page.getByTestId('exceptions')).toContainText(
    /the tape’s is €12,000\.00, and it wins: the schedule is re-based from that date \(adjustment -€\d{3}\.\d{2}\)/,
  );
  await page.getByRole('button', { name: 'Commit import' }).click();
  await expect(page.getByTestId('import-status')).toHaveText('Committed', { timeout: 30_000 });
  await page.getByTestId('import-leases').getByRole('link', { name: contract }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(contract);
  await expect(page.getByTestId('schedule-rebase')).toContainText('Re-based to the tape on Jun 30, 2026: outstanding principal €12,000.00');
});
