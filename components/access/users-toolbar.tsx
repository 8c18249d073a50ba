'use client';

import { Search, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useUrlState } from '@/components/data-table/url-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { AccessSelect } from './access-selects';

/** Search and the role, plan and status filters of the users list; every change lands in the URL (page back to 1). */
export function UsersToolbar({ q, role, currentPlan, status }: { q: string; role: string; currentPlan: string; status: string }) {
  const t = useTranslations('access.filters');
  const { push } = useUrlState();
  const [text, setText] = useState(q);
  const ids = { search: useId(), role: useId(), plan: useId(), status: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    push({ q: text.trim() || null, page: null });
  };

  return (
    <>
      <form role="search" onSubmit={submit} className="flex items-end gap-2">
        <div>
          <label htmlFor={ids.search} className="mb-1 block text-[13px] font-medium text-heading">
            {t('search')}
          </label>
          <div className="relative">
            <Input id={ids.search} type="search" name="q" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('searchPlaceholder')} className="w-64 pr-9" />
            <Search className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-body" aria-hidden="true" />
          </div>
        </div>
        <Button type="submit" variant="secondary">
          {t('apply')}
        </Button>
        {q ? (
          <Button
            variant="ghost"
            onClick={() => {
              setText('');
              push({ q: null, page: null });
            }}
          >
            <X aria-hidden="true" />
            {t('clear')}
          </Button>
        ) : null}
      </form>
      <AccessSelect id={ids.role} kind="role" label={t('role')} value={role} all={t('all')} onChange={(v) => push({ role: v, page: null })} name="role" />
      <AccessSelect id={ids.plan} kind="currentPlan" label={t('plan')} value={currentPlan} all={t('all')} onChange={(v) => push({ currentPlan: v, page: null })} name="currentPlan" />
      <AccessSelect id={ids.status} kind="status" label={t('status')} value={status} all={t('all')} onChange={(v) => push({ status: v, page: null })} name="status" />
    </>
  );
}
