/**
 * Lease calculators: the first result is rendered on the server from the URL, edits recompute in the
 * browser in the active locale and go back to the URL, invalid input is explained at the field, the
 * schedule exports as CSV, and the NPV/IRR calculator reproduces Excel's XIRR example.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

/** Fills and submits the English sign-in form as the analyst; resolves once the browser has left the login page. */
/** Starts signed in as the analyst (the session made once by the setup project). */
async function signIn(page: Page) {
  await signInAs(page, 'analyst');
}

// lease-domain-research.md §2.3: C 50,000, D 5,000, RV 5,000, 60 monthly instalments in advance at 6 % → 794.34.
const RESEARCH = 'price=50000&downPayment=5000&residual=5000&term=60&rate=6&timing=advance&firstDueDate=2026-01-01';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('renders the research example on the server: instalment €794.34', async ({ page }) => {
  const res = await page.request.get(`/en/calculators?${RESEARCH}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('€794.34');

  await page.goto(`/en/calculators?${RESEARCH}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lease calculators' })).toBeVisible();
  await expect(page.getByTestId('instalment')).toHaveText('€794.34');
  await expect(page.getByRole('tab', { name: 'Instalment & schedule' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByTestId('schedule-table');
  await expect(table.locator('tbody tr')).toHaveCount(61); // 60 instalments and the residual
  await expect(page.getByTestId('total-principal')).toHaveText('€45,000.00');
});

test('German shows and accepts German numbers, recomputes and updates the URL', async ({ page }) => {
  await page.goto(`/de/calculators?${RESEARCH}`);
  await expect(page.getByTestId('instalment')).toHaveText(/^794,34\s€$/);
  const down = page.getByLabel('Anzahlung (EUR)');
  await expect(down).toHaveValue('5.000,00');
  await down.fill('1.234,56');
  await expect(page.getByTestId('calc-downPayment-error')).toHaveCount(0);
  await expect(page.getByTestId('instalment')).toHaveText(/^866,77\s€$/);
  await expect(page).toHaveURL(/[?&]downPayment=1234\.56(&|$)/);
  await down.blur();
  await expect(down).toHaveValue('1.234,56');

  await down.fill('12a');
  await expect(page.getByTestId('calc-downPayment-error')).toHaveText('Das ist keine Zahl.');
  await expect(page.getByTestId('instalment')).toHaveText(/^866,77\s€$/); // the last valid result stays
});

test('a negative term is explained at the field, without a crash', async ({ page }) => {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.goto(`/en/calculators?${RESEARCH}`);
  const term = page.getByLabel('Term (instalments)');
  await term.fill('-5');
  await expect(page.getByTestId('calc-term-error')).toHaveText('The term must be at least 1 instalment.');
  await expect(term).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('input-status')).toContainText('Term (instalments)');
  await expect(page.getByTestId('instalment')).toHaveText('€794.34');
  await expect(page).toHaveURL(/[?&]term=-5(&|$)/);

  // The same URL rendered by the server explains it too.
  await page.reload();
  await expect(page.getByTestId('calc-term-error')).toHaveText('The term must be at least 1 instalment.');
  await expect(page.getByRole('heading', { level: 1, name: 'Lease calculators' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the CSV export link downloads one row per instalment', async ({ page }) => {
  await page.goto(`/en/calculators?${RESEARCH}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toBe('schedule-EUR-60x-2026-01-01.csv');
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split(/\r?\n/);
  expect(lines[0]).toBe('period,due_date,instalment,interest,principal,vat,fee,gross,balance_after');
  expect(lines).toHaveLength(1 + 60);
  expect(lines[1]).toBe('1,2026-01-01,794.34,0.00,794.34,0.00,0.00,794.34,44205.66');

  const xlsx = await page.request.get((await page.getByTestId('export-xlsx').getAttribute('href')) ?? '');
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()['content-disposition']).toBe('attachment; filename="schedule-EUR-60x-2026-01-01.xlsx"');

  const bad = await page.request.get(`/api/calculators/schedule/export?format=csv&${RESEARCH.replace('term=60', 'term=-1')}`);
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.issues).toEqual([{ field: 'term', message: 'The term must be at least 1 instalment.' }]);
});

test('the NPV/IRR calculator computes the Excel XIRR example (37.34 %)', async ({ page }) => {
  await page.goto(`/en/calculators?${RESEARCH}`);
  const scheduleTab = page.getByRole('tab', { name: 'Instalment & schedule' });
  await scheduleTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Rate from instalment' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('solved-rate')).toHaveText('6.0000%');
  await page.keyboard.press('ArrowRight');
  const npvTab = page.getByRole('tab', { name: 'NPV / IRR' });
  await expect(npvTab).toHaveAttribute('aria-selected', 'true');
  await expect(npvTab).toBeFocused();
  await expect(page).toHaveURL(/[?&]tab=npv(&|$)/);

  const flows = page.getByLabel('Cash flows');
  await flows.fill('2008-01-01; -10000\n2008-03-01; 2750\n2008-10-30; 4250\n2009-02-15; 3250\n2009-04-01; 2750');
  await expect(page.getByTestId('xirr')).toContainText('37.34%');

  await flows.fill('100\n200');
  await expect(page.getByTestId('irr-periodic')).toContainText('No solution');
  await expect(page.getByTestId('irr-periodic')).toContainText('at least one negative and one positive amount');
});
