import { getDb } from '@/db';
import { parseBody, parseQuery, withAuth, zodIssues } from '@/services/api/handler';
import { editNews } from '@/services/workspace/news-admin';
import { newsIdParams, newsLocaleQuery, newsPostBody } from '@/lib/validations/workspace';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** PATCH /api/workspace/news/{id}?locale= (admins) — replaces the article's title, excerpt, body, tags and status; 404 when unknown. */
export const PATCH = withAuth({ scope: 'admin' }, async ({ req, principal, params }) => {
  const parsed = newsIdParams.safeParse(params);
  if (!parsed.success) throw new Invalid('The path is invalid.', zodIssues(parsed.error));
  const { locale } = await parseQuery(req, newsLocaleQuery);
  const body = await parseBody(req, newsPostBody);
  const after = await editNews(getDb(), locale, parsed.data.id, body, principal.user);
  return Response.json({ id: after.id, status: after.status });
});
