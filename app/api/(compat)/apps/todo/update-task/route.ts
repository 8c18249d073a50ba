import { getDb } from '@/db';
import { updateTask } from '@/db/queries/compat/apps-todo';
import { parseBody, withAuth } from '@/services/api/handler';
import { updateTaskBody } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** POST /apps/todo/update-task {task: {id, …fields}} — 200 {task}; 404 for an unknown id. Restore = isDeleted: false. */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const { task } = await parseBody(req, updateTaskBody);
  const { id, ...patch } = task;
  return Response.json({ task: await updateTask(getDb(), principal.user.id, id, patch) });
});
