/**
 * The performance history in a browser (domain.md §9): Reports → Performance shows its charts and the
 * month table and downloads it; Reports → Vintages draws the cohort curves, switches the cohort basis
 * and exports; the Dashboard links the last closed months' CPR and CDR to Performance.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'analyst');
});

test('Performance: charts, the month table with a live current month, and the CSV export', async ({ page }) => {
  await page.goto('/en/reports/performance');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Recharts draws each series as a .recharts-line group in the chart's SVG (a flat line has no height: attached, not "visible").
  for (const chart of ['performance-rates-chart', 'performance-delinquency-chart', 'performance-pool-chart']) {
    await expect(page.getByTestId(chart).getByRole('application')).toBeVisible();
    await expect(page.getByTestId(chart).locator('.recharts-line').first()).toBeAttached();
  }
  const rows = page.getByTestId('performance-row');
  await expect(rows).toHaveCount(24);
  await expect(rows.last()).toContainText('live');
  await expect(page.getByTestId('performance-table').getByRole('columnheader', { name: 'CPR', exact: true })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^performance-f1-[A-Z]{3}-\d{4}-\d{2}-\d{4}-\d{2}\.csv$/);
});

test('Vintages: curves and table, switching the cohort basis and the measure, and the XLSX export', async ({ page }) => {
  await page.goto('/en/reports/vintages');
  await expect(page.getByTestId('vintages-chart').getByRole('application')).toBeVisible();
  await expect(page.getByTestId('vintages-chart').locator('.recharts-line').first()).toBeAttached();
  await expect(page.getByTestId('vintage-row').first()).toBeVisible();
  await expect(page.getByTestId('vintage-row').first().getByRole('rowheader')).toHaveText(/^\d{4}-Q[1-4]$/);

  await page.getByTestId('vintages-by').selectOption('origination');
  await page.getByTestId('vintages-measure').selectOption('netLoss');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/by=origination/);
  await expect(page).toHaveURL(/measure=netLoss/);
  await expect(page.getByTestId('vintages-by')).toHaveValue('origination');
  await expect(page.getByTestId('vintages-chart')).toContainText('Cumulative net loss');
  await expect(page.getByTestId('vintage-row').first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/^vintages-f1-origination-netLoss-[A-Z]{3}\.xlsx$/);
});

test('Dashboard: CPR and CDR of the last three closed months link to Performance', async ({ page }) => {
  await page.goto('/en/dashboard');
  const months = page.getByTestId('kpi-performance-month');
  await expect(months).toHaveCount(3);
  await expect(months.first()).toContainText(/CPR .*%.*CDR .*%/);
  await months.last().click();
  await expect(page).toHaveURL(/\/en\/reports\/performance\?to=\d{4}-\d{2}/);
  await expect(page.getByTestId('performance-table')).toBeVisible();
});
