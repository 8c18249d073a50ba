import { getToken } from 'next-auth/jwt';
import createIntlMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from '@/i18n/routing';
import { getAuthSecret } from '@/services/auth/secret';
import { decideRoute, NOT_FOUND_REWRITE } from '@/lib/middleware/auth-gate';

const handleI18nRouting = createIntlMiddleware(routing);

/** Next 16 calls the middleware file proxy.ts. Locale routing plus a coarse signed-in check for pages. */
export default async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const token = await getToken({ req, secret: getAuthSecret() }).catch(() => null);
  const decision = decideRoute({ pathname, search, hasSession: token !== null });
  switch (decision.type) {
    case 'api':
      return NextResponse.next();
    case 'not-found':
      return NextResponse.rewrite(new URL(NOT_FOUND_REWRITE, req.url));
    case 'redirect':
      return NextResponse.redirect(new URL(decision.to, req.url));
    case 'intl':
      // Always return next-intl's own response: a new one would drop the locale headers.
      return handleI18nRouting(req);
  }
}

export const config = {
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
