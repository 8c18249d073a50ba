/**
 * Every screen is reachable from the menu and from the navbar search, in every language: each page key sits in
 * the menu tree, each menu page is found by its localized title through the search's own matching, and every
 * static page route of the signed-in app is a menu page (or a deliberate exception: forms reached by a button).
 */
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pageItems, textMatches, visiblePages } from '@/db/queries/compat/content-navbar';
import { activePageHref, flattenNav, NAV_PAGE_KEYS, NAV_TREE, type NavPageKey } from '@/lib/navigation';

const LOCALES = ['en', 'de', 'fr', 'pt'] as const;
const ALL_SCOPES = ['read:funders', 'write:funders', 'admin'];

function navLabels(locale: string): Record<string, string> {
  const core = JSON.parse(readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as { nav: Record<string, string> };
  return core.nav;
}

/** What the navbar search answers for `q` (the page part of GET /api/main-search/data, without bookmarks). */
function searchPages(locale: string, q: string) {
  const labels = navLabels(locale);
  return pageItems(visiblePages(ALL_SCOPES), new Set(), (key: NavPageKey) => labels[key] ?? key, locale).filter(
    (p) => textMatches(p.title, q) || textMatches(p.target, q),
  );
}

/** Static page routes under app/[locale]/(app), locale-relative ('/servicing/payments'). */
function staticAppRoutes(dir = path.join(process.cwd(), 'app', '[locale]', '(app)'), prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (!statSync(full).isDirectory()) continue;
    if (name.startsWith('[')) continue; // dynamic segments: detail pages, or kinds the menu lists one by one
    const route = name.startsWith('(') ? prefix : `${prefix}/${name}`;
    if (readdirSync(full).includes('page.tsx')) out.push(route);
    out.push(...staticAppRoutes(full, route));
  }
  return out;
}

/** Static routes that are forms opened from a screen's button, not screens of their own. */
const NOT_MENU_SCREENS = new Set([
  '/master-file/new',
  '/master-file/onboarding/new',
  '/master-file/import',
  '/catalogue/cart',
  '/account/settings',
  '/account/profile',
  '/news/new',
]);

describe('menu tree', () => {
  const hrefs = flattenNav(NAV_TREE).map((p) => p.href);

  test.each(NAV_PAGE_KEYS.map((k) => [k]))('page %s is in the menu tree exactly once', (key) => {
    expect(flattenNav(NAV_TREE).filter((p) => p.key === key)).toHaveLength(1);
  });

  test.each(
    staticAppRoutes()
      .filter((r) => r !== '' && !NOT_MENU_SCREENS.has(r))
      .map((r) => [r]),
  )('screen %s is a menu page', (route) => {
    expect(hrefs).toContain(route);
  });

  test.each([
    ['/master-file/onboarding/12', '/master-file/onboarding'],
    ['/master-file/42', '/master-file'],
    ['/settings/users/3', '/settings/users'],
    ['/settings', '/settings'],
    ['/servicing/payments/imports/7', '/servicing/payments'],
  ])('%s marks only its own menu page (%s) as current', (pathname, href) => {
    expect(activePageHref(pathname)).toBe(href);
    // Asked again after another path (the last answer is memoised): still its own page.
    expect(activePageHref('/account')).toBe('/account');
    expect(activePageHref(pathname)).toBe(href);
    expect(activePageHref(pathname)).toBe(href);
  });
});

describe.each(LOCALES.map((l) => [l]))('navbar search in %s', (locale) => {
  const labels = navLabels(locale);

  test.each(NAV_PAGE_KEYS.map((k) => [k]))('finds %s by its menu title', (key) => {
    const title = labels[key];
    expect(title, `nav.${key} missing in ${locale}`).toBeTruthy();
    expect(searchPages(locale, title!).map((p) => p.target)).toContain(key);
  });
});

test.each([
  ['payments', 'payments'],
  ['onboarding', 'onboarding'],
  ['users', 'users'],
  ['Payments', 'payments'],
])('the English search for "%s" finds the %s page', (q, key) => {
  expect(searchPages('en', q).map((p) => p.target)).toContain(key);
});
