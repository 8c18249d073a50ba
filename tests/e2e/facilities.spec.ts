/**
 * Facilities in the browser: the list with its figures, a facility page with the borrowing-base waterfall
 * (chart and table), the lease-level eligibility table and its CSV export, and a draw request that another
 * user then has to approve.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';
import { e2eCutOff } from '../helpers/e2e-clock';

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
  for (const key of ['collateral', 'ineligible', 'eligible', 'excess', 'borrowingBase', 'maximumAdvance', 'outstanding'])
    await expect(wf.getByTestId(`wf-${key}`)).toBeVisible();
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

test('Liability CF per facility: the facility selector shows its funding line, whose balance is the facility page outstanding', async ({
  page,
}) => {
  await signInAs(page, 'analyst');
  const cutOff = e2eCutOff();
  await page.goto(`/en/portfolio/facilities/1?asOf=${cutOff}`);
  const digits = (s: string | null) => (s ?? '').replace(/[^0-9]/g, '');
  const outstanding = digits(await page.getByTestId('waterfall-table').getByTestId('wf-outstanding').locator('td').last().textContent());
  expect(outstanding.length).toBeGreaterThan(0);
  await page.goto(`/en/portfolio/liability/principal?cutOff=${cutOff}`);
  await page.getByTestId('liability-facility').selectOption({ index: 1 });
  await expect(page).toHaveURL(/facility=1/);
  await expect(page.getByTestId('liability-method')).toContainText('outstanding');
  const cards = page.getByTestId('liability-currencies').locator('[data-testid^="liability-card-"]');
  await expect(cards).toHaveCount(1);
  const balance = page.locator('[data-testid^="liability-balance-"]').first();
  expect(digits(await balance.textContent())).toBe(outstanding);
  // The table exports, the facility's line only.
  const download = page.waitForEvent('download');
  await page.getByTestId('liability-export-csv').click();
  expect((await download).suggestedFilename()).toMatch(/^liability-principal-f1-facility1-\d{4}-\d{2}-01\.csv$/);
  // The tabs keep the facility.
  await page.getByRole('navigation', { name: 'Liability components' }).getByRole('link', { name: 'Interest' }).click();
  await expect(page).toHaveURL(/interest\?.*facility=1/);
});
