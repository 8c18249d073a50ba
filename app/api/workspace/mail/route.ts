import { getDb } from '@/db';
import { composeEmail } from '@/db/queries/workspace/mail';
import { getUserById } from '@/db/queries/users';
import { NotFound } from '@/lib/domain/errors';
import { parseBody, withAuth } from '@/services/api/handler';
import { composeEmailBody } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** POST /api/workspace/mail — sends a mail to another user of the product (or saves a draft); 201 {id}. */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const body = await parseBody(req, composeEmailBody);
  const db = getDb();
  const to = await getUserById(db, body.toUserId);
  if (!to) throw new NotFound(`User ${body.toUserId} does not exist.`, [{ field: 'toUserId', message: 'unknown user' }]);
  const me = principal.user;
  const id = await composeEmail(
    db,
    { id: me.id, name: me.fullName || me.username, email: me.email },
    { id: to.id, name: to.fullName || to.username, email: to.email },
    body,
  );
  return Response.json({ id }, { status: 201 });
});
