import { getDb } from '@/db';
import { updateEvent } from '@/db/queries/compat/apps-calendar';
import { parseBody, withAuth } from '@/services/api/handler';
import { updateEventBody } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** POST /apps/calendar/update-event {event: {id, …fields}} — 200 {event}; 404 for an unknown id. */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const { event } = await parseBody(req, updateEventBody);
  const { id, ...patch } = event;
  return Response.json({ event: await updateEvent(getDb(), principal.user.id, id, patch) });
});
