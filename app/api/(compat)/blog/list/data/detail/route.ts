import { getDb } from '@/db';
import { getBlogDetail } from '@/db/queries/compat/content';
import { parseQuery, withAuth } from '@/services/api/handler';
import { blogPostQuery } from '@/lib/validations/content';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /blog/list/data/detail?id=&locale= (also under /api/): one post (default id 1) and its comments; 404 for an unknown id. */
export const GET = withAuth({ scope: null }, async ({ req }) => {
  const { locale, id } = await parseQuery(req, blogPostQuery);
  const data = await getBlogDetail(getDb(), locale, id);
  if (!data) throw new NotFound(`Blog post ${id} does not exist.`);
  return Response.json(data);
});
