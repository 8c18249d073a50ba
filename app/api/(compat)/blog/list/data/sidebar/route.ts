import { getDb } from '@/db';
import { getBlogSidebar } from '@/db/queries/compat/content';
import { parseQuery, withAuth } from '@/services/api/handler';
import { localeQuery } from '@/lib/validations/content';

export const dynamic = 'force-dynamic';

/** GET /blog/list/data/sidebar?locale= (also under /api/): recent posts and the categories. */
export const GET = withAuth({ scope: null }, async ({ req }) => {
  const { locale } = await parseQuery(req, localeQuery);
  return Response.json(await getBlogSidebar(getDb(), locale));
});
