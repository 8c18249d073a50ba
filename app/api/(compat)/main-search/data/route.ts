import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { mainSearchScreen } from '@/services/search/main-search';
import { mainSearchQuery } from '@/lib/validations/search';
import { pageItemsFor } from '@/app/api/(compat)/bookmarks/page-items';

export const dynamic = 'force-dynamic';

/**
 * GET /api/main-search/data?q=&locale=&limit=&funderId=: `{searchArr, scope, tooShort}`. The groups with hits, pages
 * first (menu pages the user may open, by title or synonym in the locale), then — for principals with read:funders —
 * lessees, leases, facilities, covenants, certificates, write-offs, imports and report files of every funder the user
 * may access, `funderId`'s first (403 if it is not assigned to the user, 404 if it does not exist). Each group holds at
 * most `limit` hits (default 4, max 20) and the count of its matches; a query of one character searches pages only.
 */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  const query = await parseQuery(req, mainSearchQuery);
  const db = getDb();
  const pages = await pageItemsFor(db, principal, query.locale);
  return Response.json(await mainSearchScreen(db, principal, query, pages));
});
