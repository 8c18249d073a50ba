'use client';

import { Link2, Pencil, RotateCcw, Star, Trash2 } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Link, useRouter } from '@/i18n/navigation';
import type { TaskDto } from '@/lib/validations/apps';
import { postJson } from './post-json';
import { TaskForm } from './task-form';

type Props = {
  tasks: TaskDto[];
  links: { leases: Record<number, string>; lessees: Record<number, string> };
  canReadBook: boolean;
};

const TAG_VARIANT: Record<string, BadgeVariant> = { team: 'primary', low: 'success', medium: 'warning', high: 'danger', update: 'info' };

/** The task rows: complete, star, edit, delete and restore, each one request then a refresh of the page. */
export function TaskList({ tasks, links, canReadBook }: Props) {
  const t = useTranslations('workspace.tasks');
  const format = useFormatter();
  const router = useRouter();
  const [busy, setBusy] = useState<number | null>(null);

  const update = async (id: number, patch: Partial<TaskDto>, done?: string) => {
    setBusy(id);
    try {
      await postJson('/api/apps/todo/update-task', { task: { id, ...patch } });
      if (done) toast.success(done);
      router.refresh();
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setBusy(null);
    }
  };
  const remove = async (id: number) => {
    setBusy(id);
    try {
      const res = await fetch(`/api/apps/todo/delete-task?taskId=${id}`, { method: 'DELETE' });
      if (!res.ok) throw new Error(String(res.status));
      toast.success(t('deleted'));
      router.refresh();
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setBusy(null);
    }
  };

  const linkOf = (task: TaskDto) => {
    if (task.leaseId) {
      const name = links.leases[task.leaseId] ?? `#${task.leaseId}`;
      return { label: t('linkLease', { name }), href: `/master-file/${task.leaseId}` };
    }
    if (task.lesseeId) {
      const name = links.lessees[task.lesseeId] ?? `#${task.lesseeId}`;
      return { label: t('linkLessee', { name }), href: `/servicing/clients-behavior/${task.lesseeId}` };
    }
    return null;
  };

  return (
    <ul className="divide-y divide-border" data-testid="task-list">
      {tasks.map((task) => {
        const link = linkOf(task);
        return (
          <li key={task.id} className="flex min-h-11 flex-wrap items-center gap-3 px-4 py-2 text-sm" data-testid="task-row">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={task.isCompleted}
              disabled={busy === task.id || task.isDeleted}
              onChange={() => update(task.id, { isCompleted: !task.isCompleted })}
              aria-label={t('completeTask', { title: task.title })}
            />
            <span className={cn('min-w-0 flex-1 truncate text-heading', task.isCompleted && 'line-through opacity-70')} title={task.title}>
              {task.title}
            </span>
            {link ? (
              canReadBook ? (
                <Link
                  href={link.href}
                  className="inline-flex items-center gap-1 text-primary-strong underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                  data-testid="task-link"
                >
                  <Link2 className="size-4" aria-hidden="true" />
                  {link.label}
                </Link>
              ) : (
                <span className="inline-flex items-center gap-1" data-testid="task-link">
                  <Link2 className="size-4" aria-hidden="true" />
                  {link.label}
                </span>
              )
            ) : null}
            {task.tags.map((tag) => (
              <Badge key={tag} variant={TAG_VARIANT[tag] ?? 'secondary'}>
                {t(`tagNames.${tag}`)}
              </Badge>
            ))}
            {task.dueDate ? (
              <time dateTime={task.dueDate} className="text-[13px] tabular-nums">
                {format.dateTime(new Date(`${task.dueDate}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' })}
              </time>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={task.isImportant}
              aria-label={t('importantTask', { title: task.title })}
              disabled={busy === task.id}
              onClick={() => update(task.id, { isImportant: !task.isImportant })}
            >
              <Star aria-hidden="true" className={cn(task.isImportant && 'fill-warning-text text-warning-text')} />
            </Button>
            {task.isDeleted ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy === task.id}
                onClick={() => update(task.id, { isDeleted: false }, t('restored'))}
              >
                <RotateCcw aria-hidden="true" />
                {t('restore')}
              </Button>
            ) : (
              <>
                <TaskForm
                  initial={task}
                  linkLabel={link?.label}
                  trigger={(open) => (
                    <Button variant="ghost" size="sm" onClick={open} aria-label={t('editTask', { title: task.title })}>
                      <Pencil aria-hidden="true" />
                    </Button>
                  )}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy === task.id}
                  onClick={() => remove(task.id)}
                  aria-label={t('deleteTask', { title: task.title })}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
