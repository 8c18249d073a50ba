import { getDb } from '@/db';
import { toggleEmailsLabel } from '@/db/queries/compat/apps-email';
import { parseBody, withAuth } from '@/services/api/handler';
import { updateEmailsLabelBody } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** POST /apps/email/update-emails-label {emailIds, label} — toggles the label on each mail; 200 {updated}. */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const { emailIds, label } = await parseBody(req, updateEmailsLabelBody);
  return Response.json({ updated: await toggleEmailsLabel(getDb(), principal.user.id, emailIds, label) });
});
