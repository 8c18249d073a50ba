import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { localeQuery } from '@/lib/validations/content';
import { pageItemsFor } from '@/app/api/(compat)/bookmarks/page-items';

export const dynamic = 'force-dynamic';

/**
 * GET /api/bookmarks/data?locale=: `suggestions` = every page the user may open (the search's Pages
 * group), `bookmarks` = those the signed-in user has bookmarked. Bookmarks are private to their user.
 */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  const { locale } = await parseQuery(req, localeQuery);
  const suggestions = await pageItemsFor(getDb(), principal, locale);
  return Response.json({ suggestions, bookmarks: suggestions.filter((p) => p.isBookmarked) });
});
