'use client';

import { Save } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useState, useTransition, type FormEvent } from 'react';
import { toast } from 'sonner';
import { saveMasterFileView } from '@/app/[locale]/(app)/master-file/actions';
import { UrlSearchForm } from '@/components/data-table/url-search-form';
import { useUrlState } from '@/components/data-table/url-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import {
  ASSET_TYPE_VALUES,
  CURRENCY_VALUES,
  STATUS_FILTER_VALUES,
  type MasterFileColumnId,
  type MasterFileViewFilters,
} from '@/lib/validations/leases';

type Props = {
  q: string;
  status: string;
  currency: string;
  assetType: string;
  views: { id: number; name: string }[];
  /** The saved view the current URL shows, if any. */
  currentViewId: number | null;
  columns: MasterFileColumnId[];
  filters: MasterFileViewFilters;
};

const selectClasses = 'h-9.5 rounded-md border border-border-strong bg-surface px-3 text-sm text-heading';

/** Search, filters and saved views of the register; every change lands in the URL (page back to 1). */
export function RegisterToolbar({ q, status, currency, assetType, views, currentViewId, columns, filters }: Props) {
  const t = useTranslations('masterFile');
  const { push } = useUrlState();
  const ids = { status: useId(), currency: useId(), assetType: useId(), view: useId() };

  return (
    <>
      <UrlSearchForm
        q={q}
        labels={{
          search: t('filters.search'),
          placeholder: t('filters.searchPlaceholder'),
          apply: t('filters.apply'),
          clear: t('filters.clearSearch'),
        }}
        inputClassName="w-72"
      />
      <FilterSelect
        id={ids.status}
        label={t('filters.status')}
        value={status}
        all={t('filters.all')}
        onChange={(v) => push({ status: v, page: null })}
      >
        {STATUS_FILTER_VALUES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
      </FilterSelect>
      <FilterSelect
        id={ids.currency}
        label={t('filters.currency')}
        value={currency}
        all={t('filters.all')}
        onChange={(v) => push({ currency: v, page: null })}
      >
        {CURRENCY_VALUES.map((c) => ({ value: c, label: c }))}
      </FilterSelect>
      <FilterSelect
        id={ids.assetType}
        label={t('filters.assetType')}
        value={assetType}
        all={t('filters.all')}
        onChange={(v) => push({ assetType: v, page: null })}
      >
        {ASSET_TYPE_VALUES.map((a) => ({ value: a, label: t(`assetTypes.${a}`) }))}
      </FilterSelect>
      <ViewsControl views={views} currentViewId={currentViewId} columns={columns} filters={filters} selectId={ids.view} />
    </>
  );
}

function FilterSelect({
  id,
  label,
  value,
  all,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  all: string;
  onChange: (v: string | null) => void;
  children: { value: string; label: string }[];
}) {
  const known = children.some((c) => c.value === value);
  // Shows the choice at once; the toolbar is re-mounted when the URL (and so the page) follows.
  const [current, setCurrent] = useState(known ? value : '');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-heading">
        {label}
      </label>
      <select
        id={id}
        value={current}
        onChange={(e) => {
          setCurrent(e.target.value);
          onChange(e.target.value || null);
        }}
        className={selectClasses}
      >
        <option value="">{all}</option>
        {children.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The user's saved Master File views: choose one (applied through `?view=<id>`), or save the current one. */
function ViewsControl({
  views,
  currentViewId,
  columns,
  filters,
  selectId,
}: {
  views: { id: number; name: string }[];
  currentViewId: number | null;
  columns: MasterFileColumnId[];
  filters: MasterFileViewFilters;
  selectId: string;
}) {
  const t = useTranslations('masterFile.views');
  const router = useRouter();
  const { pathname } = useUrlState();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const nameId = useId();

  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    startTransition(async () => {
      const result = await saveMasterFileView({ name, columns, filters });
      if (result.ok) {
        toast.success(t('saved', { name: name.trim() }));
        setNaming(false);
        setName('');
        router.refresh();
      } else {
        setError(result.code === 'conflict' ? t('duplicate') : result.code === 'invalid' ? t('invalidName') : t('failed'));
      }
    });
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={selectId} className="mb-1 block text-[13px] font-medium text-heading">
          {t('label')}
        </label>
        <select
          id={selectId}
          value={currentViewId ?? ''}
          onChange={(e) => {
            if (e.target.value) router.push(`${pathname}?view=${e.target.value}`);
          }}
          className={selectClasses}
          data-testid="views-select"
        >
          <option value="">{views.length ? t('choose') : t('none')}</option>
          {views.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
      </div>
      {naming ? (
        <form onSubmit={save} className="flex items-end gap-2">
          <div>
            <label htmlFor={nameId} className="mb-1 block text-[13px] font-medium text-heading">
              {t('name')}
            </label>
            <Input
              id={nameId}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={80}
              required
              className="w-48"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${nameId}-error` : undefined}
              autoFocus
            />
          </div>
          <Button type="submit" disabled={pending || !name.trim()}>
            {t('save')}
          </Button>
          <Button variant="ghost" onClick={() => setNaming(false)}>
            {t('cancel')}
          </Button>
          {error ? (
            <p id={`${nameId}-error`} role="alert" className="basis-full text-[13px] text-danger-text">
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <Button variant="outline" onClick={() => setNaming(true)}>
          <Save aria-hidden="true" />
          {t('saveCurrent')}
        </Button>
      )}
    </div>
  );
}
