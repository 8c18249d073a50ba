import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { localeQuery } from '@/lib/validations/content';
import { pageItemsFor } from '@/app/api/(compat)/bookmarks/page-items';

export const dynamic = 'force-dynamic';

/**
 * GET /api/autocomplete/data?locale=: `{autoComplete: [{title, rank, id}]}` — the suggestions of the
 * autocomplete input: the pages the user may open, in menu order (rank '1'…), id = the page key. No
 * filtering on the server, as in the original.
 */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  const { locale } = await parseQuery(req, localeQuery);
  const pages = await pageItemsFor(getDb(), principal, locale);
  return Response.json({ autoComplete: pages.map((p, i) => ({ title: p.title, rank: String(i + 1), id: p.target })) });
});
