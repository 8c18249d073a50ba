import { getDb } from '@/db';
import { getFaq } from '@/db/queries/compat/content';
import { parseQuery, withAuth } from '@/services/api/handler';
import { faqQuery } from '@/lib/validations/content';

export const dynamic = 'force-dynamic';

/**
 * GET /faq/data?q=&locale= (also /api/faq/data): FAQ categories keyed by slug; q filters the question
 * text only (case-insensitive); categories without a matching question are omitted ({} when none match).
 */
export const GET = withAuth({ scope: null }, async ({ req }) => {
  const { locale, q } = await parseQuery(req, faqQuery);
  return Response.json(await getFaq(getDb(), locale, q));
});
