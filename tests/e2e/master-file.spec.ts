/**
 * The Master File in a browser: create a lease through the form (live instalment) and find it in the
 * register; a stale edit is refused with a clear message; a quotation goes from draft to converted and
 * the new lease opens; the register exports a CSV; a saved view is applied from the Views select.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';
import { e2eCutOff, e2eToday, firstOfNextMonth } from '../helpers/e2e-clock';
import { addDays } from '@/lib/finance/dates';

async function signIn(page: Page, user: 'analyst' | 'viewer') {
  await signInAs(page, user);
}

/** Picks the first lessee whose name matches `text` in the combobox. */
async function pickLessee(page: Page, text: string) {
  const combo = page.getByRole('combobox', { name: 'Lessee' });
  await combo.fill(text);
  const option = page.getByRole('listbox', { name: 'Lessee' }).getByRole('option').first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page.getByText(/^ERP id ODOO-/)).toBeVisible();
}

const nextYear = Number(e2eToday().slice(0, 4)) + 1;

test('create a lease through the form, watch the instalment, and find it in the Master File and the Total Cash Flow', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/en/master-file/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New lease' })).toBeVisible();
  await pickLessee(page, 'a');
  await page.getByLabel('Asset type').selectOption('machinery');
  await page.getByLabel('Asset description').fill('E2E CNC lathe');
  await page.getByLabel('Price (net of VAT)').fill('120,000.00');
  await page.getByLabel('Down payment').fill('20000');
  await page.getByLabel('Number of instalments').fill('48');
  const instalment = page.getByTestId('preview-instalment');
  await expect(page.getByTestId('live-instalment')).toContainText('Enter the price');
  await page.getByLabel('Annual interest rate').fill('5');
  await page.getByLabel('First due date').fill(`${nextYear}-04-01`);
  await expect(instalment).toBeVisible();
  const at5 = await instalment.textContent();
  await page.getByLabel('Annual interest rate').fill('7');
  await expect(instalment).not.toHaveText(at5!);
  await page.getByLabel('Down payment').fill('130000');
  await page.getByRole('button', { name: 'Create lease' }).click();
  await expect(page.getByText('The down payment must be below the price.')).toBeVisible();
  await page.getByLabel('Down payment').fill('20000');
  const final = await instalment.textContent();
  // Bought tomorrow: after the default cut-off (the 1st of this month, today at the latest; domain.md §3) on any day.
  const purchaseDate = addDays(e2eToday(), 1);
  await page.getByLabel('Purchase date').fill(purchaseDate);
  await page.getByRole('button', { name: 'Create lease' }).click();

  await page.waitForURL(/\/en\/master-file\/\d+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Lease QL-\d{4}-\d{6}$/);
  const contractNumber = (await heading.textContent())!.replace('Lease ', '');
  await expect(page.getByTestId('lease-instalment')).toHaveText(final!);
  await expect(page.getByTestId('schedule-table').locator('tbody tr')).toHaveCount(48);
  // Bought after the default cut-off, so not in the pool at it: the page says so.
  await expect(page.getByTestId('lease-valuation')).toContainText('Not in the pool at this cut-off');
  await expect(page.getByTestId('lease-history')).toContainText('Ana Analyst');

  await page.goto('/en/master-file');
  await page.getByRole('searchbox', { name: 'Search' }).fill(contractNumber);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${contractNumber}`));
  const rows = page.getByTestId('lease-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(contractNumber);
  await expect(rows.first()).toContainText(final!);
  await expect(page.getByTestId('totals')).toContainText('1 lease');

  // The new lease is in the book at once: at the first cut-off after its purchase, one Total Cash Flow row with its
  // whole financed principal outstanding.
  const nextCutOff = firstOfNextMonth(purchaseDate);
  await page.goto(`/en/portfolio/total-cash-flow?cutOff=${nextCutOff}&q=${encodeURIComponent(contractNumber)}`);
  const cfRows = page.getByTestId('total-cash-flow-table').getByTestId('cash-flow-row');
  await expect(cfRows).toHaveCount(1);
  await expect(cfRows.first()).toContainText(contractNumber);
  await expect(cfRows.first()).toContainText('100,000.00');
});

test('a stale edit is refused with a message and a reload link', async ({ page }) => {
  await signIn(page, 'analyst');
  const lessee = (await (await page.request.get('/api/lessees?limit=1')).json()).lessees[0];
  const created = await page.request.post('/api/leases', {
    data: {
      lesseeId: lessee.id,
      assetType: 'it',
      currency: 'EUR',
      price: 3_000_000,
      term: 24,
      rate: 0.05,
      timing: 'arrears',
      firstDueDate: `${nextYear}-05-01`,
      purchaseDate: `${nextYear}-04-01`,
    },
  });
  const lease = (await created.json()).lease;
  await page.goto(`/en/master-file/${lease.id}/edit`);
  await expect(page.getByText('You are editing version 1.')).toBeVisible();
  // Someone else saves first.
  expect((await page.request.patch(`/api/leases/${lease.id}`, { data: { version: 1, rate: 0.06 } })).status()).toBe(200);
  await page.getByLabel('Annual interest rate').fill('4.5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const stale = page.getByTestId('stale-edit');
  await expect(stale).toContainText('Someone else changed this lease');
  await stale.getByRole('link', { name: 'Reload the current version' }).click();
  await expect(page.getByText('You are editing version 2.')).toBeVisible();
  await expect(page.getByLabel('Annual interest rate')).toHaveValue('6');
});

test('take a quotation from draft to converted and open the new lease', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/en/master-file/onboarding');
  await page.getByRole('link', { name: 'New quotation' }).click();
  await pickLessee(page, 'e');
  await page.getByLabel('Asset type').selectOption('vehicle');
  await page.getByLabel('Price (net of VAT)').fill('45000');
  await page.getByLabel('Residual value').fill('9000');
  await page.getByLabel('Number of instalments').fill('36');
  await page.getByLabel('Annual interest rate').fill('4.9');
  await page.getByLabel('First due date').fill(`${nextYear}-07-01`);
  await expect(page.getByTestId('preview-instalment')).toBeVisible();
  await page.getByRole('button', { name: 'Create quotation' }).click();

  await page.waitForURL(/\/en\/master-file\/onboarding\/\d+$/);
  const status = page.getByTestId('quotation-status');
  await expect(status).toHaveText('Draft');
  const actions = page.getByTestId('quotation-actions');
  await expect(actions.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await actions.getByLabel('Note (optional)').fill('All documents received');
  await actions.getByRole('button', { name: 'Submit' }).click();
  await expect(status).toHaveText('Submitted');
  // Four eyes (on for the demo funders): the submitter's approval is refused with the reason.
  await actions.getByRole('button', { name: 'Approve' }).click();
  await expect(actions.getByRole('alert')).toHaveText('Four eyes: you submitted this quotation, so another user must approve it.');
  await expect(status).toHaveText('Submitted');

  // Another user with write access approves and converts it.
  const quotationUrl = page.url();
  await page.context().clearCookies();
  await signInAs(page, 'admin');
  await page.goto(quotationUrl);
  await actions.getByRole('button', { name: 'Approve' }).click();
  await expect(status).toHaveText('Approved');
  // No ERP is configured on the test server: the push is not offered (Settings shows the connection's status).
  await expect(actions.getByRole('button', { name: 'Send to the ERP' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Convert into a lease' }).click();
  // Converting cannot be undone: a modal asks first (Esc or Cancel keep the quotation as it is).
  const confirm = page.getByRole('dialog', { name: 'Convert this quotation into a lease?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Convert into a lease' }).click();
  await expect(status).toHaveText('Converted');
  const history = page.getByTestId('quotation-history');
  await expect(history.locator('li')).toHaveCount(4);
  await expect(history).toContainText('All documents received');
  await expect(history).toContainText('From Approved to Converted');

  const leaseLink = page.getByTestId('converted-lease').getByRole('link');
  const contractNumber = await leaseLink.textContent();
  await leaseLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lease ${contractNumber}`);
  await expect(page.getByTestId('schedule-table').locator('tbody tr')).toHaveCount(37);
});

test('export the Master File as CSV: the header row names the visible columns', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/en/master-file?currency=CHF');
  await expect(page.getByTestId('lease-table').locator('tbody tr').first()).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^master-file-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    `Contract,Lessee,Asset type,Currency,Price,Financed principal,Outstanding principal at ${e2eCutOff()},Residual,Term,Rate,Instalment,First due,Status,Status reason`,
  );
  expect(lines.slice(1).every((l) => l.includes(',CHF,'))).toBe(true);
  const total = Number((await page.getByText(/\d+–\d+ of \d+/).textContent())!.match(/of ([\d,]+)/)![1]!.replace(/,/g, ''));
  expect(lines).toHaveLength(total + 1);
});

test('save the current view and apply it from the Views select', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/en/master-file');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('performing');
  await expect(page).toHaveURL(/status=performing/);
  await page.getByTestId('column-menu').locator('summary').click();
  await page.getByTestId('column-menu').getByLabel('Client ID (ERP)').check();
  await expect(page).toHaveURL(/cols=/);
  const name = `Performing ${Date.now()}`;
  await page.getByRole('button', { name: 'Save current view' }).click();
  await page.getByLabel('View name').fill(name);
  await page.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByTestId('views-select')).toHaveValue(/\d+/);

  await page.goto('/en/master-file');
  await expect(page.getByTestId('lease-table').getByRole('columnheader', { name: 'Client ID (ERP)' })).toHaveCount(0);
  await page.getByTestId('views-select').selectOption({ label: name });
  await expect(page).toHaveURL(/status=performing/);
  await expect(page.getByTestId('lease-table').getByRole('columnheader', { name: /Client ID \(ERP\)/ })).toBeVisible();
  const statuses = await page.getByTestId('lease-table').locator('tbody tr td:last-child').allTextContents();
  // Every row's status is the derived Performing (domain.md §8: the badge shows the derived status, not the typed one).
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.every((s) => s.startsWith('Performing'))).toBe(true);
});

test('the register shows and filters the derived status (domain.md §8): Defaulted rows say why, the export agrees', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/en/master-file');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('defaulted');
  await expect(page).toHaveURL(/status=defaulted/);
  const rows = page.getByTestId('lease-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const badges = await page.getByTestId('lease-table').getByTestId('lease-status').allTextContents();
  expect(badges.length).toBeGreaterThan(0);
  expect(badges.every((b) => b === 'Defaulted')).toBe(true);
  // Each says why: its own DPD, probation, unlikely to pay or its lessee's contagion.
  const notes = await page.getByTestId('lease-table').getByTestId('status-note').allTextContents();
  expect(notes).toHaveLength(badges.length);
  for (const n of notes) expect(n).toMatch(/^Defaulted since /);
  // The lease page shows the same derived status.
  await rows.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/master-file\/\d+$/);
  await expect(page.getByTestId('lease-status')).toHaveText('Defaulted');
  await expect(page.getByTestId('lease-status-note')).toHaveText(/^Defaulted since /);
  // The export of the filtered register carries the same status.
  const res = await page.request.get('/api/leases/export?funderId=1&status=defaulted&columns=contractNumber,status&format=csv');
  const lines = (await res.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.split(',')[1] === 'Defaulted')).toBe(true);
});

test('the lessee kind (retail / non-retail) is set on the lease page and kept', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/en/master-file?status=performing');
  await page.getByTestId('lease-table').locator('tbody tr').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/master-file\/\d+$/);
  const form = page.getByTestId('lessee-kind-form');
  const select = form.getByLabel('Lessee kind');
  const was = await select.inputValue();
  const other = was === 'retail' ? 'corporate' : 'retail';
  await select.selectOption(other);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/ is now (Retail|Non-retail)\.$/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('lessee-kind-form').getByLabel('Lessee kind')).toHaveValue(other);
  // Back to what it was (the demo book's figures stay as seeded).
  await page.getByTestId('lessee-kind-form').getByLabel('Lessee kind').selectOption(was);
  await page.getByTestId('lessee-kind-form').getByRole('button', { name: 'Save' }).click();
  await page.reload();
  await expect(page.getByTestId('lessee-kind-form').getByLabel('Lessee kind')).toHaveValue(was);
});
