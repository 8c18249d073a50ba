import { getDb } from '@/db';
import { listTasks } from '@/db/queries/compat/apps-todo';
import { parseQuery, withAuth } from '@/services/api/handler';
import { tasksQuery } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** GET /apps/todo/tasks?q=&filter=&tag=&sortBy=&page=&perPage= — 200 Task[] (bare array); X-Total-Count = the filtered count. */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  const query = await parseQuery(req, tasksQuery);
  const { tasks, total } = await listTasks(getDb(), principal.user.id, query);
  return Response.json(tasks, { headers: { 'X-Total-Count': String(total) } });
});
