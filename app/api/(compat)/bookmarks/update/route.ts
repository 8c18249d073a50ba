import { getDb } from '@/db';
import { pageKeyOf, toggleBookmark, visiblePages } from '@/db/queries/compat/content-navbar';
import { parseBody, withAuth } from '@/services/api/handler';
import { bookmarkUpdateBody } from '@/lib/validations/content';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * POST /api/bookmarks/update {id}: toggles the signed-in user's bookmark of page `id` (a number, or a
 * numeric string). 404 for an id that is no page the user may open. The original answered 200 with no
 * body; this answers 200 with the new state `{id, target, isBookmarked}`.
 */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const { id } = await parseBody(req, bookmarkUpdateBody);
  const key = pageKeyOf(id);
  if (!key || !visiblePages(principal.scopes).some((p) => p.key === key)) throw new NotFound(`Page ${id} does not exist.`);
  const isBookmarked = await toggleBookmark(getDb(), principal.user.id, key);
  return Response.json({ id, target: key, isBookmarked });
});
