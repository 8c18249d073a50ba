import { getDb } from '@/db';
import { listKnowledgeBase } from '@/db/queries/compat/content';
import { parseQuery, withAuth } from '@/services/api/handler';
import { localeQuery } from '@/lib/validations/content';

export const dynamic = 'force-dynamic';

/** GET /faq/data/knowledge_base?locale= (also under /api/): the knowledge-base articles. */
export const GET = withAuth({ scope: null }, async ({ req }) => {
  const { locale } = await parseQuery(req, localeQuery);
  return Response.json(await listKnowledgeBase(getDb(), locale));
});
