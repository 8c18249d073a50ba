import { getDb } from '@/db';
import { getBlogEdit } from '@/db/queries/compat/content';
import { parseQuery, withAuth } from '@/services/api/handler';
import { blogPostQuery } from '@/lib/validations/content';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /blog/list/data/edit?id=&locale= (also under /api/): a post as the editor loads it (default id 1); 404 for an unknown id. */
export const GET = withAuth({ scope: null }, async ({ req }) => {
  const { locale, id } = await parseQuery(req, blogPostQuery);
  const data = await getBlogEdit(getDb(), locale, id);
  if (!data) throw new NotFound(`Blog post ${id} does not exist.`);
  return Response.json(data);
});
