/**
 * Portfolio CF and the Dashboard in a browser: sort and toggle gross on the Total Cash Flow and see the
 * per-currency totals, the Summary's table and chart, the Liability tabs, and a Dashboard card opening
 * the screen behind it. Signs in through the form; assertions use roles, labels and test ids.
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

const columnHeader = (page: Page, name: string) =>
  page.getByTestId('total-cash-flow-table').getByRole('columnheader', { name: new RegExp(`^${name}\\b`) });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('Total Cash Flow: sort by a column, toggle gross, see the totals row per currency', async ({ page }) => {
  await page.goto('/en/portfolio/total-cash-flow');
  await expect(page.getByRole('heading', { level: 1, name: 'Total cash flow' })).toBeVisible();
  const table = page.getByTestId('total-cash-flow-table');
  await expect(table.getByTestId('cash-flow-row')).toHaveCount(25);
  await expect(page.getByTestId('ended-note')).toContainText('ended before the cut-off');

  // Sort by NPV: ascending, then descending; the order on screen follows.
  await columnHeader(page, 'NPV').getByRole('link').click();
  await expect(page).toHaveURL(/sort=npv/);
  await expect(columnHeader(page, 'NPV')).toHaveAttribute('aria-sort', 'ascending');
  await columnHeader(page, 'NPV').getByRole('link').click();
  await expect(page).toHaveURL(/sort=npv&dir=desc|dir=desc.*sort=npv/);
  await expect(columnHeader(page, 'NPV')).toHaveAttribute('aria-sort', 'descending');
  const npvColumn = await table.getByRole('columnheader').evaluateAll((ths) => ths.findIndex((th) => th.textContent?.startsWith('NPV')));
  const npvs = await table
    .getByTestId('cash-flow-row')
    .evaluateAll((rows, col) => rows.map((r) => Number((r.children[col] as HTMLElement).innerText.replace(/[^0-9.-]/g, ''))), npvColumn);
  expect(npvs.length).toBe(25);
  expect([...npvs].sort((a, b) => b - a)).toEqual(npvs);

  // The totals row per currency, net; then gross of VAT raises the EUR total cash flow, not the NPV.
  const eurTotals = table.getByTestId('totals-EUR');
  await expect(eurTotals).toContainText('Total EUR');
  await expect(table.getByTestId('totals').getByRole('row')).toHaveCount(3);
  const net = await eurTotals.innerText();
  await page.getByLabel('Gross of VAT').check();
  await expect(page).toHaveURL(/gross=1/);
  await expect(page.getByTestId('table-status')).toContainText('gross of VAT');
  await expect(columnHeader(page, 'NPV')).toHaveAttribute('aria-sort', 'descending');
  await expect(eurTotals).not.toHaveText(net);
  const cells = (text: string) => text.split('\t');
  const grossText = await eurTotals.innerText();
  expect(cells(grossText)[3]).toBe(cells(net)[3]); // NPV is always net of VAT
});

test('Total Cash Flow: filters narrow the rows and a page past the end is empty', async ({ page }) => {
  await page.goto('/en/portfolio/total-cash-flow');
  await page.getByLabel('Currency', { exact: true }).selectOption('GBP');
  await expect(page).toHaveURL(/currency=GBP/);
  await expect(page.getByTestId('totals').getByRole('row')).toHaveCount(1);
  await expect(page.getByTestId('totals-GBP')).toBeVisible();
  const fx = await page
    .getByTestId('cash-flow-row')
    .evaluateAll((rows) => [...new Set(rows.map((r) => (r.children[2] as HTMLElement).innerText))]);
  expect(fx).toEqual(['GBP']);
  await page.goto('/en/portfolio/total-cash-flow?page=999');
  await expect(page.getByTestId('cash-flow-row')).toHaveCount(0);
  await expect(page.getByTestId('paging-summary')).toContainText('past the end');
});

test('Summary: the per-currency table and the chart', async ({ page }) => {
  await page.goto('/en/portfolio/summary');
  const table = page.getByTestId('summary-table');
  await expect(table).toBeVisible();
  for (const currency of ['EUR', 'GBP', 'CHF']) await expect(table.getByTestId(`summary-${currency}`)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'WAL' })).toBeVisible();
  const chart = page.getByTestId('summary-chart');
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await chart.getByRole('button', { name: 'GBP' }).click();
  await expect(chart.getByRole('button', { name: 'GBP' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.locator('caption')).toContainText('GBP');
  // A currency opens its rows in the Total Cash Flow.
  await table.getByRole('link', { name: /CHF/ }).click();
  await expect(page).toHaveURL(/\/en\/portfolio\/total-cash-flow\?currency=CHF/);
  await expect(page.getByTestId('totals-CHF')).toBeVisible();
});

test('Liability CF: tabs switch between principal, interest and VAT', async ({ page }) => {
  await page.goto('/en/portfolio/liability/principal');
  const tabs = page.getByRole('navigation', { name: 'Liability components' });
  await expect(tabs.getByRole('link', { name: 'Principal' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('liability-totals')).toContainText('Total over the life');
  await tabs.getByRole('link', { name: 'Interest' }).click();
  await expect(page).toHaveURL('/en/portfolio/liability/interest');
  await expect(page.getByRole('heading', { level: 1, name: 'Liability cash flow: interest' })).toBeVisible();
  await expect(page.getByTestId('liability-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
});

test('Dashboard: a KPI card links to the screen behind it', async ({ page }) => {
  await page.goto('/en/dashboard');
  const principal = page.getByTestId('kpi-principal');
  await expect(principal).toContainText('Outstanding principal');
  await expect(principal).toContainText('EUR');
  await principal.getByRole('link', { name: 'Open the summary' }).click();
  await expect(page).toHaveURL('/en/portfolio/summary');
  await expect(page.getByTestId('summary-table')).toBeVisible();

  await page.goto('/en/dashboard');
  await page.getByTestId('kpi-delta').getByRole('link', { name: 'Open the total cash flow' }).click();
  await expect(page).toHaveURL(/\/en\/portfolio\/total-cash-flow\?sort=delta&dir=desc/);
  await expect(columnHeader(page, 'Delta')).toHaveAttribute('aria-sort', 'descending');
});
