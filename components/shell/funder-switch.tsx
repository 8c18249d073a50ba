'use client';

import { Landmark } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { cn } from '@/components/ui/cn';
import { useRouter } from '@/i18n/navigation';

export type FunderOption = { id: number; name: string; baseCurrency: string };

type Props = { funders: FunderOption[]; activeId: number; className?: string };

/**
 * The navbar's funder switch (spec §3 funder: funderId, default 1). Choosing a funder sets the
 * `quantum.funder` cookie through POST /api/funders/active, then re-renders the current page on the
 * server so every figure is scoped to the new funder. A native select: accessible as it is.
 */
export function FunderSwitch({ funders, activeId, className }: Props) {
  const t = useTranslations('settings.funderSwitch');
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(activeId);
  const [saving, setSaving] = useState(false);
  const [pending, startTransition] = useTransition();

  // A switch made elsewhere (Settings) arrives as a new prop after the refresh.
  const [seen, setSeen] = useState(activeId);
  if (seen !== activeId) {
    setSeen(activeId);
    setValue(activeId);
  }

  const onChange = async (next: number) => {
    const previous = value;
    setValue(next);
    setSaving(true);
    try {
      const res = await fetch('/api/funders/active', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ funderId: next }),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      startTransition(() => router.refresh());
    } catch {
      setValue(previous);
      toast.error(t('failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={cn('relative flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('label')}
      </label>
      <Landmark className="pointer-events-none absolute left-2.5 size-4.5 text-heading" aria-hidden="true" />
      {/* Narrow screens show the icon only (the navbar has no room for a name); the list still names every funder. */}
      <select
        id={id}
        data-testid="funder-switch"
        value={value}
        disabled={saving || pending}
        aria-busy={saving || pending}
        onChange={(e) => void onChange(Number(e.target.value))}
        title={funders.find((f) => f.id === value)?.name ?? t('label')}
        className="h-9 w-9.5 cursor-pointer appearance-none truncate rounded-md border border-border bg-transparent text-[15px] text-transparent hover:bg-surface-muted disabled:opacity-70 sm:w-auto sm:max-w-[16rem] sm:pr-3 sm:pl-8.5 sm:text-heading"
      >
        {funders.map((f) => (
          <option key={f.id} value={f.id} className="text-heading">
            {f.name}
          </option>
        ))}
      </select>
    </div>
  );
}
