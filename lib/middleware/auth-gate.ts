import { defaultLocale, locales, type Locale } from '@/i18n/routing';

/** Documented API paths that answer outside the /api prefix; they bypass locale routing and authenticate themselves. */
export const API_PREFIXES = ['/api/', '/jwt/', '/apps/', '/account-setting/', '/profile/', '/faq/', '/pricing/', '/blog/', '/card/'] as const;

/** Locale-relative pages anyone may see. */
const PUBLIC_PAGES = new Set(['/login', '/__not-found']);

export type GateInput = { pathname: string; search: string; hasSession: boolean };
export type GateDecision =
  | { type: 'api' }
  | { type: 'not-found' }
  | { type: 'intl' }
  | { type: 'redirect'; to: string };

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
export function decideRoute({ pathname, search, hasSession }: GateInput): GateDecision {
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
  return { type: 'intl' };
}

/** Where unknown-locale paths are rewritten: a public page that renders the localized 404. */
export const NOT_FOUND_REWRITE = `/${defaultLocale}/__not-found`;
