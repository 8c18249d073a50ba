import { getDb } from '@/db';
import { updateAccountSettings } from '@/db/queries/account-settings';
import { parseBody, withAuth } from '@/services/api/handler';
import { accountSettingsPatch } from '@/lib/validations/account-settings';

export const dynamic = 'force-dynamic';

/** PATCH /api/account/settings — changes the signed-in user's own settings (named sections only); 200 with all of them. */
export const PATCH = withAuth({ scope: null }, async ({ req, principal }) => {
  const body = await parseBody(req, accountSettingsPatch);
  return Response.json(await updateAccountSettings(getDb(), principal.user.id, body));
});
