import { getDb } from '@/db';
import { listBlogPosts } from '@/db/queries/compat/content';
import { parseQuery, withAuth } from '@/services/api/handler';
import { localeQuery } from '@/lib/validations/content';

export const dynamic = 'force-dynamic';

/** GET /blog/list/data?locale= (also under /api/): the published posts, newest first. */
export const GET = withAuth({ scope: null }, async ({ req }) => {
  const { locale } = await parseQuery(req, localeQuery);
  return Response.json(await listBlogPosts(getDb(), locale));
});
