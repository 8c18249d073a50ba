import { getDb } from '@/db';
import { addTask } from '@/db/queries/compat/apps-todo';
import { parseBody, withAuth } from '@/services/api/handler';
import { addTaskBody } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** POST /apps/todo/add-tasks {task} — 201 {task}; title required, the flags default to false, tags to [], assignee to null. */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const { task } = await parseBody(req, addTaskBody);
  return Response.json({ task: await addTask(getDb(), principal.user.id, task) }, { status: 201 });
});
