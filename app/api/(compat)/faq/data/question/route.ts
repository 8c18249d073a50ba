import { getDb } from '@/db';
import { getFaqQuestion } from '@/db/queries/compat/content';
import { parseQuery, withAuth } from '@/services/api/handler';
import { faqQuestionQuery } from '@/lib/validations/content';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /faq/data/question?id=&locale= (also under /api/): one question with its answer (HTML) and the
 * other questions of its category. Without id: the first help question (the original ignored any
 * parameter); an unknown id is 404.
 */
export const GET = withAuth({ scope: null }, async ({ req }) => {
  const { locale, id } = await parseQuery(req, faqQuestionQuery);
  const data = await getFaqQuestion(getDb(), locale, id);
  if (!data) throw new NotFound(`Question ${id} does not exist.`);
  return Response.json(data);
});
