/**
 * The Develop page: the API reference rendered from the OpenAPI document, its filter, and the try-it
 * form calling the API with the browser's own session (a GET answering 200 with JSON, a POST with an
 * invalid body answering 400 with the field). Assertions use roles, labels and test ids.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

async function signIn(page: Page, user: 'admin' | 'viewer') {
  await signInAs(page, user);
}

function operation(page: Page, key: string) {
  return page.locator(`[data-operation="${key}"]`);
}

test('the filter narrows the index and the listing; try-it on GET /api/lessees answers 200 with JSON', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/en/develop');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get a bearer token' })).toBeVisible();
  await expect(page.getByTestId('download-openapi')).toHaveAttribute('href', '/api/openapi.json');

  await page.getByLabel('Filter the endpoints').fill('get /api/lessees');
  const index = page.getByRole('navigation', { name: 'Endpoints' });
  await expect(index.getByText('1 endpoint')).toBeVisible();
  await expect(operation(page, 'GET /api/leases')).toBeHidden();
  const card = operation(page, 'GET /api/lessees');
  await expect(card).toBeVisible();

  await index.getByRole('link', { name: /\/api\/lessees/ }).click();
  await expect(page).toHaveURL(/#getApiLessees$/);
  await expect(card.getByRole('cell', { name: 'limit', exact: true })).toBeVisible();
  await card.getByText('Show the schema').click();
  await expect(card.getByTestId('schema-tree')).toContainText('defaultVatRate');
  const curl = card.getByLabel('Command line (curl)');
  await expect(curl).toContainText('-H "Authorization: Bearer $TOKEN"');
  await expect(curl).toContainText(/'http:\/\/127\.0\.0\.1:\d+\/api\/lessees\?funderId=1&limit=5'/);

  await card.getByText('Try it', { exact: true }).click();
  await card.getByLabel(/^limit/).fill('3');
  await card.getByRole('button', { name: 'Send the request' }).click();
  await expect(card.getByTestId('try-status')).toHaveText(/^Status 200/);
  const body = card.getByTestId('try-body');
  await expect(body).toContainText('"lessees": [');
  const parsed = JSON.parse((await body.textContent()) ?? '') as { lessees: unknown[] };
  expect(parsed.lessees).toHaveLength(3);
});

test('try-it on a POST with an invalid body shows the 400 with the field; broken JSON is not sent', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/en/develop');
  await page.getByLabel('Filter the endpoints').fill('post calculators/schedule');
  const card = operation(page, 'POST /api/calculators/schedule');
  await expect(card).toBeVisible();
  await card.getByText('Try it', { exact: true }).click();
  const editor = card.getByLabel('Request body (JSON)');
  await expect(editor).toHaveValue(/"currency": "EUR"/);

  await editor.fill('{"currency": "EUR",');
  await card.getByRole('button', { name: 'Send the request' }).click();
  await expect(card.getByRole('alert')).toContainText('The body is not valid JSON');
  await expect(card.getByTestId('try-result')).toHaveCount(0);

  await editor.fill('{"currency": "EUR", "price": 5000000, "term": 0, "rate": 0.06, "timing": "advance", "firstDueDate": "2026-01-01"}');
  await card.getByRole('button', { name: 'Send the request' }).click();
  await expect(card.getByTestId('try-status')).toHaveText(/^Status 400/);
  await expect(card.getByTestId('try-body')).toContainText('"field": "term"');
  await expect(card.getByTestId('try-body')).toContainText('"code": "invalid"');
});

test('operations outside the user scopes are marked', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/en/develop');
  await expect(operation(page, 'POST /api/leases').getByTestId('not-allowed')).toContainText('Your account lacks write:funders');
  await expect(operation(page, 'GET /api/leases').getByTestId('not-allowed')).toHaveCount(0);
  await expect(operation(page, 'POST /api/apps/lease-combined/add-user')).toContainText('/apps/lease-combined/add-user');
});
