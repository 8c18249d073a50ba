/**
 * Portfolio CF → Scenarios in a browser: create a scenario through the form, see the book under it beside
 * the contractual case (totals, differences, the table by period), export it, then pick it on Total Cash
 * Flow and see the same difference there. 1280 × 800 without horizontal overflow; keyboard reachable.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'analyst');
});

const amount = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));

test('create a scenario, view the book under it with the difference to the contractual case, export it, pick it on Total Cash Flow', async ({
  page,
}) => {
  await page.goto('/en/portfolio/scenarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio scenarios' })).toBeVisible();

  const name = `E2E stress ${Date.now().toString(36)}`;
  const form = page.getByTestId('scenario-form');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('CPR, annual prepayment rate (%)').fill('6');
  await form.getByLabel('CDR, annual default rate (%)').fill('5');
  await form.getByLabel('Loss severity (%)').fill('40');
  await form.getByLabel('Recovery lag (months)').fill('6');
  await form.getByRole('button', { name: 'Create scenario' }).click();

  await expect(page).toHaveURL(/scenario=\d+/);
  const id = /scenario=(\d+)/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { name: `Under scenario “${name}”` })).toBeVisible();
  await expect(page.getByTestId('scenarios-list')).toContainText(name);

  // Totals: the scenario's total cash flow is below the contractual one, the difference says by how much.
  const totals = page.getByTestId('scenario-totals');
  await expect(totals).toBeVisible();
  const diff = amount(await page.getByTestId('scenario-diff-totalcf-EUR').innerText());
  expect(diff).toBeLessThan(0);
  await expect(page.getByTestId('scenario-loss-EUR')).toBeVisible();
  await expect(page.getByTestId('scenario-periods-EUR')).toBeVisible();
  await expect(page.getByTestId('scenario-periods-total-EUR')).toBeVisible();

  // No horizontal overflow of the page at 1280 × 800: wide tables scroll inside their cards.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  // The export: one row per currency and period, with the difference column.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('scenario-export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^scenario_E2E-stress-.*\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split(/\r?\n/);
  expect(lines[0]).toContain('difference');
  expect(lines.length).toBeGreaterThan(62);

  // Total Cash Flow under the scenario: the same difference beside the contractual case.
  await page.goto(`/en/portfolio/total-cash-flow?scenario=${id}`);
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue(id);
  expect(amount(await page.getByTestId('scenario-diff-totalcf-EUR').innerText())).toBe(diff);
  // The per-lease rows (and their totals) are the scenario's, and the table says so.
  await expect(page.getByTestId('scenario-rows')).toContainText('Rows under the scenario');

  // From Summary under the scenario, "Open the rows" keeps it.
  await page.goto(`/en/portfolio/summary?scenario=${id}`);
  await page.getByRole('link', { name: 'Open the rows' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/portfolio/total-cash-flow\\?.*scenario=${id}`));
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue(id);

  // Keyboard: the selector is reachable and choosing "Contractual only" drops the comparison.
  await page.getByLabel('Scenario', { exact: true }).focus();
  await page.getByLabel('Scenario', { exact: true }).selectOption('');
  await expect(page).not.toHaveURL(/scenario=/);
  await expect(page.getByTestId('scenario-totals')).toHaveCount(0);
  await expect(page.getByTestId('scenario-rows')).toHaveCount(0);

  // Clean up through the UI: delete with the confirmation.
  await page.goto(`/en/portfolio/scenarios?scenario=${id}`);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('scenarios-list')).not.toContainText(name);
});
