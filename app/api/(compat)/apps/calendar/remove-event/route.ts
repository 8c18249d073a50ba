import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { removeEvent } from '@/db/queries/compat/apps-calendar';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { removeEventBody, removeEventQuery } from '@/lib/validations/apps';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** The event id from the query string, else from a JSON body `{ id }`. */
async function eventIdOf(req: NextRequest): Promise<number> {
  const { id } = await parseQuery(req, removeEventQuery);
  if (id !== undefined) return id;
  if ((req.headers.get('content-type') ?? '').includes('json')) return (await parseBody(req, removeEventBody)).id;
  throw new Invalid('Name the event to remove.', [{ field: 'id', message: 'is required (query string or JSON body)' }]);
}

/** DELETE /apps/calendar/remove-event?id= (or body {id}) — hard delete of that event only; 200 {deleted}; 404 for an unknown id. */
export const DELETE = withAuth({ scope: null }, async ({ req, principal }) => {
  const id = await eventIdOf(req);
  await removeEvent(getDb(), principal.user.id, id);
  return Response.json({ deleted: id });
});
