/**
 * Facilities in the browser: the list with its figures, a facility page with the borrowing-base waterfall
 * (chart and table), the lease-level eligibility table and its CSV export, and a draw request that another
 * user then has to approve.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

test('the Facilities list shows each demo facility and opens its page with the waterfall', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.goto('/en/portfolio/facilities');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Funding facilities');
  const table = page.getByTestId('facilities-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(table.locator('[data-status]').first()).toBeVisible();
  await table.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page.getByTestId('waterfall-chart').locator('svg').first()).toBeVisible();
  const wf = page.getByTestId('waterfall-table');
  for (const key of ['collateral', 'ineligible', 'eligible', 'excess', 'borrowingBase', 'maximumAdvance', 'outstanding']) await expect(wf.getByTestId(`wf-${key}`)).toBeVisible();
  await expect(wf.locator('[data-testid="wf-availability"]')).toBeVisible();
  // The demo lessee limit produces an excess; one covenant is in Warning.
  await expect(page.getByTestId('excess-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('covenants').locator('[data-status="warning"]').first()).toBeVisible();
  // No horizontal overflow of the page at 1280 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('lease-level eligibility lists failed criteria and exports as CSV', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.goto('/en/portfolio/facilities/1?filter=ineligible');
  const table = page.getByTestId('eligibility-table');
  const first = table.locator('tbody tr').first();
  await expect(first).toHaveAttribute('data-eligible', 'no');
  await expect(first.locator('td').last()).not.toHaveText('');
  const download = page.waitForEvent('download');
  await page.getByTestId('eligibility-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^eligibility-1-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('requesting a draw: above availability is refused, a small one is pending for another user', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.goto('/en/portfolio/facilities/1');
  const form = page.getByTestId('draw-form');
  await form.getByLabel('Amount').fill('999999999999');
  await form.getByRole('button', { name: 'Request' }).click();
  await expect(page.getByText(/^Refused: the availability is/)).toBeVisible();
  await form.getByLabel('Amount').fill('1.00');
  await form.getByLabel('Note').fill('e2e draw');
  await form.getByRole('button', { name: 'Request' }).click();
  await expect(page.getByText('Requested; another user must approve it.')).toBeVisible();
  const row = page.getByTestId('draws-table').locator('tbody tr', { hasText: 'e2e draw' });
  await expect(row).toHaveAttribute('data-status', 'pending');
  // The requester's own approval is refused (four eyes): the row stays pending.
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/Four eyes/)).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'pending');
});
