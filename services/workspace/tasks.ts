import type { DbOrTx } from '@/db/client';
import { listTasks, taskLinkNames } from '@/db/queries/workspace/tasks';
import type { TaskDto, TasksQuery } from '@/lib/validations/apps';

export type TasksScreen = {
  tasks: TaskDto[];
  total: number;
  /** Contract numbers and lessee names of the active funder's linked book entries; empty for users who may not read the book. */
  links: { leases: Record<number, string>; lessees: Record<number, string> };
  /** The name of the lease or lessee a new follow-up task is prefilled with. */
  prefillName: string | null;
};

/** The Tasks page: the user's filtered, sorted tasks and the names of what they link to in the active funder's book (`funderId`, null without read:funders). */
export async function tasksScreen(
  db: DbOrTx,
  userId: number,
  query: TasksQuery,
  funderId: number | null,
  prefill: { leaseId: number | null; lesseeId: number | null } = { leaseId: null, lesseeId: null },
): Promise<TasksScreen> {
  const { tasks, total } = await listTasks(db, userId, query);
  if (funderId === null) return { tasks, total, links: { leases: {}, lessees: {} }, prefillName: null };
  const leaseIds = tasks.flatMap((t) => (t.leaseId ? [t.leaseId] : []));
  const lesseeIds = tasks.flatMap((t) => (t.lesseeId ? [t.lesseeId] : []));
  if (prefill.leaseId) leaseIds.push(prefill.leaseId);
  if (prefill.lesseeId) lesseeIds.push(prefill.lesseeId);
  const links = await taskLinkNames(db, funderId, leaseIds, lesseeIds);
  const prefillName = prefill.leaseId
    ? (links.leases[prefill.leaseId] ?? null)
    : prefill.lesseeId
      ? (links.lessees[prefill.lesseeId] ?? null)
      : null;
  return { tasks, total, links, prefillName };
}
