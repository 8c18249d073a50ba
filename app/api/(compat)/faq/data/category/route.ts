import { getDb } from '@/db';
import { listFaqCategories } from '@/db/queries/compat/content';
import { parseQuery, withAuth } from '@/services/api/handler';
import { localeQuery } from '@/lib/validations/content';

export const dynamic = 'force-dynamic';

/** GET /faq/data/category?locale= (also under /api/): every help category with its questions. */
export const GET = withAuth({ scope: null }, async ({ req }) => {
  const { locale } = await parseQuery(req, localeQuery);
  return Response.json(await listFaqCategories(getDb(), locale));
});
