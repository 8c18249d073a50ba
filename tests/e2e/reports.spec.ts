/**
 * Reports in a browser: the Stratification's dimension switch shows a chart and the totals row per
 * currency; a servicing report's "Generate CSV" keeps a file that appears in the list and downloads.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

async function signIn(page: Page, startAt = '/en/login') {
  // From the sign-in page: the session made once by the setup project; from a protected page: the form, to follow the callback.
  if (startAt === '/en/login') return signInAs(page, 'analyst');
  await page.goto(startAt);
  await page.getByLabel('E-mail').fill('analyst@quantum.demo');
  await page.getByLabel('Password', { exact: true }).fill('quantum-demo');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('Stratification: switching the dimension shows its buckets, a chart and the totals', async ({ page }) => {
  await page.goto('/en/reports/stratification');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const first = page.locator('[data-testid^="strat-table-"]').first();
  await expect(first).toBeVisible();

  await page.getByTestId('strat-dimension').selectOption('assetType');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/dimension=assetType/);
  const table = page.getByTestId('strat-table-EUR');
  await expect(table.getByRole('columnheader', { name: 'Asset type', exact: true })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Vehicles' })).toBeVisible();
  await expect(page.getByTestId('strat-total-EUR')).toContainText('All buckets');
  await expect(page.getByTestId('strat-total-EUR')).toContainText('100.0%');
  // Recharts draws the bars as SVG paths inside the chart figure.
  await expect(page.getByTestId('strat-chart-EUR').locator('svg .recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('strat-top10-EUR').getByRole('link').first()).toHaveAttribute(
    'href',
    /\/servicing\/clients-behavior\/\d+$/,
  );

  await page.getByTestId('strat-dimension').selectOption('remainingTerm');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('strat-table-EUR').getByRole('columnheader', { name: 'Remaining term', exact: true })).toBeVisible();
  await expect(
    page
      .getByTestId('strat-table-EUR')
      .getByRole('rowheader', { name: /months/ })
      .first(),
  ).toBeVisible();
});

test('Servicing report: generate a CSV, see it listed and download it', async ({ page }) => {
  await page.goto('/en/servicing/reports/collections');
  await expect(page.getByTestId('report-totals')).toBeVisible();
  const before = await page.getByTestId('kept-file').count();
  await page.getByTestId('generate-csv').click();
  await expect(page.getByTestId('kept-file')).toHaveCount(before + 1);
  const row = page.getByTestId('kept-file').first();
  await expect(row).toContainText(/collections-f1-\d{4}-\d{2}\.csv/);
  await expect(row).toContainText('Analyst');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('kept-file-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^collections-f1-\d{4}-\d{2}\.csv$/);
});
