import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { deleteDirectoryUser } from '@/db/queries/user-directory';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { userIdBody, userIdQuery } from '@/lib/validations/users';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** The id from the query string, else from a JSON body `{ id }` (the template's client sends either). */
async function idOf(req: NextRequest, fromQuery: number | undefined): Promise<number> {
  if (fromQuery !== undefined) return fromQuery;
  if ((req.headers.get('content-type') ?? '').includes('json')) return (await parseBody(req, userIdBody)).id;
  throw new Invalid('Name the user to delete.', [{ field: 'id', message: 'is required (query string or JSON body)' }]);
}

/** DELETE /apps/users/delete?id= (or body `{ id }`; also /api/apps/…) — 200 `{ deleted }`, 404 unknown id, 409 for the last active admin. */
export const DELETE = withAuth({ scope: 'admin' }, async ({ req, principal }) => {
  const id = await idOf(req, (await parseQuery(req, userIdQuery)).id);
  await deleteDirectoryUser(getDb(), id, principal.user.id);
  return Response.json({ deleted: id });
});
