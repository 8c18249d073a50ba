/**
 * Servicing in the browser: record a payment on a lease in arrears from its Master File page and see
 * its arrears drop on Delinquency; import a small bank-statement CSV and see the per-line results.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';
import { e2eToday } from '../helpers/e2e-clock';

async function signIn(page: Page) {
  await signInAs(page, 'analyst');
}

test('recording a payment lowers the lease’s arrears on Delinquency', async ({ page }) => {
  await signIn(page);
  await page.goto('/en/servicing/delinquency?sort=arrearsTotal&dir=desc');
  const firstRow = page.getByTestId('delinquency-table').locator('tbody tr').first();
  const contract = (await firstRow.locator('td').first().innerText()).trim();
  const before = (await firstRow.getByTestId('arrears-total').innerText()).trim();
  await expect(page.getByTestId('bucket-cards')).toBeVisible();
  await expect(page.getByTestId('roll-rates')).toBeVisible();

  await firstRow.getByRole('link', { name: contract }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(contract);
  const form = page.getByTestId('record-payment-form');
  await form.getByLabel(/^Amount/).fill('250.00');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText(`Payment recorded on ${contract}.`)).toBeVisible();

  await page.goto(`/en/servicing/delinquency?q=${encodeURIComponent(contract)}`);
  const row = page.getByTestId('delinquency-table').locator('tbody tr').first();
  await expect(row.getByTestId('arrears-total')).not.toHaveText(before);
});

test('a bank-statement CSV import lists matched, unmatched and invalid lines, and a recovery on a written-off lease', async ({ page }) => {
  await signIn(page);
  await page.goto('/en/servicing/delinquency?sort=arrearsTotal&dir=desc');
  const contract = (await page.getByTestId('delinquency-table').locator('tbody tr').first().locator('td').first().innerText()).trim();
  // A written-off lease of the demo book (the register filters by the derived status, domain.md §8).
  const writtenOff = (
    (await (await page.request.get('/api/leases?funderId=1&status=written_off&perPage=1')).json()) as {
      leases: { contractNumber: string; currency: string }[];
    }
  ).leases[0]!;
  await page.goto('/en/servicing/payments');
  const today = e2eToday();
  const csv =
    `date;amount;currency;reference;contract\n${today};10,00;EUR;e2e;${contract}\n${today};5,00;EUR;nobody;\nnot-a-date;x;EUR;bad;${contract}\n` +
    `${today};7,00;${writtenOff.currency};e2e recovery;${writtenOff.contractNumber}\n`;
  await page.getByLabel('CSV file (max. 1 MiB)').setInputFiles({ name: 'e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expect(page.getByTestId('import-summary')).toContainText('e2e.csv: 4 lines');
  const lines = page.getByTestId('import-lines');
  await expect(lines.getByText('Unmatched')).toBeVisible();
  await expect(lines.getByText('Invalid').first()).toBeVisible();
  await expect(lines.locator('tbody tr')).toHaveCount(4);
  // A line on a written-off lease is a recovery in the loss ledger, not a payment (domain.md §8).
  const recovery = lines.locator('tbody tr').filter({ hasText: 'e2e recovery' });
  await expect(recovery).toContainText('Recovery (written off)');
  await expect(recovery).toContainText(writtenOff.contractNumber);
});

test('Clients Behavior lists lessees with a labelled 12-month strip and opens a lessee; the Dashboard shows servicing KPIs', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/en/servicing/clients-behavior?sort=onTimeRate&dir=asc');
  const table = page.getByTestId('behaviour-table');
  const first = table.locator('tbody tr').first();
  await expect(first.getByRole('list', { name: 'Payment history, last 12 months' }).locator('li')).toHaveCount(12);
  await expect(first.getByRole('list', { name: 'Payment history, last 12 months' }).locator('li').first()).toHaveAttribute(
    'title',
    /: (paid on time|paid late|unpaid|nothing due)$/,
  );
  const name = (await first.getByRole('link').first().innerText()).trim();
  await first.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('payments-table')).toBeVisible();

  await page.goto('/en/dashboard');
  await expect(page.getByTestId('kpi-collections')).toContainText('scheduled');
  await expect(page.getByTestId('kpi-share30')).toBeVisible();
  await expect(page.getByTestId('kpi-arrears')).toBeVisible();
});

test('Delinquency and the register say why a lease is in default (derived, domain.md §8) or has a hand-set status', async ({ page }) => {
  await signIn(page);
  await page.goto('/en/servicing/delinquency?sort=dpd&dir=desc&perPage=100');
  const row = page
    .getByTestId('delinquency-table')
    .locator('tbody tr')
    .filter({ has: page.getByTestId('status-note') })
    .first();
  const marker = row.getByTestId('status-note');
  await expect(marker).toHaveText(
    /^Defaulted since .+: (\d[\d,]* DPD on .+ past due|in probation until .+|unlikely to pay, flagged by .+|lessee contagion.+)$/,
  );
  // The marker is no tab stop of its own (a page of notes would be a page of stops): the note opens while the row's
  // link has the focus.
  await expect(marker).not.toHaveAttribute('tabindex');
  const note = row.getByTestId('status').locator('[aria-hidden="true"]').last();
  await expect(note).toBeHidden();
  await row.getByRole('link').first().focus();
  await expect(note).toBeVisible();
  // Current leases that are not in default show the derived status, Performing, with no marker.
  await page.goto('/en/servicing/delinquency?sort=dpd&dir=asc');
  const active = page
    .getByTestId('delinquency-table')
    .locator('tbody tr')
    .filter({ has: page.getByTestId('status').getByText('Performing', { exact: true }), hasNot: page.getByTestId('status-note') })
    .first();
  await expect(active).toBeVisible();

  // A status a user sets (closed, terminated) says who set it and when, beside the DPD.
  await page.goto('/en/master-file?status=closed');
  await expect(page.getByTestId('lease-table').locator('tbody tr').first().getByTestId('status-note')).toHaveText(
    /^Closed — (set by hand|since creation) on .+; DPD now /,
  );
});
