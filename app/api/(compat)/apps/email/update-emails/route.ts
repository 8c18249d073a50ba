import { getDb } from '@/db';
import { updateEmails } from '@/db/queries/compat/apps-email';
import { parseBody, withAuth } from '@/services/api/handler';
import { updateEmailsBody } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** POST /apps/email/update-emails {emailIds, dataToUpdate} — 200 {updated}; 404 (nothing changed) when an id is not the user's mail. */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const { emailIds, dataToUpdate } = await parseBody(req, updateEmailsBody);
  return Response.json({ updated: await updateEmails(getDb(), principal.user.id, emailIds, dataToUpdate) });
});
