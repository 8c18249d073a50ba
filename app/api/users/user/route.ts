import { getDb } from '@/db';
import { getDirectoryUser, updateDirectoryUser } from '@/db/queries/user-directory';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { updateUserBody, userIdQuery } from '@/lib/validations/users';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

function requiredId(id: number | undefined): number {
  if (id === undefined) throw new Invalid('The query string is invalid.', [{ field: 'id', message: 'is required' }]);
  return id;
}

/** GET /api/users/user?id= — `{ user }` or 404. */
export const GET = withAuth({ scope: 'admin' }, async ({ req }) => {
  const id = requiredId((await parseQuery(req, userIdQuery)).id);
  const user = await getDirectoryUser(getDb(), id);
  if (!user) throw new NotFound(`User ${id} does not exist.`);
  return Response.json({ user });
});

/**
 * PATCH /api/users/user?id= — body `{ role?, status?, currentPlan? }`: `{ user }`. A role change revokes
 * the user's sessions; 409 when it would leave no active admin; 404 for an unknown id.
 */
export const PATCH = withAuth({ scope: 'admin' }, async ({ req, principal }) => {
  const id = requiredId((await parseQuery(req, userIdQuery)).id);
  const patch = await parseBody(req, updateUserBody);
  return Response.json({ user: await updateDirectoryUser(getDb(), id, patch, principal.user.id) });
});
