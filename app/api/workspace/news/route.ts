import { getDb } from '@/db';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { publishNews } from '@/services/workspace/news-admin';
import { newsLocaleQuery, newsPostBody } from '@/lib/validations/workspace';

export const dynamic = 'force-dynamic';

/** POST /api/workspace/news?locale= (admins) — a new news article in that language; 201 `{ id, status }`. */
export const POST = withAuth({ scope: 'admin' }, async ({ req, principal }) => {
  const { locale } = await parseQuery(req, newsLocaleQuery);
  const body = await parseBody(req, newsPostBody);
  const id = await publishNews(getDb(), locale, body, principal.user);
  return Response.json({ id, status: body.status }, { status: 201 });
});
