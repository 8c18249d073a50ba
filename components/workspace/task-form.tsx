'use client';

import { Plus, X } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { TASK_TAGS } from '@/lib/domain/enums';
import { postJson } from './post-json';
import { useModal } from '@/components/ui/dialog';

export type TaskDraft = {
  id?: number;
  title: string;
  dueDate: string | null;
  description: string;
  tags: string[];
  isImportant: boolean;
  leaseId: number | null;
  lesseeId: number | null;
};

type Props = {
  initial: TaskDraft;
  /** Open on first render (the add form prefilled from a follow-up link). */
  openOnLoad?: boolean;
  /** Describes the linked lease or lessee, shown read-only. */
  linkLabel?: string | null;
  trigger: (open: () => void) => ReactNode;
};

const field =
  'w-full rounded-md border border-border-strong bg-surface px-3.5 text-[15px] text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none';

/** Add or edit a task in a modal form; a follow-up keeps its link to the lease or lessee it came from. */
export function TaskForm({ initial, openOnLoad, linkLabel, trigger }: Props) {
  const t = useTranslations('workspace.tasks');
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), due: useId(), description: useId(), heading: useId() };
  const [busy, setBusy] = useState(false);
  const [isOpen, setIsOpen] = useState(Boolean(openOnLoad));
  const open = () => setIsOpen(true);

  useModal(dialog, isOpen);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const task = {
      title: String(form.get('title') ?? ''),
      dueDate: String(form.get('dueDate') ?? '') || null,
      description: String(form.get('description') ?? ''),
      tags: form.getAll('tags').map(String),
      isImportant: form.get('isImportant') === 'on',
      leaseId: initial.leaseId,
      lesseeId: initial.lesseeId,
    };
    setBusy(true);
    try {
      if (initial.id) await postJson('/api/apps/todo/update-task', { task: { id: initial.id, ...task } });
      else await postJson('/api/apps/todo/add-tasks', { task });
      toast.success(initial.id ? t('saved') : t('added'));
      setIsOpen(false);
      if (openOnLoad) router.replace('/tasks');
      router.refresh();
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {trigger(open)}
      <dialog
        ref={dialog}
        onClose={() => setIsOpen(false)}
        aria-labelledby={ids.heading}
        className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-md bg-surface p-0 shadow-lg backdrop:bg-black/40"
      >
        <form onSubmit={submit} className="flex flex-col gap-4 p-6" data-testid="task-form">
          <div className="flex items-center justify-between">
            <h2 id={ids.heading} className="text-lg font-medium text-heading">
              {initial.id ? t('edit') : t('add')}
            </h2>
            <Button variant="ghost" size="icon" onClick={() => setIsOpen(false)} aria-label={t('close')}>
              <X aria-hidden="true" />
            </Button>
          </div>
          {linkLabel ? (
            <p className="rounded-md bg-primary-soft px-3 py-2 text-sm text-primary-strong" data-testid="task-form-link">
              {linkLabel}
            </p>
          ) : null}
          <div>
            <Label htmlFor={ids.title}>{t('title')}</Label>
            <Input id={ids.title} name="title" required maxLength={200} defaultValue={initial.title} />
          </div>
          <div>
            <Label htmlFor={ids.due}>{t('dueDate')}</Label>
            <Input id={ids.due} name="dueDate" type="date" defaultValue={initial.dueDate ?? ''} />
          </div>
          <div>
            <Label htmlFor={ids.description}>{t('description')}</Label>
            <textarea
              id={ids.description}
              name="description"
              rows={4}
              maxLength={5000}
              defaultValue={initial.description}
              className={`${field} py-2`}
            />
          </div>
          <fieldset>
            <legend className="mb-1 text-[13px] font-medium text-heading">{t('tags')}</legend>
            <div className="flex flex-wrap gap-3">
              {TASK_TAGS.map((tag) => (
                <label key={tag} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    name="tags"
                    value={tag}
                    defaultChecked={initial.tags.includes(tag)}
                    className="size-4 accent-primary"
                  />
                  {t(`tagNames.${tag}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" name="isImportant" defaultChecked={initial.isImportant} className="size-4 accent-primary" />
            {t('important')}
          </label>
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={() => setIsOpen(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="task-save">
              {initial.id ? null : <Plus aria-hidden="true" />}
              {initial.id ? t('save') : t('add')}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** The page's "Add task" button with its form (a server page cannot pass the trigger function itself). */
export function TaskAddButton(props: Omit<Props, 'trigger'>) {
  const t = useTranslations('workspace.tasks');
  return (
    <TaskForm
      {...props}
      trigger={(open) => (
        <Button onClick={open} data-testid="task-add">
          <Plus aria-hidden="true" />
          {t('add')}
        </Button>
      )}
    />
  );
}
