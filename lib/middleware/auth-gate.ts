import { defaultLocale, locales, type Locale } from '@/i18n/routing';
import type { Scope } from '@/lib/auth/scopes';

/** Documented API paths that answer outside the /api prefix; they bypass locale routing and authenticate themselves. */
export const API_PREFIXES = [
  '/api/',
  '/jwt/',
  '/apps/',
  '/account-setting/',
  '/profile/',
  '/faq/',
  '/pricing/',
  '/blog/',
  '/card/',
] as const;

/** Locale-relative pages anyone may see. */
const PUBLIC_PAGES = new Set(['/login', '/register', '/__not-found']);

export type GateInput = {
  pathname: string;
  search: string;
  hasSession: boolean;
  /** The session token's scopes; undefined when the caller does not know them (no scope is judged then). */
  scopes?: readonly string[];
};
export type GateDecision =
  | { type: 'api' }
  | { type: 'bad-request' }
  | { type: 'not-found' }
  | { type: 'forbidden'; locale: Locale }
  | { type: 'intl' }
  | { type: 'redirect'; to: string };

const FUNDER_SCOPE: Scope = 'read:funders';

/**
 * First path segments whose menu pages need read:funders. A plain list rather than a walk of lib/navigation.ts: the
 * proxy runs on every page request and the menu tree drags its icons (and React) into the proxy bundle.
 * tests/unit/auth-gate.test.ts checks it against the menu definition.
 */
export const FUNDER_SECTIONS: ReadonlySet<string> = new Set([
  'dashboard',
  'master-file',
  'management',
  'portfolio',
  'reports',
  'develop',
  'calculators',
  'servicing',
  'invoices',
  'catalogue',
]);

/** Whether a locale-relative page path is a funder page (it and every page below it need read:funders). */
export function isFunderPage(localeRelativePath: string): boolean {
  return FUNDER_SECTIONS.has(localeRelativePath.split('/')[1] ?? '');
}

/**
 * A percent escape that does not decode ('%ZZ', a truncated '%E0%A4%A', the overlong '%C0%AF'). Next's
 * router throws on it while matching a dynamic segment, before any handler, and answers a bare 500.
 */
export function hasMalformedEscape(pathname: string): boolean {
  if (!pathname.includes('%')) return false;
  for (const segment of pathname.split('/')) {
    if (!segment.includes('%')) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      return true;
    }
  }
  return false;
}

const LOCALE_LIKE = /^[a-z]{2}(-[a-z]{2,4})?$/i;

/** Splits '/de/dashboard' into ['de', '/dashboard']; no locale → [null, pathname]. */
export function splitLocale(pathname: string): [Locale | null, string] {
  const seg = pathname.split('/')[1] ?? '';
  if ((locales as readonly string[]).includes(seg)) {
    const rest = pathname.slice(seg.length + 1);
    return [seg as Locale, rest === '' ? '/' : rest];
  }
  return [null, pathname];
}

export function isPublicPage(localeRelativePath: string): boolean {
  const p = localeRelativePath.replace(/\/+$/, '') || '/';
  return PUBLIC_PAGES.has(p);
}

/**
 * The proxy's routing decision. It is a convenience for page navigation, not the security boundary:
 * every page layout and API handler checks the credential again.
 */
export function decideRoute({ pathname, search, hasSession, scopes }: GateInput): GateDecision {
  if (hasMalformedEscape(pathname)) return { type: 'bad-request' };
  if (API_PREFIXES.some((p) => pathname.startsWith(p) || pathname === p.slice(0, -1))) return { type: 'api' };
  const [locale, rest] = splitLocale(pathname);
  if (!locale) {
    const first = pathname.split('/')[1] ?? '';
    // '/xx/…' with an unsupported locale is a 404, not a redirect to '/en/xx/…'.
    if (first && LOCALE_LIKE.test(first)) return { type: 'not-found' };
    // Unprefixed paths: next-intl adds the locale first, auth is judged on the next request.
    return { type: 'intl' };
  }
  if (isPublicPage(rest)) {
    if (hasSession && rest.replace(/\/+$/, '') === '/login') return { type: 'redirect', to: `/${locale}/dashboard` };
    return { type: 'intl' };
  }
  if (!hasSession) {
    const callbackUrl = encodeURIComponent(pathname + search);
    return { type: 'redirect', to: `/${locale}/login?callbackUrl=${callbackUrl}` };
  }
  // Coarse, like the sign-in check: the layout and each page still check the scope themselves.
  if (scopes && !scopes.includes(FUNDER_SCOPE) && isFunderPage(rest)) return { type: 'forbidden', locale };
  return { type: 'intl' };
}

/** Where unknown-locale paths are rewritten: a public page that renders the localized 404. */
export const NOT_FOUND_REWRITE = `/${defaultLocale}/__not-found`;

/** Where a funder page requested without read:funders is rewritten: it renders the localized 403 with status 403. */
export const FORBIDDEN_SEGMENT = '__forbidden';
export function forbiddenRewrite(locale: Locale): string {
  return `/${locale}/${FORBIDDEN_SEGMENT}`;
}
