import { getDb } from '@/db';
import { addEvent } from '@/db/queries/compat/apps-calendar';
import { parseBody, withAuth } from '@/services/api/handler';
import { addEventBody } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** POST /apps/calendar/add-event {event} — 201 {event}. */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const { event } = await parseBody(req, addEventBody);
  return Response.json({ event: await addEvent(getDb(), principal.user.id, event) }, { status: 201 });
});
