/**
 * Servicing → Defaults & losses in the browser: the seeded defaults with their reason, flagging a lease unlikely to
 * pay, proposing a write-off as one user and seeing it wait for a second user (who approves through the API), and
 * the CSV export.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

test('Defaults & losses: flag unlikely to pay, propose a write-off (pending until another user approves), export', async ({
  page,
  request,
}) => {
  await signInAs(page, 'analyst');
  await page.goto('/en/servicing/defaults');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Defaults & losses');
  await expect(page.getByTestId('defaults-table')).toBeVisible();
  await expect(page.getByTestId('ecl-table')).toBeVisible();
  await expect(page.getByTestId('measures-table')).toBeVisible();
  // Every defaulted row says why ("Defaulted since …: … DPD on … past due", probation, unlikely to pay or contagion).
  const notes = await page.getByTestId('credit-note').allInnerTexts();
  expect(notes.length).toBeGreaterThan(0);
  for (const n of notes) expect(n).toMatch(/^Defaulted since /);

  // Flag a lease from the register unlikely to pay: the first active one not flagged yet (the demo seed flags the first
  // active lease that runs for more than three months, which on some days is also the register's first).
  const alreadyFlagged = new Set(
    await page.locator('[data-testid^="flag-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('flag-'.length))),
  );
  await page.goto('/en/master-file?status=active');
  const firstLinks = await page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('a')?.textContent?.trim() ?? ''));
  const contract = firstLinks.find((c) => c !== '' && !alreadyFlagged.has(c))!;
  expect(contract).toBeTruthy();
  await page.goto('/en/servicing/defaults');
  const form = page.getByTestId('utp-form');
  await form.getByLabel('Contract number').fill(contract);
  await form.getByLabel('Reason').fill('E2E: insolvency filing');
  await form.getByRole('button', { name: 'Flag' }).click();
  // A second look before the flag: the confirmation names the lease (and any lease the lessee's contagion would default).
  const confirmFlag = page.locator('dialog[open]');
  await expect(confirmFlag).toContainText(contract);
  await confirmFlag.getByRole('button', { name: 'Flag' }).click();
  await expect(page.getByText(`${contract} is flagged unlikely to pay.`)).toBeVisible();
  await expect(page.getByTestId(`flag-${contract}`)).toContainText('E2E: insolvency filing');

  // Propose a write-off of a defaulted lease: it waits for a second user.
  const row = page
    .getByTestId('defaults-table')
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: /^Propose write-off/ }) })
    .first();
  const target = (await row.getByRole('link').first().innerText()).trim();
  await row.getByRole('button', { name: /^Propose write-off/ }).click();
  // The dialog shows the exposure, takes the amount (the whole exposure by default) and a reason, and says what follows.
  // Every defaulted row has its own dialog: the one opened is the open one.
  const dialog = page.locator('dialog[open][data-testid="write-off-dialog"]');
  await expect(dialog.getByTestId('write-off-exposure')).toBeVisible();
  await expect(dialog).toContainText('a second person must approve it');
  await dialog.getByLabel('Reason').fill('E2E: asset sold');
  await dialog.getByRole('button', { name: 'Propose write-off' }).click();
  await expect(page.getByText(`The write-off of ${target} waits for a second user's approval.`)).toBeVisible();
  await expect(page.getByTestId(`default-${target}`)).toContainText('Pending approval');
  const pending = page.getByTestId(`write-off-${target}`);
  await expect(pending.getByTestId('write-off-status')).toHaveText('Proposed');
  // The proposer is offered no Approve button (four eyes).
  await expect(pending.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The second user approves through the API.
  const token = await request.post('/jwt/login', {
    data: { email: 'admin@quantum.demo', password: 'quantum-demo' },
    headers: { 'x-forwarded-for': '198.51.100.77' },
  });
  expect(token.ok()).toBe(true);
  {
    const { accessToken } = (await token.json()) as { accessToken: string };
    const list = await request.get('/api/credit/write-offs?funderId=1&status=proposed', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const id = ((await list.json()) as { writeOffs: { id: number; contractNumber: string }[] }).writeOffs.find(
      (w) => w.contractNumber === target,
    )!.id;
    expect(
      (await request.post(`/api/credit/write-offs/${id}/approve`, { headers: { authorization: `Bearer ${accessToken}` } })).status(),
    ).toBe(200);
    await page.reload();
    await expect(page.getByTestId(`write-off-${target}`).getByTestId('write-off-status')).toHaveText('Approved');
  }

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-defaults-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^credit-defaults-\d{4}-\d{2}-\d{2}\.csv$/);
});
