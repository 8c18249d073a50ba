import { getDb } from '@/db';
import { getEmail } from '@/db/queries/compat/apps-email';
import { parseQuery, withAuth } from '@/services/api/handler';
import { getEmailQuery } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** GET /apps/email/get-email?id= — 200 Email (no wrapper), 404 for an unknown or another user's mail. */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  const { id } = await parseQuery(req, getEmailQuery);
  return Response.json(await getEmail(getDb(), principal.user.id, id));
});
