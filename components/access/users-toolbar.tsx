'use client';

import { useTranslations } from '@/i18n/use-translations';
import { useId } from 'react';
import { UrlSearchForm } from '@/components/data-table/url-search-form';
import { useUrlState } from '@/components/data-table/url-state';
import { AccessSelect } from './access-selects';

/** Search and the role, plan and status filters of the users list; every change lands in the URL (page back to 1). */
export function UsersToolbar({ q, role, currentPlan, status }: { q: string; role: string; currentPlan: string; status: string }) {
  const t = useTranslations('access.filters');
  const { push } = useUrlState();
  const ids = { role: useId(), plan: useId(), status: useId() };

  return (
    <>
      <UrlSearchForm
        q={q}
        labels={{ search: t('search'), placeholder: t('searchPlaceholder'), apply: t('apply'), clear: t('clear') }}
        inputClassName="w-64"
      />
      <AccessSelect
        id={ids.role}
        kind="role"
        label={t('role')}
        value={role}
        all={t('all')}
        onChange={(v) => push({ role: v, page: null })}
        name="role"
      />
      <AccessSelect
        id={ids.plan}
        kind="currentPlan"
        label={t('plan')}
        value={currentPlan}
        all={t('all')}
        onChange={(v) => push({ currentPlan: v, page: null })}
        name="currentPlan"
      />
      <AccessSelect
        id={ids.status}
        kind="status"
        label={t('status')}
        value={status}
        all={t('all')}
        onChange={(v) => push({ status: v, page: null })}
        name="status"
      />
    </>
  );
}
