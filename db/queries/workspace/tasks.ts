import { transaction } from '../../transaction';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { NotFound } from '@/lib/domain/errors';
import type { NewTask, TaskDto, TaskPatch, TasksQuery } from '@/lib/validations/apps';
import type { DbOrTx } from '@/db/client';
import { type AppTask } from '@/db/schema/apps';
import { appTasks, leases, lessees } from '@/db/tables';
import { pageWindow, parseJsonList } from '@/db/queries/compat/apps-paging';
import { binaryOrder, containsText, jsonArrayHas, rowsChanged } from '../../dialect';

export function taskDto(r: AppTask): TaskDto {
  return {
    id: r.id,
    title: r.title,
    dueDate: r.dueDate,
    description: r.description,
    assignee: r.assigneeFullName ? { fullName: r.assigneeFullName, avatar: r.assigneeAvatar ?? '' } : null,
    tags: parseJsonList(r.tags),
    isCompleted: r.isCompleted,
    isDeleted: r.isDeleted,
    isImportant: r.isImportant,
    leaseId: r.leaseId,
    lesseeId: r.lesseeId,
  };
}

/** filter (api-reference.md §4): important/completed exclude deleted tasks; deleted shows every deleted task; none = not deleted. */
function filterWhere(filter: TasksQuery['filter']): SQL {
  if (filter === 'important') return and(eq(appTasks.isImportant, true), eq(appTasks.isDeleted, false))!;
  if (filter === 'completed') return and(eq(appTasks.isCompleted, true), eq(appTasks.isDeleted, false))!;
  if (filter === 'deleted') return eq(appTasks.isDeleted, true);
  return eq(appTasks.isDeleted, false);
}

/**
 * sortBy: latest = id descending; title-asc/-desc in code-unit (BINARY) order, desc being the reverse of
 * asc (ties too); assignee by name with unassigned tasks last; due-date ascending (no date last); id breaks ties.
 */
export function taskOrder(sortBy: TasksQuery['sortBy']): SQL[] {
  switch (sortBy) {
    case 'title-asc':
      return [asc(binaryOrder(appTasks.title)), asc(appTasks.id)];
    case 'title-desc':
      return [desc(binaryOrder(appTasks.title)), desc(appTasks.id)];
    case 'assignee':
      return [sql`${appTasks.assigneeFullName} is null`, asc(binaryOrder(appTasks.assigneeFullName)), asc(appTasks.id)];
    case 'due-date':
      return [sql`${appTasks.dueDate} is null`, asc(appTasks.dueDate), asc(appTasks.id)];
    default:
      return [desc(appTasks.id)];
  }
}

/** GET tasks: the user's tasks matching q (title), filter and tag, sorted; total = the filtered count. */
export async function listTasks(db: DbOrTx, ownerId: number, query: TasksQuery): Promise<{ tasks: TaskDto[]; total: number }> {
  const conds: SQL[] = [eq(appTasks.ownerId, ownerId), filterWhere(query.filter)];
  if (query.q) conds.push(containsText(appTasks.title, query.q));
  if (query.tag) conds.push(jsonArrayHas(appTasks.tags, query.tag));
  const where = and(...conds);
  const total = (await db.select({ n: count() }).from(appTasks).where(where).limit(1))[0]?.n ?? 0;
  const window = pageWindow(query);
  const base = db
    .select()
    .from(appTasks)
    .where(where)
    .orderBy(...taskOrder(query.sortBy));
  const rows = window ? await base.limit(window.limit).offset(window.offset) : await base;
  return { tasks: rows.map(taskDto), total };
}

export async function getTask(db: DbOrTx, ownerId: number, id: number): Promise<TaskDto | undefined> {
  const r = (
    await db
      .select()
      .from(appTasks)
      .where(and(eq(appTasks.id, id), eq(appTasks.ownerId, ownerId)))
      .limit(1)
  )[0];
  return r ? taskDto(r) : undefined;
}

function columnsOf(t: TaskPatch) {
  return {
    ...(t.title !== undefined ? { title: t.title } : {}),
    ...(t.dueDate !== undefined ? { dueDate: t.dueDate } : {}),
    ...(t.description !== undefined ? { description: t.description } : {}),
    ...(t.assignee !== undefined ? { assigneeFullName: t.assignee?.fullName ?? null, assigneeAvatar: t.assignee?.avatar ?? null } : {}),
    ...(t.tags !== undefined ? { tags: JSON.stringify([...new Set(t.tags)]) } : {}),
    ...(t.isCompleted !== undefined ? { isCompleted: t.isCompleted } : {}),
    ...(t.isDeleted !== undefined ? { isDeleted: t.isDeleted } : {}),
    ...(t.isImportant !== undefined ? { isImportant: t.isImportant } : {}),
    ...(t.leaseId !== undefined ? { leaseId: t.leaseId } : {}),
    ...(t.lesseeId !== undefined ? { lesseeId: t.lesseeId } : {}),
  };
}

/** POST add-tasks: a new task (defaults already applied by the body schema). */
export async function addTask(db: DbOrTx, ownerId: number, task: NewTask): Promise<TaskDto> {
  return await transaction(db, async (tx) => {
    const cols = columnsOf(task);
    return taskDto(
      (
        await tx
          .insert(appTasks)
          .values({ ...cols, title: task.title, ownerId })
          .returning()
      )[0]!,
    );
  });
}

/** POST update-task: the named fields of one of the user's tasks; 404 for an unknown or another user's id. */
export async function updateTask(db: DbOrTx, ownerId: number, id: number, patch: TaskPatch): Promise<TaskDto> {
  return await transaction(db, async (tx) => {
    if (!(await getTask(tx, ownerId, id))) throw new NotFound(`Task ${id} does not exist.`);
    const cols = columnsOf(patch);
    if (Object.keys(cols).length)
      await tx
        .update(appTasks)
        .set(cols)
        .where(and(eq(appTasks.id, id), eq(appTasks.ownerId, ownerId)));
    return (await getTask(tx, ownerId, id))!;
  });
}

/** DELETE delete-task: soft delete (isDeleted = true), idempotent; 404 for an unknown id. */
export async function softDeleteTask(db: DbOrTx, ownerId: number, id: number): Promise<void> {
  return await transaction(db, async (tx) => {
    const r = await tx
      .update(appTasks)
      .set({ isDeleted: true })
      .where(and(eq(appTasks.id, id), eq(appTasks.ownerId, ownerId)));
    if (rowsChanged(r) === 0) throw new NotFound(`Task ${id} does not exist.`);
  });
}

/**
 * Names of the leases (contract numbers) and lessees that tasks link to, for showing the links; only the
 * given funder's, so a task linked to another funder's book shows its id, never that funder's names.
 */
export async function taskLinkNames(
  db: DbOrTx,
  funderId: number,
  leaseIds: readonly number[],
  lesseeIds: readonly number[],
): Promise<{ leases: Record<number, string>; lessees: Record<number, string> }> {
  const leaseRows = leaseIds.length
    ? await db
        .select({ id: leases.id, name: leases.contractNumber })
        .from(leases)
        .where(and(eq(leases.funderId, funderId), inArray(leases.id, [...new Set(leaseIds)])))
    : [];
  const lesseeRows = lesseeIds.length
    ? await db
        .select({ id: lessees.id, name: lessees.name })
        .from(lessees)
        .where(and(eq(lessees.funderId, funderId), inArray(lessees.id, [...new Set(lesseeIds)])))
    : [];
  return {
    leases: Object.fromEntries(leaseRows.map((r) => [r.id, r.name])),
    lessees: Object.fromEntries(lesseeRows.map((r) => [r.id, r.name])),
  };
}
