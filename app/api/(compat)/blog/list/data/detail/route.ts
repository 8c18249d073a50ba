import { getDb } from '@/db';
import { getBlogDetail } from '@/db/queries/compat/content';
import { ApiError } from '@/lib/api/errors';
import { parseQuery, withAuth } from '@/services/api/handler';
import { blogPostQuery } from '@/lib/validations/content';

export const dynamic = 'force-dynamic';

/** GET /blog/list/data/detail?id=&locale= (also under /api/): one post (default id 1) and its comments; 404 for an unknown id. */
export const GET = withAuth({ scope: null }, ({ req }) => {
  const { locale, id } = parseQuery(req, blogPostQuery);
  const data = getBlogDetail(getDb(), locale, id);
  if (!data) throw new ApiError('not_found', `Blog post ${id} does not exist.`);
  return Response.json(data);
});
