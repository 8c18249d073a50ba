/**
 * The workspace apps in the browser: a mail from one user lands in another user's inbox; a follow-up
 * task added from a Delinquency row keeps its lease link; keyboard focus is visible; no page scrolls
 * sideways at 1280 × 800 in any locale.
 */
import { expect, test, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { signInAs } from '../helpers/e2e-auth';
import { e2eLastMonthEnd } from '../helpers/e2e-clock';

const LOCALES = ['en', 'de', 'fr', 'pt'] as const;
const PAGES = ['/mail', '/tasks', '/calendar', '/invoices'] as const;

test('a mail sent by the analyst arrives unread in the viewer’s inbox', async ({ page }) => {
  const subject = `Lease review ${Date.now()}`;
  await signInAs(page, 'analyst');
  await page.goto('/en/mail');
  await page.getByTestId('mail-compose').click();
  const dialog = page.getByRole('dialog', { name: 'Compose' });
  const option = dialog.locator('option', { hasText: 'viewer@quantum.demo' });
  await dialog.getByLabel('To').selectOption((await option.getAttribute('value'))!);
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Please check the schedule of this lease.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Mail sent.')).toBeVisible();
  await page.getByTestId('mail-folder-sent').click();
  await expect(page.getByTestId('mail-list')).toContainText(subject);

  await signInAs(page, 'viewer');
  await page.goto('/en/mail');
  const row = page.getByTestId('mail-list').getByRole('link', { name: new RegExp(subject) });
  await expect(row).toContainText('unread');
  await row.click();
  await expect(page.getByTestId('mail-read')).toContainText(subject);
  await expect(page.getByTestId('mail-read')).toContainText('Please check the schedule of this lease.');
  await page.getByTestId('mail-star').click();
  await expect(page.getByTestId('mail-star')).toHaveAttribute('aria-pressed', 'true');
});

test('a follow-up task added from a Delinquency row is linked to the lease', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.goto('/en/servicing/delinquency?sort=arrearsTotal&dir=desc');
  const row = page.getByTestId('delinquency-table').locator('tbody tr').first();
  const contract = (await row.locator('td').first().innerText()).trim();
  await row.getByTestId('follow-up').click();
  await expect(page).toHaveURL(/\/en\/tasks\?/);
  const form = page.getByTestId('task-form').filter({ visible: true });
  await expect(form.getByTestId('task-form-link')).toContainText(contract);
  await expect(form.getByLabel('Title')).toHaveValue(`Follow up: ${contract}`);
  await form.getByLabel('Due date').fill('2030-01-15');
  await form.getByTestId('task-save').click();
  await expect(page.getByText('Task added.')).toBeVisible();
  const task = page
    .getByTestId('task-row')
    .filter({ hasText: `Follow up: ${contract}` })
    .first();
  await expect(task.getByTestId('task-link')).toContainText(`Lease ${contract}`);
  await task.getByTestId('task-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(contract);
});

async function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'none';
    const s = getComputedStyle(el);
    return s.outlineStyle !== 'none' && s.outlineWidth !== '0px' ? 'outline' : s.boxShadow !== 'none' ? 'shadow' : 'none';
  });
}

test('the mail folders and the task filters are reachable by keyboard with a visible focus ring', async ({ page }) => {
  await signInAs(page, 'analyst');
  for (const [path, target] of [
    ['/en/mail', 'mail-folder-sent'],
    ['/en/tasks', 'task-add'],
  ] as const) {
    await page.goto(path);
    const goal = page.getByTestId(target);
    let reached = false;
    for (let i = 0; i < 150 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await goal.evaluate((el) => el === document.activeElement);
    }
    expect(reached, `${target} by Tab`).toBe(true);
    expect(await focusRing(page)).not.toBe('none');
  }
});

test('the workspace pages do not scroll sideways at 1280 × 800 in any locale', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'analyst');
  for (const locale of LOCALES) {
    for (const path of PAGES) {
      await page.goto(`/${locale}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${locale}${path}`).toBeLessThanOrEqual(0);
    }
  }
});

test('an event added to the calendar can be moved to another day', async ({ page }) => {
  const title = `Funding call ${Date.now()}`;
  await signInAs(page, 'analyst');
  await page.goto('/en/calendar?view=month&date=2030-03-10');
  await page.getByTestId('event-add').click();
  const add = page.getByTestId('event-form').filter({ visible: true });
  await add.getByLabel('Title').fill(title);
  await add.getByLabel('Start date').fill('2030-03-12');
  await add.getByLabel('End date').fill('2030-03-12');
  await add.getByTestId('event-save').click();
  await expect(page.getByText('Event added.')).toBeVisible();
  const cell = (d: string) => page.locator(`td[data-date="${d}"]`);
  await expect(cell('2030-03-12').getByRole('button', { name: title })).toBeVisible();

  await cell('2030-03-12').getByRole('button', { name: title }).click();
  const edit = page.getByTestId('event-form').filter({ visible: true });
  await edit.getByLabel('Start date').fill('2030-03-14');
  await edit.getByLabel('End date').fill('2030-03-14');
  await edit.getByTestId('event-save').click();
  await expect(page.getByText('Event saved.')).toBeVisible();
  await expect(cell('2030-03-14').getByRole('button', { name: title })).toBeVisible();
  await expect(cell('2030-03-12').getByRole('button', { name: title })).toHaveCount(0);

  await page.goto('/en/calendar?view=list&date=2030-03-01');
  await expect(page.getByTestId('calendar-list')).toContainText(title);
});

test('the calendar shows the facility certificate and covenant test dates, linking to the facility', async ({ page }) => {
  await signInAs(page, 'analyst');
  // The demo facility's certificate is issued at the last month end before today (the server's clock), which is
  // also a covenant test date: yesterday on the 1st of a month.
  const lastMonthEnd = e2eLastMonthEnd();
  // A month cell shows three items, the user's own events first, and links the rest ("N more") to the day in the
  // list view: the seeded events are dated around today, so on some days they push the covenant test out of the cell.
  await page.goto(`/en/calendar?view=month&date=${lastMonthEnd}`);
  const cell = page.locator(`td[data-date="${lastMonthEnd}"]`);
  const more = cell.getByRole('link', { name: /^\d+ more$/ });
  await expect(cell.getByTestId('calendar-covenant-test').or(more).first()).toBeVisible();
  if (await more.count()) await more.click();
  else await page.goto(`/en/calendar?view=list&date=${lastMonthEnd}`);
  await expect(page).toHaveURL(/view=list/);
  const day = page.locator('li', { has: page.locator(`time[datetime="${lastMonthEnd}"]`) });
  await expect(day.getByTestId('calendar-certificate').first()).toContainText('Certificate issued:');
  await expect(day.getByTestId('calendar-covenant-test').first()).toContainText('Covenant test:');
  await day.getByTestId('calendar-certificate').first().click();
  await expect(page).toHaveURL(/\/en\/portfolio\/facilities\/\d+/);
});

test('an invoice shows its payment details, a print view and downloads as a PDF', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.goto('/en/invoices');
  await page.getByTestId('invoice-link').first().click();
  await expect(page.getByTestId('payment-details')).toContainText('IBAN');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-pdf').click()]);
  expect(download.suggestedFilename()).toMatch(/^invoice-\d+\.pdf$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  expect(text).toContain('Invoice #');
  expect(text).toContain('IBAN');
  await page.getByTestId('invoice-print').click();
  await expect(page.getByTestId('invoice-print-view')).toContainText('Payment details');
});
