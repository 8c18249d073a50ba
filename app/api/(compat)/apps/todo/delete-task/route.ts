import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { softDeleteTask } from '@/db/queries/compat/apps-todo';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { deleteTaskBody, deleteTaskQuery } from '@/lib/validations/apps';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** The task id from the query string, else from a JSON body `{ taskId }`. */
async function taskIdOf(req: NextRequest): Promise<number> {
  const { taskId } = await parseQuery(req, deleteTaskQuery);
  if (taskId !== undefined) return taskId;
  if ((req.headers.get('content-type') ?? '').includes('json')) return (await parseBody(req, deleteTaskBody)).taskId;
  throw new Invalid('Name the task to delete.', [{ field: 'taskId', message: 'is required (query string or JSON body)' }]);
}

/** DELETE /apps/todo/delete-task?taskId= (or body {taskId}) — soft delete, idempotent; 200 {deleted}; 404 for an unknown id. */
export const DELETE = withAuth({ scope: null }, async ({ req, principal }) => {
  const id = await taskIdOf(req);
  await softDeleteTask(getDb(), principal.user.id, id);
  return Response.json({ deleted: id });
});
