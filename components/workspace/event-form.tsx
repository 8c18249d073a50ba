'use client';

import { Plus, Trash2, X } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { CALENDARS } from '@/lib/domain/enums';
import { postJson } from './post-json';
import { useModal } from '@/components/ui/dialog';

export type EventInput = {
  id?: number;
  title: string;
  /** YYYY-MM-DD or an ISO date-time. */
  start: string;
  end: string;
  allDay: boolean;
  calendar: string;
  location: string;
  desc: string;
};

type Props = { initial: EventInput; triggerLabel: string; triggerVariant?: 'primary' | 'ghost'; testId?: string };

const field =
  'w-full rounded-md border border-border-strong bg-surface px-3 text-[15px] text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none';

/** A new day keeps an event's time of day: moving a timed event changes its date only. */
function withDate(value: string, date: string): string {
  return value.length > 10 ? `${date}${value.slice(10)}` : date;
}

/** Add or edit an event (changing its dates moves it); an existing event can be deleted from here. */
export function EventForm({ initial, triggerLabel, triggerVariant = 'primary', testId }: Props) {
  const t = useTranslations('workspace.calendar');
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { heading: useId(), title: useId(), calendar: useId(), start: useId(), end: useId(), location: useId(), desc: useId() };
  const [isOpen, setIsOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  useModal(dialog, isOpen);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const startDate = String(form.get('start'));
    const endDate = String(form.get('end') || startDate);
    if (endDate < startDate) {
      toast.error(t('endBeforeStart'));
      return;
    }
    const event = {
      title: String(form.get('title') ?? ''),
      start: withDate(initial.start, startDate),
      end: withDate(initial.end || initial.start, endDate),
      allDay: initial.id ? initial.allDay : true,
      extendedProps: {
        calendar: String(form.get('calendar')),
        location: String(form.get('location') ?? ''),
        desc: String(form.get('desc') ?? ''),
      },
    };
    setBusy(true);
    try {
      if (initial.id) await postJson('/api/apps/calendar/update-event', { event: { id: initial.id, ...event } });
      else await postJson('/api/apps/calendar/add-event', { event });
      toast.success(initial.id ? t('saved') : t('added'));
      setIsOpen(false);
      router.refresh();
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!initial.id) return;
    setBusy(true);
    try {
      const res = await fetch(`/api/apps/calendar/remove-event?id=${initial.id}`, { method: 'DELETE' });
      if (!res.ok) throw new Error(String(res.status));
      toast.success(t('deleted'));
      setIsOpen(false);
      router.refresh();
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant={triggerVariant}
        size={triggerVariant === 'ghost' ? 'sm' : 'md'}
        onClick={() => setIsOpen(true)}
        className={
          triggerVariant === 'ghost' ? 'h-auto min-h-6 w-full max-w-full justify-start px-1 py-0.5 text-left text-[12px]' : undefined
        }
        title={triggerVariant === 'ghost' ? triggerLabel : undefined}
        data-testid={testId}
      >
        {initial.id ? null : <Plus aria-hidden="true" />}
        {/* In a calendar cell the title is cut with an ellipsis (the full title is the button's tooltip and its dialog). */}
        {triggerVariant === 'ghost' ? <span className="min-w-0 truncate">{triggerLabel}</span> : triggerLabel}
      </Button>
      <dialog
        ref={dialog}
        onClose={() => setIsOpen(false)}
        aria-labelledby={ids.heading}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-md bg-surface p-0 shadow-lg backdrop:bg-black/40"
      >
        <form onSubmit={submit} className="flex flex-col gap-4 p-6" data-testid="event-form">
          <div className="flex items-center justify-between">
            <h2 id={ids.heading} className="text-lg font-medium text-heading">
              {initial.id ? t('edit') : t('add')}
            </h2>
            <Button variant="ghost" size="icon" onClick={() => setIsOpen(false)} aria-label={t('close')}>
              <X aria-hidden="true" />
            </Button>
          </div>
          <div>
            <Label htmlFor={ids.title}>{t('title')}</Label>
            <Input id={ids.title} name="title" required maxLength={200} defaultValue={initial.title} />
          </div>
          <div>
            <Label htmlFor={ids.calendar}>{t('calendar')}</Label>
            <select id={ids.calendar} name="calendar" defaultValue={initial.calendar} className={`${field} h-9.5`}>
              {CALENDARS.map((c) => (
                <option key={c} value={c}>
                  {t(`calendarNames.${c}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <Label htmlFor={ids.start}>{t('start')}</Label>
              <Input id={ids.start} name="start" type="date" required defaultValue={initial.start.slice(0, 10)} />
            </div>
            <div>
              <Label htmlFor={ids.end}>{t('end')}</Label>
              <Input id={ids.end} name="end" type="date" defaultValue={(initial.end || initial.start).slice(0, 10)} />
            </div>
          </div>
          <div>
            <Label htmlFor={ids.location}>{t('location')}</Label>
            <Input id={ids.location} name="location" maxLength={500} defaultValue={initial.location} />
          </div>
          <div>
            <Label htmlFor={ids.desc}>{t('description')}</Label>
            <textarea id={ids.desc} name="desc" rows={3} maxLength={5000} defaultValue={initial.desc} className={`${field} py-2`} />
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            {initial.id ? (
              <Button variant="danger" onClick={remove} disabled={busy} className="mr-auto">
                <Trash2 aria-hidden="true" />
                {t('delete')}
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setIsOpen(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="event-save">
              {initial.id ? t('save') : t('add')}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}
