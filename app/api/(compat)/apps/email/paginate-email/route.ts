import { getDb } from '@/db';
import { emailNeighbour } from '@/db/queries/compat/apps-email';
import { parseQuery, withAuth } from '@/services/api/handler';
import { paginateEmailQuery } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** GET /apps/email/paginate-email?dir=previous|next&emailId= — 200 the neighbouring Email by id, 404 at either end. */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  const { dir, emailId } = await parseQuery(req, paginateEmailQuery);
  return Response.json(await emailNeighbour(getDb(), principal.user.id, emailId, dir));
});
