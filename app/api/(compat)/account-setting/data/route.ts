import { getDb } from '@/db';
import { getAccountSettings } from '@/db/queries/compat/content';
import { parseQuery, withAuth } from '@/services/api/handler';
import { noQuery } from '@/lib/validations/content';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /account-setting/data (also /api/account-setting/data): the signed-in user's own account settings. */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  await parseQuery(req, noQuery);
  const data = await getAccountSettings(getDb(), principal.user.id);
  if (!data) throw new NotFound('The user no longer exists.');
  return Response.json(data);
});
