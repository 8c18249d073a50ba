import { getDb } from '@/db';
import { listEmails } from '@/db/queries/compat/apps-email';
import { parseQuery, withAuth } from '@/services/api/handler';
import { emailsQuery } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** GET /apps/email/emails?q=&folder=&label=&page=&perPage= — 200 {emails, emailsMeta, total} (api-reference.md §2). */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  const query = await parseQuery(req, emailsQuery);
  return Response.json(await listEmails(getDb(), principal.user.id, query));
});
