import { getDb } from '@/db';
import { listEvents } from '@/db/queries/compat/apps-calendar';
import { parseQuery, withAuth } from '@/services/api/handler';
import { eventsQuery } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** GET /apps/calendar/events?calendars[]=… — 200 Event[] (bare array); no calendars parameter = every calendar. */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  const { calendars } = await parseQuery(req, eventsQuery);
  return Response.json(await listEvents(getDb(), principal.user.id, calendars));
});
