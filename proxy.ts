import createIntlMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from '@/i18n/routing';
import { errorResponse } from '@/lib/api/errors';
import { sessionTokenOf } from '@/services/auth/session-token';
import { decideRoute, forbiddenRewrite, hasMalformedEscape, NOT_FOUND_REWRITE } from '@/lib/middleware/auth-gate';
import { buildCsp, createNonce, dsnOrigin } from '@/lib/middleware/csp';

const handleI18nRouting = createIntlMiddleware(routing);
const isDev = process.env.NODE_ENV === 'development';
const sentryOrigin = dsnOrigin(process.env.NEXT_PUBLIC_SENTRY_DSN);
const connectOrigins = sentryOrigin ? [sentryOrigin] : [];

function badPath(): Response {
  return errorResponse('invalid', 'The request path contains a malformed percent escape.');
}

/**
 * Next 16 calls the middleware file proxy.ts. Locale routing, a coarse signed-in and read:funders check for
 * pages, the pages' Content-Security-Policy, and a 400 for paths whose percent escapes do not decode.
 */
export default async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  // Before the session: a malformed path is refused the same way for everybody (API paths reach here only with a '%').
  if (hasMalformedEscape(pathname)) return badPath();
  // The cookie's decode is cached until it expires (the JWE decrypt and its key derivation were ≈ 1 ms of every page).
  const token = await sessionTokenOf(req).catch(() => null);
  const decision = decideRoute({ pathname, search, hasSession: token !== null, scopes: token?.scopes ?? [] });
  if (decision.type === 'bad-request') return badPath();
  if (decision.type === 'api') return NextResponse.next();
  if (decision.type === 'redirect') return NextResponse.redirect(new URL(decision.to, req.url));

  // A page: Next reads the nonce from the request's CSP header and puts it on its scripts; the layout reads x-nonce.
  const nonce = createNonce();
  const csp = buildCsp({ nonce, isDev, connectOrigins });
  req.headers.set('x-nonce', nonce);
  req.headers.set('content-security-policy', csp);
  let res: NextResponse;
  if (decision.type === 'not-found') {
    res = NextResponse.rewrite(new URL(NOT_FOUND_REWRITE, req.url), { request: { headers: req.headers } });
  } else {
    // Always return next-intl's own response: a new one would drop the locale headers and cookie.
    res = handleI18nRouting(req);
    if (decision.type === 'forbidden') {
      // The same response, rewritten onto the page that answers the localized 403 with status 403.
      res.headers.delete('x-middleware-next');
      res.headers.set('x-middleware-rewrite', new URL(forbiddenRewrite(decision.locale), req.url).toString());
    }
  }
  res.headers.set('Content-Security-Policy', csp);
  return res;
}

export const config = {
  matcher: [
    '/((?!api|_next|_vercel|.*\\..*).*)',
    // Every other path (the API included) only when it carries a percent escape: a regular expression test, no
    // proxy call, for the rest of the API traffic.
    '/:path(.*%.*)',
  ],
};
