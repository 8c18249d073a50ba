import { getDb } from '@/db';
import { createDirectoryUser } from '@/db/queries/user-directory';
import { parseBody, withAuth } from '@/services/api/handler';
import { hashPassword } from '@/lib/auth/password';
import { addUserBody } from '@/lib/validations/users';

export const dynamic = 'force-dynamic';

/**
 * POST /apps/users/add-user (also /api/apps/…) — the body is the user itself with its password: 201
 * `{ user }` with a new unique id; 409 for a taken e-mail or username.
 */
export const POST = withAuth({ scope: 'admin' }, async ({ req, principal }) => {
  const { password, ...input } = await parseBody(req, addUserBody);
  // Hashing is asynchronous: done before the (synchronous) transaction.
  const passwordHash = await hashPassword(password);
  return Response.json({ user: await createDirectoryUser(getDb(), input, passwordHash, Date.now(), principal.user.id) }, { status: 201 });
});
