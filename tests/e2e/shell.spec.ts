/**
 * The signed-in shell: sign-in form, menu per scope, 403 and "not available yet" panels, language switch,
 * collapsible menu, sign-out, 404. The landing and sign-out tests sign in through the form; the others start
 * with the role's session made once by the setup project (tests/helpers/e2e-auth.ts).
 * Assertions use roles, labels and test ids, never colours (Chromium reports Tailwind 4 colours as lab()).
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-auth';

const PASSWORD = 'quantum-demo';
type DemoUser = 'admin' | 'analyst' | 'viewer' | 'client';

function emailOf(user: DemoUser): string {
  return `${user}@quantum.demo`;
}

/** Fills and submits the English sign-in form; resolves once the browser has left the login page. */
async function signInWithForm(page: Page, email: string, startAt = '/en/login') {
  await page.goto(startAt);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** Starts signed in as the demo role (or through the form from a protected page, to follow the callback). */
async function signIn(page: Page, user: DemoUser, startAt = '/en/login') {
  if (startAt === '/en/login') return signInAs(page, user);
  await signInWithForm(page, emailOf(user), startAt);
}

function sidebar(page: Page) {
  return page.getByTestId('sidebar');
}

const MENUS: { user: DemoUser; landing: string; dashboard: boolean; settings: boolean; groups: boolean }[] = [
  { user: 'admin', landing: '/en/dashboard', dashboard: true, settings: true, groups: true },
  { user: 'analyst', landing: '/en/dashboard', dashboard: true, settings: false, groups: true },
  { user: 'viewer', landing: '/en/dashboard', dashboard: true, settings: false, groups: true },
  { user: 'client', landing: '/en/account', dashboard: false, settings: false, groups: false },
];

test.describe('menu by scope', () => {
  for (const m of MENUS) {
    test(`${m.user} lands on ${m.landing} and sees the menu their scopes allow`, async ({ page }) => {
      await signInWithForm(page, emailOf(m.user));
      await expect(page).toHaveURL(m.landing);
      const nav = sidebar(page).getByRole('navigation');
      await expect(nav.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(m.dashboard ? 1 : 0);
      await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(m.settings ? 1 : 0);
      for (const group of ['Modules', 'Portfolio CF', 'Reports', 'Servicing']) {
        await expect(nav.getByRole('button', { name: group, exact: true })).toHaveCount(m.groups ? 1 : 0);
      }
    });
  }

  test('a client without scopes gets the 403 panel on a funder page', async ({ page }) => {
    await signIn(page, 'client');
    await page.goto('/en/dashboard');
    const forbidden = page.getByTestId('forbidden');
    await expect(forbidden).toBeVisible();
    await expect(forbidden.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(forbidden).toContainText('read:funders');
    await forbidden.getByRole('link', { name: 'See my permissions' }).click();
    await expect(page).toHaveURL('/en/account');
  });

  test('a viewer gets the 403 panel on the admin-only settings page', async ({ page }) => {
    await signIn(page, 'viewer');
    await page.goto('/en/settings');
    await expect(page.getByTestId('forbidden')).toContainText('admin');
  });

  test('groups expand and the active entry is marked', async ({ page }) => {
    await signIn(page, 'analyst');
    const nav = sidebar(page).getByRole('navigation');
    const portfolio = nav.getByRole('button', { name: 'Portfolio CF', exact: true });
    await expect(portfolio).toHaveAttribute('aria-expanded', 'false');
    await portfolio.click();
    await expect(portfolio).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('button', { name: 'Liability CF', exact: true }).click();
    await nav.getByRole('link', { name: 'Interest', exact: true }).click();
    await expect(page).toHaveURL('/en/portfolio/liability/interest');
    await expect(nav.getByRole('link', { name: 'Interest', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Liability cash flow: interest' })).toBeVisible();
    await expect(page.getByTestId('liability-table')).toBeVisible();
    await expect(page).toHaveTitle('Liability cash flow: interest · QUANTUM');
  });
});

test.describe('sign-in form', () => {
  test('returns to the page that asked for sign-in', async ({ page }) => {
    await page.goto('/en/reports/tape');
    await expect(page).toHaveURL(/\/en\/login\?callbackUrl=%2Fen%2Freports%2Ftape$/);
    await page.getByLabel('E-mail').fill(emailOf('viewer'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/en/reports/tape');
    await expect(page.getByRole('heading', { level: 1, name: /Tape/ })).toBeVisible();
  });

  test('validates empty fields without a request', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeFocused();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  test('shows the invalid-credentials message for a wrong password', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByLabel('E-mail').fill(emailOf('viewer'));
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('login-error')).toHaveText('The e-mail address or password is incorrect.');
    await expect(page).toHaveURL('/en/login');
  });

  test('shows a distinct message when the server rate-limits sign-in', async ({ page }) => {
    // The server's limiter also counts per client IP, and every test shares 127.0.0.1: five real failures
    // here would lock the whole suite out for 15 minutes. So the 429 answer is stubbed; only the UI is under test.
    await page.route('**/api/auth/callback/credentials', (route) =>
      route.fulfill({
        status: 429,
        json: { url: new URL('/api/auth/error?error=RateLimited', page.url()).toString(), error: { code: 'rate_limited' } },
      }),
    );
    await page.goto('/en/login');
    await page.getByLabel('E-mail').fill(emailOf('analyst'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('login-error')).toHaveText(
      'Too many failed sign-in attempts. Please wait a few minutes before trying again.',
    );
    await expect(page).toHaveURL('/en/login');
  });

  for (const [seconds, text] of [
    [42, 'Too many failed sign-in attempts. Try again in 42 seconds.'],
    [150, 'Too many failed sign-in attempts. Try again in 3 minutes.'],
  ] as const) {
    test(`says how long to wait when the server names the wait (${seconds} s)`, async ({ page }) => {
      await page.route('**/api/auth/callback/credentials', (route) =>
        route.fulfill({
          status: 429,
          headers: { 'Retry-After': String(seconds) },
          json: { url: new URL(`/api/auth/error?error=RateLimited:${seconds}`, page.url()).toString(), error: { code: 'rate_limited' } },
        }),
      );
      await page.goto('/en/login');
      await page.getByLabel('E-mail').fill(emailOf('analyst'));
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByTestId('login-error')).toHaveText(text);
    });
  }

  test('says the wait after a redirect back with the code in the URL (de)', async ({ page }) => {
    await page.goto('/de/login?error=RateLimited:30');
    await expect(page.getByTestId('login-error')).toHaveText(
      'Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in 30 Sekunden erneut.',
    );
  });

  test('lists the demo accounts in a collapsible note that fills the form', async ({ page }) => {
    await page.goto('/en/login');
    const note = page.getByTestId('demo-accounts');
    await expect(note.getByRole('button', { name: /analyst@quantum\.demo/ })).toBeHidden();
    await note.getByText('Demo accounts').click();
    await expect(note).toContainText(PASSWORD);
    await note.getByRole('button', { name: /analyst@quantum\.demo/ }).click();
    await expect(page.getByLabel('E-mail')).toHaveValue('analyst@quantum.demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/en/dashboard');
  });
});

test.describe('language', () => {
  test('switching to German keeps the page and query and translates menu and dates', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/en/account?from=test');
    const memberSince = page.getByTestId('member-since').locator('time');
    const isoDate = await memberSince.getAttribute('datetime');
    expect(isoDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const day = new Date(`${isoDate}T00:00:00Z`);
    const long = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(day);
    await expect(memberSince).toHaveText(long('en'));

    await page.getByTestId('language-switcher').selectOption('de');
    await expect(page).toHaveURL('/de/account?from=test');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const nav = sidebar(page).getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Übersicht', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Einstellungen', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
    // German long dates read "21. November 2026".
    await expect(memberSince).toHaveText(long('de'));
    await expect(memberSince).toHaveText(/^\d{1,2}\. \p{L}+ \d{4}$/u);
    await expect(page.getByTestId('language-switcher')).toHaveValue('de');
  });
});

test.describe('menu collapse', () => {
  test('collapses to icons and stays collapsed after a reload', async ({ page }) => {
    await signIn(page, 'admin');
    const bar = sidebar(page);
    await expect(bar).toHaveAttribute('data-collapsed', 'false');
    const toggle = page.getByTestId('menu-collapse');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(bar).toHaveAttribute('data-collapsed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-menu-collapsed', 'true');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-menu-collapsed', 'true');
    await expect(bar).toHaveAttribute('data-collapsed', 'true');

    // Hovering the icon bar reveals the toggle again; a second click expands the menu for good.
    await bar.hover();
    await page.getByTestId('menu-collapse').click();
    await expect(bar).toHaveAttribute('data-collapsed', 'false');
    await page.reload();
    await expect(bar).toHaveAttribute('data-collapsed', 'false');
  });

  test('is an off-canvas drawer on small screens, closed by Escape', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'viewer');
    const openButton = page.getByRole('button', { name: 'Open menu' });
    await expect(sidebar(page)).toBeHidden();
    await openButton.click();
    await expect(sidebar(page)).toBeVisible();
    await expect(openButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();
    await expect(openButton).toBeFocused();

    await openButton.click();
    await sidebar(page).getByRole('link', { name: 'Account', exact: true }).click();
    await expect(page).toHaveURL('/en/account');
    await expect(sidebar(page)).toBeHidden();
  });
});

test.describe('keyboard', () => {
  test('the first Tab reaches the skip link, which moves to the content', async ({ page }) => {
    await signIn(page, 'viewer');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
  });
});

test.describe('sign-out', () => {
  test('lands on the login page and the old session no longer opens pages', async ({ page, request }) => {
    // Its own user: signing out revokes every session of the user, and the demo roles' sessions are shared.
    const stamp = Date.now().toString(36);
    const email = `signout-e2e-${stamp}@example.com`;
    expect(
      (await request.post('/jwt/register', { data: { email, password: 'sign-out-pass-1', username: `signout_${stamp}` } })).status(),
    ).toBe(201);
    await page.goto('/en/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('sign-out-pass-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.getByRole('button', { name: /^User menu for / }).click();
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL('/en/login');
    await page.goto('/en/dashboard');
    await expect(page).toHaveURL(/\/en\/login\?callbackUrl=%2Fen%2Fdashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome to QUANTUM' })).toBeVisible();
  });
});

test.describe('not found', () => {
  test('unknown paths show the localized 404 with status 404', async ({ page }) => {
    await signIn(page, 'viewer');
    const cases = [
      { path: '/en/no-such-page', heading: 'Page not found' },
      { path: '/de/gibt-es-nicht', heading: 'Seite nicht gefunden' },
      { path: '/en/servicing/reports/no-such-report', heading: 'Page not found' },
      { path: '/xx/unsupported-locale', heading: 'Page not found' },
    ];
    for (const c of cases) {
      const response = await page.goto(c.path);
      expect(response?.status(), c.path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: c.heading })).toBeVisible();
    }
    await page.goto('/de/gibt-es-nicht');
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL('/de/dashboard');
  });
});
