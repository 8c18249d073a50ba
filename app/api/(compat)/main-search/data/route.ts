import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { getFunder } from '@/db/queries/funders';
import { searchLeaseItems, searchLesseeItems, textMatches } from '@/db/queries/compat/content-navbar';
import { parseQuery, withAuth } from '@/services/api/handler';
import { hasScope } from '@/lib/auth/scopes';
import { mainSearchQuery, type MainSearchResponse } from '@/lib/validations/content';
import { pageItemsFor } from '@/app/api/(compat)/bookmarks/page-items';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/main-search/data?q=&locale=&limit=&funderId=: `{searchArr}` with the groups Pages (menu pages
 * the user may open, labelled in the locale), Lessees and Leases of the funder (only for principals with
 * read:funders). Each group holds at most `limit` items (default 4, the spec's search limit; max 20),
 * matches of q (case-insensitive; empty q = the first items). The original returned everything and let
 * the client filter; lessees and leases are too many for that.
 */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  const { locale, q, limit, funderId } = parseQuery(req, mainSearchQuery);
  const db = getDb();
  const t = await getTranslations({ locale, namespace: 'navbarSearch' });
  const pages = (await pageItemsFor(db, principal, locale)).filter((p) => textMatches(p.title, q) || textMatches(p.target, q)).slice(0, limit);
  const searchArr: MainSearchResponse['searchArr'] = [{ groupKey: 'pages', groupTitle: t('groups.pages'), searchLimit: limit, data: pages }];
  if (hasScope(principal.scopes, 'read:funders')) {
    if (!getFunder(db, funderId)) throw new NotFound(`Funder ${funderId} does not exist.`);
    searchArr.push(
      { groupKey: 'lessees', groupTitle: t('groups.lessees'), searchLimit: limit, data: searchLesseeItems(db, funderId, q, limit, locale) },
      { groupKey: 'leases', groupTitle: t('groups.leases'), searchLimit: limit, data: searchLeaseItems(db, funderId, q, limit, locale) },
    );
  }
  return Response.json({ searchArr } satisfies MainSearchResponse);
});
